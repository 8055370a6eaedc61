// Test helper: one well-formed answer for every console channel, each with every optional field filled (so a parse
// that drops a field shows), plus a broken variant naming the field it breaks (the events: consoleEventAnswers.ts).
import type { ChannelOutput, ConsoleChannel, ExecutionOutcome } from '../shared/api/contract';
import type { DeviceInfo, OperatorStatus } from '../shared/api/devices';
import type { RunRecord } from '../shared/api/evidence';
import type { PanelPreset } from '../shared/api/presets';
import type { SequenceResult } from '../shared/api/sequence';
import type { ResultEnvelope } from '../shared/envelope';
import type { Execution } from '../shared/execution/types';
import { testDescription } from './testDescription';
import { fullRecord } from './testRecords';
import { logcatFollow } from './logcatAnswers';
import { SCREEN_BROKEN_ANSWERS, SCREEN_CHANNEL_ANSWERS } from './screenAnswers';

const settings = {
  simulatorWhenNoDevice: true,
  operatorPackage: 'com.androperator.operator',
  timeoutMs: 30000,
};

const status: OperatorStatus = {
  packageName: 'com.androperator.operator',
  installed: true,
  serviceEnabled: true,
  reachable: false,
  versionName: '1.0',
  problem: 'the agent socket did not answer',
};

export const phone: DeviceInfo = {
  serial: 'emulator-5554',
  state: 'device',
  server: 'local',
  manufacturer: 'Google',
  model: 'Pixel 7',
  apiLevel: 35,
  release: '15',
  simulatedProfile: 'phone',
  operator: status,
};

export const execution: Execution = {
  commandId: 'cmd-1',
  taskId: 'task-1',
  source: 'console',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 30000,
  mode: 'direct',
  actions: [
    {
      id: 'set-1',
      type: 'set_on_screen_log',
      params: {
        text: 'FLOW-001',
        anchor: 'left',
        textAlign: 'right',
        topOffsetDp: 8,
        edgeOffsetDp: 8,
        widthDp: 280,
        fontSizeSp: 14,
        textColor: '#FFFFFFFF',
        backgroundColor: '#CC000000',
        ttlMs: 60000,
      },
    },
    { id: 'clear-1', type: 'clear_on_screen_log', params: {} },
    { id: 'snap-1', type: 'snapshot' },
    { id: 'shot-1', type: 'take_screenshot', params: { path: '/sdcard/a.png', scale: 50 } },
  ],
};

export const envelope: ResultEnvelope = {
  commandId: 'cmd-1',
  taskId: 'task-1',
  status: 'failed',
  stepResults: [{ id: 'set-1', actionType: 'set_on_screen_log', success: false, data: { visible: 'false' } }],
  error: 'render timed out',
  errorCode: 'ON_SCREEN_LOG_RENDER_TIMEOUT',
  hint: 'retry',
};

const bounds = { left: 21, top: 157, right: 756, bottom: 236 };
export const error = {
  code: 'EVIDENCE_WRITE_FAILED' as const,
  message: 'disk full',
  hint: 'free space',
  details: { a: 1 },
};

export const outcome: ExecutionOutcome = {
  deviceId: 'emulator-5554',
  terminalSource: 'androperator_result',
  envelope,
  predictedBounds: bounds,
};

export const record: RunRecord = {
  ...fullRecord(),
  predictedBounds: { left: 21, top: 157, right: 756, bottom: 236 },
};

const sequence: SequenceResult = {
  runId: record.id,
  serial: 'emulator-5554',
  runPath: '/evidence/run',
  status: 'failed',
  steps: [
    {
      step: 'set',
      status: 'failed',
      commandId: 'cmd-1',
      payload: execution,
      envelope,
      error,
      reason: 'the set failed',
      startedAt: '2025-06-03T14:05:09.300Z',
      completedAt: '2025-06-03T14:05:09.800Z',
      durationMs: 500,
    },
  ],
  screenshot: { path: '/evidence/run/screenshot.png', widthPx: 1080, heightPx: 2400 },
  captureCheck: record.captureCheck,
  reportedBounds: bounds,
  predictedBounds: { ...bounds, right: 700 },
  captureCheckError: { code: 'CAPTURE_BOUNDS_MISMATCH', message: 'outside' },
  evidenceError: error,
  hold: {
    maxCaptures: 20,
    maxMs: 600000,
    startedAt: '2025-06-03T14:05:10.000Z',
    endedAt: '2025-06-03T14:06:10.000Z',
    endedBy: 'failure',
    error: { code: 'DEVICE_OFFLINE', message: 'gone', details: { serial: 'emulator-5554' } },
  },
  captures: [heldCapture()],
};

/** A held run's capture with every field filled. */
export function heldCapture() {
  return {
    step: 'screenshot-2',
    index: 2,
    status: 'succeeded' as const,
    file: 'capture-2.png',
    widthPx: 1080,
    heightPx: 2400,
    capturedAt: '2025-06-03T14:05:20.000Z',
    ...(record.captureCheck === undefined ? {} : { captureCheck: record.captureCheck }),
    captureCheckError: { code: 'INTERNAL_ERROR', message: 'x', details: { a: 1 } },
    foreground: {
      source: 'host_dumpsys' as const,
      observedAt: '2025-06-03T14:05:20.500Z',
      status: 'observed' as const,
      packageName: 'com.example',
      component: 'com.example/.Main',
      versionName: '1.2.3',
      versionCode: '123',
      error: { code: 'ANDROID_COMMAND_FAILED', message: 'partial' },
    },
  };
}

const presets: PanelPreset[] = [
  { schemaVersion: 1, name: 'Checkout', design: { template: 'T {{time}}', widthDp: 200 }, savedAt: 'now' },
];

const servers = [
  { server: 'local', host: '127.0.0.1', port: 5037, reachable: true, tracking: true, deviceCount: 1 },
  {
    server: 'lab:5037',
    host: 'lab',
    port: 5037,
    reachable: undefined,
    tracking: false,
    deviceCount: 0,
    error: { code: 'ADB_SERVER_UNAVAILABLE' as const, message: 'refused' },
  },
];

const androidTool = {
  name: 'android_settings',
  cli: { command: 'android', verb: 'settings' },
  description: 'Reads Android settings.',
  risk: 'read_only' as const,
  argumentsSchema: { type: 'object', properties: { namespace: { type: 'string', enum: ['system'] } } },
};

/** One well-formed answer value per channel (a channel without one does not compile). */
export const CHANNEL_ANSWERS: { [C in ConsoleChannel]: ChannelOutput<C> } = {
  'app:info': { version: '1.2.3', shell: 'web', platform: 'linux', evidenceDirectory: '/evidence', settings },
  'settings:update': settings,
  'devices:list': [phone, { serial: 'offline-1', state: 'offline', server: 'lab:5037' }],
  'devices:describe': testDescription({
    foregroundApp: {
      packageName: 'p',
      label: null,
      versionCode: null,
      versionName: null,
      iconPng: 'iVBORw0KGgo=',
    },
    panel: { visible: true, generation: 3, bounds: '[21,157][756,236]' },
  }),
  'devices:servers': servers,
  'devices:addServer': servers,
  'devices:removeServer': servers.slice(0, 1),
  'devices:setServerEnabled': servers.map((server, index) =>
    index === 0 ? server : { ...server, enabled: false },
  ),
  'execution:run': outcome,
  'sequence:run': [
    { serial: 'emulator-5554', result: { ok: true, value: sequence } },
    {
      serial: 'busy-1',
      result: { ok: false, error: { code: 'EXECUTION_CONFLICT_IN_FLIGHT', message: 'busy' } },
    },
  ],
  'sequence:capture': { runs: [{ serial: 'emulator-5554', runId: record.id }] },
  'sequence:release': { runs: [{ serial: 'emulator-5554', runId: record.id }] },
  'screenshot:capture': {
    runId: record.id,
    widthPx: 1080,
    heightPx: 2400,
    capturedAt: '2025-06-03T14:05:10Z',
    step: { name: 'screenshot', status: 'succeeded', durationMs: 12, data: { file: 'screenshot.png' } },
  },
  'screenshot:save': { path: '/home/qa/shot.png' },
  'evidence:list': {
    runs: [
      {
        id: record.id,
        path: '/evidence/run',
        label: 'FLOW-001',
        status: 'succeeded',
        startedAt: '2025-06-03T14:05:09Z',
        finishedAt: '2025-06-03T14:05:12Z',
        deviceSerial: 'emulator-5554',
        deviceModel: 'Pixel 7',
        hasScreenshot: true,
        screenshotFile: 'screenshot.png',
        thumbnailFile: 'thumbnail.png',
        inCapture: true,
      },
    ],
    skipped: [{ id: 'broken', reason: 'run.json is corrupt' }],
  },
  'evidence:get': record,
  'evidence:image': { mimeType: 'image/png', base64: 'iVBORw0KGgo=', widthPx: 2, heightPx: 1 },
  'evidence:log': {
    file: 'logcat.txt',
    text: '1767225600.000  1234  1234 I ActivityManager: Displayed com.example/.Main\n',
    excerpt: {
      status: 'complete',
      file: 'logcat.txt',
      entries: 1,
      limitReached: false,
      redactions: 0,
      caveats: [],
    },
  },
  'evidence:delete': { deleted: record.id },
  'evidence:export': { path: '/home/qa/run.zip', format: 'zip', files: ['run.json', 'screenshot.png'] },
  'evidence:attach': {
    file: 'attachment-1-environment.json',
    kind: 'diagnostic',
    title: 'Environment',
    tool: 'inspect_android_environment',
    arguments: {},
    serial: 'emulator-5554',
    takenAt: '2026-01-01T10:00:00.000Z',
    attachedAt: '2026-01-01T10:00:05.000Z',
    status: 'complete',
    bytes: 2048,
  },
  'operator:status': status,
  'operator:enable': { ...status, reachable: true },
  'operator:disable': status,
  'operator:openSettings': { opened: true },
  'operator:install': status,
  'presets:list': presets,
  'presets:save': presets,
  'presets:delete': [],
  'android:tools': [androidTool],
  'android:run': {
    tool: 'android_settings',
    device: 'emulator-5554',
    taken_at: '2026-12-02T09:00:00.000Z',
    result: { kind: 'settings', command: 'settings get system font_scale' },
  },
  'logcat:start': logcatFollow,
  'logcat:stop': { followId: 'lf-1a2b', serial: 'emulator-5554', received: 120, dropped: 3 },
  'logcat:redaction': { ...logcatFollow, redacting: false },
  'approval:answer': { id: 'approval-abcdefgh12345678', outcome: 'approved' },
  'android:cancel': { cancelled: true },
  ...SCREEN_CHANNEL_ANSWERS,
};

/** Per channel: an answer value with one nested field of the wrong type, and that field's path. */
export const BROKEN_ANSWERS: { [C in ConsoleChannel]: { value: unknown; field: string } } = {
  'app:info': {
    value: { ...CHANNEL_ANSWERS['app:info'], settings: { ...settings, timeoutMs: '1' } },
    field: 'settings.timeoutMs',
  },
  'settings:update': { value: { ...settings, simulatorWhenNoDevice: 'yes' }, field: 'simulatorWhenNoDevice' },
  'devices:list': {
    value: [phone, { ...phone, operator: { ...status, installed: 1 } }],
    field: '[1].operator.installed',
  },
  'devices:describe': {
    value: {
      ...testDescription(),
      display: { ...testDescription().display, usable: { left: 0, top: '136', right: 1, bottom: 2 } },
    },
    field: 'display.usable.top',
  },
  'devices:servers': {
    value: [servers[0], { ...servers[1], error: { code: 'ADB_NOT_FOUND', message: 7 } }],
    field: '[1].error.message',
  },
  'devices:addServer': { value: [{ ...servers[0], reachable: 'yes' }], field: '[0].reachable' },
  'devices:removeServer': { value: [{ ...servers[0], port: '5037' }], field: '[0].port' },
  'devices:setServerEnabled': { value: [{ ...servers[0], enabled: 'no' }], field: '[0].enabled' },
  'execution:run': {
    value: { ...outcome, predictedBounds: { ...bounds, right: null } },
    field: 'predictedBounds.right',
  },
  'sequence:capture': { value: { runs: [{ serial: 5, runId: 'r' }] }, field: 'runs[0].serial' },
  'sequence:release': { value: { runs: [{ serial: 's', runId: null }] }, field: 'runs[0].runId' },
  'sequence:run': {
    value: [
      {
        serial: 's',
        result: {
          ok: true,
          value: {
            ...sequence,
            steps: [
              {
                ...sequence.steps[0],
                payload: {
                  ...execution,
                  actions: [{ id: 'x', type: 'take_screenshot', params: { scale: 30 } }],
                },
              },
            ],
          },
        },
      },
    ],
    field: '[0].result.value.steps[0].payload.actions[0].params.scale',
  },
  'screenshot:capture': {
    value: {
      ...CHANNEL_ANSWERS['screenshot:capture'],
      step: { name: 'screenshot', status: 'succeeded', data: { file: 1 } },
    },
    field: 'step.data.file',
  },
  'screenshot:save': { value: { path: ['a'] }, field: 'path' },
  'evidence:list': { value: { runs: [], skipped: [{ id: 'x', reason: null }] }, field: 'skipped[0].reason' },
  'evidence:get': {
    value: { ...record, device: { ...record.device, simulated: 'true' } },
    field: 'device.simulated',
  },
  'evidence:image': {
    value: { ...CHANNEL_ANSWERS['evidence:image'], mimeType: 'image/jpeg' },
    field: 'mimeType',
  },
  'evidence:log': {
    value: { ...CHANNEL_ANSWERS['evidence:log'], text: 7 },
    field: 'text',
  },
  'evidence:delete': { value: { deleted: 1 }, field: 'deleted' },
  'evidence:export': { value: { path: '/a', format: 'zip', files: ['run.json', 2] }, field: 'files[1]' },
  'evidence:attach': {
    value: { ...CHANNEL_ANSWERS['evidence:attach'], bytes: '2048' },
    field: 'bytes',
  },
  'operator:status': { value: { ...status, versionName: 1 }, field: 'versionName' },
  'operator:enable': { value: { ...status, serviceEnabled: null }, field: 'serviceEnabled' },
  'operator:disable': { value: { ...status, problem: false }, field: 'problem' },
  'operator:openSettings': { value: { opened: false }, field: 'opened' },
  'operator:install': { value: { ...status, packageName: undefined }, field: 'packageName' },
  'presets:list': {
    value: [{ ...presets[0], design: { text: 'x', widthDp: '200' } }],
    field: '[0].design.widthDp',
  },
  'presets:save': { value: [{ ...presets[0], design: { anchor: 'top' } }], field: '[0].design.anchor' },
  'presets:delete': { value: [{ ...presets[0], schemaVersion: 2 }], field: '[0].schemaVersion' },
  'android:tools': { value: [{ ...androidTool, risk: 'safe' }], field: '[0].risk' },
  'android:run': {
    value: { tool: 'android_settings', device: 'emulator-5554', taken_at: 7, result: {} },
    field: 'taken_at',
  },
  'logcat:start': { value: { ...logcatFollow, redacting: 'yes' }, field: 'redacting' },
  'logcat:stop': { value: { followId: 'lf-1', serial: 's', received: '1', dropped: 0 }, field: 'received' },
  'logcat:redaction': { value: { ...logcatFollow, caveat: null }, field: 'caveat' },
  'approval:answer': { value: { id: 'approval-abcdefgh12345678', outcome: 'yes' }, field: 'outcome' },
  'android:cancel': { value: { cancelled: 'yes' }, field: 'cancelled' },
  ...SCREEN_BROKEN_ANSWERS,
};
