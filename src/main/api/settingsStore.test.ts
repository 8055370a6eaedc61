import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings, SETTINGS_FILE, SettingsStore } from './settingsStore';

let directory: string;
const DEFAULTS = defaultSettings({});

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-settings-'));
});

afterEach(async () => {
  await chmod(directory, 0o700).catch(() => undefined);
  await rm(directory, { recursive: true, force: true });
});

async function fileJson(): Promise<unknown> {
  return JSON.parse(await readFile(join(directory, SETTINGS_FILE), 'utf8'));
}

describe('defaultSettings', () => {
  it('has the simulated phone on, the release Operator and 30 s', () => {
    expect(DEFAULTS).toEqual({
      simulatorWhenNoDevice: true,
      operatorPackage: 'com.androperator.operator',
      timeoutMs: 30000,
    });
  });

  it('takes the Operator package from ANDROPERATOR_OPERATOR_PACKAGE when it is a package name', () => {
    expect(
      defaultSettings({ ANDROPERATOR_OPERATOR_PACKAGE: ' com.androperator.operator.dev ' }).operatorPackage,
    ).toBe('com.androperator.operator.dev');
    expect(defaultSettings({ ANDROPERATOR_OPERATOR_PACKAGE: 'rm -rf' }).operatorPackage).toBe(
      'com.androperator.operator',
    );
  });
});

describe('SettingsStore', () => {
  it('starts from the defaults without a file, and writes none until an update', async () => {
    const store = await SettingsStore.open(directory, DEFAULTS);
    expect(store.get()).toEqual(DEFAULTS);
    expect(store.loadProblem).toBeUndefined();
    expect(await readdir(directory)).toEqual([]);
  });

  it('writes a versioned file atomically and reads it back', async () => {
    const store = await SettingsStore.open(join(directory, 'nested'), DEFAULTS);
    const updated = await store.update({ timeoutMs: 5000, simulatorWhenNoDevice: false });
    expect(updated).toEqual({
      ok: true,
      value: { ...DEFAULTS, timeoutMs: 5000, simulatorWhenNoDevice: false },
    });
    const text = await readFile(join(directory, 'nested', SETTINGS_FILE), 'utf8');
    expect(JSON.parse(text)).toEqual({
      schemaVersion: 1,
      settings: { ...DEFAULTS, timeoutMs: 5000, simulatorWhenNoDevice: false },
    });
    // No temporary sibling is left behind.
    expect(await readdir(join(directory, 'nested'))).toEqual([SETTINGS_FILE]);
    const reopened = await SettingsStore.open(join(directory, 'nested'), DEFAULTS);
    expect(reopened.get()).toEqual(updated.ok ? updated.value : null);
  });

  it('fills fields a file does not have from the defaults', async () => {
    await writeFile(
      join(directory, SETTINGS_FILE),
      JSON.stringify({ schemaVersion: 1, settings: { timeoutMs: 2000 } }),
    );
    const store = await SettingsStore.open(directory, DEFAULTS);
    expect(store.get()).toEqual({ ...DEFAULTS, timeoutMs: 2000 });
    expect(store.loadProblem).toBeUndefined();
  });

  it('applies concurrent updates one after another, losing none', async () => {
    const store = await SettingsStore.open(directory, DEFAULTS);
    await Promise.all([store.update({ timeoutMs: 4000 }), store.update({ simulatorWhenNoDevice: false })]);
    expect(store.get()).toEqual({ ...DEFAULTS, timeoutMs: 4000, simulatorWhenNoDevice: false });
    expect(await fileJson()).toEqual({ schemaVersion: 1, settings: store.get() });
  });

  it('refuses an invalid patch without touching the file', async () => {
    const store = await SettingsStore.open(directory, DEFAULTS);
    expect(await store.update({ timeoutMs: 10 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_BODY', details: { field: 'timeoutMs' } },
    });
    expect(await readdir(directory)).toEqual([]);
  });

  it.each([
    ['not JSON', '{"schemaVersion": 1,', 'syntax'],
    ['not an object', '[1]', 'schema'],
    ['without a version', '{"settings": {}}', 'schema'],
    ['with a wrong field', '{"schemaVersion": 1, "settings": {"timeoutMs": "soon"}}', 'schema'],
    ['from a newer console', '{"schemaVersion": 2, "settings": {}}', 'newer_version'],
  ])(
    'uses the defaults for a file %s, says why, and keeps that file aside on the next save',
    async (_name, text, reason) => {
      const path = join(directory, SETTINGS_FILE);
      await writeFile(path, text);
      const store = await SettingsStore.open(directory, DEFAULTS);
      expect(store.get()).toEqual(DEFAULTS);
      expect(store.loadProblem).toMatchObject({ code: 'INVALID_JSON', details: { path, reason } });
      expect(store.loadProblem?.message).toContain(path);
      expect(await store.update({ timeoutMs: 3000 })).toMatchObject({ ok: true });
      expect(store.loadProblem).toBeUndefined();
      const files = await readdir(directory);
      const aside = files.find((file) => file.startsWith(`${SETTINGS_FILE}.unreadable-`));
      expect(aside).toBeDefined();
      expect(await readFile(join(directory, aside ?? ''), 'utf8')).toBe(text);
      expect(await fileJson()).toEqual({ schemaVersion: 1, settings: { ...DEFAULTS, timeoutMs: 3000 } });
    },
  );

  it('names the broken field of a corrupt file', async () => {
    await writeFile(
      join(directory, SETTINGS_FILE),
      '{"schemaVersion": 1, "settings": {"operatorPackage": "x"}}',
    );
    const store = await SettingsStore.open(directory, DEFAULTS);
    expect(store.loadProblem?.details).toMatchObject({ field: 'settings.operatorPackage' });
  });

  it('reports FILE_READ_FAILED for a settings path it cannot read', async () => {
    await mkdir(join(directory, SETTINGS_FILE));
    const store = await SettingsStore.open(directory, DEFAULTS);
    expect(store.get()).toEqual(DEFAULTS);
    expect(store.loadProblem?.code).toBe('FILE_READ_FAILED');
  });

  it('keeps the settings unchanged when the file cannot be written (FILE_WRITE_FAILED)', async () => {
    const blocked = join(directory, 'blocked');
    await writeFile(blocked, 'a file where the directory should be');
    const store = await SettingsStore.open(join(blocked, 'config'), DEFAULTS);
    const updated = await store.update({ timeoutMs: 9000 });
    expect(updated).toMatchObject({ ok: false, error: { code: 'FILE_WRITE_FAILED' } });
    expect(store.get()).toEqual(DEFAULTS);
  });
});
