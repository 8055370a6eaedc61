import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_CHANNELS } from '../../shared/api/contract';
import { createConsoleApi } from './consoleApi';
import { dispatchChannel, isConsoleChannel } from './dispatch';
import { testSetup, type TestSetup } from '../../test-support/apiFakes';

let setup: TestSetup;

afterEach(async () => {
  await setup.cleanup();
});

describe('dispatchChannel', () => {
  it('implements every channel of the contract', async () => {
    setup = await testSetup();
    const api = createConsoleApi(setup.dependencies);
    expect(Object.keys(api).sort()).toEqual([...CONSOLE_CHANNELS].sort());
    expect(isConsoleChannel('devices:list')).toBe(true);
    expect(isConsoleChannel('devices:format')).toBe(false);
  });

  it('re-validates the input before the handler runs', async () => {
    setup = await testSetup();
    let calls = 0;
    const api = {
      ...createConsoleApi(setup.dependencies),
      'presets:save': async () => ((calls += 1), { ok: true as const, value: [] }),
    };
    expect(
      await dispatchChannel(api, 'presets:save', { name: 'x', design: { text: 'x', anchor: 'top' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'EXECUTION_VALIDATION_FAILED', details: { channel: 'presets:save', field: 'design' } },
    });
    expect(calls).toBe(0);
    expect(await dispatchChannel(api, 'presets:save', { name: 'x', design: { text: 'x' } })).toEqual({
      ok: true,
      value: [],
    });
    expect(calls).toBe(1);
  });

  it('turns a handler that throws into INTERNAL_ERROR and reports the throw', async () => {
    setup = await testSetup();
    const thrown: unknown[] = [];
    const api = {
      ...createConsoleApi(setup.dependencies),
      'devices:list': async () => {
        throw new Error('adbkit exploded');
      },
    };
    expect(await dispatchChannel(api, 'devices:list', {}, (error) => thrown.push(error))).toEqual({
      ok: false,
      error: {
        code: 'INTERNAL_ERROR',
        message: 'devices:list failed unexpectedly; the console log has the details.',
        details: { channel: 'devices:list' },
      },
    });
    expect(thrown).toEqual([new Error('adbkit exploded')]);
  });
});
