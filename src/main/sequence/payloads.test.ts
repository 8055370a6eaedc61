import { describe, expect, it } from 'vitest';
import { sequenceCommandId, sequencePayloads } from './payloads';

describe('sequencePayloads', () => {
  it('builds three canonical single-action executions sharing the run as taskId', () => {
    const built = sequencePayloads('20250101-000000-abcd', { text: 'FLOW-001', textColor: '#ffffff' }, 8000);
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const { set, screenshot, clear } = built.value;
    expect(set).toEqual({
      commandId: '20250101-000000-abcd-set',
      taskId: '20250101-000000-abcd',
      source: 'androperator-sequence',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 8000,
      mode: 'direct',
      actions: [
        { id: 'set', type: 'set_on_screen_log', params: { text: 'FLOW-001', textColor: '#FFFFFFFF' } },
      ],
    });
    expect(screenshot.actions).toEqual([{ id: 'screenshot', type: 'take_screenshot' }]);
    expect(clear.actions).toEqual([{ id: 'clear', type: 'clear_on_screen_log' }]);
    expect([screenshot.commandId, clear.commandId]).toEqual([
      '20250101-000000-abcd-screenshot',
      '20250101-000000-abcd-clear',
    ]);
  });

  it('rejects an invalid design or timeout before anything is sent', () => {
    expect(sequencePayloads('r', { text: 'x', widthDp: 79 })).toMatchObject({
      ok: false,
      error: { code: 'EXECUTION_VALIDATION_FAILED', details: { path: 'actions.0.params.widthDp' } },
    });
    expect(sequencePayloads('r', { text: 'x' }, 500)).toMatchObject({
      ok: false,
      error: { code: 'EXECUTION_VALIDATION_FAILED', details: { path: 'timeoutMs' } },
    });
  });

  it('keeps commandIds within 128 characters for a long run id', () => {
    // Room is kept for a held panel's longest step name, its 20th capture.
    const id = sequenceCommandId('r'.repeat(200), 'screenshot-20');
    expect(id).toHaveLength(128);
    expect(id.endsWith('-screenshot-20')).toBe(true);
    expect(sequenceCommandId('r'.repeat(200), 'screenshot').length).toBeLessThanOrEqual(128);
  });
});
