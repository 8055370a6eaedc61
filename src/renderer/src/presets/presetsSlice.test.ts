import { describe, expect, it } from 'vitest';
import type { PanelPreset } from '../../../shared/api/presets';
import { setContent, setField } from '../designer/design';
import { createFakeClient, createTestStore } from '../../../test-support/rendererStore';

const preset = (name: string, design: PanelPreset['design']): PanelPreset => ({
  schemaVersion: 1,
  name,
  design,
  savedAt: '2025-01-01T00:00:00Z',
});

function setup() {
  let saved: PanelPreset[] = [preset('right', { text: 'R', anchor: 'right', topOffsetDp: 0 })];
  const client = createFakeClient({
    'presets:list': () => ({ ok: true, value: saved }),
    'presets:save': ({ name, design }) => {
      saved = [...saved.filter((item) => item.name !== name), preset(name, design)];
      return { ok: true, value: saved };
    },
    'presets:delete': ({ name }) => {
      saved = saved.filter((item) => item.name !== name);
      return { ok: true, value: saved };
    },
  });
  return { client, ...createTestStore(client) };
}

describe('presets slice', () => {
  it('lists, saves the normalized current design under a trimmed name, and deletes', async () => {
    const { client, store } = setup();
    await store.getState().loadPresets();
    expect(store.getState().presets.map((item) => item.name)).toEqual(['right']);
    store.getState().editDesign(setField, { field: 'textColor', value: '#abcdef' });
    expect(await store.getState().savePreset('  mine ')).toBe(true);
    expect(client.callsTo('presets:save')).toEqual([
      { name: 'mine', design: { text: 'FLOW-001: Observe settings', textColor: '#FFABCDEF' } },
    ]);
    expect(store.getState().notices.at(-1)?.text).toBe('Saved preset \u201cmine\u201d');
    expect(await store.getState().deletePreset('right')).toBe(true);
    expect(store.getState().presets.map((item) => item.name)).toEqual(['mine']);
  });

  it('does not save an invalid design or a blank name', async () => {
    const { client, store } = setup();
    expect(await store.getState().savePreset('   ')).toBe(false);
    store.getState().editDesign(setContent, '');
    expect(await store.getState().savePreset('x')).toBe(false);
    expect(client.callsTo('presets:save')).toEqual([]);
  });

  it('reports a failed save or delete as an error notice', async () => {
    const { client, store } = setup();
    client.handlers['presets:save'] = () => ({
      ok: false,
      error: { code: 'FILE_WRITE_FAILED', message: 'disk' },
    });
    client.handlers['presets:delete'] = () => ({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'no such' },
    });
    expect(await store.getState().savePreset('x')).toBe(false);
    expect(await store.getState().deletePreset('x')).toBe(false);
    expect(store.getState().presetsError?.code).toBe('NOT_FOUND');
    expect(store.getState().notices.map((notice) => [notice.tone, notice.text])).toEqual([
      ['error', 'Preset not saved: disk'],
      ['error', 'Preset not deleted: no such'],
    ]);
  });

  it('loads a preset into the designer as one undoable edit', async () => {
    const { store } = setup();
    await store.getState().loadPresets();
    const before = store.getState().designHistory.present;
    store.getState().applyPreset('right');
    expect(store.getState().designHistory.present).toMatchObject({
      mode: 'text',
      content: 'R',
      fields: { anchor: 'right', topOffsetDp: '0', widthDp: '' },
    });
    store.getState().undoDesign();
    expect(store.getState().designHistory.present).toBe(before);
    store.getState().applyPreset('missing');
    expect(store.getState().designHistory.present).toBe(before);
  });
});
