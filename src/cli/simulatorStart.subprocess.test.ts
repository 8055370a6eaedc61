// `androperator simulator start` as users run it, against an isolated adb server.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from '../test-support/isolatedAdb';

const BIN = join(fileURLToPath(new URL('../..', import.meta.url)), 'bin', 'androperator.js');
let adb: IsolatedAdb;

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

afterAll(async () => {
  await adb?.stop();
});

describe('simulator start', () => {
  it('prints one JSON line per ready device, honours ANDROID_ADB_SERVER_PORT, and detaches on SIGTERM with exit 0', async () => {
    const child = spawn(
      process.execPath,
      [BIN, 'simulator', 'start', '--profile', 'phone', '--profile', 'legacy21'],
      {
        env: { ...process.env, ...adb.env, ANDROID_ADB_SERVER_PORT: String(adb.port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const lines: Array<{ serial: string; profile: string; model: string; port: number }> = [];
    const reader = createInterface({ input: child.stdout });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no ready lines within 15 s')), 15000);
      reader.on('line', (line) => {
        lines.push(JSON.parse(line));
        if (lines.length === 2) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    expect(lines.map((line) => line.profile)).toEqual(['phone', 'legacy21']);
    for (const line of lines) {
      expect(line.serial).toBe(`127.0.0.1:${line.port}`);
      await waitForDeviceState(adb.client, line.serial, 'device', 3000);
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const line of lines) await waitForDeviceState(adb.client, line.serial, 'absent', 5000);
  });
});
