// The CLI's sequence output keeps the device's serial when the device disappears mid-run (issue 13 §7): it used to
// resolve the device again after the run and print `deviceId: ""` once it was gone.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLab, type TestLab } from '../test-support/testLab';
import { createAdbBackend } from './adbBackend';

let lab: TestLab;

beforeAll(async () => {
  lab = await startTestLab(1);
});

afterAll(async () => {
  await lab?.stop();
});

describe('sequence on a device unplugged mid-run', () => {
  it('fails the run and reports the serial it ran on', async () => {
    const [phone] = lab.phones;
    const serial = lab.serials[0] ?? '';
    if (phone === undefined) throw new Error('no simulated phone');
    // A slow draw keeps set in flight long enough to pull the cable while the device holds the panel request.
    phone.faults.drawAcknowledgement = { delayMs: 1500 };
    const backend = createAdbBackend(
      { ...lab.env, ANDROPERATOR_EVIDENCE_DIR: join(lab.home, 'evidence') },
      lab.home,
    );
    const running = backend.runSequence(
      { design: { text: 'UNPLUGGED' }, timeoutMs: 3000 },
      { operatorPackage: 'com.androperator.operator', noDaemon: true },
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
