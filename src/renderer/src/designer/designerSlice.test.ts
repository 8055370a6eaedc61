import { describe, expect, it } from 'vitest';
import { createFakeClient, createTestStore } from '../../../test-support/rendererStore';
import { insertPlaceholder, setContent, setField } from './design';
import { COALESCE_MS } from './history';

describe('designer slice', () => {
  it('applies pure edits and undoes/redoes them', () => {
    const { store } = createTestStore(createFakeClient());
    const start = store.getState().designHistory.present;
    store.getState().editDesign(setField, { field: 'anchor', value: 'right' });
    store.getState().editDesign(insertPlaceholder, { name: 'device.model', start: 0, end: 0 });
    expect(store.getState().designHistory.present.content).toBe(`{{device.model}}${start.content}`);
    store.getState().undoDesign();
    expect(store.getState().designHistory.present.content).toBe(start.content);
    expect(store.getState().designHistory.present.fields.anchor).toBe('right');
    store.getState().undoDesign();
    expect(store.getState().designHistory.present).toBe(start);
    store.getState().redoDesign();
    store.getState().redoDesign();
    expect(store.getState().designHistory.present.mode).toBe('template');
  });

  it('turns quick typing into one undo step, by the store clock', () => {
    const { store, clock } = createTestStore(createFakeClient());
    const start = store.getState().designHistory.present;
    store.getState().editDesign(setContent, 'a', 'content');
    clock.now += COALESCE_MS / 2;
    store.getState().editDesign(setContent, 'ab', 'content');
    clock.now += COALESCE_MS * 2;
    store.getState().editDesign(setContent, 'abc', 'content');
    store.getState().undoDesign();
    expect(store.getState().designHistory.present.content).toBe('ab');
    store.getState().undoDesign();
    expect(store.getState().designHistory.present).toBe(start);
  });

  it('does not notify subscribers for an edit that changes nothing', () => {
    const { store } = createTestStore(createFakeClient());
    let notified = 0;
    store.subscribe(() => (notified += 1));
    store.getState().editDesign(setContent, store.getState().designHistory.present.content);
    expect(notified).toBe(0);
  });
});
