import { describe, expect, it } from 'vitest';
import type { ConsoleSettings } from '../../../shared/api/contract';
import {
  changedSettings,
  draftFromSettings,
  draftIssues,
  operatorPackageIssue,
  timeoutIssue,
} from './settingsForm';

const current: ConsoleSettings = {
  simulatorWhenNoDevice: true,
  operatorPackage: 'com.androperator.operator',
  timeoutMs: 30000,
};

describe('operatorPackageIssue', () => {
  it('accepts Java package names of two or more segments', () => {
    for (const name of ['com.androperator.operator', 'com.androperator.operator.dev', 'a.b', ' x_1.Y2 ']) {
      expect(operatorPackageIssue(name)).toBeNull();
    }
  });

  it('rejects blanks, single segments, bad segments and over-long names', () => {
    expect(operatorPackageIssue('  ')).toMatch(/^Enter the Operator package/);
    for (const name of [
      'operator',
      'com..operator',
      'com.1operator',
      'com.operator.',
      '.com.operator',
      'com.op-erator',
      'com op.x',
    ]) {
      expect(operatorPackageIssue(name), name).toMatch(/Java package name/);
    }
    expect(operatorPackageIssue(`a.${'b'.repeat(254)}`)).toBe('Use at most 255 characters.');
  });
});

describe('timeoutIssue', () => {
  it('accepts whole numbers from 1000 to 120000', () => {
    for (const text of ['1000', '30000', ' 120000 ']) expect(timeoutIssue(text)).toBeNull();
  });

  it('rejects text, fractions, negatives and numbers out of range', () => {
    for (const text of ['', 'abc', '1.5', '-2000', '1e4']) {
      expect(timeoutIssue(text), text).toBe('Enter a whole number from 1000 to 120000.');
    }
    for (const text of ['999', '120001', '0']) {
      expect(timeoutIssue(text), text).toBe('Must be a whole number from 1000 to 120000.');
    }
  });
});

describe('changedSettings', () => {
  it('is empty for the untouched draft', () => {
    expect(changedSettings(current, draftFromSettings(current))).toEqual({});
  });

  it('holds only the changed fields, trimmed and parsed', () => {
    const draft = { ...draftFromSettings(current), timeoutMs: ' 45000 ' };
    expect(changedSettings(current, draft)).toEqual({ timeoutMs: 45000 });
    expect(
      changedSettings(current, {
        simulatorWhenNoDevice: false,
        operatorPackage: ' com.androperator.operator.dev ',
        timeoutMs: '30000',
      }),
    ).toEqual({ simulatorWhenNoDevice: false, operatorPackage: 'com.androperator.operator.dev' });
  });

  it('is null, with the issues by field, when the draft is invalid', () => {
    const draft = { simulatorWhenNoDevice: false, operatorPackage: 'nodots', timeoutMs: '500' };
    expect(changedSettings(current, draft)).toBeNull();
    expect(Object.keys(draftIssues(draft)).sort()).toEqual(['operatorPackage', 'timeoutMs']);
    expect(draftIssues(draftFromSettings(current))).toEqual({});
  });
});
