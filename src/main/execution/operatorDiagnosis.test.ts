import { describe, expect, it } from 'vitest';
import type { HostFailure } from '../../shared/errors';
import { diagnoseUnreachableOperator, serviceEnabledInSettings } from './operatorDiagnosis';

// A fake device shell answering the three questions the diagnosis asks.

const PACKAGE = 'com.androperator.operator';
const CAUSE: HostFailure = {
  code: 'OPERATOR_UNREACHABLE',
  message: 'The agent socket did not accept a connection.',
  details: { phase: 'readiness', dispatchState: 'not_dispatched' },
};

function shell(answers: Record<string, string | Error>): {
  shell(serial: string, command: string | readonly string[]): Promise<Buffer>;
  asked: string[];
} {
  const asked: string[] = [];
  return {
    asked,
    shell: async (_serial, command) => {
      const line = typeof command === 'string' ? command : command.join(' ');
      asked.push(line);
      const answer = answers[line] ?? '';
      if (answer instanceof Error) throw answer;
      return Buffer.from(answer);
    },
  };
}

const ENABLED = {
  [`pm path ${PACKAGE}`]: 'package:/data/app/op/base.apk\n',
  'settings get secure enabled_accessibility_services': `com.other/.A:${PACKAGE}/com.androperator.operator.OperatorAccessibilityService\n`,
  'settings get secure accessibility_enabled': '1\n',
};

describe('diagnoseUnreachableOperator', () => {
  it('reports OPERATOR_NOT_INSTALLED with the package and a hint naming the debug package', async () => {
    const device = shell({ [`pm path ${PACKAGE}`]: '' });
    const error = await diagnoseUnreachableOperator(device, 'emulator-5554', PACKAGE, CAUSE);
    expect(error).toMatchObject({
      code: 'OPERATOR_NOT_INSTALLED',
      details: {
        operatorPackage: PACKAGE,
        serial: 'emulator-5554',
        phase: 'readiness',
        dispatchState: 'not_dispatched',
      },
    });
    expect(error.hint).toContain('Install the Operator APK');
    expect(error.hint).toContain('--operator-package com.androperator.operator.dev');
  });

  it('reports OPERATOR_NOT_ENABLED when the service is missing from the settings or accessibility is off', async () => {
    const missing = shell({
      ...ENABLED,
      'settings get secure enabled_accessibility_services': 'com.other/.A\n',
    });
    expect(await diagnoseUnreachableOperator(missing, 's', PACKAGE, CAUSE)).toMatchObject({
      code: 'OPERATOR_NOT_ENABLED',
      hint: expect.stringContaining('Settings > Accessibility'),
    });
    const off = shell({ ...ENABLED, 'settings get secure accessibility_enabled': '0\n' });
    expect((await diagnoseUnreachableOperator(off, 's', PACKAGE, CAUSE)).code).toBe('OPERATOR_NOT_ENABLED');
  });

  it('reports OPERATOR_UNREACHABLE when installed and enabled, or when the device cannot be asked', async () => {
    expect((await diagnoseUnreachableOperator(shell(ENABLED), 's', PACKAGE, CAUSE)).code).toBe(
      'OPERATOR_UNREACHABLE',
    );
    const broken = shell({ [`pm path ${PACKAGE}`]: new Error('closed') });
    const error = await diagnoseUnreachableOperator(broken, 's', PACKAGE, CAUSE);
    expect(error).toMatchObject({ code: 'OPERATOR_UNREACHABLE', details: { cause: CAUSE.message } });
  });

  it('keeps a device-level cause without asking the device', async () => {
    const device = shell(ENABLED);
    const offline: HostFailure = {
      code: 'DEVICE_OFFLINE',
      message: 'device offline',
      details: { phase: 'readiness', dispatchState: 'not_dispatched' },
    };
    expect(await diagnoseUnreachableOperator(device, 's', PACKAGE, offline)).toBe(offline);
    expect(device.asked).toEqual([]);
  });
});

describe('serviceEnabledInSettings', () => {
  it('matches a component of the package, case-insensitively, only when accessibility is on', () => {
    expect(serviceEnabledInSettings(`x/.Y:${PACKAGE.toUpperCase()}/.S`, '1', PACKAGE)).toBe(true);
    expect(serviceEnabledInSettings(`${PACKAGE}.dev/.S`, '1', PACKAGE)).toBe(false);
    expect(serviceEnabledInSettings(`${PACKAGE}/.S`, 'null', PACKAGE)).toBe(false);
  });
});
