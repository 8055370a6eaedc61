// Rendering command output and deriving the exit code from it.
import { isRecord } from '../shared/schema/parse';
import type { OutputFormat } from './args';
import { notReadySuffix, type NotReadyDevice } from '../main/devices/pickTarget';

/** One JSON document per run: a single line by default, 2-space indentation with --output pretty. */
export function renderJson(value: unknown, format: OutputFormat): string {
  return `${JSON.stringify(value, null, format === 'pretty' ? 2 : undefined)}\n`;
}

function envelopeFailed(envelope: unknown): boolean {
  if (!isRecord(envelope)) return false;
  if (envelope.status === 'failed') return true;
  const steps = envelope.stepResults;
  return Array.isArray(steps) && steps.some((step) => isRecord(step) && step.success === false);
}

/**
 * 1 when the output is an error object (it has a `code`), an envelope wrapper whose envelope failed or has a failed
 * step, or a sequence with such a run; else 0.
 */
export function exitCodeFor(output: unknown): 0 | 1 {
  if (!isRecord(output)) return 0;
  if (typeof output.code === 'string') return 1;
  if (envelopeFailed(output.envelope)) return 1;
  // A sequence run (set -> screenshot -> clear) reports its own verdict.
  if (output.status === 'failed' && typeof output.runId === 'string') return 1;
  const runs = output.runs;
  if (Array.isArray(runs) && runs.some((run) => isRecord(run) && envelopeFailed(run.envelope))) return 1;
  return 0;
}

function notReadyOf(details: Record<string, unknown> | undefined): NotReadyDevice[] {
  const listed = details?.notReady;
  if (!Array.isArray(listed)) return [];
  return listed.filter(
    (entry): entry is NotReadyDevice =>
      isRecord(entry) && typeof entry.serial === 'string' && typeof entry.state === 'string',
  );
}

/**
 * The core's errors name the API's fields (`deviceId`); on the command line the user types flags, so the errors
 * that tell them what to pass say the flag instead.
 */
export function inCliWords<E extends { code: string; message: string; details?: Record<string, unknown> }>(
  error: E,
): E {
  if (error.code !== 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED') return error;
  const connected = Array.isArray(error.details?.connected) ? (error.details.connected as unknown[]) : [];
  const source = typeof error.details?.source === 'string' ? ` to ${error.details.source}` : '';
  return {
    ...error,
    message:
      `${connected.length} devices are connected${source} (${connected.join(', ')})${notReadySuffix(notReadyOf(error.details))}; ` +
      'choose one with --device <serial>. androperator devices lists the same devices.',
  };
}
