// Where take_screenshot writes: a caller-selected absolute `.png` path that passes the rules below, or a
// runtime-managed file in the screenshot directory.
import { lstat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fail, ok, type Result } from '../../shared/errors';
import type { Execution } from '../../shared/execution/types';

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
}

/** The file a take_screenshot step writes: the caller's path as given, or a managed one. */
export function screenshotPathFor(requested: string | undefined, context: ScreenshotPathContext): string {
  return (
    requested ??
    managedScreenshotPath(context.screenshotDirectory ?? tmpdir(), context.commandId, context.epochMs)
  );
}

/** Why a caller's path is refused (details.reason of INVALID_PATH). */
export type ScreenshotPathProblem =
  'not_absolute' | 'dot_segment' | 'not_png' | 'nul' | 'symlink' | 'not_a_file' | 'exists';

/** How a caller asks to replace an existing file, on each surface. */
const OVERWRITE_HINT = 'pass overwrite: true (CLI: --overwrite) to replace it, or choose another file name';

function refused(path: string, reason: ScreenshotPathProblem, rule: string): Result<never> {
  return fail('INVALID_PATH', `take_screenshot path ${JSON.stringify(path)} ${rule}`, { path, reason });
}

/** Segments of a path as the platform separates them (Windows accepts both slashes). */
function segmentsOf(path: string): string[] {
  return path.split(process.platform === 'win32' ? /[\\/]/ : '/');
}

/**
 * The rules a caller-selected path meets without touching the file system: absolute (a server's working
 * directory is nobody's choice), no `.` or `..` segment, ends in `.png`, no NUL.
 */
export function checkScreenshotPathSyntax(path: string): Result<string> {
  if (path.includes('\u0000')) return refused(path, 'nul', 'must not contain NUL');
  if (!isAbsolute(path))
    return refused(
      path,
      'not_absolute',
      'must be an absolute path ending in .png (relative paths are refused)',
    );
  if (segmentsOf(path).some((segment) => segment === '.' || segment === '..'))
    return refused(path, 'dot_segment', 'must not contain . or .. segments');
  if (!/\.png$/i.test(path)) return refused(path, 'not_png', 'must end in .png');
  return ok(path);
}

/**
 * The rules that need the file system: the final component is not a symbolic link (even with `overwrite`: the
 * link, not its target, would be replaced), and an existing entry is refused unless `overwrite` is set and it is a
 * regular file. Other lstat failures are left to the write, which reports them.
 */
export async function checkScreenshotTarget(path: string, overwrite: boolean): Promise<Result<void>> {
  let info;
  try {
    info = await lstat(path);
  } catch {
    // Absent (ENOENT) is the usual case; anything else (a missing folder, no permission) the write reports.
    return ok(undefined);
  }
  if (info.isSymbolicLink())
    return refused(
      path,
      'symlink',
      'is a symbolic link; screenshots are never written through or over links',
    );
  if (!info.isFile()) return refused(path, 'not_a_file', 'exists and is not a regular file');
  if (!overwrite) return refused(path, 'exists', `already exists; ${OVERWRITE_HINT}`);
  return ok(undefined);
}

/** Checks a caller-selected path by every rule; the path itself on success. */
export async function checkCallerScreenshotPath(path: string, overwrite: boolean): Promise<Result<string>> {
  const syntax = checkScreenshotPathSyntax(path);
  if (!syntax.ok) return syntax;
  const target = await checkScreenshotTarget(path, overwrite);
  return target.ok ? syntax : target;
}

/** Every caller path of the execution's take_screenshot steps, checked before anything reaches the device. */
export async function checkExecutionScreenshotPaths(
  execution: Execution,
  overwrite: boolean,
): Promise<Result<void>> {
  for (const action of execution.actions) {
    if (action.type !== 'take_screenshot' || action.params?.path === undefined) continue;
    const checked = await checkCallerScreenshotPath(action.params.path, overwrite);
    if (!checked.ok) return checked;
  }
  return ok(undefined);
}
