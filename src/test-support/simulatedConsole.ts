// Test helper for the console API's simulator tests: a private adb server, a real device hub on it, the console's
// dependencies over temporary stores (testSetup) and one simulated device, started by the file's hooks and closed
// after them. Why not hubFixture.ts: that one runs two servers for the hub's own tests and leaves the console out.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { z } from 'zod';
import type { ConsoleApi } from '../shared/api/contract';
import type { SimulatedAndroid, SimulatedAndroidOptions } from '../simulator/simulatedAndroid';
import { defineTool, type AndroidTool } from '../main/android/tool';
import { createConsoleApi } from '../main/api/consoleApi';
import type { AdbHub } from '../main/devices/hub';
import { testSetup, type TestSetup } from './apiFakes';
import { startIsolatedAdb, type IsolatedAdb } from './isolatedAdb';
import { bootSimulated } from './isolatedResolver';
import { testHub } from './testHub';

/** What the hooks started; read it inside tests (the fields are set once the hooks ran). */
export interface SimulatedConsole {
  readonly adb: IsolatedAdb;
  readonly hub: AdbHub;
  /** Dependencies over temporary stores; `setup.events` holds every event the console pushed. */
  readonly setup: TestSetup;
  readonly sim: SimulatedAndroid;
  readonly serial: string;
  /** A console API over the real hub and the temporary stores. */
  api(): ConsoleApi;
  /** The adb services the device received so far, in order (`shell,v2,raw:…`, `exec:screencap -p`, …). */
  services(): string[];
}

export interface SimulatedConsoleOptions {
  /** How the device starts (profile, log traffic, …). */
  boot?: SimulatedAndroidOptions;
  /** 'file' (default): one hub, store and device for the whole file; 'test': fresh ones for every test. */
  fresh?: 'file' | 'test';
}

// Why a binary that does not exist: the isolated server already runs and must not be replaced by a default one.
const NO_AUTOSTART = '/nonexistent/adb-in-console-api-tests';

/** Registers the file's hooks and answers the live console they start. */
export function useSimulatedConsole(options: SimulatedConsoleOptions = {}): SimulatedConsole {
  let adb: IsolatedAdb | undefined;
  let started: { hub: AdbHub; setup: TestSetup; sim: SimulatedAndroid; serial: string } | undefined;
  const running = (): NonNullable<typeof started> => {
    if (started === undefined) throw new Error('useSimulatedConsole: read it inside a test, after its hooks');
    return started;
  };
  const start = async (): Promise<void> => {
    if (adb === undefined) throw new Error('useSimulatedConsole: the adb server did not start');
    const setup = await testSetup();
    const hub = testHub({ adbBinary: NO_AUTOSTART, localPort: adb.port, env: {} });
    started = { setup, hub, ...(await bootSimulated(adb, options.boot)) };
  };
  const stop = async (): Promise<void> => {
    const current = started;
    started = undefined;
    if (current === undefined) return;
    await current.hub.close();
    await current.sim.close();
    await current.setup.cleanup();
  };
  const perTest = options.fresh === 'test';
  beforeAll(async () => {
    adb = await startIsolatedAdb();
    if (!perTest) await start();
  }, 30_000);
  if (perTest) {
    beforeEach(start, 30_000);
    afterEach(stop);
  }
  afterAll(async () => {
    await stop();
    await adb?.stop();
  });
  return {
    get adb() {
      if (adb === undefined) throw new Error('useSimulatedConsole: the adb server did not start');
      return adb;
    },
    get hub() {
      return running().hub;
    },
    get setup() {
      return running().setup;
    },
    get sim() {
      return running().sim;
    },
    get serial() {
      return running().serial;
    },
    api: () => createConsoleApi({ ...running().setup.dependencies, hub: running().hub }),
    services: () =>
      running()
        .sim.device.received()
        .map((entry) => entry.service),
  };
}

/**
 * A tool that changes the device (test only): it asks for approval of `strength`, then writes
 * `settings put system font_scale 2.0`.
 */
export function putSettingForTest(strength: 'normal' | 'strong'): AndroidTool {
  return defineTool({
    name: 'android_put_setting_for_test',
    cli: { command: 'android', verb: 'put-setting-for-test' },
    description: 'Writes a setting (test only).',
    risk: 'mutating',
    arguments: z.strictObject({}),
    async run(context) {
      const approved = await context.approve({
        tool: 'android_put_setting_for_test',
        device: context.device?.serial ?? '',
        preview: 'settings put system font_scale 2.0',
        strength,
      });
      if (!approved.ok) return approved;
      return context.run('settings put system font_scale 2.0');
    },
  });
}
