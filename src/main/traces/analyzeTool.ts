// analyze_system_trace: the bounded streaming analysis (src/node/trace) of a raw Perfetto trace. Read-only: the
// source is a capture record's pulled file (trace_id), a file on the device pulled to a private host folder first
// (path), or a file on this computer (host_path).
import { isAbsolute } from 'node:path';
import { fail, type Result } from '../../shared/errors';
import { analyzeArgumentsSchema } from '../../shared/trace/analyzeArguments';
import { analyzeTraceFile } from '../../node/trace/analyzeTrace';
import { defineTool, type AndroidTool, type AndroidToolContext } from '../android/tool';
import { defaultRoot, type TraceRoot } from './capture';
import { pullDeviceTrace } from './devicePull';
import { probeRecording } from './statusTool';
import { openRoot, readSession } from './store';

/**
 * The host copy of a capture this console recorded and stopped; a capture not collected is refused, saying (by the
 * read-only probe on its device, when that device is the call's) whether it is still recording. Nothing is stopped.
 */
export async function captureTracePath(
  root: string,
  id: string,
  context?: AndroidToolContext,
): Promise<Result<string>> {
  const folder = await openRoot(root);
  if (!folder.ok) return folder;
  const read = await readSession(folder.value, id);
  if (!read.ok) return read;
  const session = read.value;
  if (session.status === 'recording' || session.host_path === undefined) {
    const probed = context?.device?.serial === session.device ? await probeRecording(context, session) : null;
    const onDevice = probed?.ok === true ? probed.value : null;
    const why =
      onDevice === 'recording'
        ? `${id} is still recording on ${session.device} (perfetto --is_detached): a trace being recorded cannot be analysed; wait for its deadline, then stop_system_trace collects it`
        : onDevice === 'finished'
          ? `${id} has finished recording on ${session.device} but was not collected yet: run stop_system_trace to pull it, then analyse`
          : `${id} was never collected (it may still be recording on ${session.device}${probed !== null && !probed.ok ? `; the probe failed: ${probed.error.message}` : ''}): a trace being recorded cannot be analysed; stop it with stop_system_trace first`;
    return fail('SYSTEM_TRACE_REFUSED', why, {
      trace_id: id,
      status: session.status,
      on_device: onDevice,
      deadline_unix_secs: session.deadline_unix_secs,
    });
  }
  return { ok: true, value: session.host_path };
}

export function analyzeTraceTool(root: TraceRoot = defaultRoot): AndroidTool {
  return defineTool({
    name: 'analyze_system_trace',
    cli: { command: 'trace', verb: 'analyze' },
    description:
      'Analyses a raw Perfetto trace for main-thread and RenderThread waits, long frames, FrameTimeline jank, binder ' +
      'delivery delays, CPU contention and wakeups. Pass exactly one of trace_id (a stopped capture), path (on the ' +
      'device; pulled to a private host folder first) or host_path (a file on this computer). Findings are evidence, ' +
      'not diagnoses; empty findings do not prove the device is healthy; scheduling and binder data are global and ' +
      'may contain sensitive names.',
    risk: 'read_only',
    device: 'optional',
    arguments: analyzeArgumentsSchema,
    async run(context, args) {
      const { trace_id: traceId, path, host_path: hostPath, ...options } = args;
      if (traceId !== undefined) {
        const file = await captureTracePath(root(), traceId, context);
        if (!file.ok) return file;
        return analyzeTraceFile(file.value, options);
      }
      if (path !== undefined) {
        const pulled = await pullDeviceTrace(context, path);
        if (!pulled.ok) return pulled;
        try {
          return await analyzeTraceFile(pulled.value.hostPath, options);
        } finally {
          await pulled.value.remove();
        }
      }
      if (hostPath === undefined || !isAbsolute(hostPath))
        return fail('INVALID_ARGUMENTS', 'analyze_system_trace: host_path must be an absolute path', {
          field: 'host_path',
        });
      return analyzeTraceFile(hostPath, options);
    },
  });
}

export const analyzeSystemTrace = analyzeTraceTool();
