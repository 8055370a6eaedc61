// analyze_system_trace: the bounded streaming analysis (src/node/trace) of a raw Perfetto trace. Read-only.
import { isAbsolute } from 'node:path';
import { fail } from '../../shared/errors';
import { analyzeArgumentsSchema } from '../../shared/trace/analyzeArguments';
import { analyzeTraceFile } from '../../node/trace/analyzeTrace';
import { defineTool } from '../android/tool';

export const analyzeSystemTrace = defineTool({
  name: 'analyze_system_trace',
  cli: { command: 'trace', verb: 'analyze' },
  description:
    'Analyses a raw Perfetto trace for main-thread and RenderThread waits, long frames, FrameTimeline jank, binder ' +
    'delivery delays, CPU contention and wakeups. Pass exactly one of trace_id, path (on the device) or host_path ' +
    '(a file on this computer). Findings are evidence, not diagnoses; empty findings do not prove the device is ' +
    'healthy; scheduling and binder data are global and may contain sensitive names.',
  risk: 'read_only',
  device: 'none',
  arguments: analyzeArgumentsSchema,
  async run(_context, args) {
    const { trace_id: traceId, path, host_path: hostPath, ...options } = args;
    if (hostPath === undefined)
      return fail(
        'INVALID_ARGUMENTS',
        `analyze_system_trace: ${traceId === undefined ? 'path' : 'trace_id'} is not served by this build yet; pull the file and pass host_path`,
        { field: traceId === undefined ? 'path' : 'trace_id', path },
      );
    if (!isAbsolute(hostPath))
      return fail('INVALID_ARGUMENTS', 'analyze_system_trace: host_path must be an absolute path', {
        field: 'host_path',
      });
    return analyzeTraceFile(hostPath, options);
  },
});
