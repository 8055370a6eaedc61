// The approve-and-revalidate step function with fake ports: what is sent (or not) after refusals, changed targets,
// incomplete trees and failed postconditions. The simulator tests run the same paths against a device.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { fail, failHost, ok, type AppError, type Result } from '../../../shared/errors';
import { utf16be } from '../../../shared/ui/operatorTree';
import type { CommandResult } from '../../../node/adb/deviceCommand';
import type { ApprovalRequest } from '../../approval/approval';
import type { AgentAnswer } from '../../operator/agentClient';
import type { UiNode, UiTree } from '../uiTree';
import { tapCommand } from './commands';
import { performAction, type ActionPlan, type ActionPorts, type Prepared } from './perform';
import { centreOf, selectTarget, type TargetQuery } from './target';
import { withUiLock } from './uiLock';

function node(overrides: Partial<UiNode>): UiNode {
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

function tree(nodes: UiNode[], partial = false): UiTree {
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

const done = (stdout = ''): CommandResult => ({
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
function fakePorts(
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
function tapPlan(ports: ActionPorts, query: TargetQuery): ActionPlan {
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

const OK_BUTTON = node({ text: 'OK', bounds: '[10,10][110,60]' });

describe('performAction', () => {
  it('sends the command once after approval and revalidation, with a strong request', async () => {
    const fake = fakePorts([tree([OK_BUTTON])]);
    const result = await performAction(tapPlan(fake.ports, { text: 'OK' }), fake.ports, undefined);
    expect(result).toMatchObject({ ok: true, value: { action_sent: true, command: "input tap '60' '35'" } });
    expect(fake.sent).toEqual(["input tap '60' '35'"]);
    expect(fake.asked).toMatchObject([{ strength: 'strong', preview: "tap input tap '60' '35'" }]);
    expect(fake.reads()).toBe(2);
  });

  it('sends nothing when approval is refused', async () => {
    const fake = fakePorts([tree([OK_BUTTON])], { approve: false });
    const result = await performAction(tapPlan(fake.ports, { text: 'OK' }), fake.ports, undefined);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_REFUSED', details: { action_sent: false } },
    });
    expect(fake.sent).toEqual([]);
  });

  it.each([
    ['the text', { text: 'OK', content_description: 'Confirm' }, ['content_description']],
    ['the class', { text: 'OK', class: 'android.widget.TextView' }, ['class']],
    ['the package', { text: 'OK', package: 'com.evil.app' }, ['package']],
    ['the resource id', { text: 'OK', resource_id: 'com.example.app:id/ok' }, ['resource_id']],
  ])('refuses when %s changed after confirmation, sending nothing', async (_what, change, fields) => {
    const fake = fakePorts([tree([OK_BUTTON]), tree([node({ ...OK_BUTTON, ...change })])]);
    const result = await performAction(tapPlan(fake.ports, { text: 'OK' }), fake.ports, undefined);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'UI_TARGET_CHANGED', details: { changed_fields: fields, action_sent: false } },
    });
    expect(!result.ok && result.error.message).toContain('target changed after confirmation');
    expect(fake.sent).toEqual([]);
  });

  it('refuses a moved target (bounds and command differ) and a vanished one', async () => {
    const moved = fakePorts([tree([OK_BUTTON]), tree([node({ ...OK_BUTTON, bounds: '[10,100][110,150]' })])]);
    expect(await performAction(tapPlan(moved.ports, { text: 'OK' }), moved.ports, undefined)).toMatchObject({
      ok: false,
      error: { code: 'UI_TARGET_CHANGED', details: { changed_fields: ['bounds'] } },
    });
    const gone = fakePorts([tree([OK_BUTTON]), tree([node({ text: 'Cancel' })])]);
    expect(await performAction(tapPlan(gone.ports, { text: 'OK' }), gone.ports, undefined)).toMatchObject({
      ok: false,
      error: { code: 'UI_TARGET_CHANGED', details: { cause: { code: 'UI_TARGET_NOT_FOUND' } } },
    });
    expect([...moved.sent, ...gone.sent]).toEqual([]);
  });

  it('refuses partial trees, ambiguous and missing targets and null packages before asking', async () => {
    const cases: Array<[UiTree, TargetQuery, string]> = [
      [tree([OK_BUTTON], true), { text: 'OK' }, 'UI_TREE_INCOMPLETE'],
      [
        tree([OK_BUTTON, node({ text: 'OK', bounds: '[0,100][50,150]' })]),
        { text: 'OK' },
        'UI_TARGET_AMBIGUOUS',
      ],
      [tree([OK_BUTTON]), { text: 'ok' }, 'UI_TARGET_NOT_FOUND'],
      [tree([node({ text: 'OK', package: null })]), { text: 'OK' }, 'UI_TARGET_NOT_FOUND'],
      [tree([OK_BUTTON]), { bounds: '[10,10][110,61]' }, 'UI_TARGET_NOT_FOUND'],
    ];
    for (const [screen, query, code] of cases) {
      const fake = fakePorts([screen]);
      const result = await performAction(tapPlan(fake.ports, query), fake.ports, undefined);
      expect(result).toMatchObject({ ok: false, error: { code } });
      expect(fake.asked).toEqual([]);
      expect(fake.sent).toEqual([]);
    }
    const ambiguous = selectTarget(tree([OK_BUTTON, node({ text: 'OK', bounds: '[0,100][50,150]' })]), {
      text: 'OK',
    });
    expect(!ambiguous.ok && ambiguous.error.details?.candidates).toHaveLength(2);
  });

  it('matches a shortened Operator text by its hash, and refuses when the hash changed', async () => {
    const full = `${'x'.repeat(300)}`;
    const hash = (value: string) => createHash('sha256').update(utf16be(value)).digest('base64url');
    const long = node({ text: full.slice(0, 256), text_hash: hash(full) });
    const fake = fakePorts([tree([long])]);
    expect(await performAction(tapPlan(fake.ports, { text: full }), fake.ports, undefined)).toMatchObject({
      ok: true,
    });
    expect(
      await performAction(tapPlan(fake.ports, { text: full.slice(0, 256) }), fake.ports, undefined),
    ).toMatchObject({
      ok: false,
      error: { code: 'UI_TARGET_NOT_FOUND' },
    });
    const other = `${full.slice(0, 256)}y`;
    const changed = fakePorts([tree([long]), tree([node({ ...long, text_hash: hash(other) })])]);
    const result = await performAction(tapPlan(changed.ports, { text: full }), changed.ports, undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'UI_TARGET_CHANGED' } });
    expect(changed.sent).toEqual([]);
  });

  it('treats an Error: line with exit 0 as a failure of a sent action', async () => {
    const fake = fakePorts([tree([OK_BUTTON])], { stdout: 'Error: Activity not started\n' });
    const result = await performAction(tapPlan(fake.ports, { text: 'OK' }), fake.ports, undefined);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'ANDROID_COMMAND_FAILED', details: { action_sent: true } },
    });
    expect(fake.sent).toHaveLength(1);
  });

  it('keeps what a failed send observed in action_sent instead of overwriting it with null', async () => {
    const cases: Array<[Record<string, unknown> | undefined, boolean | null, string]> = [
      [{ phase: 'readiness', dispatchState: 'not_dispatched' }, false, 'nothing was sent'],
      [{ action_sent: true }, true, 'it was sent once and is not retried'],
      [{ phase: 'result_wait', dispatchState: 'unknown' }, null, 'may or may not have reached'],
      [undefined, null, 'may or may not have reached'],
    ];
    for (const [details, sent, wording] of cases) {
      const sendError: AppError = {
        code: 'ADB_SERVER_UNAVAILABLE',
        message: 'adb went away',
        ...(details === undefined ? {} : { details }),
      };
      const fake = fakePorts([tree([OK_BUTTON])], { sendError });
      const result = await performAction(tapPlan(fake.ports, { text: 'OK' }), fake.ports, undefined);
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'ADB_SERVER_UNAVAILABLE', details: { action_sent: sent } },
      });
      expect(!result.ok && result.error.message).toContain(wording);
      expect(fake.sent).toEqual([tapCommand(60, 35)]);
    }
  });
});

describe('verification', () => {
  const after = tree([node({ text: 'Done', bounds: '[0,0][200,80]', package: 'com.example.next' })]);

  it('passes when the complete tree differs from the post-approval baseline and the text appears', async () => {
    const fake = fakePorts([tree([OK_BUTTON]), tree([OK_BUTTON]), tree([OK_BUTTON]), after]);
    const result = await performAction(tapPlan(fake.ports, { text: 'OK' }), fake.ports, {
      verify_change: true,
      text_present: 'Done',
      text_absent: 'OK',
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.verification).toMatchObject({
      passed: true,
      ui_changed: true,
      expectation_met: true,
      observation_complete: true,
      polls: 2,
    });
    expect(result.value.verification?.checks.map((check) => [check.name, check.status])).toEqual([
      ['verify_change', 'verified'],
      ['text_present', 'verified'],
      ['text_absent', 'verified'],
    ]);
    expect(fake.sent).toHaveLength(1);
  });

  it('fails with action_sent true when nothing changed within the budget, and never replays', async () => {
    const fake = fakePorts([tree([OK_BUTTON])]);
    const result = await performAction(tapPlan(fake.ports, { text: 'OK' }), fake.ports, {
      verify_change: true,
      timeout_ms: 1000,
    });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'UI_VERIFICATION_FAILED',
        details: { action_sent: true, verification: { passed: false, ui_changed: false, timeout_ms: 1000 } },
      },
    });
    expect(fake.sent).toHaveLength(1);
  });

  it('reports a partial observation as unknown, not as absence', async () => {
    const fake = fakePorts([tree([OK_BUTTON]), tree([OK_BUTTON]), tree([after.nodes[0]!], true)]);
    const result = await performAction(tapPlan(fake.ports, { text: 'OK' }), fake.ports, {
      text_absent: 'OK',
      timeout_ms: 100,
    });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'UI_VERIFICATION_FAILED',
        details: {
          verification: {
            observation_complete: false,
            expectation_met: null,
            checks: [{ status: 'unknown' }],
          },
        },
      },
    });
  });

  it('checks the focused package without reading a tree: observation_complete is null (no tree was asked for)', async () => {
    const fake = fakePorts([tree([OK_BUTTON])], { foreground: 'com.example.next' });
    const plan: ActionPlan = {
      tool: 'android.press_home',
      kind: 'press_home',
      strength: 'strong',
      prepare: () =>
        Promise.resolve(
          ok({ command: 'input keyevent 3', preview: 'input keyevent 3', target: null, tree: null }),
        ),
    };
    const passed = await performAction(plan, fake.ports, { expected_package: 'com.example.next' });
    expect(passed).toMatchObject({
      ok: true,
      value: {
        verification: { passed: true, ui_changed: null, expectation_met: true, observation_complete: null },
      },
    });
    expect(fake.reads()).toBe(0);
    const wrong = await performAction(plan, fake.ports, {
      expected_package: 'com.example.other',
      timeout_ms: 100,
    });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'UI_VERIFICATION_FAILED' } });
    expect(fake.sent).toEqual(['input keyevent 3', 'input keyevent 3']);
  });
});

describe('the UI lock', () => {
  it('serialises two writers on one device and lets another device through', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const signal = new AbortController().signal;
    const first = withUiLock('lock-a', 'first', signal, async () => {
      order.push('first start');
      await held;
      order.push('first end');
      return ok(1);
    });
    const second = withUiLock('lock-a', 'second', signal, () => {
      order.push('second');
      return Promise.resolve(ok(2));
    });
    const other = await withUiLock('lock-b', 'other', signal, () => {
      order.push('other device');
      return Promise.resolve(ok(3));
    });
    expect(other).toEqual({ ok: true, value: 3 });
    release();
    expect(await Promise.all([first, second])).toEqual([ok(1), ok(2)]);
    expect(order).toEqual(['first start', 'other device', 'first end', 'second']);
  });

  it('fails a waiter with UI_BUSY after its wait, and a cancelled waiter with COMMAND_CANCELLED', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = withUiLock('lock-c', 'first', new AbortController().signal, async () => {
      await held;
      return ok(1);
    });
    let ran = false;
    const busy = await withUiLock(
      'lock-c',
      'second',
      new AbortController().signal,
      () => {
        ran = true;
        return Promise.resolve(ok(2));
      },
      50,
    );
    expect(busy).toMatchObject({ ok: false, error: { code: 'UI_BUSY' } });
    expect(!busy.ok && busy.error.message).toContain('UI busy with another task');
    const cancel = new AbortController();
    const waiting = withUiLock('lock-c', 'third', cancel.signal, () => Promise.resolve(ok(3)));
    cancel.abort();
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'COMMAND_CANCELLED' } });
    release();
    expect(await first).toEqual(ok(1));
    expect(ran).toBe(false);
    // The lock is free again.
    expect(
      await withUiLock('lock-c', 'fourth', new AbortController().signal, () => Promise.resolve(ok(4))),
    ).toEqual(ok(4));
  });
});

describe('the Operator path', () => {
  const FIELD = node({
    class: 'android.widget.EditText',
    text: 'Search',
    bounds: '[0,0][500,80]',
    focused: true,
  });
  /** A set_text plan over the fake ports' trees, as operatorText.ts builds it (the focused node as target). */
  function setTextPlan(ports: ActionPorts): ActionPlan {
    const prepare = async (): Promise<Result<Prepared>> => {
      const read = await ports.readTree();
      if (!read.ok) return read;
      const target = read.value.nodes.find((candidate) => candidate.focused === true)!;
      return ok({
        command: `operator set_text replace "日本" on ${target.bounds ?? ''}`,
        preview: 'replace',
        target,
        tree: read.value,
        operator: {
          v: 1,
          type: 'set_text',
          target: { ...target, package: target.package!, bounds: target.bounds! },
          text: '日本',
          replace: true,
        },
      });
    };
    return {
      tool: 'android.input_text',
      kind: 'input_text',
      strength: 'strong',
      prepare,
      revalidate: prepare,
    };
  }

  it('sends the set_text request once with a fresh id, never the shell command, and reports its result', async () => {
    const fake = fakePorts([tree([FIELD])], {
      operatorAnswer: ok({
        v: 1,
        type: 'set_text_result',
        id: 'x',
        result: { performed: true, mode: 'replace', length: 2 },
      }),
    });
    const result = await performAction(setTextPlan(fake.ports), fake.ports, undefined);
    expect(result).toMatchObject({
      ok: true,
      value: {
        action_sent: true,
        operator_result: { type: 'set_text_result', result: { length: 2 } },
        action_result: {
          status: 'complete',
          exit_code: null,
          stdout: '{"performed":true,"mode":"replace","length":2}',
        },
      },
    });
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]).toMatch(/^operator set_text set_text-[0-9a-f]{12}$/);
  });

  it("reports the Operator's refusal as sent and not performed, and a lost answer as unknown; never replayed", async () => {
    const refused = fakePorts([tree([FIELD])], {
      operatorAnswer: failHost(
        'UI_TARGET_PASSWORD',
        'password field',
        { phase: 'dispatch', dispatchState: 'dispatched' },
        { bounds: '[0,0][500,80]' },
      ),
    });
    expect(await performAction(setTextPlan(refused.ports), refused.ports, undefined)).toMatchObject({
      ok: false,
      error: { code: 'UI_TARGET_PASSWORD', details: { action_sent: true, performed: false } },
    });
    const lost = fakePorts([tree([FIELD])], {
      operatorAnswer: failHost('RESULT_ID_MISMATCH', 'out of step', {
        phase: 'result_wait',
        dispatchState: 'unknown',
      }),
    });
    const answer = await performAction(setTextPlan(lost.ports), lost.ports, undefined);
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'RESULT_ID_MISMATCH', details: { action_sent: null, performed: null } },
    });
    expect(!answer.ok && answer.error.message).toContain('nor sent through the shell');
    for (const fake of [refused, lost]) expect(fake.sent).toHaveLength(1);
  });
});
