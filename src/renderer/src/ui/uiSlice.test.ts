import { describe, expect, it } from 'vitest';
import { createFakeClient, createTestStore } from '../../../test-support/rendererStore';

describe('ui slice', () => {
  it('keeps the last four notices with increasing ids and dismisses by id', () => {
    const { store } = createTestStore(createFakeClient());
    for (let i = 1; i <= 5; i += 1) store.getState().notify(`n${i}`, i === 5 ? 'error' : 'info');
    const notices = store.getState().notices;
    expect(notices.map((notice) => notice.text)).toEqual(['n2', 'n3', 'n4', 'n5']);
    expect(notices.at(-1)?.tone).toBe('error');
    store.getState().dismissNotice(notices[0]?.id ?? -1);
    expect(store.getState().notices.map((notice) => notice.text)).toEqual(['n3', 'n4', 'n5']);
  });

  it('records an app:info failure and toggles the help dialog', async () => {
    const client = createFakeClient({
      'app:info': () => ({ ok: false, error: { code: 'INTERNAL_ERROR', message: 'x' } }),
    });
    const { store } = createTestStore(client);
    await store.getState().loadAppInfo();
    expect(store.getState().appInfoError?.message).toBe('x');
    store.getState().setHelpOpen(true);
    expect(store.getState().helpOpen).toBe(true);
  });
});
