// `dumpsys gfxinfo PKG [framestats|reset]`: HWUI's frame statistics for a running app, and with framestats the
// ---PROFILEDATA--- CSV whose columns follow FrameInfo.h of the API level (the header row names them; parsers must
// read it). Frames are generated from the app's jank ratio (SystemState), 16.67 ms apart on the monotonic clock.
import { processesOf } from '../../../device/processes';
import type { DeviceState } from '../../../device/state';
import { systemStateOf } from '../../../device/systemState';
import { identity, lines } from './format';

const VSYNC_NS = 16_666_666;
const FRAME_COUNT = 120;

/** The framestats header columns by API level. */
export function frameColumns(sdk: number): string[] {
  const render = ['SyncQueued', 'SyncStart', 'IssueDrawCommandsStart', 'SwapBuffers', 'FrameCompleted'];
  if (sdk < 31) {
    return [
      'Flags',
      'IntendedVsync',
      'Vsync',
      'OldestInputEvent',
      'NewestInputEvent',
      'HandleInputStart',
      'AnimationStart',
      'PerformTraversalsStart',
      'DrawStart',
      ...render,
      ...(sdk >= 29 ? ['DequeueBufferDuration', 'QueueBufferDuration'] : []),
      ...(sdk >= 30 ? ['GpuCompleted'] : []),
    ];
  }
  return [
    'Flags',
    'FrameTimelineVsyncId',
    'IntendedVsync',
    'Vsync',
    'InputEventId',
    'HandleInputStart',
    'AnimationStart',
    'PerformTraversalsStart',
    'DrawStart',
    'FrameDeadline',
    ...(sdk >= 33 ? ['FrameStartTime'] : []),
    'FrameInterval',
    ...render,
    'DequeueBufferDuration',
    'QueueBufferDuration',
    'GpuCompleted',
    'SwapBuffersCompleted',
    'DisplayPresentTime',
    ...(sdk >= 35 ? ['CommandSubmissionCompleted'] : []),
  ];
}

interface Frame {
  intended: number;
  durationNs: number;
}

/** Deterministic frames: every frame whose slot falls under the jank ratio takes 2-4 vsyncs. */
function frames(endNs: number, seed: number, jankRatio: number): Frame[] {
  let value = seed >>> 0;
  const random = (): number => {
    value = (Math.imul(value, 1_664_525) + 1_013_904_223) >>> 0;
    return value / 4_294_967_296;
  };
  const result: Frame[] = [];
  for (let index = 0; index < FRAME_COUNT; index += 1) {
    const janky = random() < jankRatio;
    const durationNs = janky
      ? Math.round(VSYNC_NS * (2 + random() * 2))
      : Math.round(4_000_000 + random() * 7_000_000);
    result.push({ intended: endNs - (FRAME_COUNT - index) * VSYNC_NS, durationNs });
  }
  return result;
}

function row(sdk: number, frame: Frame, index: number): string {
  const start = frame.intended;
  const total = frame.durationNs;
  const at = (share: number): number => start + Math.round(total * share);
  const values: Record<string, number> = {
    Flags: 0,
    FrameTimelineVsyncId: 4_000_000 + index,
    IntendedVsync: start,
    Vsync: start,
    OldestInputEvent: 0,
    NewestInputEvent: 0,
    InputEventId: 0,
    HandleInputStart: at(0.02),
    AnimationStart: at(0.03),
    PerformTraversalsStart: at(0.08),
    DrawStart: at(0.25),
    FrameDeadline: start + VSYNC_NS,
    FrameStartTime: start + 120_000,
    FrameInterval: VSYNC_NS,
    SyncQueued: at(0.45),
    SyncStart: at(0.47),
    IssueDrawCommandsStart: at(0.55),
    SwapBuffers: at(0.88),
    FrameCompleted: start + total,
    DequeueBufferDuration: 180_000,
    QueueBufferDuration: 240_000,
    GpuCompleted: at(0.95),
    SwapBuffersCompleted: at(0.9),
    DisplayPresentTime: 0,
    CommandSubmissionCompleted: at(0.9),
  };
  return `${frameColumns(sdk)
    .map((column) => String(values[column] ?? 0))
    .join(',')},`;
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

export function gfxinfoService(state: DeviceState, args: readonly string[]): string {
  const packageName = args.find(
    (argument) => !argument.startsWith('-') && argument !== 'framestats' && argument !== 'reset',
  );
  const system = systemStateOf(state);
  const elapsed = system.elapsedNow();
  const sdk = state.sdkLevel;
  const header = ['Applications Graphics Acceleration Info:', `Uptime: ${elapsed} Realtime: ${elapsed}`, ''];
  if (packageName === undefined) return lines(header);
  const pid = processesOf(state).pidOf(packageName);
  if (pid === undefined) return lines(`No process found for: ${packageName}`);
  const foreground = state.foreground.packageName === packageName;
  const activity = foreground
    ? state.foreground.activity
    : (state.getPackage(packageName)?.launchActivity ?? packageName);
  const root = `${packageName}/${activity}/android.view.ViewRootImpl@${identity(`root:${activity}`)}`;
  const endNs = elapsed * 1_000_000;
  const list = foreground ? frames(endNs, pid, system.jankRatio(packageName)) : [];
  const durations = list.map((frame) => frame.durationNs / 1_000_000).sort((a, b) => a - b);
  const janky = list.filter((frame) => frame.durationNs > VSYNC_NS).length;
  const rows = [...header, `** Graphics info for pid ${pid} [${packageName}] **`, ''];
  if (sdk >= 23) {
    const percent = list.length === 0 ? '0.00' : ((janky * 100) / list.length).toFixed(2);
    const histogram = [
      5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 24, 32, 40, 48, 57, 65, 73, 81,
    ]
      .map((bucket, index, all) => {
        const lower = index === 0 ? 0 : (all[index - 1] ?? 0);
        return `${bucket}ms=${durations.filter((value) => value > lower && value <= bucket).length}`;
      })
      .join(' ');
    rows.push(
      `Stats since: ${(elapsed - 60_000) * 1_000_000}ns`,
      `Total frames rendered: ${list.length}`,
      `Janky frames: ${janky} (${percent}%)`,
      ...(sdk >= 31 ? [`Janky frames (legacy): ${janky} (${percent}%)`] : []),
      `50th percentile: ${Math.ceil(percentile(durations, 0.5))}ms`,
      `90th percentile: ${Math.ceil(percentile(durations, 0.9))}ms`,
      `95th percentile: ${Math.ceil(percentile(durations, 0.95))}ms`,
      `99th percentile: ${Math.ceil(percentile(durations, 0.99))}ms`,
      `Number Missed Vsync: ${Math.floor(janky / 2)}`,
      'Number High input latency: 0',
      `Number Slow UI thread: ${janky}`,
      'Number Slow bitmap uploads: 0',
      `Number Slow issue draw commands: ${Math.floor(janky / 3)}`,
      ...(sdk >= 30 ? [`Number Frame deadline missed: ${janky}`] : []),
      `HISTOGRAM: ${histogram}`,
      '',
    );
  }
  rows.push(
    `Pipeline=${sdk >= 28 ? 'Skia (OpenGL)' : 'OpenGL'}`,
    '',
    'Profile data in ms:',
    '',
    `\t${root} (visibility=${foreground ? 0 : 8})`,
  );
  if (args.includes('framestats') && sdk >= 23)
    rows.push(
      '---PROFILEDATA---',
      `${frameColumns(sdk).join(',')},`,
      ...list.map((frame, index) => row(sdk, frame, index)),
      '---PROFILEDATA---',
      '',
    );
  rows.push(
    'View hierarchy:',
    '',
    `  ${root}`,
    '  187 views, 156.23 kB of render nodes',
    '',
    'Total ViewRootImpl   : 1',
    'Total attachedViews  : 187',
    'Total RenderNode     : 156.23 kB (used) / 312.00 kB (capacity)',
  );
  return lines(rows);
}
