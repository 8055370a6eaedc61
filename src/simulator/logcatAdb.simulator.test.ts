import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../test-support/isolatedAdb';
import { bootSimulated } from '../test-support/isolatedResolver';
import type { SimulatedAndroid } from './simulatedAndroid';

// Processes, live logcat, crashes and the UI dump of a simulated phone, seen through the real adb CLI and through
// @devicefarmer/adbkit's own logcat reader (logcat -B), on an isolated adb server.

const SHOP = 'com.shoply.android';
const THREADTIME = /^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +(\d+) +(\d+) [VDIWEF] .+?: /;

let adb: IsolatedAdb;
let phone: SimulatedAndroid;
let serial: string;

interface LogcatEntry {
  pid: number;
  tid: number;
  priority: number;
  tag: string;
  message: string;
}
interface LogcatReader extends EventEmitter {
  end(): void;
}
interface AdbkitDevice {
  openLogcat(): Promise<LogcatReader>;
}
interface AdbkitClient {
  getDevice(serial: string): AdbkitDevice;
}

function adbkitClient(port: number): AdbkitClient {
  const module = createRequire(import.meta.url)('@devicefarmer/adbkit') as {
    default: { createClient(options: { port: number }): AdbkitClient };
  };
  return module.default.createClient({ port });
}

const shell = async (...args: string[]): Promise<string> =>
  (await adb.adb(['-s', serial, 'shell', ...args])).stdout.toString();

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim: phone, serial } = await bootSimulated(adb, { logTraffic: { ratePerSecond: 20, seed: 5 } }));
});

afterAll(async () => {
  await phone?.close();
  await adb?.stop();
});

describe('logcat and processes through the adb CLI', () => {
  it('adb logcat -d -v threadtime shows traffic from processes that ps -A lists', async () => {
    const run = await adb.adb(['-s', serial, 'logcat', '-d', '-v', 'threadtime']);
    expect(run.code).toBe(0);
    const lines = run.stdout
      .toString()
      .split('\n')
      .filter((line) => line && !line.startsWith('---------'));
    expect(lines.length).toBeGreaterThan(50);
    const ps = await shell('ps', '-A');
    const pids = new Set(
      ps
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/)[1]),
    );
    for (const line of lines) {
      const match = THREADTIME.exec(line);
      expect(match, line).not.toBeNull();
      expect(pids.has(match?.[1]), line).toBe(true);
    }
  });

  it('a crash prints FATAL EXCEPTION (adb logcat -b crash) and the relaunched app has a new pid', async () => {
    await shell('am', 'start', '-n', `${SHOP}/.CheckoutActivity`);
    const pid = (await shell('pidof', SHOP)).trim();
    expect(pid).toMatch(/^\d+$/);
    expect(phone.crashApp(SHOP)).toEqual({ ok: true, pid: Number(pid) });
    const crash = (
      await adb.adb(['-s', serial, 'logcat', '-d', '-b', 'crash', '-v', 'brief'])
    ).stdout.toString();
    expect(crash).toContain(`E/AndroidRuntime(${pid.padStart(5)}): FATAL EXCEPTION: main\n`);
    expect(crash).toContain(`E/AndroidRuntime(${pid.padStart(5)}): Process: ${SHOP}, PID: ${pid}\n`);
    await shell('monkey', '-p', SHOP, '-c', 'android.intent.category.LAUNCHER', '1');
    const restarted = (await shell('pidof', SHOP)).trim();
    expect(restarted).toMatch(/^\d+$/);
    expect(restarted).not.toBe(pid);
  });
});

describe('adbkit openLogcat (logcat -B)', () => {
  it('reads live binary entries, including a crash written while it listens', async () => {
    await adb.adb(['-s', serial, 'shell', 'am', 'start', '-n', `${SHOP}/.CheckoutActivity`]);
    const pid = Number((await shell('pidof', SHOP)).trim());
    const reader = await adbkitClient(adb.port).getDevice(serial).openLogcat();
    const entries: LogcatEntry[] = [];
    let crashed = false;
    const fatal = new Promise<LogcatEntry>((resolve, reject) => {
      reader.on('error', reject);
      reader.on('entry', (entry: LogcatEntry) => {
        entries.push({ ...entry });
        // Once live traffic flows through the reader, crash the app and wait for its block.
        if (!crashed && entries.length >= 3) {
          crashed = true;
          phone.crashApp(SHOP);
        }
        // The reader starts with the whole backlog (an earlier test's crash too): wait for this pid's block.
        if (entry.tag === 'AndroidRuntime' && entry.message.includes(`PID: ${pid}\n`)) resolve({ ...entry });
      });
    });
    const entry = await fatal;
    reader.end();
    expect(entry).toMatchObject({ pid, tid: pid, priority: 6 });
    expect(entry.message).toContain(`Process: ${SHOP}, PID: ${pid}\njava.lang.IllegalStateException`);
    // adbkit asks for *:I, so nothing below INFO reaches it.
    expect(entries.every((item) => item.priority >= 4)).toBe(true);
  });
});

describe('uiautomator through adb', () => {
  it('adb exec-out uiautomator dump /dev/tty gives XML a standard parser reads, matching the foreground app', async () => {
    await shell('am', 'start', '-n', 'com.simmail.android/.InboxActivity');
    const out = (
      await adb.adb(['-s', serial, 'exec-out', 'uiautomator', 'dump', '/dev/tty'])
    ).stdout.toString();
    const xml = out.slice(out.indexOf('<?xml'), out.indexOf('</hierarchy>') + '</hierarchy>'.length);
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml) as {
      hierarchy: { node: { '@_package': string; '@_bounds': string } };
    };
    expect(parsed.hierarchy.node['@_package']).toBe('com.simmail.android');
    expect(parsed.hierarchy.node['@_bounds']).toBe('[0,0][1080,2400]');
    expect(xml).toContain('text="Compose" resource-id="com.simmail.android:id/compose_button"');
    expect(out.endsWith('UI hierchary dumped to: /dev/tty\n')).toBe(true);
  });
});
