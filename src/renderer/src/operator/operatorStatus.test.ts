import { describe, expect, it } from 'vitest';
import type { OperatorStatus } from '../../../shared/api/devices';
import { apkPathProblem, availableActions, busyText, statusRows, successText } from './operatorStatus';

const status: OperatorStatus = {
  packageName: 'com.androperator.operator',
  installed: true,
  serviceEnabled: false,
  reachable: false,
  versionName: '1.2.0',
};

describe('statusRows', () => {
  it('shows each check as yes or no with whether it holds, then the version', () => {
    expect(statusRows(status)).toEqual([
      { label: 'Installed', value: 'yes', ok: true },
      { label: 'Service enabled', value: 'no', ok: false },
      { label: 'Reachable', value: 'no', ok: false },
      { label: 'Version', value: '1.2.0' },
    ]);
  });

  it('says why there is no version', () => {
    const { versionName: _unused, ...withoutVersion } = status;
    expect(statusRows(withoutVersion)[3]).toEqual({ label: 'Version', value: 'unknown' });
    expect(statusRows({ ...withoutVersion, installed: false })[3]?.value).toBe('not installed');
  });

  it('says unknown, without a check mark, when the status is unknown', () => {
    expect(statusRows(undefined).map((row) => [row.label, row.value, row.ok])).toEqual([
      ['Installed', 'unknown', undefined],
      ['Service enabled', 'unknown', undefined],
      ['Reachable', 'unknown', undefined],
      ['Version', 'unknown', undefined],
    ]);
  });
});

describe('availableActions', () => {
  it('offers enable while the installed service is off, and disable while it is on', () => {
    expect(availableActions(true, status)).toMatchObject({ enable: true, disable: false });
    expect(availableActions(true, { ...status, serviceEnabled: true })).toMatchObject({
      enable: false,
      disable: true,
    });
  });

  it('cannot enable what is not installed, but can install it', () => {
    expect(availableActions(true, { ...status, installed: false })).toEqual({
      enable: false,
      disable: false,
      openSettings: true,
      install: true,
      refresh: true,
    });
  });

  it('offers both toggles when the status is unknown, and nothing on a device that is not online', () => {
    expect(availableActions(true, undefined)).toMatchObject({ enable: true, disable: true });
    expect(Object.values(availableActions(false, status))).toEqual([false, false, false, false, false]);
  });
});

describe('action texts', () => {
  it('says what is running', () => {
    expect(busyText('install')).toBe('Installing the APK\u2026');
    expect(busyText('openSettings')).toBe('Opening accessibility settings\u2026');
  });

  it('checks the outcome against the status the device reported', () => {
    expect(successText('enable', { ...status, serviceEnabled: true })).toBe('Accessibility service enabled.');
    expect(successText('enable', status)).toBe('Enable was sent, but the service still reads as disabled.');
    expect(successText('disable', status)).toBe('Accessibility service disabled.');
    expect(successText('disable', { ...status, serviceEnabled: true })).toBe(
      'Disable was sent, but the service still reads as enabled.',
    );
    expect(successText('status', status)).toBe('Status refreshed.');
    expect(successText('openSettings', undefined)).toBe('Accessibility settings opened on the device.');
  });

  it('names what was installed, with its version when known', () => {
    expect(successText('install', status)).toBe('Installed com.androperator.operator 1.2.0.');
    const { versionName: _unused, ...withoutVersion } = status;
    expect(successText('install', withoutVersion)).toBe('Installed com.androperator.operator.');
  });
});

describe('apkPathProblem', () => {
  it('accepts absolute POSIX and Windows paths', () => {
    expect(apkPathProblem('/home/qa/operator.apk')).toBeNull();
    expect(apkPathProblem('  /tmp/a.apk ')).toBeNull();
    expect(apkPathProblem('C:\\Users\\qa\\operator.apk')).toBeNull();
    expect(apkPathProblem('\\\\share\\builds\\operator.apk')).toBeNull();
  });

  it('asks for a path when empty and for an absolute one when relative', () => {
    expect(apkPathProblem('   ')).toBe('Enter the path of the APK file.');
    expect(apkPathProblem('build/operator.apk')).toBe(
      'Enter an absolute path (on the machine running the console).',
    );
    expect(apkPathProblem('~/operator.apk')).toBe(
      'Enter an absolute path (on the machine running the console).',
    );
  });
});
