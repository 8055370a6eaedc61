// start_system_trace, stop_system_trace, list_system_traces and delete_system_trace (reference sections 8.1-8.3):
// a detached perfetto session on the device with a fixed config encoded here, recorded in the private
// system-traces folder, stopped only by its own id, and pulled to the host for analyze_system_trace.
import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fail, ok } from '../../shared/errors';
import { toAppError } from '../../node/adb/adbkit';
import { shellQuote } from '../../shared/android/shellQuote';
import {
  DELETE_TRACE_ARGUMENTS,
  LIST_TRACES_ARGUMENTS,
  START_TRACE_ARGUMENTS,
  STOP_TRACE_ARGUMENTS,
} from '../../shared/traces/captureArguments';
import { processDataPaths } from '../../node/env/dataFolder';
import { commandFailure } from '../android/outcome';
import { defineTool, type AndroidTool } from '../android/tool';
import { describeCaptureConfig, encodeCaptureConfig, type CaptureConfig } from './perfettoProto';
import { captureSources, perfetto, probe, sameSet } from './perfettoDevice';
import { withLock } from './captureLock';
import {
  captureIds,
  createCapture,
  MAX_CAPTURES,
  openRoot,
  readSession,
  removeCapture,
  saveTrace,
  writeSession,
  type TraceSession,
} from './store';

/** The only folder SELinux lets perfetto write traces into. */
export const DEVICE_TRACE_FOLDER = '/data/misc/perfetto-traces';
const STOP_GRACE_SECS = 5;
/** Held while a start counts the kept captures and creates its record. */
export const RECORDS_LOCK = 'records.lock';
const OPERATION_LOCK = 'operation.lock';

/** Where the capture records live: <data folder>/system-traces (ANDROPERATOR_HOME honoured). */
export type TraceRoot = () => string;
export const defaultRoot: TraceRoot = () => processDataPaths(homedir()).systemTraces;

function newTraceId(): string {
  // 12 random bytes are 16 base64url characters, all in [A-Za-z0-9_-].
  return `trace-${randomBytes(12).toString('base64url')}`;
}

/** Held while one capture is stopped or deleted (by any of our processes). */
export function operationLock(root: string, id: string): string {
  return join(root, id, OPERATION_LOCK);
}

export function devicePathOf(id: string): string {
  return `${DEVICE_TRACE_FOLDER}/androperator-${id}.pftrace`;
}

export function systemTraceTools(root: TraceRoot = defaultRoot): AndroidTool[] {
  const start = defineTool({
    name: 'start_system_trace',
    cli: { command: 'trace', verb: 'start' },
    description:
      'Starts a detached Perfetto system trace (scheduler, binder, atrace gfx/view, FrameTimeline when offered) that stops itself after duration_secs; stop it early with stop_system_trace. At most 16 captures are kept.',
    risk: 'mutating',
    arguments: START_TRACE_ARGUMENTS,
    async run(context, args) {
      const serial = context.device?.serial ?? '';
      const folder = await openRoot(root());
      if (!folder.ok) return folder;
      const kept = await captureIds(folder.value);
      if (kept.length >= MAX_CAPTURES)
        return fail(
          'SYSTEM_TRACE_REFUSED',
          `${kept.length} captures are kept, the most allowed: delete some with delete_system_trace (nothing is deleted automatically)`,
          { kept: kept.length },
        );
      const first = await probe(context);
      if (!first.ok) return first;
      const id = newTraceId();
      const path = devicePathOf(id);
      const config: CaptureConfig = {
        durationSecs: args.duration_secs,
        bufferMb: args.buffer_mb,
        package: args.package,
        sources: captureSources(first.value),
      };
      const bytes = encodeCaptureConfig(config);
      const command = `perfetto --detach=${id} -c - -o ${shellQuote(path)}`;
      const approved = await context.approve({
        tool: 'start_system_trace',
        device: serial,
        preview: `${command} (binary config on stdin: ${describeCaptureConfig(config)})`,
        strength: 'normal',
      });
      if (!approved.ok) return approved;
      const second = await probe(context);
      if (!second.ok) return second;
      if (!sameSet(first.value, second.value))
        return fail(
          'SYSTEM_TRACE_REFUSED',
          "the device's data sources changed between the approval and the start: nothing was started; run it again",
          { before: first.value, after: second.value },
        );
      const deadline = Math.floor(context.now() / 1000) + args.duration_secs + STOP_GRACE_SECS;
      const session: TraceSession = {
        id,
        deadline_unix_secs: deadline,
        package: args.package ?? null,
        sources: [...config.sources],
        device: serial,
        path,
        status: 'recording',
      };
      const created = await withLock(
        join(folder.value, RECORDS_LOCK),
        'recording a new capture',
        async () => {
          // Counted again under the lock: two processes starting at once cannot keep more than 16 between them.
          const now = await captureIds(folder.value);
          if (now.length >= MAX_CAPTURES)
            return fail(
              'SYSTEM_TRACE_REFUSED',
              `${now.length} captures are kept, the most allowed: delete some with delete_system_trace (nothing was started)`,
              { kept: now.length },
            );
          return createCapture(folder.value, session, bytes);
        },
      );
      if (!created.ok) return created;
      const started = await perfetto(context, command, bytes);
      const failure = started.ok ? commandFailure(command, started.value) : started;
      if (failure) {
        // Ends a session that did start despite the failure; its record is this call's own, so it goes too.
        await perfetto(context, `perfetto --attach=${id} --stop`);
        await removeCapture(folder.value, id);
        return failure;
      }
      return ok({
        status: 'recording',
        trace_id: id,
        path,
        auto_stop_deadline_unix_secs: deadline,
        sources: config.sources,
        background_analysis_scheduled: false,
        next: 'stop_system_trace',
      });
    },
  });

  const stop = defineTool({
    name: 'stop_system_trace',
    cli: { command: 'trace', verb: 'stop' },
    description:
      'Stops a capture started by start_system_trace (only those: unknown ids are refused) and pulls its trace to the host for analyze_system_trace.',
    risk: 'mutating',
    arguments: STOP_TRACE_ARGUMENTS,
    async run(context, args) {
      const serial = context.device?.serial ?? '';
      const folder = await openRoot(root());
      if (!folder.ok) return folder;
      const read = await readSession(folder.value, args.trace_id);
      if (!read.ok) return read;
      const session = read.value;
      if (session.device !== serial)
        return fail(
          'SYSTEM_TRACE_REFUSED',
          `${session.id} was recorded on ${session.device}, not ${serial}: pass device ${session.device}`,
        );
      return withLock<unknown>(
        operationLock(folder.value, session.id),
        `stopping or deleting ${session.id}`,
        async () => {
          // Another process may have stopped it between the read above and the lock: its record is the answer.
          const current = await readSession(folder.value, session.id);
          if (!current.ok) return current;
          const done = current.value;
          if (done.status !== 'recording' && done.host_path !== undefined)
            return ok({
              status: done.status,
              trace_id: done.id,
              path: done.path,
              host_path: done.host_path,
              bytes: done.bytes,
              next: 'analyze_system_trace',
            });
          const check = `perfetto --is_detached=${session.id}`;
          const halt = `perfetto --attach=${session.id} --stop`;
          const approved = await context.approve({
            tool: 'stop_system_trace',
            device: serial,
            preview: `${check}; if recording: ${halt}; then adb pull ${session.path}`,
            strength: 'normal',
          });
          if (!approved.ok) return approved;
          const detached = await perfetto(context, check);
          if (!detached.ok) return detached;
          if (detached.value.status === 'timed_out') return commandFailure(check, detached.value) ?? detached;
          const recording = detached.value.exit_code === 0;
          if (!recording && detached.value.exit_code !== 2)
            return commandFailure(check, { ...detached.value, status: 'failed' }) ?? detached;
          if (recording) {
            const stopped = await perfetto(context, halt);
            if (!stopped.ok) return stopped;
            const failure = commandFailure(halt, stopped.value);
            if (failure) return failure;
          }
          const device = context.device;
          if (!device) return fail('MISSING_ARGUMENT', 'a device is needed to pull the trace');
          let data: Buffer;
          try {
            data = await device.client.pull(device.serial, session.path);
          } catch (error) {
            return fail(
              'ANDROID_COMMAND_FAILED',
              `adb pull ${session.path} failed: ${toAppError(error).message}`,
            );
          }
          if (data.length === 0)
            return fail(
              'SYSTEM_TRACE_UNAVAILABLE',
              `${session.path} is empty: perfetto recorded nothing (the service may have refused the config)`,
            );
          const saved = await saveTrace(folder.value, session.id, data);
          if (!saved.ok) return saved;
          const status = recording ? 'stopped' : 'already_stopped';
          const written = await writeSession(folder.value, {
            ...session,
            status,
            host_path: saved.value,
            bytes: data.length,
          });
          if (!written.ok) return written;
          return ok({
            status,
            trace_id: session.id,
            path: session.path,
            host_path: saved.value,
            bytes: data.length,
            next: 'analyze_system_trace',
          });
        },
      );
    },
  });

  const list = defineTool({
    name: 'list_system_traces',
    cli: { command: 'trace', verb: 'list' },
    description: 'Lists the captures this console keeps (at most 16), with their status and host copies.',
    risk: 'read_only',
    device: 'none',
    arguments: LIST_TRACES_ARGUMENTS,
    async run() {
      const folder = await openRoot(root());
      if (!folder.ok) return folder;
      const traces: Array<TraceSession | { id: string; error: string }> = [];
      for (const id of await captureIds(folder.value)) {
        const read = await readSession(folder.value, id);
        traces.push(read.ok ? read.value : { id, error: read.error.message });
      }
      return ok({ kind: 'system_traces', count: traces.length, max: MAX_CAPTURES, traces });
    },
  });

  const remove = defineTool({
    name: 'delete_system_trace',
    cli: { command: 'trace', verb: 'delete' },
    description:
      'Deletes one kept capture: its device file (rm of exactly that path, after approval), its host copy and its record. A capture still recording must be stopped first.',
    risk: 'mutating',
    arguments: DELETE_TRACE_ARGUMENTS,
    async run(context, args) {
      const serial = context.device?.serial ?? '';
      const folder = await openRoot(root());
      if (!folder.ok) return folder;
      const read = await readSession(folder.value, args.trace_id);
      if (!read.ok) return read;
      const session = read.value;
      if (session.device !== serial)
        return fail(
          'SYSTEM_TRACE_REFUSED',
          `${session.id} was recorded on ${session.device}, not ${serial}: pass device ${session.device}`,
        );
      return withLock<unknown>(
        operationLock(folder.value, session.id),
        `stopping or deleting ${session.id}`,
        async () => {
          const command = `rm -f ${shellQuote(session.path)}`;
          const approved = await context.approve({
            tool: 'delete_system_trace',
            device: serial,
            preview: `${command}; delete the host copy and record of ${session.id}`,
            strength: 'normal',
          });
          if (!approved.ok) return approved;
          const check = `perfetto --is_detached=${session.id}`;
          const detached = await perfetto(context, check);
          if (!detached.ok) return detached;
          if (detached.value.exit_code === 0)
            return fail(
              'SYSTEM_TRACE_REFUSED',
              `${session.id} is still recording: stop it with stop_system_trace first`,
            );
          const removed = await perfetto(context, command);
          if (!removed.ok) return removed;
          // The record and host copy go even when the device keeps its file (a device that refuses the rm, or a
          // file already gone); the answer says which, with rm's stderr.
          const deviceRemoved = removed.value.status === 'complete';
          const deleted = await removeCapture(folder.value, session.id);
          if (!deleted.ok) return deleted;
          return ok({
            status: 'deleted',
            trace_id: session.id,
            path: session.path,
            device_file_removed: deviceRemoved,
            ...(deviceRemoved ? {} : { device_error: removed.value.stderr.trim().slice(0, 2048) }),
          });
        },
      );
    },
  });

  return [start, stop, list, remove];
}

export const SYSTEM_TRACE_TOOLS = systemTraceTools();
