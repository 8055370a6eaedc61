import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleSettings } from '../../shared/api/contract';
import { createConsoleApi } from './consoleApi';
import { defaultSettings, SettingsStore } from './settingsStore';
import { testSetup, type TestSetup } from '../../test-support/apiFakes';

let setup: TestSetup;

afterEach(async () => {
  await setup.cleanup();
});

describe('app:info', () => {
  it('reports the version, shell, platform, evidence directory and current settings', async () => {
    setup = await testSetup();
    const api = createConsoleApi(setup.dependencies);
    expect(await api['app:info']({})).toEqual({
      ok: true,
      value: {
        version: '9.9.9',
        shell: 'web',
        platform: 'linux',
        evidenceDirectory: setup.dependencies.evidence.directory,
        settings: {
          simulatorWhenNoDevice: true,
          operatorPackage: 'com.androperator.operator',
          timeoutMs: 30000,
        },
      },
    });
  });

  it('offers the APK built in this checkout, looked up at each call', async () => {
    setup = await testSetup();
    const checkout: { apk?: string } = {};
    const api = createConsoleApi({
      ...setup.dependencies,
      app: { ...setup.dependencies.app, builtOperatorApk: () => checkout.apk },
    });
    const first = await api['app:info']({});
    expect(first.ok && 'builtOperatorApk' in first.value).toBe(false);
    checkout.apk = '/repo/out/apk/androperator-operator-debug.apk';
    expect(await api['app:info']({})).toMatchObject({
      ok: true,
      value: { builtOperatorApk: '/repo/out/apk/androperator-operator-debug.apk' },
    });
  });
});

describe('settings:update', () => {
  it('stores the patch, switches the hub to a new Operator package, and tells the shell what changed', async () => {
    const changes: Array<[ConsoleSettings, ConsoleSettings]> = [];
    setup = await testSetup({
      onSettingsChanged: async (next, previous) => void changes.push([next, previous]),
    });
    const api = createConsoleApi(setup.dependencies);
    const updated = await api['settings:update']({
      operatorPackage: 'com.androperator.operator.dev',
      timeoutMs: 4000,
    });
    const expected = {
      simulatorWhenNoDevice: true,
      operatorPackage: 'com.androperator.operator.dev',
      timeoutMs: 4000,
    };
    expect(updated).toEqual({ ok: true, value: expected });
    expect(setup.hub.operatorPackages).toEqual(['com.androperator.operator.dev']);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.[0]).toEqual(expected);
    expect(changes[0]?.[1].operatorPackage).toBe('com.androperator.operator');
    expect(await api['app:info']({})).toMatchObject({ ok: true, value: { settings: expected } });
  });

  it('leaves the hub alone when the package does not change', async () => {
    setup = await testSetup();
    const api = createConsoleApi(setup.dependencies);
    expect((await api['settings:update']({ simulatorWhenNoDevice: false })).ok).toBe(true);
    expect(setup.hub.operatorPackages).toEqual([]);
  });

  it('returns the write failure and changes nothing when the settings file cannot be written', async () => {
    setup = await testSetup();
    const onSettingsChanged = vi.fn(async () => undefined);
    await writeFile(join(setup.directory, 'blocked'), '');
    const settings = await SettingsStore.open(
      join(setup.directory, 'blocked', 'config'),
      defaultSettings({}),
    );
    const api = createConsoleApi({ ...setup.dependencies, settings, onSettingsChanged });
    expect(await api['settings:update']({ operatorPackage: 'com.other.operator' })).toMatchObject({
      ok: false,
      error: { code: 'FILE_WRITE_FAILED' },
    });
    expect(setup.hub.operatorPackages).toEqual([]);
    expect(onSettingsChanged).not.toHaveBeenCalled();
  });
});

describe('presets:*', () => {
  it('lists, saves and deletes through the presets store', async () => {
    setup = await testSetup();
    const api = createConsoleApi(setup.dependencies);
    expect(await api['presets:list']({})).toEqual({ ok: true, value: [] });
    const saved = await api['presets:save']({ name: 'Flow', design: { text: 'FLOW-001' } });
    expect(saved).toMatchObject({ ok: true, value: [{ name: 'Flow', design: { text: 'FLOW-001' } }] });
    expect(await api['presets:list']({})).toEqual(saved);
    expect(await api['presets:delete']({ name: 'Flow' })).toEqual({ ok: true, value: [] });
    expect(await api['presets:delete']({ name: 'Flow' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });
});
