// The logcat viewer's filter query, in Android Studio's habits: `tag:`, `package:`, `level:`, `message:`, `pid:`,
// `-key:` negation, `age:5m`, `is:crash`, and bare words (message contains). Parse errors are values, never thrown.
import type { LogEntry, LogPriority } from './entry';
import { LOG_PRIORITIES } from './entry';

export type QueryKey = 'tag' | 'package' | 'level' | 'message' | 'pid';

export type QueryTerm =
  | { kind: 'field'; key: QueryKey; value: string; negated: boolean }
  | { kind: 'level'; priority: LogPriority; negated: boolean }
  | { kind: 'pid'; pid: number; negated: boolean }
  | { kind: 'age'; ms: number }
  | { kind: 'crash'; negated: boolean };

export interface QueryError {
  /** The offending token, as typed. */
  token: string;
  /** Where it starts in the query text. */
  offset: number;
  message: string;
}

export interface LogQuery {
  terms: QueryTerm[];
  errors: QueryError[];
}

/** What a line is matched against: the entry plus the package its pid belongs to, when known. */
export interface QueryContext {
  /** pid -> package (from the device's process list); unknown pids never match `package:`. */
  packageOf(pid: number): string | undefined;
  /** The time to measure `age:` from (the device clock when known). */
  nowMs: number;
}

const KEYS: readonly string[] = ['tag', 'package', 'level', 'message', 'pid', 'age', 'is'];
const AGE_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Splits on whitespace, keeping double-quoted values (`message:"two words"`) together. */
function tokenize(text: string): { token: string; offset: number }[] {
  const tokens: { token: string; offset: number }[] = [];
  const pattern = /(?:[^\s"]+|"[^"]*"?)+/g;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text))
    tokens.push({ token: match[0], offset: match.index });
  return tokens;
}

function unquote(value: string): string {
  return value.replace(/"/g, '');
}

/** Parses `text` into terms; each malformed token becomes an error that says what to write instead. */
export function parseLogQuery(text: string): LogQuery {
  const terms: QueryTerm[] = [];
  const errors: QueryError[] = [];
  for (const { token, offset } of tokenize(text)) {
    const negated = token.startsWith('-') && token.length > 1;
    const body = negated ? token.slice(1) : token;
    const colon = body.indexOf(':');
    const key = colon > 0 ? body.slice(0, colon) : '';
    if (colon <= 0 || !KEYS.includes(key)) {
      terms.push({ kind: 'field', key: 'message', value: unquote(body), negated });
      continue;
    }
    const value = unquote(body.slice(colon + 1));
    const error = (message: string): void => {
      errors.push({ token, offset, message });
    };
    if (value === '') {
      error(`${key}: needs a value, e.g. ${key === 'age' ? 'age:5m' : `${key}:something`}`);
      continue;
    }
    if (key === 'level') {
      const priority = value[0]?.toUpperCase() as LogPriority;
      if (!LOG_PRIORITIES.includes(priority) || !/^[a-z]+$/i.test(value))
        error(`level: must be one of V, D, I, W, E, F (or verbose, debug, info, warn, error, fatal)`);
      else terms.push({ kind: 'level', priority, negated });
    } else if (key === 'pid') {
      if (!/^\d{1,7}$/.test(value)) error('pid: must be a process id, e.g. pid:1234');
      else terms.push({ kind: 'pid', pid: Number(value), negated });
    } else if (key === 'age') {
      const match = /^(\d{1,6})([smhd])$/.exec(value);
      if (match === null || negated || Number(match[1]) === 0)
        error('age: must be a positive count with s, m, h or d (e.g. age:30s, age:5m), without a minus');
      else terms.push({ kind: 'age', ms: Number(match[1]) * (AGE_UNITS[match[2] ?? 's'] ?? 1000) });
    } else if (key === 'is') {
      if (value !== 'crash') error('is: supports is:crash');
      else terms.push({ kind: 'crash', negated });
    } else {
      terms.push({ kind: 'field', key: key as QueryKey, value, negated });
    }
  }
  return { terms, errors };
}

/** Whether the entry is part of a crash report (Java, native or ANR). */
export function isCrashEntry(entry: LogEntry): boolean {
  if (entry.tag === 'AndroidRuntime' && entry.priority === 'E') return true;
  if (entry.tag === 'DEBUG' && entry.priority === 'F') return true;
  if (entry.tag === 'libc' && entry.priority === 'F') return true;
  return entry.priority === 'E' && (entry.tag === 'ActivityManager' || entry.tag === 'ActivityTaskManager')
    ? /\bANR in\b/.test(entry.message)
    : false;
}

function fieldMatches(
  term: Extract<QueryTerm, { kind: 'field' }>,
  entry: LogEntry,
  context: QueryContext,
): boolean {
  const needle = term.value.toLowerCase();
  if (term.key === 'tag') return entry.tag.toLowerCase().includes(needle);
  if (term.key === 'message') return entry.message.toLowerCase().includes(needle);
  if (term.key === 'package') return (context.packageOf(entry.pid) ?? '').toLowerCase().includes(needle);
  return false;
}

function termMatches(term: QueryTerm, entry: LogEntry, context: QueryContext): boolean {
  switch (term.kind) {
    case 'field':
      return fieldMatches(term, entry, context) !== term.negated;
    case 'level': {
      // Android Studio: level:W shows W and above; -level:W hides W and above.
      const atLeast = LOG_PRIORITIES.indexOf(entry.priority) >= LOG_PRIORITIES.indexOf(term.priority);
      return atLeast !== term.negated;
    }
    case 'pid':
      return (entry.pid === term.pid) !== term.negated;
    case 'age':
      return entry.epoch_ms === null || context.nowMs - entry.epoch_ms <= term.ms;
    case 'crash':
      return isCrashEntry(entry) !== term.negated;
  }
}

/**
 * Whether `entry` passes the query: positive terms of the same key are alternatives (tag:A tag:B = A or B), keys
 * and negations all apply (and). Malformed tokens are ignored (shown as errors, not matched).
 */
export function matchesLogQuery(query: LogQuery, entry: LogEntry, context: QueryContext): boolean {
  const alternatives = new Map<string, boolean>();
  for (const term of query.terms) {
    const matched = termMatches(term, entry, context);
    const negated = 'negated' in term && term.negated;
    if (negated || term.kind === 'age') {
      if (!matched) return false;
      continue;
    }
    const group = term.kind === 'field' ? term.key : term.kind;
    alternatives.set(group, (alternatives.get(group) ?? false) || matched);
  }
  for (const matched of alternatives.values()) if (!matched) return false;
  return true;
}

/** The packages the query names positively (the main side resolves them to pids). */
export function queriedPackages(query: LogQuery): string[] {
  return query.terms.flatMap((term) =>
    term.kind === 'field' && term.key === 'package' && !term.negated ? [term.value] : [],
  );
}
