// The screenshot tools on a simulated phone through the real adb server: the exact services the device received,
// the pixels that came back, a device file only after approval, and nothing sent for refused calls.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, type Result } from '../../shared/errors';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import type { ApprovalRequest, Approver } from '../approval/approval';
import { runTool } from '../android/runTool';
import type { AndroidTool } from '../android/tool';
import { androidReadScreen, androidScreenshot, captureAndroidScreen } from './visionTools';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb));
});

afterAll(async () => {
  await sim?.close();
  await adb?.stop();
});

function approver(answer: 'approve' | 'refuse') {
  const asked: ApprovalRequest[] = [];
  const approve: Approver = async (request) => {
    asked.push(request);
    return answer === 'approve' ? ok(undefined) : fail('APPROVAL_REFUSED', 'refused in the test');
  };
  return { asked, approve };
}

async function call(tool: AndroidTool, args: Record<string, unknown>, approve: Approver) {
  const before = sim.device.received().length;
  const result: Result<unknown> = await runTool(tool, {
    arguments: { device: serial, ...args },
    resolver: isolatedResolver(adb),
    approve,
  });
  const services = sim.device
    .received()
    .slice(before)
    .map((entry) => entry.service)
    .filter((service) => !service.startsWith('host'));
  return { result, services };
}

interface ImageValue {
  summary: string;
  written: unknown;
  image: { mime_type: string; bytes: number; data_base64: string };
}

async function ls(path: string): Promise<string> {
  const run = await adb.adb(['-s', serial, 'shell', `ls -l ${path} 2>&1`]);
  return run.stdout.toString();
}

describe('android.screenshot and android.read_screen without a path', () => {
  it('answer with the PNG screencap -p gave over the exec service, and write no file anywhere', async () => {
    const { result, services } = await call(androidScreenshot, {}, approver('refuse').approve);
    expect(services).toEqual(['exec:screencap -p']);
    expect(result.ok).toBe(true);
    const value = (result as { value: ImageValue }).value;
    expect(value.image.mime_type).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(value.image.data_base64, 'base64'));
    expect([png.width, png.height]).toEqual([1080, 2400]);
    expect(value.summary).toBe(
      `source=1080x2400, sent=1080x2400, bytes=${value.image.bytes}, transformed=false`,
    );
    expect(value.written).toBeNull();

    const read = await call(androidReadScreen, {}, approver('refuse').approve);
    expect(read.services).toEqual(['exec:screencap -p']);
    expect(read.result).toMatchObject({
      ok: true,
      value: { kind: 'read_screen', image: { mime_type: 'image/png' } },
    });
  });

  it('android.read_screen refuses a path and sends nothing', async () => {
    const { result, services } = await call(
      androidReadScreen,
      { path: '/sdcard/x.png' },
      approver('approve').approve,
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', message: expect.stringContaining('path is not a known field') },
    });
    expect(services).toEqual([]);
  });
});

describe('writing a PNG on the device', () => {
  it('capture_android_screen asks first, then runs screencap -p with the quoted path; the file exists', async () => {
    const asking = approver('approve');
    const path = '/sdcard/Pictures/shot one.png';
    const { result, services } = await call(captureAndroidScreen, { path }, asking.approve);
    expect(asking.asked).toEqual([
      {
        tool: 'capture_android_screen',
        device: serial,
        preview: "screencap -p '/sdcard/Pictures/shot one.png'",
        strength: 'normal',
      },
    ]);
    expect(services).toEqual(["shell,v2,raw:screencap -p '/sdcard/Pictures/shot one.png'"]);
    expect(result).toMatchObject({
      ok: true,
      value: { kind: 'capture_android_screen', action_sent: true, path },
    });
    expect(await ls("'/sdcard/Pictures/shot one.png'")).toMatch(/shot one\.png/);
  });

  it('a refused approval captures and writes nothing', async () => {
    const path = '/sdcard/Pictures/refused.png';
    const { result, services } = await call(captureAndroidScreen, { path }, approver('refuse').approve);
    expect(result).toMatchObject({ ok: false, error: { code: 'APPROVAL_REFUSED' } });
    expect(services).toEqual([]);
    expect(await ls(path)).toMatch(/No such file/);
  });

  it('android.screenshot with a path writes it after approval and still answers with the image', async () => {
    const asking = approver('approve');
    const { result, services } = await call(
      androidScreenshot,
      { path: '/data/local/tmp/s.png' },
      asking.approve,
    );
    expect(asking.asked.map((request) => request.preview)).toEqual(["screencap -p '/data/local/tmp/s.png'"]);
    expect(services).toEqual(["shell,v2,raw:screencap -p '/data/local/tmp/s.png'", 'exec:screencap -p']);
    expect(result).toMatchObject({
      ok: true,
      value: { written: { path: '/data/local/tmp/s.png' }, image: { mime_type: 'image/png' } },
    });
  });

  it('a folder the shell cannot write to is a failure that says where to write', async () => {
    const { result } = await call(
      captureAndroidScreen,
      { path: '/system/shot.png' },
      approver('approve').approve,
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'ANDROID_COMMAND_FAILED', details: { action_sent: true, path: '/system/shot.png' } },
    });
  });

  it.each([
    ['relative', 'shot.png', 'must be absolute'],
    ['a folder', '/sdcard/', 'must name a file'],
    ['a newline', '/sdcard/a\nb.png', 'CR, LF or NUL'],
  ])('refuses a %s path before asking or sending anything', async (_what, path, message) => {
    const asking = approver('approve');
    const { result, services } = await call(captureAndroidScreen, { path }, asking.approve);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect((result as { error: { message: string } }).error.message).toContain(message);
    expect(asking.asked).toEqual([]);
    expect(services).toEqual([]);
  });
});
