// Taps: android.tap_text / android.tap_node (a unique node in a complete tree, identity revalidated after
// approval), inject_android_input (bounds-validated: the point stays inside the same node, re-read at execution)
// and android.tap (coordinates inside the display). All are the reference's dangerous actions: strong approval.
import { fail, ok, type Result } from '../../../shared/errors';
import {
  DEFAULT_INJECT_MS,
  INJECT_INPUT_ARGUMENTS,
  TAP_ARGUMENTS,
  TAP_NODE_ARGUMENTS,
  TAP_TEXT_ARGUMENTS,
} from '../../../shared/ui/actionArguments';
import type { UiSourceChoice } from '../../../shared/ui/uiArguments';
import { defineTool, type AndroidToolContext } from '../../android/tool';
import { parseBounds, type UiNode } from '../uiTree';
import { inputTextCommand, swipeCommand, tapCommand } from './commands';
import { clickedName, firstClickable, operatorClickPath, type TapPath } from './operatorTap';
import { nodeTarget } from './operatorText';
import { performAction, type Prepared } from './perform';
import { contextPorts, readDisplaySize, readFrom } from './ports';
import { centreOf, describeNode, pointInside, selectTarget, type TargetQuery } from './target';

const VERIFY_NOTE = 'Optional verification (verify_change, expected_package, text_present/text_absent).';

/**
 * Reads a tree from `source`, selects the unique target and builds the tap. Before approval (`fixed` absent) it
 * chooses the path: the Operator's click_node when the tree is the Operator's, it offers click_node and the target
 * or an ancestor is an enabled clickable node; else `input tap`. After approval the same path is rebuilt.
 */
async function prepareTap(
  context: AndroidToolContext,
  source: UiSourceChoice,
  query: TargetQuery,
  fixed?: TapPath,
): Promise<Result<Prepared>> {
  const tree = await readFrom(context, source);
  if (!tree.ok) return tree;
  const selected = selectTarget(tree.value, query);
  if (!selected.ok) return selected;
  const { node, box } = selected.value;
  const label =
    'text' in query ? `text '${query.text}'` : `node ${node.text === null ? '' : `'${node.text}' `}`;
  let path = fixed ?? (await operatorClickPath(context, tree.value));
  if (path.method === 'accessibility_click') {
    const clicked = firstClickable(tree.value, node);
    const usable = clicked !== null && clicked.node.enabled !== false;
    if (fixed !== undefined || usable) {
      const on = clickedName(clicked);
      const what = 'text' in query ? `text ${JSON.stringify(query.text)}` : label.trimEnd();
      return ok({
        command: `operator click_node on ${node.bounds ?? ''}: ACTION_CLICK on ${on}`,
        preview: `Accessibility tap ${what} at ${node.bounds ?? ''} (${node.package ?? ''}; the Operator's ACTION_CLICK on ${on})`,
        target: node,
        tree: tree.value,
        operator: {
          v: 1,
          type: 'click_node',
          target: nodeTarget(node as UiNode & { package: string; bounds: string }),
        },
        tap: { ...path, clicked: clicked?.node ?? null },
      });
    }
    path = {
      method: 'input_tap',
      reason: clicked === null ? 'no_clickable_node' : 'clickable_node_disabled',
    };
  }
  const { x, y } = centreOf(box);
  const command = tapCommand(x, y);
  return ok({
    command,
    preview: `tap ${label.trimEnd()} at ${node.bounds ?? ''} (${node.package ?? ''}; ${command})`,
    target: node,
    tree: tree.value,
    tap: { ...path, clicked: null },
  });
}

export const tapText = defineTool({
  name: 'android.tap_text',
  cli: { command: 'ui', verb: 'tap-text' },
  description:
    'Taps the centre of the one node whose text or content description is exactly `text`, in a complete tree; ' +
    'after approval the tree is read again and the node must be identical, else nothing is sent. Dangerous: strong approval. ' +
    VERIFY_NOTE,
  risk: 'dangerous',
  arguments: TAP_TEXT_ARGUMENTS,
  run(context, args) {
    return runSemanticTap(
      context,
      'android.tap_text',
      'tap_text',
      args.source ?? 'auto',
      { text: args.text },
      args.verification,
    );
  },
});

export const tapNode = defineTool({
  name: 'android.tap_node',
  cli: { command: 'ui', verb: 'tap-node' },
  description:
    'Taps the centre of the one node whose bounds are exactly `bounds` ([l,t][r,b]), in a complete tree; revalidated ' +
    'after approval like android.tap_text. Dangerous: strong approval. ' +
    VERIFY_NOTE,
  risk: 'dangerous',
  arguments: TAP_NODE_ARGUMENTS,
  run(context, args) {
    return runSemanticTap(
      context,
      'android.tap_node',
      'tap_node',
      args.source ?? 'auto',
      { bounds: args.bounds },
      args.verification,
    );
  },
});

function runSemanticTap(
  context: AndroidToolContext,
  tool: string,
  kind: string,
  source: UiSourceChoice,
  query: TargetQuery,
  verification: Parameters<typeof performAction>[2],
) {
  // The source and the path are chosen once, before approval: the re-read uses the source the approved tree came
  // from and rebuilds the same path (a click_node is never swapped for `input tap`, nor the reverse).
  let chosen: UiSourceChoice = source;
  let path: TapPath | undefined;
  return performAction(
    {
      tool,
      kind,
      strength: 'strong',
      async prepare() {
        const prepared = await prepareTap(context, source, query);
        if (prepared.ok && prepared.value.tree !== null) chosen = prepared.value.tree.source;
        if (prepared.ok) path = prepared.value.tap;
        return prepared;
      },
      revalidate: () => prepareTap(context, chosen, query, path),
    },
    contextPorts(context, source),
    verification,
  );
}

/** Refuses a point outside the display (`wm size`), so an out-of-range tap never reaches the device. */
async function insideDisplay(
  context: AndroidToolContext,
  points: Array<[string, number, number]>,
): Promise<Result<void>> {
  const size = await readDisplaySize(context);
  if (!size.ok) return size;
  const { width, height } = size.value;
  const outside = points.find(([, x, y]) => x >= width || y >= height);
  if (outside !== undefined)
    return fail(
      'INVALID_ARGUMENTS',
      `${outside[0]} (${outside[1]}, ${outside[2]}) is outside the ${width}x${height} display: give a point with x < ${width} and y < ${height}`,
      { display: `${width}x${height}`, point: { x: outside[1], y: outside[2] } },
    );
  return ok(undefined);
}

export const tap = defineTool({
  name: 'android.tap',
  cli: { command: 'ui', verb: 'tap' },
  description:
    'Taps a point (x, y inside the display, `input tap`). Prefer android.tap_text / tap_node. Dangerous: strong approval. ' +
    VERIFY_NOTE,
  risk: 'dangerous',
  arguments: TAP_ARGUMENTS,
  run(context, args) {
    return performAction(
      {
        tool: 'android.tap',
        kind: 'tap',
        strength: 'strong',
        async prepare() {
          const inside = await insideDisplay(context, [['the point', args.x, args.y]]);
          if (!inside.ok) return inside;
          const command = tapCommand(args.x, args.y);
          return ok({
            command,
            preview: `tap at (${args.x}, ${args.y}): ${command}`,
            target: null,
            tree: null,
          });
        },
      },
      contextPorts(context),
      args.verification,
    );
  },
});

type InjectArgs = {
  action: 'tap' | 'long_press' | 'swipe' | 'text';
  bounds: string;
  x?: number | undefined;
  y?: number | undefined;
  end_x?: number | undefined;
  end_y?: number | undefined;
  duration_ms?: number | undefined;
  text?: string | undefined;
};

/** The reference's 4.5: a node with exactly these bounds that is enabled or clickable; the point(s) inside it. */
async function prepareInject(context: AndroidToolContext, args: InjectArgs): Promise<Result<Prepared>> {
  const box = parseBounds(args.bounds);
  if (box === null)
    return fail(
      'INVALID_ARGUMENTS',
      `bounds ${args.bounds} has no area: right must exceed left and bottom top`,
    );
  const tree = await readFrom(context, 'uiautomator');
  if (!tree.ok) return tree;
  const node = tree.value.nodes.find(
    (candidate) =>
      candidate.bounds === args.bounds && (candidate.enabled === true || candidate.clickable === true),
  );
  if (node === undefined)
    return fail('UI_TARGET_NOT_FOUND', `no enabled or clickable node has bounds exactly ${args.bounds}`, {
      bounds: args.bounds,
      candidates: tree.value.nodes
        .filter((candidate) => candidate.clickable === true)
        .slice(0, 20)
        .map(describeNode),
    });
  const centre = centreOf(box);
  const x = args.x ?? centre.x;
  const y = args.y ?? centre.y;
  const points: Array<[string, number, number]> = [['the point', x, y]];
  if (args.action === 'swipe') points.push(['the end point', args.end_x!, args.end_y!]);
  const outside = points.find(([, px, py]) => !pointInside(box, px, py));
  if (outside !== undefined)
    return fail(
      'INVALID_ARGUMENTS',
      `${outside[0]} (${outside[1]}, ${outside[2]}) is not inside ${args.bounds}: points must lie in [left,right) x [top,bottom) of the node`,
      { bounds: args.bounds, point: { x: outside[1], y: outside[2] } },
    );
  const duration = args.duration_ms ?? DEFAULT_INJECT_MS;
  let command: string;
  if (args.action === 'tap') command = tapCommand(x, y);
  else if (args.action === 'long_press') command = swipeCommand(x, y, x, y, duration);
  else if (args.action === 'swipe') command = swipeCommand(x, y, args.end_x!, args.end_y!, duration);
  else {
    const typed = inputTextCommand(args.text!);
    if (!typed.ok) return typed;
    command = `${tapCommand(x, y)} && ${typed.value}`;
  }
  return ok({
    command,
    preview: `${args.action.replace('_', ' ')} in ${args.bounds} (${node.package ?? ''}): ${command}`,
    target: node,
    tree: tree.value,
  });
}

export const injectInput = defineTool({
  name: 'inject_android_input',
  cli: { command: 'ui', verb: 'inject' },
  description:
    'Bounds-validated input (tap, long_press, swipe, text) on the enabled or clickable node with exactly `bounds`: ' +
    'the point (default its centre) and a swipe end must lie inside it; the tree is read again at execution. Dangerous: strong approval. ' +
    VERIFY_NOTE,
  risk: 'dangerous',
  arguments: INJECT_INPUT_ARGUMENTS,
  run(context, args) {
    return performAction(
      {
        tool: 'inject_android_input',
        kind: 'inject_input',
        strength: 'strong',
        prepare: () => prepareInject(context, args),
        revalidate: () => prepareInject(context, args),
      },
      contextPorts(context),
      args.verification,
    );
  },
});
