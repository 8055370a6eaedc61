import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { SimulatedDevice } from '../adb/simulatedDevice';
import { readApkManifest } from './axml';
import { readZipEntry } from './zip';

// The Operator APK that `npm run build:apk` (scripts/build-apk.sh) builds without Gradle, checked with the Android
// tools themselves (aapt, apksigner, dexdump) and installed into a simulated device through the real `adb install`.
// scripts/test-all.sh builds it first; run `npm run build:apk` before running this file alone.

const APK = resolve('out/apk/androperator-operator-debug.apk');
const PACKAGE = 'com.androperator.operator.dev';
const SERVICE = 'com.androperator.operator.OperatorAccessibilityService';
/** WindowManager.LayoutParams.FLAG_SECURE. */
const FLAG_SECURE = 0x2000;
const run = promisify(execFile);

async function tool(command: string, args: readonly string[]): Promise<string> {
  const { stdout } = await run(command, args, { maxBuffer: 256 * 1024 * 1024 });
  return stdout;
}

let work: string | undefined;
let dex = '';

/** Fails the calling test (each of them, not a skip) when the APK has not been built. */
function requireApk(): void {
  if (!existsSync(APK))
    throw new Error(
      `${APK} is missing: build it with \`npm run build:apk\` (scripts/test-all.sh does this first).`,
    );
}

beforeAll(async () => {
  if (!existsSync(APK)) return;
  work = await mkdtemp(join(tmpdir(), 'built-apk-'));
  const classes = readZipEntry(await readFile(APK), 'classes.dex');
  if (classes === undefined) throw new Error(`${APK} has no classes.dex`);
  await writeFile(join(work, 'classes.dex'), classes);
  dex = await tool('dexdump', ['-d', join(work, 'classes.dex')]);
});
afterAll(async () => {
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

describe('the APK built without Gradle', () => {
  it('aapt dump badging: debug package, min SDK 22, the launchable setup activity, an accessibility component', async () => {
    requireApk();
    const badging = await tool('aapt', ['dump', 'badging', APK]);
    expect(badging).toMatch(
      new RegExp(`^package: name='${PACKAGE.replaceAll('.', '\\.')}' versionCode='1' `, 'm'),
    );
    expect(badging).toMatch(/^sdkVersion:'22'$/m);
    expect(badging).toMatch(/^launchable-activity: name='com\.androperator\.operator\.SetupActivity'/m);
    expect(badging).toMatch(/^provides-component:'accessibility'$/m);
  });

  it('the binary manifest declares the service behind BIND_ACCESSIBILITY_SERVICE with its config meta-data', async () => {
    requireApk();
    const tree = await tool('aapt', ['dump', 'xmltree', APK, 'AndroidManifest.xml']);
    const service = tree.slice(tree.indexOf('E: service'));
    expect(service).toContain(`android:name(0x01010003)="${SERVICE}"`);
    expect(service).toContain(
      'android:permission(0x01010006)="android.permission.BIND_ACCESSIBILITY_SERVICE"',
    );
    expect(service).toContain('"android.accessibilityservice.AccessibilityService"');
    const meta = service.slice(service.indexOf('E: meta-data'));
    expect(meta).toMatch(/android:name\(0x01010003\)="android\.accessibilityservice"/);
    const resource = /android:resource\(0x01010025\)=@(0x[0-9a-f]+)/.exec(meta)?.[1];
    expect(resource).toBeDefined();
    const config = await tool('aapt', ['dump', 'xmltree', APK, 'res/xml/accessibility_service_config.xml']);
    expect(config).toContain('E: accessibility-service');
    expect(config).toMatch(/android:canRetrieveWindowContent\(0x01010385\)=\(type 0x12\)0xffffffff/);
    const resources = await tool('aapt', ['dump', 'resources', APK]);
    expect(resources).toMatch(new RegExp(`resource ${resource} [\\w.]+:xml/accessibility_service_config`));
  });

  it('apksigner verifies it with the v1, v2 and v3 schemes (min SDK 22)', async () => {
    requireApk();
    const verified = await tool('apksigner', ['verify', '--verbose', APK]);
    expect(verified).toMatch(/^Verifies$/m);
    expect(verified).toContain('Verified using v1 scheme (JAR signing): true');
    expect(verified).toContain('Verified using v2 scheme (APK Signature Scheme v2): true');
    expect(verified).toContain('Verified using v3 scheme (APK Signature Scheme v3): true');
  });

  it('never sets FLAG_SECURE: every window-flags value the dex passes is a constant without bit 0x2000', () => {
    requireApk();
    const sinks = windowFlagSinks(dex);
    // The overlay host builds its LayoutParams: if this finds nothing, the dex layout changed and the check is blind.
    expect(sinks.some((sink) => sink.method.includes('OverlayWindowHost'))).toBe(true);
    for (const sink of sinks) {
      expect(sink.flags, `${sink.method}: ${sink.call}`).not.toBeNull();
      expect((sink.flags ?? FLAG_SECURE) & FLAG_SECURE, `${sink.method}: ${sink.call}`).toBe(0);
    }
  });

  it('the simulator reads its binary manifest, and `adb install` puts it on a simulated device', async () => {
    requireApk();
    expect(readApkManifest(await readFile(APK))).toEqual({
      packageName: PACKAGE,
      versionCode: 1,
      versionName: expect.stringMatching(/^\d+\.\d+\.\d+/) as unknown as string,
    });
    let adb: IsolatedAdb | undefined;
    let device: SimulatedDevice | undefined;
    try {
      adb = await startIsolatedAdb();
      device = await SimulatedDevice.start({});
      const attached = await device.attach({ adbPort: adb.port });
      if (!attached.ok) throw new Error(attached.error.message);
      const serial = attached.value.serial;
      await waitForDeviceState(adb.client, serial, 'device', 3000);
      const installed = await adb.adb(['-s', serial, 'install', APK], { timeoutMs: 20_000 });
      expect(installed.stdout.toString('utf8') + installed.stderr).toContain('Success');
      expect(installed.code).toBe(0);
      const listed = await adb.adb(['-s', serial, 'shell', 'pm', 'list', 'packages'], { timeoutMs: 20_000 });
      expect(listed.stdout.toString('utf8').split('\n')).toContain(`package:${PACKAGE}`);
    } finally {
      await device?.close();
      await adb?.stop();
    }
  });
});

interface FlagSink {
  method: string;
  call: string;
  /** The constant the flags register held, or null when it was not loaded by a const in the same method. */
  flags: number | null;
}

/**
 * Every place in dexdump -d output that hands window flags to Android: the WindowManager.LayoutParams constructors
 * with a flags parameter, writes to LayoutParams.flags, and Window/LayoutParams setFlags/addFlags. The flags
 * register's value is the last `const` written to it before the call in the same method.
 */
function windowFlagSinks(dump: string): FlagSink[] {
  const sinks: FlagSink[] = [];
  let method = '';
  let body: string[] = [];
  for (const line of dump.split('\n')) {
    const start = /\|\[[0-9a-f]+\] (\S+)/.exec(line);
    if (start?.[1] !== undefined) {
      method = start[1];
      body = [];
      continue;
    }
    const instruction = /\|[0-9a-f]{4}: (.*)$/.exec(line)?.[1];
    if (instruction === undefined) continue;
    const register = flagsRegister(instruction);
    if (register !== undefined) sinks.push({ method, call: instruction, flags: lastConst(body, register) });
    body.push(instruction);
  }
  return sinks;
}

/** The register carrying the flags in a flags-taking instruction, or undefined when it takes none. */
function flagsRegister(instruction: string): string | undefined {
  const registers = (args: string): string[] => {
    const range = /^v(\d+)\.\.v(\d+)$/.exec(args.trim());
    if (range?.[1] !== undefined && range[2] !== undefined) {
      const from = Number(range[1]);
      return Array.from({ length: Number(range[2]) - from + 1 }, (_, index) => `v${from + index}`);
    }
    return args.split(',').map((register) => register.trim());
  };
  const put = /^iput \w+, \w+, Landroid\/view\/WindowManager\$LayoutParams;\.flags:I/.exec(instruction);
  if (put) return /^iput (\w+),/.exec(instruction)?.[1];
  const invoke =
    /^invoke-\w+(?:\/range)? \{([^}]*)\}, (Landroid\/view\/(?:Window|WindowManager\$LayoutParams));\.(\S+?):\((I*)\)/.exec(
      instruction,
    );
  if (!invoke?.[1] || !invoke[2] || !invoke[3] || invoke[4] === undefined) return undefined;
  const args = registers(invoke[1]);
  const name = invoke[3];
  const ints = invoke[4].length;
  if (name === 'addFlags' || name === 'setFlags') return args[1];
  // LayoutParams(type, flags), (type, flags, format), (w, h, type, flags, format), (w, h, x, y, type, flags, format).
  if (name === '<init>' && ints === 2) return args[2];
  if (name === '<init>' && ints >= 3) return args[args.length - 2];
  return undefined;
}

function lastConst(body: readonly string[], register: string): number | null {
  for (let index = body.length - 1; index >= 0; index -= 1) {
    const instruction = body[index] ?? '';
    const writes =
      new RegExp(`^[\\w/-]+ ${register}(,|$)`).test(instruction) &&
      !/^(iput|sput|aput|if-|invoke|return|throw|monitor|fill|filled)/.test(instruction);
    if (!writes) continue;
    const constant = /^const(?:\/4|\/16|\/high16)? \w+, #int (-?\d+)/.exec(instruction)?.[1];
    return constant === undefined ? null : Number(constant);
  }
  return null;
}
