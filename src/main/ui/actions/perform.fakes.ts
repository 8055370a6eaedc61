// Fake ports and trees for the step function's unit tests (perform.test.ts, perform.operator.test.ts).
import { fail, failHost, ok, type AppError, type Result } from '../../../shared/errors';
import type { CommandResult } from '../../../node/adb/deviceCommand';
import type { ApprovalRequest } from '../../approval/approval';
import type { AgentAnswer } from '../../operator/agentClient';
import type { UiNode, UiTree } from '../uiTree';
import { tapCommand } from './commands';
import type { ActionPlan, ActionPorts, Prepared } from './perform';
import { centreOf, selectTarget, type TargetQuery } from './target';

export function node(overrides: Partial<UiNode>): UiNode {
  return {
    index: 0,
    parent: null,
    depth: 0,
    package: 'com.example.app',
    class: 'android.widget.Button',
    resource_id: null,
    text: null,
    content_description: null,
    bounds: '[0,0][100,50]',
    clickable: true,
    focused: false,
    focusable: true,
    selected: false,
    enabled: true,
    scrollable: false,
    ...overrides,
  };
}

export function tree(nodes: UiNode[], partial = false): UiTree {
  return {
    status: partial ? 'partial' : 'complete',
    source: 'operator',
    node_count: nodes.length,
    truncated: partial,
    mode: partial ? 'partial' : 'full',
    nodes: nodes.map((entry, index) => ({ ...entry, index })),
    window_focus: null,
    display: null,
    duration_ms: 1,
  };
}

export const done = (stdout = ''): CommandResult => ({
  status: 'complete',
  exit_code: 0,
  stdout,
  stderr: '',
  stdout_truncated: false,
  stderr_truncated: false,
  transport: 'shell_v2',
  duration_ms: 2,
});

/** Fake ports: trees served in order (the last repeats), every sent command and approval request recorded. */
export function fakePorts(
  trees: UiTree[],
  options: {
    approve?: boolean;
    stdout?: string;
    foreground?: string;
    sendError?: AppError;
    operatorAnswer?: AgentAnswer;
  } = {},
) {
  const sent: string[] = [];
  const asked: ApprovalRequest[] = [];
  let reads = 0;
  let clock = 0;
  const ports: ActionPorts = {
    serial: `fake-${Math.random().toString(16).slice(2)}`,
    signal: new AbortController().signal,
    approve: (request) => {
      asked.push(request);
      return Promise.resolve(
        options.approve === false ? fail('APPROVAL_REFUSED', 'refused; nothing was sent') : ok(undefined),
      );
    },
    send: (command) => {
      sent.push(command);
      return Promise.resolve(
        options.sendError === undefined ? ok(done(options.stdout)) : { ok: false, error: options.sendError },
      );
    },
    sendOperator: (request) => {
      sent.push(`operator ${request.type} ${request.id}`);
      return Promise.resolve(
        options.operatorAnswer ??
          failHost('OPERATOR_UNREACHABLE', 'no Operator in this test', {
            phase: 'readiness',
            dispatchState: 'not_dispatched',
          }),
      );
    },
    readTree: () => Promise.resolve(ok(trees[Math.min(reads++, trees.length - 1)]!)),
    foreground: () =>
      Promise.resolve(
        ok({ package: options.foreground ?? null, component: null, line: options.foreground ?? null }),
      ),
    now: () => clock,
    sleep: (ms) => {
      clock += ms;
      return Promise.resolve();
    },
    aborted: () => false,
  };
  return { ports, sent, asked, reads: () => reads };
}

/** A tap plan over the fake ports' trees, as tapTools builds it. */
export function tapPlan(ports: ActionPorts, query: TargetQuery): ActionPlan {
  const prepare = async (): Promise<Result<Prepared>> => {
    const read = await ports.readTree();
    if (!read.ok) return read;
    const selected = selectTarget(read.value, query);
    if (!selected.ok) return selected;
    const { x, y } = centreOf(selected.value.box);
    const command = tapCommand(x, y);
    return ok({ command, preview: `tap ${command}`, target: selected.value.node, tree: read.value });
  };
  return { tool: 'android.tap_text', kind: 'tap_text', strength: 'strong', prepare, revalidate: prepare };
}

export const OK_BUTTON = node({ text: 'OK', bounds: '[10,10][110,60]' });
