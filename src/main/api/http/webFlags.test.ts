import { describe, expect, it } from 'vitest';
import { parseWebFlags } from './webFlags';

describe('parseWebFlags', () => {
  it('defaults to 127.0.0.1, no port (the remembered one), the simulator allowed, a sentence', () => {
    expect(parseWebFlags([])).toEqual({
      ok: true,
      value: { host: '127.0.0.1', simulator: true, json: false, help: false },
    });
  });

  it('reads every flag, with a separate or inline value', () => {
    expect(parseWebFlags(['--port', '8080', '--host=::1', '--no-simulator', '--json'])).toEqual({
      ok: true,
      value: { host: '::1', port: 8080, simulator: false, json: true, help: false },
    });
    expect(parseWebFlags(['--port=0', '--host', 'localhost', '-h'])).toMatchObject({
      ok: true,
      value: { port: 0, host: 'localhost', help: true },
    });
  });

  it('refuses a non-loopback host: the console is loopback-only', () => {
    for (const host of ['0.0.0.0', '192.168.1.20', 'example.com'])
      expect(parseWebFlags(['--host', host])).toMatchObject({
        ok: false,
        error: { code: 'USAGE', message: expect.stringContaining('loopback only') },
      });
  });

  it('reports bad ports, missing values, values on switches and unknown options as USAGE', () => {
    for (const argv of [
      ['--port'],
      ['--port', '65536'],
      ['--port', '-1'],
      ['--port', '80a'],
      ['--host'],
      ['--host='],
      ['--json=yes'],
      ['--open'],
      ['serve'],
    ])
      expect(parseWebFlags(argv)).toMatchObject({ ok: false, error: { code: 'USAGE' } });
    expect(parseWebFlags(['--verbose'])).toMatchObject({ error: { message: 'Unknown option --verbose' } });
  });
});
