import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PRESETS, PRESETS_FILE, PresetsStore, presetNameRuleBroken } from './presetsStore';

let directory: string;
let clock: number;
const now = (): Date => new Date(Date.UTC(2024, 4, 1, 10, 0, clock++));
const DESIGN = { text: 'FLOW-001', backgroundColor: '#e6000080' };

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-presets-'));
  clock = 0;
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('presetNameRuleBroken', () => {
  it('accepts 1..64 characters of one line of text', () => {
    expect(presetNameRuleBroken('a')).toBeNull();
    expect(presetNameRuleBroken('Flow 1 – Einstellungen')).toBeNull();
    expect(presetNameRuleBroken('x'.repeat(64))).toBeNull();
    expect(presetNameRuleBroken('x'.repeat(65))).toContain('1 to 64');
    expect(presetNameRuleBroken('')).toContain('1 to 64');
    expect(presetNameRuleBroken('  ')).toContain('non-space');
    expect(presetNameRuleBroken('a ')).toContain('start or end');
    expect(presetNameRuleBroken('a\u0085b')).toContain('control');
    expect(presetNameRuleBroken(null)).toBe('must be a string');
  });
});

describe('PresetsStore', () => {
  it('saves normalized designs, sorted by name, and reads them back from a versioned file', async () => {
    const store = await PresetsStore.open(directory, now);
    expect(store.list()).toEqual([]);
    await store.save('zeta', { text: 'Z' });
    const saved = await store.save('Alpha', DESIGN);
    expect(saved).toEqual({
      ok: true,
      value: [
        {
          schemaVersion: 1,
          name: 'Alpha',
          design: { text: 'FLOW-001', backgroundColor: '#E6000080' },
          savedAt: '2024-05-01T10:00:01.000Z',
        },
        { schemaVersion: 1, name: 'zeta', design: { text: 'Z' }, savedAt: '2024-05-01T10:00:00.000Z' },
      ],
    });
    const file = JSON.parse(await readFile(join(directory, PRESETS_FILE), 'utf8')) as {
      schemaVersion: number;
      presets: unknown[];
    };
    expect(file.schemaVersion).toBe(1);
    expect(file.presets).toHaveLength(2);
    expect(await readdir(directory)).toEqual([PRESETS_FILE]);
    const reopened = await PresetsStore.open(directory);
    expect(reopened.list()).toEqual(store.list());
  });

  it('replaces a preset saved again under the same name', async () => {
    const store = await PresetsStore.open(directory, now);
    await store.save('flow', { text: 'one' });
    const saved = await store.save('flow', { text: 'two', anchor: 'left' });
    expect(saved.ok && saved.value.map((preset) => [preset.name, preset.design])).toEqual([
      ['flow', { text: 'two', anchor: 'left' }],
    ]);
  });

  it('rejects an invalid design and an invalid name without writing', async () => {
    const store = await PresetsStore.open(directory, now);
    expect(await store.save('bad', { text: 'x', widthDp: 601 })).toMatchObject({
      ok: false,
      error: { code: 'EXECUTION_VALIDATION_FAILED', details: { path: 'params.widthDp' } },
    });
    expect(await store.save(' bad', DESIGN)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_BODY', details: { field: 'name' } },
    });
    expect(await readdir(directory)).toEqual([]);
  });

  it('deletes by name and reports NOT_FOUND for a name it does not have', async () => {
    const store = await PresetsStore.open(directory, now);
    await store.save('a', DESIGN);
    await store.save('b', DESIGN);
    expect(await store.delete('a')).toMatchObject({ ok: true, value: [{ name: 'b' }] });
    expect(await store.delete('a')).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', details: { name: 'a' } },
    });
    expect((await PresetsStore.open(directory)).list().map((preset) => preset.name)).toEqual(['b']);
  });

  it(`stops at ${MAX_PRESETS} presets`, async () => {
    const presets = Array.from({ length: MAX_PRESETS }, (_, index) => ({
      schemaVersion: 1,
      name: `p${index}`,
      design: { text: 'x' },
      savedAt: '2024-05-01T10:00:00.000Z',
    }));
    await writeFile(join(directory, PRESETS_FILE), JSON.stringify({ schemaVersion: 1, presets }));
    const store = await PresetsStore.open(directory, now);
    expect(await store.save('one more', DESIGN)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_BODY' },
    });
    expect((await store.save('p7', { text: 'replacing is fine' })).ok).toBe(true);
  });

  it.each([
    ['corrupt JSON', 'presets: [', 'syntax', undefined],
    ['no presets array', '{"schemaVersion": 1, "presets": {}}', 'schema', 'presets'],
    [
      'an invalid design',
      '{"schemaVersion": 1, "presets": [{"schemaVersion": 1, "name": "x", "design": {"text": ""}, "savedAt": "2024-05-01T10:00:00Z"}]}',
      'schema',
      'presets[0].design',
    ],
    [
      'a bad name',
      '{"schemaVersion": 1, "presets": [{"schemaVersion": 1, "name": "", "design": {"text": "x"}, "savedAt": "2024-05-01T10:00:00Z"}]}',
      'schema',
      'presets[0].name',
    ],
    [
      'a bad date',
      '{"schemaVersion": 1, "presets": [{"schemaVersion": 1, "name": "x", "design": {"text": "x"}, "savedAt": "yesterday"}]}',
      'schema',
      'presets[0].savedAt',
    ],
    ['a newer version', '{"schemaVersion": 7, "presets": []}', 'newer_version', 'schemaVersion'],
  ])(
    'lists nothing for a file with %s, says why, and keeps it aside on the next save',
    async (_name, text, reason, field) => {
      await writeFile(join(directory, PRESETS_FILE), text);
      const store = await PresetsStore.open(directory, now);
      expect(store.list()).toEqual([]);
      expect(store.loadProblem).toMatchObject({ code: 'INVALID_JSON', details: { reason } });
      if (field !== undefined) expect(store.loadProblem?.details?.['field']).toBe(field);
      await store.save('fresh', DESIGN);
      const files = await readdir(directory);
      expect(files.filter((file) => file.startsWith(`${PRESETS_FILE}.unreadable-`))).toHaveLength(1);
      expect((await PresetsStore.open(directory)).list().map((preset) => preset.name)).toEqual(['fresh']);
    },
  );
});
