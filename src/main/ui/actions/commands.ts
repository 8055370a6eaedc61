// The shell commands of the UI actions (reference 4.2, 4.4, 4.5), built from allow-listed values, each value
// single-quoted, and the parsers of the answers they depend on (`wm size`, `cmd package resolve-activity`).
import { fail, ok, type Result } from '../../../shared/errors';
import { isPackageName } from '../../../shared/android/packageName';
import { shellQuote } from '../../../shared/android/shellQuote';

const q = (value: number | string) => shellQuote(String(value));

export const KEYCODES = { back: 4, home: 3, enter: 66 } as const;

export function tapCommand(x: number, y: number): string {
  return `input tap ${q(x)} ${q(y)}`;
}

export function swipeCommand(x: number, y: number, endX: number, endY: number, durationMs: number): string {
  return `input swipe ${q(x)} ${q(y)} ${q(endX)} ${q(endY)} ${q(durationMs)}`;
}

export function keyCommand(key: keyof typeof KEYCODES): string {
  return `input keyevent ${KEYCODES[key]}`;
}

/** Printable ASCII and space only: what `input text` can type. */
export const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * `input text` for printable ASCII: spaces as `%s`; a literal `%s` is split across two `input text` calls joined by
 * `&&` so the device never decodes it (reference 4.4: `100%s safe` -> `input text '100%' && input text 's%ssafe'`).
 */
export function inputTextCommand(text: string): Result<string> {
  if (!PRINTABLE_ASCII.test(text)) {
    const bad = [...text].find((char) => !/^[\x20-\x7e]$/.test(char)) ?? '';
    const code = bad.codePointAt(0) ?? 0;
    return fail(
      'UI_INPUT_UNSUPPORTED',
      `input text types printable ASCII only; this text contains U+${code.toString(16).toUpperCase().padStart(4, '0')}: Unicode, newlines and control characters need the Operator's set_text, which android.input_text uses for them`,
      { code_point: code },
      'type the ASCII part only, or enter the text on the device',
    );
  }
  const parts = text.split('%s');
  const pieces = parts.map(
    (part, index) => `${index === 0 ? '' : 's'}${part}${index === parts.length - 1 ? '' : '%'}`,
  );
  return ok(pieces.map((piece) => `input text ${shellQuote(piece.replaceAll(' ', '%s'))}`).join(' && '));
}

export function resolveLauncherCommand(packageName: string): string {
  return `cmd package resolve-activity --brief -a android.intent.action.MAIN -c android.intent.category.LAUNCHER ${q(packageName)}`;
}

const COMPONENT = /^[A-Za-z0-9._$]+\/[A-Za-z0-9._$]+$/;

/**
 * The launcher component of resolve-activity's answer: the first line with exactly one `/` and no spaces, of
 * `[A-Za-z0-9._/$]`, whose package is `packageName`; an error saying what was seen otherwise.
 */
export function parseLauncherComponent(packageName: string, output: string): Result<string> {
  const line = output
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text.split('/').length === 2 && !/\s/.test(text));
  if (line === undefined || !COMPONENT.test(line) || !isPackageName(line.split('/')[0]!))
    return fail(
      'ANDROID_COMMAND_FAILED',
      `${packageName} has no launcher activity (MAIN/LAUNCHER did not resolve)${output.trim() === '' ? '' : `: ${output.trim().slice(0, 200)}`}`,
      { package: packageName, output: output.slice(0, 500) },
      'check the package name with list_android_apps; a package without a launcher icon cannot be launched this way',
    );
  if (line.split('/')[0] !== packageName)
    return fail(
      'ANDROID_COMMAND_FAILED',
      `MAIN/LAUNCHER of ${packageName} resolved to another package's activity (${line}); nothing was launched`,
      { package: packageName, component: line },
    );
  return ok(line);
}

export function startCommand(component: string): string {
  return `am start -n ${q(component)}`;
}

export function forceStopCommand(packageName: string): string {
  return `am force-stop ${q(packageName)}`;
}

/** `wm size`: the last parsable `WxH` line wins (an override beats the physical size); each 100..20000. */
export function parseDisplaySize(output: string): Result<{ width: number; height: number }> {
  let size: { width: number; height: number } | undefined;
  for (const line of output.split('\n')) {
    const match = /(\d+)x(\d+)\s*$/.exec(line.trim());
    if (match === null) continue;
    const width = Number(match[1]);
    const height = Number(match[2]);
    if (width >= 100 && width <= 20_000 && height >= 100 && height <= 20_000) size = { width, height };
  }
  return size === undefined
    ? fail('ANDROID_COMMAND_FAILED', `wm size gave no display size: ${output.trim().slice(0, 200)}`, {
        output: output.slice(0, 500),
      })
    : ok(size);
}

/** The scroll gesture without coordinates: x = W/2, `down` swipes from 3H/4 to H/4, `up` the reverse. */
export function scrollGesture(
  size: { width: number; height: number },
  direction: 'down' | 'up',
): { x: number; y: number; end_x: number; end_y: number } {
  const x = Math.floor(size.width / 2);
  const low = Math.floor((size.height * 3) / 4);
  const high = Math.floor(size.height / 4);
  return direction === 'down' ? { x, y: low, end_x: x, end_y: high } : { x, y: high, end_x: x, end_y: low };
}

/** The first stdout line beginning `Error:` (a failure even with exit 0, reference 1.1), or null. */
export function errorLine(stdout: string): string | null {
  return /^Error:.*$/m.exec(stdout)?.[0] ?? null;
}
