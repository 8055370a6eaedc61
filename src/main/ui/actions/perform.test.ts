// The approve-and-revalidate step function with fake ports: what is sent (or not) after refusals, changed targets,
// incomplete trees and failed postconditions. The simulator tests run the same paths against a device.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { ok } from '../../../shared/errors';
import { utf16be } from '../../../shared/ui/operatorTree';
import { performAction, type ActionPlan } from './perform';
import { fakePorts, node, OK_BUTTON, tapPlan, tree } from './perform.fakes';
import { selectTarget, type TargetQuery } from './target';
import type { UiTree } from '../uiTree';
import { withUiLock } from './uiLock';

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
