// Test helper: one well-formed payload for every console event, each with every optional field filled (so a parse
// that drops a field shows), plus a broken variant naming the field it breaks (the channels: consoleAnswers.ts).
import type { ConsoleEvents } from '../shared/api/contract';
import {
  CHANNEL_ANSWERS,
  envelope,
  error,
  heldCapture,
  execution,
  outcome,
  phone,
  record,
} from './consoleAnswers';
import { logcatLine } from './logcatAnswers';

/** One well-formed payload per event. */
export const EVENT_PAYLOADS: ConsoleEvents = {
  'devices:changed': CHANNEL_ANSWERS['devices:list'],
  'run:progress': {
    serial: 'emulator-5554',
    runId: record.id,
    step: 'screenshot',
    status: 'failed',
    durationMs: 40,
    error,
    data: { file: 'screenshot.png' },
  },
  'execution:finished': { serial: 'emulator-5554', execution, outcome: { ok: true, value: outcome } },
  'run:hold': {
    serial: 'emulator-5554',
    runId: record.id,
    status: 'ended',
    maxCaptures: 20,
    maxMs: 600000,
    startedAt: '2025-06-03T14:05:10.000Z',
    endsAt: '2025-06-03T14:15:10.000Z',
    capturing: false,
    queued: 0,
    captures: [heldCapture()],
    endedBy: 'failure',
    endedReason: 'The device went away.',
    error,
  },
  'evidence:changed': { runIds: [record.id] },
  'logcat:batch': {
    followId: 'lf-1a2b',
    serial: 'emulator-5554',
    received: 5,
    dropped: 0,
    lines: [logcatLine],
    unparsed: 1,
    processes: [{ pid: 4321, name: 'com.example.mail' }],
  },
  'logcat:ended': {
    followId: 'lf-1a2b',
    serial: 'emulator-5554',
    received: 5,
    dropped: 0,
    error: {
      code: 'DEVICE_OFFLINE',
      message: 'emulator-5554 is offline',
      details: { serial: 'emulator-5554' },
    },
  },
  'approval:requested': {
    id: 'approval-abcdefgh12345678',
    tool: 'start_system_trace',
    device: 'emulator-5554',
    preview: "perfetto --detach=trace-x -c - -o '/data/misc/perfetto-traces/androperator-trace-x.pftrace'",
    strength: 'strong',
    expires_at: '2026-12-02T09:02:00.000Z',
  },
  'approval:settled': { id: 'approval-abcdefgh12345678', outcome: 'expired' },
};

/** Per event: a payload with one nested field of the wrong type, and that field's path. */
export const BROKEN_EVENTS: { [E in keyof ConsoleEvents]: { value: unknown; field: string } } = {
  'devices:changed': { value: [{ ...phone, state: 'gone' }], field: '[0].state' },
  'run:progress': { value: { ...EVENT_PAYLOADS['run:progress'], data: { file: 2 } }, field: 'data.file' },
  'run:hold': { value: { ...EVENT_PAYLOADS['run:hold'], capturing: 'no' }, field: 'capturing' },
  'execution:finished': {
    value: {
      ...EVENT_PAYLOADS['execution:finished'],
      outcome: {
        ok: true,
        value: {
          ...outcome,
          envelope: { ...envelope, stepResults: [{ ...envelope.stepResults[0], success: 'no' }] },
        },
      },
    },
    field: 'outcome.value.envelope.stepResults[0].success',
  },
  'evidence:changed': { value: { runIds: [7] }, field: 'runIds[0]' },
  'logcat:batch': {
    value: {
      ...EVENT_PAYLOADS['logcat:batch'],
      lines: [{ ...logcatLine, entry: { ...logcatLine.entry, priority: 'X' } }],
    },
    field: 'lines[0].entry.priority',
  },
  'logcat:ended': { value: { ...EVENT_PAYLOADS['logcat:ended'], dropped: null }, field: 'dropped' },
  'approval:requested': {
    value: { ...EVENT_PAYLOADS['approval:requested'], strength: 'weak' },
    field: 'strength',
  },
  'approval:settled': { value: { id: 3, outcome: 'approved' }, field: 'id' },
};
