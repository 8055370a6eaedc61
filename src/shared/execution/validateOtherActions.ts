// Params of clear_on_screen_log, snapshot and take_screenshot (reference sections 2 and 8).
import { isRecord } from '../schema/parse';
import { detailedIssue, type DetailedIssue } from './issues';
import { SCREENSHOT_SCALES } from './limits';
import { isWhitespaceOnly } from './text';
import type { ScreenshotScale, TakeScreenshotParams } from './types';

/** clear_on_screen_log and snapshot take omitted params or exactly {}; the canonical output omits params. */
export function emptyParamsIssue(
  type: 'clear_on_screen_log' | 'snapshot',
  params: unknown,
): DetailedIssue | null {
  if (params === undefined) return null;
  const keys = isRecord(params) ? Object.keys(params).filter((key) => params[key] !== undefined) : undefined;
  if (keys?.length === 0) return null;
  const rule = 'accepts omitted params or {} only';
  return detailedIssue('params', 'params', `${type} ${rule}`, rule, keys);
}

/** Input keys that all mean take_screenshot's `path`. */
export const SCREENSHOT_PATH_KEYS = ['path', 'file', 'filePath', 'output_path'] as const;

const PATH_KEY_SET: ReadonlySet<string> = new Set(SCREENSHOT_PATH_KEYS);

function screenshotIssue(key: string, rule: string, invalidKeys?: string[]): DetailedIssue {
  const path = key === '' ? 'params' : `params.${key}`;
  return detailedIssue(
    path,
    key === '' ? 'params' : key,
    `take_screenshot ${path} ${rule}`,
    rule,
    invalidKeys,
  );
}

/**
 * take_screenshot params: optional path (non-blank string, input aliases file/filePath/output_path) and scale
 * (100|50|25). Returns the canonical params (undefined when empty) or the first issue.
 */
export function inspectScreenshotParams(
  params: unknown,
): { ok: true; params: TakeScreenshotParams | undefined } | { ok: false; issue: DetailedIssue } {
  if (params === undefined) return { ok: true, params: undefined };
  if (!isRecord(params)) return { ok: false, issue: screenshotIssue('', 'must be a JSON object') };
  const pathKeys: string[] = [];
  const unknownKeys: string[] = [];
  let scale: unknown;
  for (const key of Object.keys(params)) {
    if (params[key] === undefined) continue; // absent, as in JSON text
    if (key === 'scale') scale = params[key];
    else if (PATH_KEY_SET.has(key)) pathKeys.push(key);
    else unknownKeys.push(key);
  }
  if (unknownKeys.length > 0) {
    const issue = screenshotIssue('', `contains unknown key(s): ${unknownKeys.join(', ')}`, unknownKeys);
    return { ok: false, issue };
  }
  const [pathKey, otherPathKey] = pathKeys;
  if (pathKey !== undefined && otherPathKey !== undefined) {
    const rule = `conflicts with params.${pathKey}; supply only one path key`;
    return { ok: false, issue: screenshotIssue(otherPathKey, rule) };
  }
  const out: TakeScreenshotParams = {};
  if (pathKey !== undefined) {
    const path = params[pathKey];
    if (typeof path !== 'string' || isWhitespaceOnly(path)) {
      return { ok: false, issue: screenshotIssue(pathKey, 'must be a non-blank string') };
    }
    out.path = path;
  }
  if (scale !== undefined) {
    if (!SCREENSHOT_SCALES.includes(scale as ScreenshotScale)) {
      return { ok: false, issue: screenshotIssue('scale', `must be one of ${SCREENSHOT_SCALES.join(', ')}`) };
    }
    out.scale = scale as ScreenshotScale;
  }
  return { ok: true, params: out.path === undefined && out.scale === undefined ? undefined : out };
}
