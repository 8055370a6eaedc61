// SIGTERM on the built `androperator serve` with a device call in flight: it stops accepting, lets the call
// finish, answers it, then exits 0 (issue 13 §7). The phone's screencap is held until the test has seen the refusal,
// so the order is proven by states, not by how long anything took on a busy machine.
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readDiscovery } from '../daemon/discovery';
import { rawRequest } from '../../test-support/httpTestClient';
import { startTestLab, type TestLab } from '../../test-support/testLab';

const BIN = join(fileURLToPath(new URL('../../..', import.meta.url)), 'bin', 'androperator.js');
let lab: TestLab;

beforeAll(async () => {
  const buildError = inject('nodeBuildError');
  if (buildError !== '') throw new Error(`the CLI bundle did not build:\n${buildError}`);
  lab = await startTestLab(1);
});

afterAll(async () => {
  await lab?.stop();
});

function env(): Record<string, string> {
  const base: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) base[key] = value;
  return { ...base, ...lab.env };
}

/** Polls `condition` every 20 ms until it holds; fails after `timeoutMs`. */
async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('serve shutdown', () => {
  it('on SIGTERM stops accepting, answers the screenshot in flight, then exits 0', async () => {
    const [phone] = lab.phones;
    if (phone === undefined) throw new Error('no simulated phone');
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { env: env() });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      void exited.then((code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
    });
    const port = Number(new URL((JSON.parse(line) as { url: string }).url).port);
    const discovery = await readDiscovery(lab.home);
    const token = discovery.kind === 'found' ? discovery.record.token : '';

    // The phone's screencap waits for `release`; counting captures tells when the request has reached the device.
    let captures = 0;
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const capture = phone.capture.bind(phone);
    phone.capture = async () => {
      captures += 1;
      await held;
      return capture();
    };
    let exitedYet = false;
    void exited.then(() => (exitedYet = true));
    try {
      const inFlight = rawRequest(port, {
        method: 'POST',
        path: '/screenshot',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ deviceId: lab.serials[0] }),
      });
      let answeredYet = false;
      void inFlight.then(() => (answeredYet = true));
      await until(() => captures > 0, 'the screencap');
      child.kill('SIGTERM');
      const refused = () =>
        rawRequest(port, { path: '/ping' }).then(
          () => false,
          () => true,
        );
      await until(refused, 'refusing new connections', 30_000);
      // Refusing while the screenshot is still held on the device, and still running to answer it.
      expect([answeredYet, exitedYet]).toEqual([false, false]);
      release();

      const answered = await inFlight;
      expect(answered.status).toBe(200);
      const path =
        (answered.json as { envelope: { stepResults: Array<{ data: { path: string } }> } }).envelope
          .stepResults[0]?.data.path ?? '';
      expect((await stat(path)).size).toBeGreaterThan(1000);
      expect(await exited).toBe(0);
    } finally {
      release();
      phone.capture = capture;
      child.kill('SIGKILL');
    }
  }, 90_000);
});
