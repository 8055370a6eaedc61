// The CLI's sequence output: `sequence --help` documents every key it prints, and it keeps the device's serial
// when the device disappears mid-run (issue 13 §7; it used to resolve the device again after the run and print
// `deviceId: ""` once it was gone).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForDeviceState } from '../test-support/isolatedAdb';
import { startTestLab, type TestLab } from '../test-support/testLab';
import { createAdbBackend } from './adbBackend';
import { helpFor } from './help';

let lab: TestLab;

beforeAll(async () => {
  lab = await startTestLab(2);
});

afterAll(async () => {
  await lab?.stop();
});

const OPERATOR = 'com.androperator.operator';
const backend = () => createAdbBackend({ ...lab.env, ANDROPERATOR_EVIDENCE_DIR: join(lab.home, 'evidence') });

// In order: the second phone is gone before the unplug test, which names no device (the case that printed "").
describe('sequence output', () => {
  it('prints only keys that sequence --help describes', async () => {
    const serial = lab.serials[1] ?? '';
    try {
      const outcome = await backend().runSequence(
        { design: { text: 'HELP' }, path: join(lab.home, 'copy.png') },
        { operatorPackage: OPERATOR, noDaemon: true, deviceId: serial },
      );
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect(outcome.value.status).toBe('succeeded');
      const help = helpFor('sequence', undefined) ?? '';
      expect(Object.keys(outcome.value).filter((key) => !help.includes(`"${key}"`))).toEqual([]);
      const step = outcome.value.steps[0] ?? {};
      expect(Object.keys(step).filter((key) => !help.includes(`"${key}"`))).toEqual([]);
    } finally {
      await lab.phones[1]?.close();
      await waitForDeviceState(lab.adb.client, serial, 'absent', 10_000);
    }
  });

  it('fails a run whose device was unplugged mid-run and reports the serial it ran on', async () => {
    const [phone] = lab.phones;
    const serial = lab.serials[0] ?? '';
    if (phone === undefined) throw new Error('no simulated phone');
    // A slow draw keeps set in flight long enough to pull the cable while the device holds the panel request.
    phone.faults.drawAcknowledgement = { delayMs: 1500 };
    const running = backend().runSequence(
      { design: { text: 'UNPLUGGED' }, timeoutMs: 3000 },
      { operatorPackage: OPERATOR, noDaemon: true },
    );
    const deadline = Date.now() + 10_000;
    while (phone.operator.controller.currentPanel === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(phone.operator.controller.currentPanel).not.toBeNull();
    await phone.device.unplug({ keepListening: false });

    const outcome = await running;
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.value.status).toBe('failed');
    expect(outcome.value.deviceId).toBe(serial);
  });
});
