// The run slice's actions on a run's evidence: save its screenshot elsewhere (screenshot:save) and attach a view's
// answer to it (evidence:attach, then History is reloaded so Results lists the attachment).
import type { RunAttachmentInput } from '../../../shared/api/evidence';
import type { ConsoleState, StoreDependencies } from '../store/types';
import type { RunsSlice } from './runsSlice';

export function evidenceActions(
  client: StoreDependencies['client'],
  get: () => ConsoleState,
): Pick<RunsSlice, 'saveScreenshot' | 'attachToRun'> {
  return {
    async saveScreenshot(runId: string, destination: string) {
      const result = await client.call('screenshot:save', { runId, destination });
      if (!result.ok) {
        get().notify(`Screenshot not saved: ${result.error.message}`, 'error');
        return false;
      }
      get().notify(`Saved screenshot to ${result.value.path}`);
      return true;
    },
    async attachToRun(input: RunAttachmentInput) {
      const result = await client.call('evidence:attach', input);
      if (result.ok) {
        await get().loadHistory();
        get().notify(`Attached ${input.title} to run ${input.id}`);
      }
      return result;
    },
  };
}
