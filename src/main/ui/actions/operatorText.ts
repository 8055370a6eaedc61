// android.input_text's Operator path (docs/ui-loop.md "Text entry"): Unicode text and mode "replace" go through the
// Operator's set_text (ACTION_SET_TEXT) on the focused editable field, when the Operator advertises it. The path is
// chosen before approval; the field is read from the Operator's tree and revalidated after approval like a tap's
// target. Without a capable Operator the action is refused with the reason, and nothing is sent.
import { randomBytes } from 'node:crypto';
import type { NodeTarget } from '../../../shared/agent/nodeActions';
import { fail, ok, type Result } from '../../../shared/errors';
import type { AndroidToolContext } from '../../android/tool';
import { DEFAULT_OPERATOR_PACKAGE } from '../../devices/hubConfig';
import { callAgent } from '../../operator/agentClient';
import { isCompleteTree, type UiNode } from '../uiTree';
import type { Prepared } from './perform';
import { readFrom } from './ports';
import { describeNode } from './target';

const HELLO_WAIT_MS = 3000;

/** Why the Operator path is not available: the Operator is missing, its service is off, or it predates set_text. */
export type OperatorUnavailable = 'operator_missing' | 'operator_not_enabled' | 'operator_old';

function unavailable(reason: OperatorUnavailable, why: string, details: Record<string, unknown>) {
  return fail(
    'UI_INPUT_UNSUPPORTED',
    `${why}; nothing was sent. Unicode text and mode "replace" need the Operator's set_text, and the shell path (\`input text\`) types printable ASCII only and can only append`,
    { reason, ...details },
    reason === 'operator_old'
      ? 'update the Operator on the device (androperator operator setup installs the current build)'
      : 'install and enable the Operator (androperator operator setup), or type printable ASCII without mode "replace"',
  );
}

/** Why the Operator cannot take a node action, in words, with the reason code and what it reported. */
export interface OperatorRefusal {
  reason: OperatorUnavailable;
  why: string;
  details: Record<string, unknown>;
}

/**
 * Whether the device's Operator takes `capability` (set_text, click_node): its hello answers with the service
 * connected and the capability listed; otherwise why not.
 */
export async function operatorOffers(
  context: AndroidToolContext,
  capability: 'set_text' | 'click_node',
): Promise<Result<void, OperatorRefusal>> {
  const device = context.device;
  if (device === undefined)
    return { ok: false, error: { reason: 'operator_missing', why: 'No device was resolved', details: {} } };
  const hello = await callAgent(
    { client: device.client, serial: device.serial, operatorPackage: DEFAULT_OPERATOR_PACKAGE },
    { v: 1, type: 'hello', id: `hello-${randomBytes(6).toString('hex')}` },
    HELLO_WAIT_MS,
  );
  const refuse = (reason: OperatorUnavailable, why: string, details: Record<string, unknown>) => ({
    ok: false as const,
    error: { reason, why, details },
  });
  if (!hello.ok)
    return refuse(
      'operator_missing',
      `The Operator did not answer on ${device.serial} (${hello.error.code}: ${hello.error.message})`,
      { cause: hello.error.code },
    );
  const answer = hello.value;
  if (answer.type !== 'hello_result')
    return refuse('operator_missing', `The Operator answered hello with ${answer.type}`, {});
  if (!answer.service.connected)
    return refuse(
      'operator_not_enabled',
      "The Operator's accessibility service is not connected on this device",
      {
        operator_version: answer.operator.versionName,
      },
    );
  if (!(answer.capabilities ?? []).includes(capability))
    return refuse(
      'operator_old',
      `The Operator on this device (version ${answer.operator.versionName}, code ${answer.operator.versionCode}) predates ${capability}`,
      { operator_version: answer.operator.versionName, capabilities: answer.capabilities ?? null },
    );
  return ok(undefined);
}

/** The device's Operator takes set_text: its hello answers with the service connected and `set_text` listed. */
export async function checkSetTextCapable(context: AndroidToolContext): Promise<Result<void>> {
  if (context.device === undefined)
    return fail('DEVICE_NOT_FOUND', 'no device was resolved for android.input_text');
  const offered = await operatorOffers(context, 'set_text');
  if (offered.ok) return offered;
  return unavailable(offered.error.reason, offered.error.why, offered.error.details);
}

/** The identity the Operator finds the field by (reference 4.3 step 5's fields). */
export function nodeTarget(node: UiNode & { package: string; bounds: string }): NodeTarget {
  return {
    package: node.package,
    class: node.class,
    resource_id: node.resource_id,
    text: node.text,
    ...(node.text_hash === undefined ? {} : { text_hash: node.text_hash }),
    content_description: node.content_description,
    ...(node.description_hash === undefined ? {} : { description_hash: node.description_hash }),
    bounds: node.bounds,
  };
}

/** The one focused field of a complete Operator tree, editable and not a password field; a refusal otherwise. */
async function focusedField(
  context: AndroidToolContext,
): Promise<Result<{ node: UiNode & { package: string; bounds: string }; tree: Prepared['tree'] }>> {
  const tree = await readFrom(context, 'operator');
  if (!tree.ok) return tree;
  if (!isCompleteTree(tree.value))
    return fail(
      'UI_TREE_INCOMPLETE',
      `snapshot is incomplete (${tree.value.truncated ? 'truncated' : tree.value.status}); the focused field cannot be verified`,
      { source: 'operator', node_count: tree.value.node_count },
    );
  const focused = tree.value.nodes.filter((node) => node.focused === true);
  if (focused.length === 0)
    return fail(
      'UI_TARGET_NOT_FOUND',
      'no node has input focus: tap the text field first (android.tap_text), then enter the text',
      { source: 'operator' },
    );
  if (focused.length > 1)
    return fail('UI_TARGET_AMBIGUOUS', `${focused.length} nodes report focus; the field is not unique`, {
      candidates: focused.slice(0, 20).map(describeNode),
    });
  const node = focused[0]!;
  if (node.password === true)
    return fail(
      'UI_TARGET_PASSWORD',
      'the focused field is a password field: text is never entered into password fields',
      { node: describeNode(node) },
    );
  if (node.editable !== true || node.enabled === false)
    return fail(
      'UI_TARGET_NOT_EDITABLE',
      `the focused node (${node.class ?? 'node'} ${node.resource_id ?? ''}) is not an enabled editable text field: focus the text field first`,
      { node: describeNode(node) },
    );
  if (node.package === null || node.bounds === null)
    return fail(
      'UI_TARGET_NOT_FOUND',
      'the focused field has no package or bounds, so its identity cannot be revalidated',
      { node: describeNode(node) },
    );
  return ok({ node: node as UiNode & { package: string; bounds: string }, tree: tree.value });
}

/** Reads the focused field and builds the set_text request, its stable name and the approval preview. */
export async function prepareSetText(
  context: AndroidToolContext,
  text: string,
  replace: boolean,
): Promise<Result<Prepared>> {
  const field = await focusedField(context);
  if (!field.ok) return field;
  const { node, tree } = field.value;
  const mode = replace ? 'replace' : 'append';
  const command = `operator set_text ${mode} ${JSON.stringify(text)} on ${node.bounds}`;
  return ok({
    command,
    preview: `${replace ? 'replace the text of' : 'append text to'} the focused field ${node.resource_id ?? node.class ?? ''} at ${node.bounds} (${node.package}) with '${text}' through the Operator's ACTION_SET_TEXT`,
    target: node,
    tree,
    operator: { v: 1, type: 'set_text', target: nodeTarget(node), text, replace },
  });
}
