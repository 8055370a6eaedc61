// Test harness: an isolated adb server with simulated phones and a private ANDROPERATOR_HOME; never the user's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimulatedAndroid } from '../simulator/simulatedAndroid';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from './isolatedAdb';

export interface TestLab {
  adb: IsolatedAdb;
  phones: SimulatedAndroid[];
  serials: string[];
  /** ANDROPERATOR_HOME of this lab (token, discovery file, screenshots). */
  home: string;
  /** Environment for the hub, a spawned CLI or an MCP server: this adb server and this home. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts the adb server and `count` phones, each online before this resolves. Throws on set-up failure. */
export async function startTestLab(count: number): Promise<TestLab> {
  const adb = await startIsolatedAdb();
  const home = await mkdtemp(join(tmpdir(), 'androperator-lab-home-'));
  const phones: SimulatedAndroid[] = [];
  const serials: string[] = [];
  const stop = async (): Promise<void> => {
    for (const phone of phones) await phone.close();
    await adb.stop();
    await rm(home, { recursive: true, force: true });
  };
  try {
    for (let index = 0; index < count; index += 1) {
      const started = await SimulatedAndroid.start({ profile: 'phone' });
      if (!started.ok) throw new Error(started.error.message);
      phones.push(started.value);
      const attached = await started.value.attach(adb.port);
      if (!attached.ok) throw new Error(attached.error.message);
      serials.push(attached.value.serial);
      await waitForDeviceState(adb.client, attached.value.serial, 'device', 10_000);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const env: Record<string, string> = {
    ...adb.env,
    ANDROID_ADB_SERVER_PORT: String(adb.port),
    ANDROPERATOR_ADB: adb.bin,
    ANDROPERATOR_HOME: home,
  };
  return { adb, phones, serials, home, env, stop };
}
