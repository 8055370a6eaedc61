// The Screen view's read-only queries: screen:find (the one node with an exact text or description and/or exact
// bounds, chosen by the same selection as android.tap_text / tap_node, target.ts, in a complete tree) and
// screen:waitText / screen:cancelWait (android.wait_text with a signal the console can abort, so Cancel ends the
// poll itself, not only the wait for its answer). docs/ui-loop.md "Console Screen view".
import { fail, ok, type Result } from '../../shared/errors';
import type { ConsoleApi } from '../../shared/api/contract';
import type {
  ScreenFindAnswer,
  ScreenNode,
  ScreenTreeAnswer,
  ScreenWaitAnswer,
} from '../../shared/api/screenSchemas';
import type { UiSourceChoice } from '../../shared/ui/uiArguments';
import type { Approver } from '../approval/approval';
import { runTool } from '../android/runTool';
import { selectTarget } from '../ui/actions/target';
import { interestingNodes, navigationSummary } from '../ui/inspect';
import { waitText } from '../ui/tools';
import type { UiNode, UiTree } from '../ui/uiTree';
import type { ResolvedDependencies } from './dependencies';

/** A tree as inspect_android_ui (full) answers it: the UiTree plus why the Operator was not used. */
export interface InspectAnswer extends UiTree {
  fallback_reason: string | null;
}

/** A node as the Screen view shows it: the shared fields, without the Operator's hashes. */
export function screenNodeOf(node: UiNode): ScreenNode {
  return {
    index: node.index,
    parent: node.parent,
    depth: node.depth,
    package: node.package,
    class: node.class,
    resource_id: node.resource_id,
    text: node.text,
    content_description: node.content_description,
    bounds: node.bounds,
    clickable: node.clickable,
    focused: node.focused,
    focusable: node.focusable,
    selected: node.selected,
    enabled: node.enabled,
    scrollable: node.scrollable,
  };
}

/** screen:tree's answer for a tree read now. */
export function treeAnswerOf(
  serial: string,
  tree: InspectAnswer,
  television: boolean | null,
  takenAt: string,
): ScreenTreeAnswer {
  const summary = navigationSummary(tree, interestingNodes(tree));
  return {
    serial,
    source: tree.source,
    status: tree.status,
    truncated: tree.truncated,
    complete: summary.complete,
    node_count: tree.node_count,
    nodes: tree.nodes.map(screenNodeOf),
    focused: summary.focused,
    fallback_reason: tree.fallback_reason,
    duration_ms: tree.duration_ms,
    television,
    takenAt,
  };
}

/**
 * The one node `query` names in `tree`: by text (exact text or description, as android.tap_text) or bounds (as
 * android.tap_node) with selectTarget's refusals (UI_TREE_INCOMPLETE, UI_TARGET_NOT_FOUND, UI_TARGET_AMBIGUOUS,
 * each with its hint); both given: the text among the nodes with exactly those bounds.
 */
export function findTarget(tree: UiTree, query: { text?: string; bounds?: string }): Result<UiNode> {
  const { text, bounds } = query;
  if (text === undefined && bounds === undefined)
    return fail('INVALID_ARGUMENTS', 'give text (exact text or description), bounds, or both');
  if (text === undefined) {
    const selected = selectTarget(tree, { bounds: bounds! });
    return selected.ok ? ok(selected.value.node) : selected;
  }
  const scoped =
    bounds === undefined ? tree : { ...tree, nodes: tree.nodes.filter((n) => n.bounds === bounds) };
  const selected = selectTarget(scoped, { text });
  if (selected.ok) return ok(selected.value.node);
  if (bounds === undefined || selected.error.code === 'UI_TREE_INCOMPLETE') return selected;
  return {
    ok: false,
    error: {
      ...selected.error,
      message: `${selected.error.message} within bounds ${bounds}`,
      details: { ...selected.error.details, query: { text, bounds } },
    },
  };
}

/** The user's own read: nothing to approve. */
const READ_ONLY: Approver = () => Promise.resolve(ok(undefined));

export interface QueryPorts {
  /** The tree as screen:tree reads it (inspect_android_ui full, from `source`). */
  readTree(serial: string, source: UiSourceChoice): Promise<Result<InspectAnswer>>;
  isTelevision(serial: string): Promise<boolean | null>;
}

export function screenQueries(
  dependencies: Pick<ResolvedDependencies, 'hub' | 'clock'>,
  ports: QueryPorts,
): Pick<ConsoleApi, 'screen:find' | 'screen:waitText' | 'screen:cancelWait'> {
  const { hub, clock } = dependencies;
  /** Waits in flight by wait_id: what stops each poll, and its answer (settled once the poll ended). */
  const waits = new Map<string, { controller: AbortController; settled: Promise<unknown> }>();
  return {
    'screen:find': async ({ serial, text, bounds }) => {
      const [read, television] = await Promise.all([
        ports.readTree(serial, 'auto'),
        ports.isTelevision(serial),
      ]);
      if (!read.ok) return read;
      const found = findTarget(read.value, {
        ...(text === undefined ? {} : { text }),
        ...(bounds === undefined ? {} : { bounds }),
      });
      if (!found.ok) return found;
      const answer: ScreenFindAnswer = {
        serial,
        query: { text: text ?? null, bounds: bounds ?? null },
        node: screenNodeOf(found.value),
        tree: treeAnswerOf(serial, read.value, television, new Date(clock.now()).toISOString()),
      };
      return ok(answer);
    },
    'screen:waitText': async ({ serial, text, timeout_ms: timeoutMs, wait_id: waitId }) => {
      if (waits.has(waitId))
        return fail(
          'INVALID_ARGUMENTS',
          `screen:waitText: wait_id ${waitId} is already waiting; pick a new one`,
          {
            field: 'wait_id',
          },
        );
      const controller = new AbortController();
      const started = clock.now();
      const running = runTool(waitText, {
        arguments: { device: serial, text, ...(timeoutMs === undefined ? {} : { timeout_ms: timeoutMs }) },
        resolver: hub,
        approve: READ_ONLY,
        signal: controller.signal,
        now: () => clock.now(),
      });
      waits.set(waitId, { controller, settled: running });
      const result = await running.finally(() => waits.delete(waitId));
      // A read cut by the abort fails as that read: the wait as a whole was cancelled, whatever it made of that.
      if (controller.signal.aborted)
        return fail('COMMAND_CANCELLED', `screen:waitText: the wait for '${text}' was cancelled`, {
          wait_id: waitId,
          text,
          elapsed_ms: clock.now() - started,
        });
      if (!result.ok) return result;
      const value = result.value as {
        source: UiTree['source'];
        polls: number;
        elapsed_ms: number;
        matches: UiNode[];
      };
      const node = value.matches[0];
      if (node === undefined)
        return fail('INTERNAL_ERROR', 'android.wait_text answered found without a matching node');
      const answer: ScreenWaitAnswer = {
        serial,
        text,
        source: value.source,
        polls: value.polls,
        elapsed_ms: value.elapsed_ms,
        node: screenNodeOf(node),
      };
      return ok(answer);
    },
    'screen:cancelWait': async ({ wait_id: waitId }) => {
      const wait = waits.get(waitId);
      if (wait === undefined) return ok({ cancelled: false });
      wait.controller.abort();
      await wait.settled;
      return ok({ cancelled: true });
    },
  };
}
