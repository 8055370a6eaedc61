import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { SimulatedDevice } from '../adb/simulatedDevice';

// The shell language through the real adb CLI (shell_v2 and exec-out), adbkit (legacy shell:) and a raw
// shell_v2 client on the adb server's smart socket, against a simulated phone on an isolated adb server.

let adb: IsolatedAdb;
let device: SimulatedDevice | undefined;

async function attached(): Promise<{ device: SimulatedDevice; serial: string }> {
  const started = await SimulatedDevice.start();
  device = started;
  const result = await started.attach({ adbPort: adb.port, mode: 'connect' });
  if (!result.ok) throw new Error(result.error.message);
  await waitForDeviceState(adb.client, result.value.serial, 'device', 3000);
  return { device: started, serial: result.value.serial };
}

interface ShellV2Reply {
  stdout: string;
  stderr: string;
  exit: number | undefined;
}

/** Speaks the adb server's smart-socket protocol: host:transport, then `shell,v2,raw:`, decoding the packets. */
function shellV2(port: number, serial: string, commandLine: string): Promise<ShellV2Reply> {
  const request = (text: string): Buffer =>
    Buffer.concat([Buffer.from(text.length.toString(16).padStart(4, '0')), Buffer.from(text)]);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let buffer = Buffer.alloc(0);
    let stage: 'transport' | 'shell' | 'packets' = 'transport';
    const reply: ShellV2Reply = { stdout: '', stderr: '', exit: undefined };
    socket.once('connect', () => socket.write(request(`host:transport:${serial}`)));
    socket.on('error', reject);
    socket.on('close', () => resolve(reply));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (stage !== 'packets' && buffer.length >= 4) {
        const status = buffer.subarray(0, 4).toString();
        if (status !== 'OKAY') {
          reject(new Error(`adb server answered ${buffer.toString()}`));
          socket.destroy();
          return;
        }
        buffer = buffer.subarray(4);
        if (stage === 'transport') {
          stage = 'shell';
          socket.write(request(`shell,v2,raw:${commandLine}`));
        } else stage = 'packets';
      }
      while (stage === 'packets' && buffer.length >= 5 && buffer.length >= 5 + buffer.readUInt32LE(1)) {
        const length = buffer.readUInt32LE(1);
        const id = buffer.readUInt8(0);
        const data = buffer.subarray(5, 5 + length);
        buffer = buffer.subarray(5 + length);
        if (id === 1) reply.stdout += data.toString();
        else if (id === 2) reply.stderr += data.toString();
        else if (id === 3) reply.exit = data.readUInt8(0);
      }
    });
  });
}

/** `adb shell` with no command and `input` on stdin (not a tty): an interactive session over shell_v2. */
function interactive(serial: string, input: string): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(adb.bin, ['-P', String(adb.port), '-s', serial, 'shell'], { env: adb.env });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout, code });
    });
    child.stdin.end(input);
  });
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

afterEach(async () => {
  await device?.close();
  device = undefined;
});

afterAll(async () => {
  await adb?.stop();
});

describe('shell language through the real adb CLI', () => {
  it("adb shell 'false; echo $?' prints 1 and adb shell exit 3 exits 3", async () => {
    const { serial } = await attached();
    const status = await adb.adb(['-s', serial, 'shell', 'false; echo $?']);
    expect(status).toMatchObject({ code: 0, stderr: '' });
    expect(status.stdout.toString()).toBe('1\n');
    expect((await adb.adb(['-s', serial, 'shell', 'exit', '3'])).code).toBe(3);
    expect((await adb.adb(['-s', serial, 'shell', "sh -c 'exit 42'"])).code).toBe(42);
    const missing = await adb.adb(['-s', serial, 'shell', 'nope 2>/dev/null || echo fallback']);
    expect(missing).toMatchObject({ code: 0, stderr: '' });
    expect(missing.stdout.toString()).toBe('fallback\n');
  });

  it('adb logcat -d (export ANDROID_LOG_TAGS; exec logcat) prints the log', async () => {
    const { device: phone, serial } = await attached();
    phone.state.appendLog({ priority: 'W', tag: 'ShellProbe', message: 'through exec' });
    const run = await adb.adb(['-s', serial, 'logcat', '-d']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout.toString()).toMatch(/ W ShellProbe *: through exec\n/);
  });

  it('writes a device file with > and reads it back with cat and adb pull', async () => {
    const { serial } = await attached();
    const run = await adb.adb(['-s', serial, 'shell', 'echo hi > /data/local/tmp/x; cat /data/local/tmp/x']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.toString()).toBe('hi\n');
    const pulled = `${adb.directory}/pulled.txt`;
    expect((await adb.adb(['-s', serial, 'pull', '/data/local/tmp/x', pulled])).code).toBe(0);
    expect(await readFile(pulled, 'utf8')).toBe('hi\n');
    const refused = await adb.adb(['-s', serial, 'shell', 'echo x > /system/x']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe("/system/bin/sh: can't create /system/x: Read-only file system\n");
  });

  it('expands variables, $(...) and $$ and runs the EXIT trap', async () => {
    const { serial } = await attached();
    const run = await adb.adb([
      '-s',
      serial,
      'shell',
      `trap 'echo done' EXIT; A=$(getprop ro.build.version.sdk); export A; sh -c 'echo sdk=$A'; echo $$ | grep -c '^[0-9][0-9]*$'`,
    ]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.toString()).toBe('sdk=34\n1\ndone\n');
  });

  it('an interactive adb shell keeps variables across lines and exits with exit N', async () => {
    const { serial } = await attached();
    const session = await interactive(
      serial,
      `A=5\ntrap 'echo bye' EXIT\necho $A $$ | grep -c '^5 [0-9]'\nexit 3\necho never\n`,
    );
    expect(session).toEqual({ stdout: '1\nbye\n', code: 3 });
    expect(await interactive(serial, 'false\n')).toEqual({ stdout: '', code: 1 });
  });

  it('adb exec-out runs the same language (no exit status on that service)', async () => {
    const { serial } = await attached();
    const run = await adb.adb(['-s', serial, 'exec-out', 'false; echo X4EXIT:$?']);
    expect(run.stdout.toString()).toBe('X4EXIT:1\n');
  });
});

describe('shell language through other clients', () => {
  it("adbkit's legacy shell: answers adbutils' shell2 suffix", async () => {
    const { serial } = await attached();
    const output = await adb.client.shell(serial, 'getprop ro.build.version.sdk; echo X4EXIT:$?');
    expect(output.toString()).toBe('34\nX4EXIT:0\n');
    expect((await adb.client.shell(serial, 'nope; echo X4EXIT:$?')).toString()).toBe(
      '/system/bin/sh: nope: inaccessible or not found\nX4EXIT:127\n',
    );
  });

  it('a shell_v2 client sees stdout, stderr and the exit code separately', async () => {
    const { serial } = await attached();
    const reply = await shellV2(adb.port, serial, 'echo out; echo err >&2; nope; exit 5');
    expect(reply).toEqual({
      stdout: 'out\n',
      stderr: 'err\n/system/bin/sh: nope: inaccessible or not found\n',
      exit: 5,
    });
    expect((await shellV2(adb.port, serial, 'exec sh -c "exit 300"')).exit).toBe(44);
  });
});
