// `androperator ui <verb>` for the UI actions through the real adb backend on a simulated phone: --yes sends,
// no terminal and no --yes sends nothing, and a JSON --verification comes back verified.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppErrorException, type Result } from '../../../shared/errors';
import { startTestLab, type TestLab } from '../../../test-support/testLab';
import type { ReceivedRequest } from '../../../simulator/adb/simulatedDevice';
import { extractCommonOptions } from '../../../cli/args';
import { createAdbBackend } from '../../../cli/adbBackend';
import type { CommandContext } from '../../../cli/context';
import { toolCommand, type Prompter } from '../../../cli/toolCommands';

let lab: TestLab;
let phone = '';

beforeAll(async () => {
  lab = await startTestLab(1);
  phone = lab.serials[0] ?? '';
});

beforeEach(async () => {
  await lab.adb.adb(['-s', phone, 'shell', 'input keyevent HOME']);
});

afterAll(async () => {
  await lab?.stop();
});

const noTerminal: Prompter = { interactive: false, ask: () => Promise.resolve('') };

async function ui(argv: string[]): Promise<Result<unknown>> {
  const { options: common, rest } = extractCommonOptions(['--device', phone, ...argv], lab.env);
  const context: CommandContext = {
    backend: createAdbBackend({ ...lab.env, ANDROPERATOR_NO_DAEMON: '1' }),
    common,
    target: { deviceId: phone, operatorPackage: common.operatorPackage, noDaemon: true },
    cwd: process.cwd(),
    clock: { now: Date.now, random: Math.random },
    log: () => undefined,
    emitLine: () => undefined,
  };
  try {
    return await toolCommand('ui', undefined, noTerminal)(rest, context);
  } catch (error) {
    if (error instanceof AppErrorException) return { ok: false, error: error.error };
    throw error;
  }
}

function sentAfter(mark: ReceivedRequest | undefined): string[] {
  const log = lab.phones[0]!.device.received();
  return log.slice(mark === undefined ? 0 : log.indexOf(mark) + 1).map((entry) => entry.service);
}

describe('androperator ui <action>', () => {
  it('without a terminal and without --yes refuses, naming --yes, and sends nothing', async () => {
    const mark = lab.phones[0]!.device.received().at(-1);
    const result = await ui(['tap-text', '--text', 'Mail']);
    expect(result).toMatchObject({ ok: false, error: { code: 'APPROVAL_UNAVAILABLE' } });
    expect(!result.ok && result.error.message).toContain('--yes');
    expect(sentAfter(mark).filter((service) => service.includes('raw:input '))).toEqual([]);
  });

  it('--yes taps the unique node; launch with a JSON --verification reports the focused package', async () => {
    const operator = lab.phones[0]!.operator;
    operator.receivedNodeActions.length = 0;
    const mark = lab.phones[0]!.device.received().at(-1);
    // The phone's Operator offers click_node: the tap is its Accessibility click, not `input tap`.
    expect(await ui(['tap-text', '--text', 'Mail', '--yes'])).toMatchObject({
      ok: true,
      value: {
        action_sent: true,
        method: 'accessibility_click',
        operator_result: { type: 'click_node_result', result: { performed: true } },
      },
    });
    expect(operator.receivedNodeActions.map((action) => action.type)).toEqual(['click_node']);
    expect(sentAfter(mark).filter((service) => service.includes('raw:input '))).toEqual([]);
    const launched = await ui([
      'launch',
      '--package',
      'com.atlasmaps.app',
      '--verification',
      '{"expected_package":"com.atlasmaps.app","timeout_ms":2000}',
      '--yes',
    ]);
    expect(launched).toMatchObject({
      ok: true,
      value: {
        command: "am start -n 'com.atlasmaps.app/.MapActivity'",
        verification: { passed: true, expectation_met: true, ui_changed: null },
      },
    });
  });
});
