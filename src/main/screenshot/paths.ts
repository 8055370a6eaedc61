// Where take_screenshot writes: the caller's path, or a runtime-managed file in the screenshot directory.
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/** Characters kept from a commandId in a managed file name; anything else (e.g. '/', ':') becomes '_'. */
const UNSAFE_NAME_CHARACTERS = /[^A-Za-z0-9._-]/g;

/** `<directory>/androperator-screenshot-<commandId>-<epochMs>.png`, with the commandId made file-name safe. */
export function managedScreenshotPath(directory: string, commandId: string, epochMs: number): string {
  const name = commandId.replace(UNSAFE_NAME_CHARACTERS, '_');
  return join(directory, `androperator-screenshot-${name}-${epochMs}.png`);
}

export interface ScreenshotPathContext {
  commandId: string;
  epochMs: number;
  /** Directory of managed paths; default os.tmpdir(). */
  screenshotDirectory?: string;
  /** Base of a relative caller path; default process.cwd(). */
  cwd?: string;
}

/** The absolute file a take_screenshot step writes. */
export function screenshotPathFor(requested: string | undefined, context: ScreenshotPathContext): string {
  if (requested === undefined)
    return managedScreenshotPath(context.screenshotDirectory ?? tmpdir(), context.commandId, context.epochMs);
  return isAbsolute(requested) ? requested : resolve(context.cwd ?? process.cwd(), requested);
}
