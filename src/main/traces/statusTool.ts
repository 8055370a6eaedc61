// system_trace_status: the read-only "is it still recording?" probe of a capture (`perfetto --is_detached=<id>`:
// exit 0 still detached and recording, 2 not, as the reference's stop uses it). It never stops, pulls or changes
// anything, so the console's continuation asks it at the deadline and analyze_system_trace asks it before refusing
// a capture that was never collected: a capture still recording is reported as such, not stopped.
import { fail, ok, type Result } from '../../shared/errors';
import { TRACE_STATUS_ARGUMENTS } from '../../shared/traces/captureArguments';
import { commandFailure } from '../android/outcome';
import { defineTool, type AndroidToolContext, type AndroidTool } from '../android/tool';
import { defaultRoot, type TraceRoot } from './capture';
import { perfetto } from './perfettoDevice';
import { openRoot, readSession, type TraceSession } from './store';

/** On the device: `recording` (the detached session is alive) or `finished` (it ended; not collected yet). */
export type DeviceRecording = 'recording' | 'finished';

/** Runs the read-only probe on the context's device (which must be the capture's). */
export async function probeRecording(
  context: AndroidToolContext,
  session: Pick<TraceSession, 'id' | 'device'>,
): Promise<Result<DeviceRecording>> {
  if (context.device?.serial !== session.device)
    return fail(
      'SYSTEM_TRACE_REFUSED',
      `${session.id} was recorded on ${session.device}: pass device ${session.device} (it must be connected) to ask whether it is still recording`,
      { trace_id: session.id, device: session.device },
    );
  const check = `perfetto --is_detached=${session.id}`;
  const answer = await perfetto(context, check);
  if (!answer.ok) return answer;
  // A non-zero exit is the answer here (2: not detached), not a failure; only a timeout or another code is.
  if (answer.value.status !== 'timed_out' && answer.value.exit_code === 0) return ok('recording');
  if (answer.value.status !== 'timed_out' && answer.value.exit_code === 2) return ok('finished');
  return (
    commandFailure(check, {
      ...answer.value,
      status: answer.value.status === 'complete' ? 'failed' : answer.value.status,
    }) ?? fail('ANDROID_COMMAND_FAILED', `${check} answered exit ${String(answer.value.exit_code)}`)
  );
}

export function traceStatusTool(root: TraceRoot = defaultRoot): AndroidTool {
  return defineTool({
    name: 'system_trace_status',
    cli: { command: 'trace', verb: 'status' },
    description:
      'Read-only: whether a capture of start_system_trace is still recording on its device (perfetto --is_detached), ' +
      'has finished there but is not collected yet (stop_system_trace pulls it), or was collected. Never stops it.',
    risk: 'read_only',
    device: 'optional',
    arguments: TRACE_STATUS_ARGUMENTS,
    async run(context, args) {
      const folder = await openRoot(root());
      if (!folder.ok) return folder;
      const read = await readSession(folder.value, args.trace_id);
      if (!read.ok) return read;
      const session = read.value;
      const base = {
        trace_id: session.id,
        device: session.device,
        record_status: session.status,
        deadline_unix_secs: session.deadline_unix_secs,
      };
      if (session.status !== 'recording' && session.host_path !== undefined)
        return ok({
          ...base,
          recording: false,
          on_device: null,
          collected: true,
          next: 'analyze_system_trace',
        });
      const probed = await probeRecording(context, session);
      if (!probed.ok) return probed;
      return ok({
        ...base,
        recording: probed.value === 'recording',
        on_device: probed.value,
        collected: false,
        next:
          probed.value === 'recording' ? 'wait for its deadline, or stop_system_trace' : 'stop_system_trace',
      });
    },
  });
}

export const systemTraceStatus = traceStatusTool();
