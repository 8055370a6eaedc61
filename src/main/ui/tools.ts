// The read-only UI tools: android.screen_dump, inspect_android_ui, android.find_node, android.wait_text
// (CLI `androperator ui <verb>`). They only read: uiautomator's temp file is removed by the command's own trap.
import { setTimeout as sleep } from 'node:timers/promises';
import { fail, ok } from '../../shared/errors';
import {
  FIND_NODE_ARGUMENTS,
  INSPECT_UI_ARGUMENTS,
  SCREEN_DUMP_ARGUMENTS,
  UI_DEFAULT_MAX_NODES,
  WAIT_TEXT_ARGUMENTS,
} from '../../shared/ui/uiArguments';
import { defineTool } from '../android/tool';
import { findNodes, textPresent } from './find';
import { interestingNodes, navigationSummary } from './inspect';
import { readTree } from './readTree';
import { isCompleteTree } from './uiTree';

const POLL_MS = 300;

export const screenDump = defineTool({
  name: 'android.screen_dump',
  cli: { command: 'ui', verb: 'dump' },
  description:
    "Returns the screen's UI tree (status, node_count, truncated, mode, source) from the Operator when its service " +
    'answers, else uiautomator. Read-only. A partial or truncated tree is returned as such.',
  risk: 'read_only',
  arguments: SCREEN_DUMP_ARGUMENTS,
  async run(context, args) {
    const read = await readTree(context, args.source ?? 'auto', args.max_nodes ?? UI_DEFAULT_MAX_NODES);
    if (!read.ok) return read;
    return ok({ kind: 'screen_dump', ...read.value.tree, fallback_reason: read.value.fallback_reason });
  },
});

export const inspectUi = defineTool({
  name: 'inspect_android_ui',
  cli: { command: 'ui', verb: 'inspect' },
  description:
    'Bounds-validated view of the UI: compact by default (labelled, focusable or actionable nodes, with a TV focus ' +
    '`navigation` summary first), `full: true` for all nodes. Read-only.',
  risk: 'read_only',
  arguments: INSPECT_UI_ARGUMENTS,
  async run(context, args) {
    const read = await readTree(context, args.source ?? 'auto', args.max_nodes ?? UI_DEFAULT_MAX_NODES);
    if (!read.ok) return read;
    const { tree, fallback_reason } = read.value;
    const { nodes: all, ...meta } = tree;
    if (args.full === true)
      return ok({ kind: 'inspect_ui', view: 'full', ...meta, fallback_reason, nodes: all });
    const nodes = interestingNodes(tree);
    return ok({
      kind: 'inspect_ui',
      view: 'compact',
      ...meta,
      fallback_reason,
      navigation: navigationSummary(tree, nodes),
      shown_count: nodes.length,
      nodes,
    });
  },
});

export const findNode = defineTool({
  name: 'android.find_node',
  cli: { command: 'ui', verb: 'find' },
  description:
    'Finds nodes by exact text, content description, resource id and/or bounds: unique, ambiguous or not_found. ' +
    'Only a complete tree can prove a unique target (proves_unique). Read-only.',
  risk: 'read_only',
  arguments: FIND_NODE_ARGUMENTS,
  async run(context, args) {
    const read = await readTree(context, args.source ?? 'auto', args.max_nodes ?? UI_DEFAULT_MAX_NODES);
    if (!read.ok) return read;
    const { tree } = read.value;
    const query = {
      text: args.text,
      content_description: args.content_description,
      resource_id: args.resource_id,
      bounds: args.bounds,
    };
    return ok({
      kind: 'find_node',
      source: tree.source,
      status: tree.status,
      truncated: tree.truncated,
      node_count: tree.node_count,
      ...findNodes(tree, query),
    });
  },
});

export const waitText = defineTool({
  name: 'android.wait_text',
  cli: { command: 'ui', verb: 'wait-text' },
  description:
    'Waits until an exact text or content description is on screen, re-reading the tree about every 300 ms ' +
    '(timeout_ms 100-10000, default 5000). Only "not found" is retried; a failed read, an incomplete tree or an ambiguous match ends it. Read-only.',
  risk: 'read_only',
  arguments: WAIT_TEXT_ARGUMENTS,
  async run(context, args) {
    const timeoutMs = args.timeout_ms ?? 5000;
    const started = context.now();
    let polls = 0;
    for (;;) {
      const read = await readTree(context, args.source ?? 'auto', args.max_nodes ?? UI_DEFAULT_MAX_NODES);
      polls++;
      if (!read.ok) return read;
      const tree = read.value.tree;
      const found = textPresent(tree, args.text);
      const elapsed = context.now() - started;
      // Only "not found" in a complete tree is retried: an incomplete snapshot or an ambiguous match fails at once.
      if (!isCompleteTree(tree))
        return fail(
          'ANDROID_COMMAND_FAILED',
          `The UI tree is ${tree.truncated ? 'truncated' : tree.status}: it cannot show that "${args.text}" is uniquely on screen`,
          {
            text: args.text,
            polls,
            source: tree.source,
            node_count: tree.node_count,
            hint: 'raise max_nodes with android.screen_dump to see how large the screen is, or narrow the screen first',
          },
        );
      if (found.length > 1)
        return fail(
          'ANDROID_COMMAND_FAILED',
          `"${args.text}" matches ${found.length} nodes: it does not identify one`,
          {
            text: args.text,
            polls,
            source: tree.source,
            matches: found,
            hint: 'use android.find_node with a resource_id or bounds to pick one',
          },
        );
      if (found.length === 1)
        return ok({
          kind: 'wait_text',
          found: true,
          text: args.text,
          source: read.value.tree.source,
          polls,
          elapsed_ms: elapsed,
          matches: found,
        });
      if (elapsed + POLL_MS > timeoutMs)
        return fail('COMMAND_TIMEOUT', `"${args.text}" did not appear before timeout (${timeoutMs} ms)`, {
          text: args.text,
          polls,
          elapsed_ms: elapsed,
          source: read.value.tree.source,
          tree_status: read.value.tree.status,
          hint: 'check the exact text (case and spacing), or raise timeout_ms (at most 10000)',
        });
      await sleep(POLL_MS, undefined, { signal: context.signal }).catch(() => undefined);
      if (context.signal.aborted) return fail('COMMAND_CANCELLED', 'android.wait_text was cancelled');
    }
  },
});

export const UI_TOOLS = [screenDump, inspectUi, findNode, waitText];
