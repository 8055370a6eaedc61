import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { extractCommonOptions } from '../../../cli/args';
import { parseOnScreenLogArgs } from '../../../cli/onScreenLog';
import type { SetOnScreenLogParams } from '../../../shared/execution/types';
import { cliCommand, shellQuote } from './cliCommand';

/** The argv a real POSIX shell makes of a command line (the strongest check of the quoting). */
function shellWords(command: string): string[] {
  const out = execFileSync('/bin/sh', ['-c', 'eval "set -- $1"; printf "%s\\0" "$@"', 'sh', command], {
    encoding: 'utf8',
  });
  return out.split('\0').slice(0, -1);
}

describe('shellQuote', () => {
  it('leaves plain words bare and single-quotes the rest', () => {
    expect(shellQuote('emulator-5554')).toBe('emulator-5554');
    expect(shellQuote('127.0.0.1:5555')).toBe('127.0.0.1:5555');
    expect(shellQuote('#FFFFFFFF')).toBe("'#FFFFFFFF'");
    expect(shellQuote('')).toBe("''");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
  });

  it.each([
    'FLOW-001: Observe settings',
    "it's $HOME `date` !history \\n",
    'two\nlines\twith tab',
    "'''",
    '*.png ~ ; & | > < ( ) { } [ ] ?',
    'ünïcödé 😀 {{device.model}}',
  ])('survives a real shell unchanged: %j', (value) => {
    expect(shellWords(`x ${shellQuote(value)}`)).toEqual(['x', value]);
  });
});

describe('cliCommand', () => {
  it('maps every param to its flag in the CLI order, omitted ones omitted', () => {
    const command = cliCommand(
      {
        text: 'FLOW-001: Observe settings',
        anchor: 'right',
        textAlign: 'left',
        topOffsetDp: 0,
        edgeOffsetDp: 12,
        widthDp: 280,
        fontSizeSp: 12,
        textColor: '#FFFFFFFF',
        backgroundColor: '#B3000000',
        ttlMs: 300000,
      },
      { serial: 'emulator-5554' },
    );
    expect(command).toBe(
      "androperator on-screen-log set --text 'FLOW-001: Observe settings' --anchor right --text-align left " +
        "--top-offset-dp 0 --edge-offset-dp 12 --width-dp 280 --font-size-sp 12 --text-color '#FFFFFFFF' " +
        "--background-color '#B3000000' --ttl-ms 300000 --device emulator-5554",
    );
    expect(cliCommand({ text: 'x' })).toBe('androperator on-screen-log set --text x');
  });

  it('keeps a multi-line template intact through a shell', () => {
    const template =
      "{{foreground_app.icon}} {{foreground_app.package_name}}\n{{system.language_tag}} | it's";
    const words = shellWords(cliCommand({ template }, { serial: 'R5CT-1 2' }));
    expect(words).toEqual([
      'androperator',
      'on-screen-log',
      'set',
      '--template',
      template,
      '--device',
      'R5CT-1 2',
    ]);
  });

  it('escapes a value that starts with -- the way the CLI expects (--flag -- value)', () => {
    const words = shellWords(cliCommand({ text: '--device is not a flag here' }, { serial: '--odd' }));
    expect(words).toEqual([
      'androperator',
      'on-screen-log',
      'set',
      '--text',
      '--',
      '--device is not a flag here',
      '--device',
      '--',
      '--odd',
    ]);
  });

  it('adds the operator package and timeout only when they differ from the defaults', () => {
    expect(
      cliCommand({ text: 'x' }, { operatorPackage: 'com.androperator.operator', timeoutMs: 30000 }),
    ).toBe('androperator on-screen-log set --text x');
    expect(
      cliCommand({ text: 'x' }, { operatorPackage: 'com.androperator.operator.dev', timeoutMs: 4321 }),
    ).toBe(
      'androperator on-screen-log set --text x --operator-package com.androperator.operator.dev --timeout 4321',
    );
  });

  it('leaves --device out without a chosen device', () => {
    expect(cliCommand({ text: 'x' }, { serial: null })).not.toContain('--device');
  });
});

describe('cliCommand against the real CLI parser', () => {
  it.each<[SetOnScreenLogParams, string]>([
    [
      { text: 'FLOW-001: Observe settings', anchor: 'right', topOffsetDp: 0, textColor: '#FF00FF00' },
      'emulator-5554',
    ],
    [
      { template: "{{device.model}}\n\t{{system.language_name}} it's $x", widthDp: 600, ttlMs: 3600000 },
      '10.0.0.2:5555',
    ],
    [
      { text: '--looks like a flag', fontSizeSp: 24, backgroundColor: '#B3000000', edgeOffsetDp: 1000 },
      'serial with space',
    ],
  ])('parses back to the same params, device, package and timeout: %j', (params, serial) => {
    const [program, ...argv] = shellWords(
      cliCommand(params, { serial, operatorPackage: 'com.androperator.operator.dev', timeoutMs: 4321 }),
    );
    expect(program).toBe('androperator');
    const { options, rest } = extractCommonOptions(argv, {});
    expect(options).toMatchObject({
      deviceId: serial,
      operatorPackage: 'com.androperator.operator.dev',
      timeoutMs: 4321,
    });
    expect(rest[0]).toBe('on-screen-log');
    expect(parseOnScreenLogArgs(rest.slice(1)).params).toEqual(params);
  });
});
