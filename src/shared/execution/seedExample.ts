// The seed's set example (seed-on-screen-logs.md, "Set example"): set, snapshot and clear in one canonical payload.
import type { Execution } from './types';

export const SEED_SET_EXAMPLE: Execution = {
  commandId: 'on-screen-log-example',
  taskId: 'on-screen-log-example',
  source: 'agent',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 30000,
  actions: [
    {
      id: 'show-label',
      type: 'set_on_screen_log',
      params: {
        text: 'FLOW-001: Observe settings',
        anchor: 'right',
        textAlign: 'left',
        topOffsetDp: 8,
        edgeOffsetDp: 12,
        widthDp: 320,
        fontSizeSp: 16,
        textColor: '#FFFFFFFF',
        backgroundColor: '#B3000000',
        ttlMs: 12000,
      },
    },
    { id: 'observe-label', type: 'snapshot' },
    { id: 'clear-label', type: 'clear_on_screen_log' },
  ],
};
