// The console's Screen view, main side: live frames (screen:frame, one capture in flight per device), the UI tree
// beside them (screen:tree, inspect_android_ui full plus its focus summary) and the user's actions on the live
// screen (screen:act, through the UI action tools). A click, key or text typed in the Screen view is itself the
// user's action, so it asks no dialog (so are the Scroll up/down buttons); Launch and Stop (android.launch_app,
// android.stop_app) are buttons and ask the console's approval dialog as the tools do; activating (Center/Enter) a
// focused control labelled restore-defaults, erase, factory reset or upgrade asks the console's strong approval
// first; Tap text, Tap node and Inject (android.tap_text / tap_node / inject_android_input) are buttons aiming at a
// node and ask the console's strong approval, after which the tool re-reads the target (identity revalidation).
// Find and Wait for text are in screenApiQueries.ts (docs/ui-loop.md "Console Screen view").
import { ok, type Result } from '../../shared/errors';
import type { ConsoleApi } from '../../shared/api/contract';
import {
  dangerousLabels,
  type ScreenAction,
  type ScreenActAnswer,
  type ScreenFrameAnswer,
  type ScreenKey,
} from '../../shared/api/screenSchemas';
import { KEY_ARGUMENTS } from '../../shared/ui/actionArguments';
import type { UiSourceChoice } from '../../shared/ui/uiArguments';
import type { AdbClient } from '../../node/adb/adbkit';
import { runDeviceCommand } from '../../node/adb/deviceCommand';
import type { Approver } from '../approval/approval';
import { runTool } from '../android/runTool';
import { defineTool, type AndroidTool } from '../android/tool';
import { captureScreenFrame, type ScreenFrame } from '../screenshot/frames';
import { launchApp, stopApp } from '../ui/actions/appTools';
import { inputText, pressBack, pressEnter, pressHome, scroll, swipe } from '../ui/actions/inputTools';
import { performAction } from '../ui/actions/perform';
import { contextPorts } from '../ui/actions/ports';
import { injectInput, tap, tapNode, tapText } from '../ui/actions/tapTools';
import { interestingNodes, navigationSummary } from '../ui/inspect';
import { inspectUi } from '../ui/tools';
import type { ResolvedDependencies } from './dependencies';
import { screenQueries, treeAnswerOf, type InspectAnswer } from './screenApiQueries';

export type { ScreenFrame } from '../screenshot/frames';

/** A live frame is a view, not evidence: a short bound, so a wedged device shows as such within seconds. */
export const FRAME_TIMEOUT_MS = 10_000;

/** One frame by the method measured fastest on this device (src/main/screenshot/frames.ts). */
export function captureFrame(
  client: AdbClient,
  serial: string,
  options?: { timeoutMs?: number; signal?: AbortSignal },
): Promise<Result<ScreenFrame>> {
  return captureScreenFrame(client, serial, {
    timeoutMs: options?.timeoutMs ?? FRAME_TIMEOUT_MS,
    ...(options?.signal === undefined ? {} : { signal: options.signal }),
  });
}

const DPAD_KEYCODES = { up: 19, down: 20, left: 21, right: 22, center: 23 } as const;
type DpadKey = keyof typeof DPAD_KEYCODES;

/** A D-pad key (`input keyevent 19-23`) with the UI actions' send-once and verification; the Screen view's own. */
function dpadTool(key: DpadKey): AndroidTool {
  const name = `screen.press_dpad_${key}`;
  return defineTool({
    name,
    cli: { command: 'ui', verb: `press-dpad-${key}` },
    description: `Presses D-pad ${key} (\`input keyevent ${DPAD_KEYCODES[key]}\`).`,
    risk: 'dangerous',
    arguments: KEY_ARGUMENTS,
    run(context, args) {
      const command = `input keyevent ${DPAD_KEYCODES[key]}`;
      return performAction(
        {
          tool: name,
          kind: `press_dpad_${key}`,
          strength: 'strong',
          prepare: () => Promise.resolve(ok({ command, preview: command, target: null, tree: null })),
        },
        contextPorts(context),
        args.verification,
      );
    },
  });
}

const KEY_TOOLS: Record<ScreenKey, AndroidTool> = {
  back: pressBack,
  home: pressHome,
  enter: pressEnter,
  up: dpadTool('up'),
  down: dpadTool('down'),
  left: dpadTool('left'),
  right: dpadTool('right'),
  center: dpadTool('center'),
};

/** The tool and its arguments for one Screen view action. */
export function toolCallOf(action: ScreenAction): { tool: AndroidTool; args: Record<string, unknown> } {
  switch (action.kind) {
    case 'tap':
      return { tool: tap, args: { x: action.x, y: action.y } };
    case 'swipe': {
      const { kind: _kind, ...points } = action;
      return { tool: swipe, args: points };
    }
    case 'key':
      return { tool: KEY_TOOLS[action.key], args: {} };
    case 'text':
      return { tool: inputText, args: { text: action.text } };
    case 'tap_text':
      return { tool: tapText, args: { text: action.text } };
    case 'tap_node':
      return { tool: tapNode, args: { bounds: action.bounds } };
    case 'inject': {
      const { kind: _kind, ...input } = action;
      return { tool: injectInput, args: input };
    }
    case 'launch_app':
      return { tool: launchApp, args: { package: action.package } };
    case 'stop_app':
      return { tool: stopApp, args: { package: action.package } };
    case 'scroll':
      return { tool: scroll, args: { direction: action.direction } };
  }
}

/** The user's own action in the Screen view: approved by making it. */
const USERS_OWN_ACTION: Approver = () => Promise.resolve(ok(undefined));

/** Buttons, not gestures on the live screen: the console's dialog asks first (strong for the taps and inject). */
const ASKS_APPROVAL: ReadonlySet<ScreenAction['kind']> = new Set([
  'launch_app',
  'stop_app',
  'tap_text',
  'tap_node',
  'inject',
]);

export function screenApi(
  dependencies: Pick<ResolvedDependencies, 'hub' | 'clock' | 'approvals'>,
  capture: typeof captureFrame = captureFrame,
): Pick<
  ConsoleApi,
  'screen:frame' | 'screen:tree' | 'screen:act' | 'screen:find' | 'screen:waitText' | 'screen:cancelWait'
> {
  const { hub, clock, approvals } = dependencies;
  /** The capture in flight per device: a second caller shares it instead of starting another. */
  const framesInFlight = new Map<string, Promise<Result<ScreenFrameAnswer>>>();
  /** `ro.build.characteristics` names tv, per serial (it does not change while the device is connected). */
  const television = new Map<string, boolean>();

  const frame = async (serial: string): Promise<Result<ScreenFrameAnswer>> => {
    const resolved = await hub.resolve(serial);
    if (!resolved.ok) return resolved;
    const captured = await capture(resolved.value.client, serial, { timeoutMs: FRAME_TIMEOUT_MS });
    if (!captured.ok) return captured;
    const { png, widthPx, heightPx, method, captureMs, encodeMs } = captured.value;
    return ok({
      serial,
      mimeType: 'image/png',
      base64: Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64'),
      widthPx,
      heightPx,
      method,
      captureMs,
      encodeMs,
      capturedAt: new Date(clock.now()).toISOString(),
    });
  };

  const isTelevision = async (serial: string): Promise<boolean | null> => {
    const known = television.get(serial);
    if (known !== undefined) return known;
    const resolved = await hub.resolve(serial);
    if (!resolved.ok) return null;
    const answer = await runDeviceCommand(resolved.value.client, serial, 'getprop ro.build.characteristics', {
      timeoutMs: 5000,
    });
    if (!answer.ok || answer.value.status !== 'complete') return null;
    const value = answer.value.stdout.trim().split(',').includes('tv');
    television.set(serial, value);
    return value;
  };

  const readTree = async (
    serial: string,
    source: UiSourceChoice,
    full: boolean,
  ): Promise<Result<InspectAnswer>> => {
    const read = await runTool(inspectUi, {
      arguments: { device: serial, source, ...(full ? { full: true } : {}) },
      resolver: hub,
      approve: USERS_OWN_ACTION,
      now: () => clock.now(),
    });
    return read.ok ? ok(read.value as InspectAnswer) : read;
  };

  /** The labels of the focused nodes that name a dangerous control (empty: none). */
  const focusedDangerLabels = async (serial: string): Promise<Result<string[]>> => {
    const read = await readTree(serial, 'auto', true);
    if (!read.ok) return read;
    const tree = read.value;
    const focused = navigationSummary(tree, interestingNodes(tree)).focused;
    return ok(dangerousLabels(focused.flatMap((focus) => focus.labels)));
  };

  return {
    'screen:frame': ({ serial }) => {
      const running = framesInFlight.get(serial);
      if (running !== undefined) return running;
      const started = frame(serial).finally(() => framesInFlight.delete(serial));
      framesInFlight.set(serial, started);
      return started;
    },
    'screen:tree': async ({ serial, source }) => {
      const [read, tv] = await Promise.all([readTree(serial, source ?? 'auto', true), isTelevision(serial)]);
      if (!read.ok) return read;
      return ok(treeAnswerOf(serial, read.value, tv, new Date(clock.now()).toISOString()));
    },
    'screen:act': async ({ serial, action, verification }) => {
      const { tool, args } = toolCallOf(action);
      // Launch, Stop, Tap text, Tap node and Inject are buttons, not the user's gesture on the live screen: the
      // console's dialog asks first, with the strength the tool asks for (strong for the taps and inject).
      let approve: Approver = ASKS_APPROVAL.has(action.kind)
        ? (request) => approvals.approve(request)
        : USERS_OWN_ACTION;
      let confirmed: string[] | null = null;
      // Activation acts on whatever has the focus: read it now and ask the strong dialog for a dangerous label.
      if (action.kind === 'key' && (action.key === 'center' || action.key === 'enter')) {
        const danger = await focusedDangerLabels(serial);
        if (!danger.ok) return danger;
        if (danger.value.length > 0) {
          const labels = danger.value;
          approve = async (request) => {
            const answer = await approvals.approve({
              ...request,
              strength: 'strong',
              preview: `activate the focused control labelled ${labels.map((label) => `'${label}'`).join(', ')} (${request.preview})`,
            });
            if (answer.ok) confirmed = labels;
            return answer;
          };
        }
      }
      const result = await runTool(tool, {
        arguments: { device: serial, ...args, ...(verification ? { verification } : {}) },
        resolver: hub,
        approve,
        now: () => clock.now(),
      });
      if (!result.ok) return result;
      const value = result.value as { action_sent?: boolean; command?: string };
      const answer: ScreenActAnswer = {
        serial,
        tool: tool.name,
        action_sent: value.action_sent === true,
        command: value.command ?? '',
        result: result.value,
        confirmed_labels: confirmed,
      };
      return ok(answer);
    },
    ...screenQueries(
      { hub, clock },
      { readTree: (serial, source) => readTree(serial, source, true), isTelevision },
    ),
  };
}
