import { activateFocus, moveFocus, type FocusDirection } from '../../device/focus';
import { goBack, navigationOf } from '../../device/navigation';
import { swipeOn, tapAt, typeText } from '../../device/uiInput';
import { failWith, type CommandContext } from '../commandTable';

const KEY_CODES: Record<string, number> = {
  HOME: 3,
  BACK: 4,
  CALL: 5,
  ENDCALL: 6,
  DPAD_UP: 19,
  DPAD_DOWN: 20,
  DPAD_LEFT: 21,
  DPAD_RIGHT: 22,
  DPAD_CENTER: 23,
  VOLUME_UP: 24,
  VOLUME_DOWN: 25,
  POWER: 26,
  CAMERA: 27,
  TAB: 61,
  SPACE: 62,
  ENTER: 66,
  DEL: 67,
  MENU: 82,
  SEARCH: 84,
  MEDIA_PLAY_PAUSE: 85,
  PAGE_UP: 92,
  PAGE_DOWN: 93,
  ESCAPE: 111,
  FORWARD_DEL: 112,
  MOVE_HOME: 122,
  MOVE_END: 123,
  APP_SWITCH: 187,
  NUMPAD_ENTER: 160,
  SLEEP: 223,
  WAKEUP: 224,
};
const DIRECTIONS = new Map<number, FocusDirection>([
  [19, 'up'],
  [20, 'down'],
  [21, 'left'],
  [22, 'right'],
]);
/** DPAD_CENTER, ENTER and NUMPAD_ENTER click the focused view (View.isConfirmKey). */
const CONFIRM_KEYS = new Set([23, 66, 160]);
const NAMES_BY_CODE = new Map(Object.entries(KEY_CODES).map(([name, code]) => [code, name]));
const SOURCES = new Set([
  'keyboard',
  'mouse',
  'joystick',
  'touchnavigation',
  'touchpad',
  'trackball',
  'stylus',
  'dpad',
  'gamepad',
  'touchscreen',
]);
const USAGE =
  'Usage: input [<source>] <command> [<arg>...]\n  text <string>\n  keyevent [--longpress] <key code number or name> ...\n  tap <x> <y>\n  swipe <x1> <y1> <x2> <y2> [duration(ms)]\n  press\n';

function numbers(values: readonly string[]): number[] | undefined {
  const parsed = values.map(Number);
  return parsed.every((value) => Number.isFinite(value)) ? parsed : undefined;
}

/**
 * `input [source] tap|swipe|keyevent|text ...`: recorded on the device state, then delivered to the screen: a tap
 * clicks the node under it, a swipe scrolls (and flings) a list or turns a pager, a swipe held in place
 * long-clicks, text fills the focused field, D-pad keys move focus and CENTER/ENTER click it, BACK/HOME navigate.
 */
export async function input(context: CommandContext): Promise<number> {
  const args = [...context.args];
  if (args[0] !== undefined && SOURCES.has(args[0])) args.shift();
  const [command, ...rest] = args;
  const { state } = context.device;
  if (command === 'tap') {
    const point = rest.length === 2 ? numbers(rest) : undefined;
    if (!point) return failWith(context, USAGE);
    const [x, y] = point as [number, number];
    state.recordInput({ kind: 'tap', x, y });
    await tapAt(state, x, y);
    return 0;
  }
  if (command === 'swipe') {
    const values = rest.length === 4 || rest.length === 5 ? numbers(rest) : undefined;
    if (!values) return failWith(context, USAGE);
    const [x1, y1, x2, y2, durationMs = 300] = values as [number, number, number, number, number?];
    state.recordInput({ kind: 'swipe', x1, y1, x2, y2, durationMs });
    await swipeOn(state, { x: x1, y: y1 }, { x: x2, y: y2 }, durationMs);
    return 0;
  }
  if (command === 'text') {
    if (rest.length === 0) return failWith(context, USAGE);
    // `input text` encodes spaces as %s.
    const text = rest.join(' ').replace(/%s/g, ' ');
    state.recordInput({ kind: 'text', text });
    typeText(state, text);
    return 0;
  }
  if (command === 'keyevent' || command === 'press')
    return keyevent(context, command === 'press' ? ['DPAD_CENTER'] : rest);
  return failWith(context, command === undefined ? USAGE : `Error: Unknown command: ${command}\n${USAGE}`);
}

async function keyevent(context: CommandContext, args: readonly string[]): Promise<number> {
  const longPress = args.includes('--longpress');
  const keys = args.filter((argument) => argument !== '--longpress' && argument !== '--doubletap');
  if (keys.length === 0) return failWith(context, USAGE);
  const codes: number[] = [];
  for (const key of keys) {
    const code = /^\d+$/.test(key) ? Number(key) : KEY_CODES[key.replace(/^KEYCODE_/, '')];
    if (code === undefined) return failWith(context, `Error: Unknown keycode: ${key}`);
    codes.push(code);
  }
  const { state } = context.device;
  for (const keyCode of codes) {
    state.recordInput({
      kind: 'keyevent',
      keyCode,
      name: `KEYCODE_${NAMES_BY_CODE.get(keyCode) ?? keyCode}`,
    });
    const direction = DIRECTIONS.get(keyCode);
    if (keyCode === KEY_CODES.HOME) state.goHome();
    else if (keyCode === KEY_CODES.BACK) goBack(state);
    else if (keyCode === KEY_CODES.DEL) navigationOf(state).deleteBackward(state.foreground.packageName);
    else if (direction !== undefined) await moveFocus(state, direction);
    else if (CONFIRM_KEYS.has(keyCode)) await activateFocus(state, { longPress });
  }
  return 0;
}
