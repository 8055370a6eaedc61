import { describe, expect, it } from 'vitest';
import type { Execution } from '../shared/execution/types';
import { createUnavailableBackend } from './backend';

const execution: Execution = {
  commandId: 'c',
  taskId: 't',
  source: 'test',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 30000,
  actions: [{ id: 'a1', type: 'clear_on_screen_log' }],
};
const target = { operatorPackage: 'com.androperator.operator', noDaemon: false };

describe('createUnavailableBackend', () => {
  it('fails every device operation with ADB_SERVER_UNAVAILABLE', async () => {
    const backend = createUnavailableBackend();
    const results = await Promise.all([
      backend.listDevices({}),
      backend.runExecution(execution, target),
      backend.runSequence({ design: { text: 'x' } }, target),
      backend.runSimulators(
        { profiles: ['phone'], count: 1, mode: 'connect', operatorPackage: 'p' },
        () => undefined,
      ),
    ]);
    expect(results.map((result) => (result.ok ? undefined : result.error.details?.operation))).toEqual([
      'devices',
      'execution',
      'sequence',
      'simulator start',
    ]);
    for (const result of results) {
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'ADB_SERVER_UNAVAILABLE',
          message:
            'This build has no device layer yet: only exec --validate-only and --dry-run and on-screen-log validation work',
        },
      });
    }
  });
});
