// Postconditions of a UI action (the seed's `verification`): read-only observation after the action, polled about
// every 300 ms within timeout_ms. Each check reports only what was observed: verified, not_verified or unknown
// (nothing complete to judge by), with the evidence. Never replays or undoes the action; never scrolls.
// timeout_ms bounds the baseline collection and the observation each: every read gets only the budget left, and a
// read still in flight when the budget ends is abandoned (the observation is then incomplete): it is cancelled (an
// Operator request's agent stream is closed, so its late answer reaches nobody) and waited for until it has closed.
import { createHash } from 'node:crypto';
import type { Result } from '../../../shared/errors';
import { isPackageName } from '../../../shared/android/packageName';
import { DEFAULT_VERIFY_TIMEOUT_MS, type Verification } from '../../../shared/ui/actionArguments';
import { isCompleteTree, type UiNode, type UiTree } from '../uiTree';
import { describeNode, labelMatches } from './target';

export const VERIFY_POLL_MS = 300;

/** The focused window's owner as `dumpsys window` shows it (mCurrentFocus). */
export interface Foreground {
  package: string | null;
  component: string | null;
  line: string | null;
}

/** What observation needs from a device: read-only reads, a clock and a cancellable sleep. */
export interface ObservePorts {
  /**
   * Reads the tree; `budgetMs` bounds the device commands of this read (the observation also stops waiting), and
   * `signal` cancels it: the read then closes what it opened (an Operator request's stream) before it answers.
   */
  readTree(budgetMs?: number, signal?: AbortSignal): Promise<Result<UiTree>>;
  foreground(budgetMs?: number, signal?: AbortSignal): Promise<Result<Foreground>>;
  /** The call's cancellation; a read in flight is cancelled with it. */
  signal?: AbortSignal;
  now(): number;
  /** Resolves after ms, or at once when the call is cancelled. */
  sleep(ms: number): Promise<void>;
  aborted(): boolean;
}

export type CheckStatus = 'verified' | 'not_verified' | 'unknown';

export interface CheckResult {
  name: 'verify_change' | 'expected_package' | 'text_present' | 'text_absent';
  expected: string | boolean;
  status: CheckStatus;
  /** What was observed (digests, the foreground, matching nodes) or why nothing could be. */
  evidence: Record<string, unknown>;
}

export interface VerificationResult {
  passed: boolean;
  /** null: not requested or not observable; else whether the complete tree differs from the baseline. */
  ui_changed: boolean | null;
  /** null: no package/text check requested, or one could not be observed and none failed. */
  expectation_met: boolean | null;
  checks: CheckResult[];
  /**
   * True only when the last observation read a complete UI tree; null when no requested check reads the tree (a
   * package-only check reads the focused window), so it claims nothing either way.
   */
  observation_complete: boolean | null;
  /** The focused node's text in the last complete tree (what a text field holds after input), if any. */
  focused_text: string | null;
  polls: number;
  elapsed_ms: number;
  timeout_ms: number;
  /** The last read error, when a read failed. */
  read_error: string | null;
  /** True when a read was still in flight at the end of timeout_ms and was abandoned (the observation is incomplete). */
  read_abandoned: boolean;
  /**
   * An abandoned read is cancelled: true when it had closed (its Operator stream closed, its commands ended) before
   * this answer, false when it had not within 2 s; null when no read was abandoned.
   */
  read_closed: boolean | null;
  /** How long the abandoned read took to close after it was cancelled (ms); null when none was abandoned. */
  read_close_ms: number | null;
}

/** A read that did not finish within the budget left: abandoned (cancelled, its answer ignored). */
const ABANDONED = Symbol('abandoned');

/** How long an abandoned read may take to close after it is cancelled before the answer stops waiting for it. */
export const READ_CLOSE_WAIT_MS = 2000;

interface Budgeted<T> {
  value: T | typeof ABANDONED;
  /** For an abandoned read that had started: whether it closed after the cancel, and how long that took. */
  closed: boolean | null;
  closeMs: number | null;
}

/**
 * The read's answer, or ABANDONED when `budgetMs` (wall clock) ends first. The read gets a signal that aborts at
 * the budget (or with the call): an abandoned read is cancelled and waited for until it has closed (at most
 * READ_CLOSE_WAIT_MS), so nothing of it is left running or answering after this returns.
 */
async function withinBudget<T>(
  read: (signal: AbortSignal) => Promise<T>,
  budgetMs: number,
  callSignal: AbortSignal | undefined,
): Promise<Budgeted<T>> {
  if (budgetMs <= 0) return { value: ABANDONED, closed: null, closeMs: null };
  const cancel = new AbortController();
  const signal = callSignal === undefined ? cancel.signal : AbortSignal.any([cancel.signal, callSignal]);
  const pending = read(signal);
  // A cancelled read may still fail: its failure is not the answer.
  const settled = pending.then(
    () => true,
    () => true,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ended = new Promise<typeof ABANDONED>((resolve) => {
    timer = setTimeout(() => resolve(ABANDONED), budgetMs);
  });
  let value: T | typeof ABANDONED;
  try {
    value = await Promise.race([pending, ended]);
  } finally {
    clearTimeout(timer);
  }
  if (value !== ABANDONED) return { value, closed: null, closeMs: null };
  cancel.abort();
  const cancelledAt = Date.now();
  let wait: ReturnType<typeof setTimeout> | undefined;
  const closed = await Promise.race([
    settled,
    new Promise<false>((resolve) => {
      wait = setTimeout(() => resolve(false), READ_CLOSE_WAIT_MS);
    }),
  ]);
  clearTimeout(wait);
  return { value: ABANDONED, closed, closeMs: Date.now() - cancelledAt };
}

function abandonedWhy(what: string, timeoutMs: number): string {
  return `the ${what} read did not finish within timeout_ms (${timeoutMs} ms) and was abandoned`;
}

/** A digest of what the user can see of a tree: node identities, labels, bounds and state flags. */
export function treeDigest(tree: UiTree): string {
  const rows = tree.nodes.map((node) => [
    node.parent,
    node.package,
    node.class,
    node.resource_id,
    node.text,
    node.text_hash ?? null,
    node.content_description,
    node.description_hash ?? null,
    node.bounds,
    node.focused,
    node.selected,
    node.enabled,
  ]);
  return createHash('sha256').update(JSON.stringify(rows)).digest('base64url').slice(0, 22);
}

/** `Window{hash u0 pkg/cls}` -> the package and component; nulls when nothing (or no package) is focused. */
export function parseFocusLine(line: string | null): Foreground {
  const match = line === null ? null : /\bu\d+\s+([A-Za-z0-9._]+)(?:\/([A-Za-z0-9._$]+))?/.exec(line);
  // A window titled without a package (NotificationShade, a toast) names no owner we can compare.
  if (match === null || !isPackageName(match[1]!)) return { package: null, component: null, line };
  const component = match[2] === undefined ? null : `${match[1]!}/${match[2]}`;
  return { package: match[1]!, component, line };
}

function labelled(tree: UiTree, text: string): UiNode[] {
  return tree.nodes.filter(
    (node) =>
      labelMatches(node.text, node.text_hash, text) ||
      labelMatches(node.content_description, node.description_hash, text),
  );
}

/** Reads until a complete tree comes back within timeoutMs (the baseline for verify_change). */
export async function collectBaseline(
  ports: ObservePorts,
  timeoutMs: number,
): Promise<{ tree: UiTree | null; why: string }> {
  const started = ports.now();
  let why = 'no read finished';
  for (;;) {
    const left = timeoutMs - (ports.now() - started);
    const budgeted = await withinBudget((signal) => ports.readTree(left, signal), left, ports.signal);
    const read = budgeted.value;
    if (read === ABANDONED) return { tree: null, why: abandonedWhy('UI tree', timeoutMs) };
    if (read.ok && isCompleteTree(read.value)) return { tree: read.value, why: '' };
    why = read.ok
      ? `the tree was ${read.value.truncated ? 'truncated' : read.value.status}`
      : read.error.message;
    if (ports.aborted() || ports.now() - started + VERIFY_POLL_MS > timeoutMs) return { tree: null, why };
    await ports.sleep(VERIFY_POLL_MS);
  }
}

interface Observation {
  tree: UiTree | null;
  foreground: Foreground | null;
  error: string | null;
  abandoned: boolean;
  closed: boolean | null;
  closeMs: number | null;
}

async function observeOnce(
  ports: ObservePorts,
  wanted: Verification,
  budgetMs: number,
  timeoutMs: number,
): Promise<Observation> {
  const needsTree =
    wanted.verify_change === true || wanted.text_present !== undefined || wanted.text_absent !== undefined;
  const none = { value: null, closed: null, closeMs: null };
  const [treeRead, foregroundRead] = await Promise.all([
    needsTree
      ? withinBudget((signal) => ports.readTree(budgetMs, signal), budgetMs, ports.signal)
      : Promise.resolve(none),
    wanted.expected_package === undefined
      ? Promise.resolve(none)
      : withinBudget((signal) => ports.foreground(budgetMs, signal), budgetMs, ports.signal),
  ]);
  const tree = treeRead.value;
  const foreground = foregroundRead.value;
  const cut = [treeRead, foregroundRead].filter((read) => read.closed !== null);
  const errors: string[] = [];
  if (tree === ABANDONED) errors.push(abandonedWhy('UI tree', timeoutMs));
  else if (tree !== null && !tree.ok) errors.push(tree.error.message);
  if (foreground === ABANDONED) errors.push(abandonedWhy('focused window', timeoutMs));
  else if (foreground !== null && !foreground.ok) errors.push(foreground.error.message);
  return {
    tree: tree !== null && tree !== ABANDONED && tree.ok ? tree.value : null,
    foreground: foreground !== null && foreground !== ABANDONED && foreground.ok ? foreground.value : null,
    error: errors.length === 0 ? null : errors.join('; '),
    abandoned: tree === ABANDONED || foreground === ABANDONED,
    closed: cut.length === 0 ? null : cut.every((read) => read.closed === true),
    closeMs: cut.length === 0 ? null : Math.max(...cut.map((read) => read.closeMs ?? 0)),
  };
}

function judge(wanted: Verification, baseline: UiTree | null, seen: Observation): CheckResult[] {
  const complete = seen.tree !== null && isCompleteTree(seen.tree) ? seen.tree : null;
  const incomplete = {
    reason:
      seen.tree === null
        ? `no tree was read${seen.error === null ? '' : `: ${seen.error}`}`
        : `the tree was ${seen.tree.truncated ? 'truncated' : seen.tree.status}, so it cannot show this`,
  };
  const checks: CheckResult[] = [];
  if (wanted.verify_change === true) {
    const before = baseline === null ? null : treeDigest(baseline);
    const after = complete === null ? null : treeDigest(complete);
    checks.push({
      name: 'verify_change',
      expected: true,
      status: before === null || after === null ? 'unknown' : before !== after ? 'verified' : 'not_verified',
      evidence: after === null ? incomplete : { baseline_digest: before, observed_digest: after },
    });
  }
  if (wanted.expected_package !== undefined) {
    const seenPackage = seen.foreground;
    checks.push({
      name: 'expected_package',
      expected: wanted.expected_package,
      status:
        seenPackage === null
          ? 'unknown'
          : seenPackage.package === wanted.expected_package
            ? 'verified'
            : 'not_verified',
      evidence:
        seenPackage === null
          ? { reason: `the focused window was not read${seen.error === null ? '' : `: ${seen.error}`}` }
          : {
              focused_package: seenPackage.package,
              focused_component: seenPackage.component,
              focus_line: seenPackage.line,
            },
    });
  }
  for (const [name, text] of [
    ['text_present', wanted.text_present],
    ['text_absent', wanted.text_absent],
  ] as const) {
    if (text === undefined) continue;
    const found = complete === null ? [] : labelled(complete, text);
    const present = found.length > 0;
    checks.push({
      name,
      expected: text,
      status:
        complete === null ? 'unknown' : present === (name === 'text_present') ? 'verified' : 'not_verified',
      evidence:
        complete === null
          ? incomplete
          : { matches: found.slice(0, 5).map(describeNode), match_count: found.length },
    });
  }
  return checks;
}

function summarise(
  checks: CheckResult[],
  seen: Observation,
  extra: { polls: number; elapsed_ms: number; timeout_ms: number },
): VerificationResult {
  const change = checks.find((check) => check.name === 'verify_change');
  const expectations = checks.filter((check) => check.name !== 'verify_change');
  const complete = seen.tree !== null && isCompleteTree(seen.tree) ? seen.tree : null;
  return {
    passed: checks.every((check) => check.status === 'verified'),
    ui_changed: change === undefined || change.status === 'unknown' ? null : change.status === 'verified',
    expectation_met:
      expectations.length === 0
        ? null
        : expectations.some((check) => check.status === 'not_verified')
          ? false
          : expectations.every((check) => check.status === 'verified')
            ? true
            : null,
    checks,
    observation_complete: checks.every((check) => check.name === 'expected_package')
      ? null
      : complete !== null,
    focused_text: complete?.nodes.find((node) => node.focused === true)?.text ?? null,
    read_error: seen.error,
    read_abandoned: seen.abandoned,
    read_closed: seen.closed,
    read_close_ms: seen.closeMs,
    ...extra,
  };
}

/** Polls until every requested check is verified or the budget is spent; the last observation is the answer. */
export async function observeAfterAction(
  ports: ObservePorts,
  wanted: Verification,
  baseline: UiTree | null,
): Promise<VerificationResult> {
  const timeoutMs = wanted.timeout_ms ?? DEFAULT_VERIFY_TIMEOUT_MS;
  const started = ports.now();
  for (let polls = 1; ; polls++) {
    const seen = await observeOnce(ports, wanted, timeoutMs - (ports.now() - started), timeoutMs);
    const checks = judge(wanted, baseline, seen);
    const elapsed = ports.now() - started;
    const done =
      checks.every((check) => check.status === 'verified') ||
      seen.abandoned ||
      ports.aborted() ||
      elapsed + VERIFY_POLL_MS > timeoutMs;
    if (done) return summarise(checks, seen, { polls, elapsed_ms: elapsed, timeout_ms: timeoutMs });
    await ports.sleep(VERIFY_POLL_MS);
  }
}
