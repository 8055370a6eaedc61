// The built CLI against simulated devices over an isolated adb server: what a QA engineer runs at the desk.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedAndroid } from '../simulator/simulatedAndroid';
import { runBuiltCli } from '../test-support/builtCli';
import { startIsolatedAdb, type IsolatedAdb } from '../test-support/isolatedAdb';
import { bootSimulated } from '../test-support/isolatedResolver';

let adb: IsolatedAdb;
let directory: string;
const sims: SimulatedAndroid[] = [];
let phone = '';

const cli = (argv: readonly string[]) =>
  runBuiltCli(argv, {
    ...adb.env,
    ANDROID_ADB_SERVER_PORT: String(adb.port),
    ANDROPERATOR_EVIDENCE_DIR: join(directory, 'evidence'),
  });

beforeAll(async () => {
  adb = await startIsolatedAdb();
  directory = await mkdtemp(join(tmpdir(), 'androperator-cli-'));
  const booted = await bootSimulated(adb, { profile: 'phone' });
  sims.push(booted.sim);
  phone = booted.serial;
});

afterAll(async () => {
  for (const sim of sims) await sim.close();
  await adb?.stop();
  await rm(directory, { recursive: true, force: true });
});

describe('androperator against a simulated phone', () => {
  it('lists the device with its Operator status', async () => {
    const run = await cli(['devices']);
    expect(run.code).toBe(0);
    // No console runs for this HOME: the CLI lists its own adb server and says so (issue 14 defect 8).
    expect(run.json.source).toBe(`the adb server on port ${adb.port}`);
    expect(run.json).toMatchObject({
      devices: [
        {
          serial: phone,
          state: 'device',
          model: 'Pixel 7',
          apiLevel: 35,
          simulatedProfile: 'phone',
          operator: { installed: true, serviceEnabled: true, reachable: true },
        },
      ],
    });
  });

  it('sets and clears the panel with every data key as a string', async () => {
    const set = await cli([
      'on-screen-log',
      'set',
      '--text',
      'FLOW-001: Observe settings',
      '--anchor',
      'right',
      '--edge-offset-dp',
      '12',
      '--top-offset-dp',
      '24',
    ]);
    expect(set.code).toBe(0);
    expect(set.json).toMatchObject({
      deviceId: phone,
      terminalSource: 'androperator_result',
      isCanonicalTerminal: true,
    });
    const envelope = set.json.envelope as {
      status: string;
      stepResults: Array<{ data: Record<string, string> }>;
    };
    expect(envelope.status).toBe('success');
    expect(envelope.stepResults[0]?.data).toEqual({
      visible: 'true',
      rendered: 'true',
      truncated: 'false',
      anchor: 'right',
      text_align: 'left',
      top_offset_dp: '24',
      edge_offset_dp: '12',
      width_dp: '280',
      font_size_sp: '12',
      text_color: '#FFFFFFFF',
      background_color: '#B3000000',
      ttl_ms: '300000',
      bounds: '[313,199][1048,278]',
    });
    const clear = await cli(['on-screen-log', 'clear', '--device', phone]);
    expect(clear.code).toBe(0);
    expect((clear.json.envelope as { stepResults: Array<{ data: unknown }> }).stepResults[0]?.data).toEqual({
      visible: 'false',
    });
  });

  it('captures a screenshot to a path and reports the reference data keys', async () => {
    const path = join(directory, 'shot.png');
    const run = await cli(['screenshot', '--path', path]);
    expect(run.code).toBe(0);
    const data = (run.json.envelope as { stepResults: Array<{ data: Record<string, string> }> })
      .stepResults[0]?.data;
    expect(data).toMatchObject({
      path,
      captureSource: 'host',
      captureWidthPx: '1080',
      captureHeightPx: '2400',
      coordinateSpace: 'screenshot_pixels',
      origin: 'top_left',
      captureMethod: 'adb_screencap',
    });
    expect(PNG.sync.read(await readFile(path)).width).toBe(1080);
  });

  it('refuses relative paths and existing files, and replaces one only with --overwrite', async () => {
    const path = join(directory, 'notes.png');
    await writeFile(path, 'my notes');
    const refused = await cli(['screenshot', '--path', path, '--no-daemon']);
    expect(refused.code).toBe(1);
    expect(refused.json).toMatchObject({ code: 'INVALID_PATH', details: { path, reason: 'exists' } });
    expect(await readFile(path, 'utf8')).toBe('my notes');
    const relative = await cli(['screenshot', '--path', 'notes.txt', '--no-daemon']);
    expect(relative.json).toMatchObject({ code: 'INVALID_PATH', details: { reason: 'not_absolute' } });
    const sequence = await cli(['sequence', '--text', 'FLOW-003', '--path', path]);
    expect(sequence.json).toMatchObject({ code: 'INVALID_PATH', details: { path, reason: 'exists' } });
    expect(await readFile(path, 'utf8')).toBe('my notes');
    const replaced = await cli(['screenshot', '--path', path, '--overwrite', '--no-daemon']);
    expect(replaced.code).toBe(0);
    expect(PNG.sync.read(await readFile(path)).width).toBe(1080);
  });

  it('honours --timeout for the capture: a minute-long screencap ends in EVIDENCE_CAPTURE_FAILED', async () => {
    const sim = sims[0];
    if (sim === undefined) throw new Error('no phone');
    // The phone would answer after a minute; the test's own timeout (20 s) catches a CLI that waits for it.
    sim.faults.screencap = { delayMs: 60_000, fail: false };
    try {
      const path = join(directory, 'slow.png');
      const run = await cli(['screenshot', '--path', path, '--timeout', '2000', '--no-daemon']);
      const step = (run.json.envelope as { stepResults: Array<{ data: Record<string, string> }> })
        .stepResults[0];
      expect(step?.data).toMatchObject({
        errorCode: 'EVIDENCE_CAPTURE_FAILED',
        message: expect.stringMatching(/^screencap did not finish within \d+ ms$/),
      });
      await expect(readFile(path)).rejects.toThrow();
    } finally {
      sim.faults.screencap = { delayMs: 0, fail: false };
    }
  });

  it('runs the ordered sequence with a capture check and keeps the evidence', async () => {
    const path = join(directory, 'flow.png');
    const run = await cli(['sequence', '--text', 'FLOW-002', '--label', 'checkout', '--path', path]);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({
      status: 'succeeded',
      deviceId: phone,
      copiedTo: path,
      captureCheck: { inCapture: true },
    });
    const record = JSON.parse(await readFile(join(String(run.json.runPath), 'run.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(record).toMatchObject({ label: 'checkout', status: 'succeeded' });
    // The device log of the run's window: printed as run.json records it.
    expect(run.json.logExcerpt).toMatchObject({ status: 'complete', limitReached: false });
    expect(run.json.logExcerpt).toEqual(record.logExcerpt);
  });

  it('runs an exec payload file with aliases, and a snapshot', async () => {
    const file = join(directory, 'execution.json');
    await writeFile(
      file,
      JSON.stringify({
        command_id: 'x1',
        task_id: 't',
        source: 'test',
        expected_format: 'android-ui-automator',
        timeout_ms: 10000,
        actions: [
          { id: 's', type: 'on_screen_log_set', params: { text: 'hi' } },
          { id: 'snap', type: 'snapshot' },
          { id: 'c', type: 'on_screen_log_clear' },
        ],
      }),
    );
    const run = await cli(['exec', '--payload', file, '--no-daemon']);
    expect(run.code).toBe(0);
    const steps = (
      run.json.envelope as { stepResults: Array<{ actionType: string; data: Record<string, string> }> }
    ).stepResults;
    expect(steps.map((step) => step.actionType)).toEqual([
      'set_on_screen_log',
      'snapshot',
      'clear_on_screen_log',
    ]);
    expect(steps[1]?.data.operator_overlay_visible).toBe('true');
    const snapshot = await cli(['snapshot']);
    expect(snapshot.code).toBe(0);
  });

  it('exits 1 with structured errors: unknown device, layout invalid', async () => {
    const missing = await cli(['on-screen-log', 'clear', '--device', 'nope']);
    expect(missing).toMatchObject({
      code: 1,
      json: { code: 'DEVICE_NOT_FOUND', details: { connected: [phone] } },
    });
    const invalid = await cli(['on-screen-log', 'set', '--text', 'x', '--edge-offset-dp', '1000']);
    expect(invalid.code).toBe(1);
    expect((invalid.json.envelope as { errorCode: string }).errorCode).toBe('ON_SCREEN_LOG_LAYOUT_INVALID');
  });
});
