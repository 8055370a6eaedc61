// The step function's sending with fake ports: a failed send keeps the action_sent it observed, and the Operator
// path sends its request once (never the shell command), reporting refusals and lost answers as they were observed.
import { describe, expect, it } from 'vitest';
import { failHost, ok, type AppError, type Result } from '../../../shared/errors';
import { tapCommand } from './commands';
import { performAction, type ActionPlan, type ActionPorts, type Prepared } from './perform';
import { fakePorts, node, OK_BUTTON, tapPlan, tree } from './perform.fakes';

describe('a failed send', () => {
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
