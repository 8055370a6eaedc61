import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import { createRobotoMeasurer } from '../../node/fonts/robotoMeasurer';
import { EvidenceStore } from '../evidence/evidenceStore';
import { InFlightRegistry } from '../execution/inFlight';
import { adbSequencePorts } from './adbPorts';
import { runSequence } from './runSequence';
import type { HoldControl, SequenceDependencies, SequenceHoldState } from './types';

// Hold mode against a simulated phone through a real, isolated adb server: what the device received, in order.

const PACKAGE = 'com.androperator.operator';
const DESIGN = { text: 'FLOW-HOLD', backgroundColor: '#E6000080', anchor: 'right' as const };

let adb: IsolatedAdb;
let directory: string;
const running: SimulatedAndroid[] = [];

beforeAll(async () => {
  adb = await startIsolatedAdb();
});
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-hold-'));
});
afterEach(async () => {
  for (const sim of running.splice(0)) await sim.close();
  await rm(directory, { recursive: true, force: true });
});
afterAll(async () => {
  await adb?.stop();
});

/** Resolves once `predicate` holds for a hold view (checked on every change). */
function holdWatcher() {
  const views: SequenceHoldState[] = [];
  const waiters: Array<{ predicate: (view: SequenceHoldState) => boolean; resolve: () => void }> = [];
  let control: HoldControl | undefined;
  return {
    views,
    control: () => {
      if (control === undefined) throw new Error('the hold has not started');
      return control;
    },
    listeners: {
      onStarted: (given: HoldControl) => {
        control = given;
      },
      onChanged: (view: SequenceHoldState) => {
        views.push(view);
        for (const waiter of [...waiters])
          if (waiter.predicate(view)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
      },
    },
    until: (predicate: (view: SequenceHoldState) => boolean): Promise<void> => {
      const last = views.at(-1);
      if (last !== undefined && predicate(last)) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
  };
}

/** The checked, observed captures of a view. */
const settled = (view: SequenceHoldState, count: number): boolean =>
  !view.capturing &&
  view.captures.length === count &&
  view.captures.every((capture) => capture.captureCheck !== undefined && capture.foreground !== undefined);

async function bootPhone(): Promise<{ sim: SimulatedAndroid; serial: string; timeline: () => string[] }> {
  const booted = await bootSimulated(adb, {});
  running.push(booted.sim);
  // What reached the device, in order: each execute as the Operator got it, each screencap as adbd got it.
  const timeline: string[] = [];
  const operator = booted.sim.operator;
  const noteExecute = operator.noteExecute.bind(operator);
  let screencaps = 0;
  const countScreencaps = (): void => {
    const seen = booted.sim.device.received().filter((entry) => entry.service.includes('screencap')).length;
    for (; screencaps < seen; screencaps += 1) timeline.push('screencap');
  };
  operator.noteExecute = (execution: unknown) => {
    countScreencaps();
    noteExecute(execution);
    const last = operator.receivedExecutions.at(-1);
    timeline.push(last?.actions.join(',') ?? '?');
  };
  return {
    ...booted,
    timeline: () => {
      countScreencaps();
      return [...timeline];
    },
  };
}

function dependencies(listeners: SequenceDependencies['hold']): SequenceDependencies {
  return {
    resolver: isolatedResolver(adb),
    inFlight: new InFlightRegistry(),
    evidence: new EvidenceStore(directory),
    ports: adbSequencePorts(createRobotoMeasurer),
    ...(listeners === undefined ? {} : { hold: listeners }),
  };
}

describe('runSequence with hold', () => {
  it('sends set, then one take_screenshot per capture with its screencap, then clear, and nothing after', async () => {
    const { sim, serial, timeline } = await bootPhone();
    const watcher = holdWatcher();
    const result = runSequence(
      { design: DESIGN, deviceId: serial, operatorPackage: PACKAGE, label: 'held', hold: {} },
      dependencies(watcher.listeners),
    );
    await watcher.until((view) => view.status === 'holding' && settled(view, 1));
    // Held: the panel is still on the device after the first capture.
    expect(sim.visiblePanel).not.toBeNull();
    watcher.control().capture();
    await watcher.until((view) => settled(view, 2));
    watcher.control().capture();
    await watcher.until((view) => settled(view, 3));
    expect(sim.visiblePanel).not.toBeNull();
    watcher.control().release();
    const finished = await result;
    if (!finished.ok) throw new Error(finished.error.message);
    const value = finished.value;
    expect(sim.visiblePanel).toBeNull();
    expect(timeline()).toEqual([
      'set_on_screen_log',
      'take_screenshot',
      'screencap',
      'take_screenshot',
      'screencap',
      'take_screenshot',
      'screencap',
      'clear_on_screen_log',
    ]);
    expect(value.status).toBe('succeeded');
    expect(value.hold).toMatchObject({ maxCaptures: 20, maxMs: 600_000, endedBy: 'user' });
    expect(value.captures?.map((capture) => [capture.step, capture.status, capture.file])).toEqual([
      ['screenshot', 'succeeded', 'screenshot.png'],
      ['screenshot-2', 'succeeded', 'capture-2.png'],
      ['screenshot-3', 'succeeded', 'capture-3.png'],
    ]);
    for (const capture of value.captures ?? []) {
      expect(capture.captureCheck).toMatchObject({ inCapture: true });
      // The host's own look at the foreground app, labelled as such.
      expect(capture.foreground).toMatchObject({ source: 'host_dumpsys', status: 'observed' });
      expect(capture.foreground?.packageName).toMatch(/\./);
      const png = PNG.sync.read(await readFile(join(value.runPath, capture.file ?? '')));
      expect([png.width, png.height]).toEqual([1080, 2400]);
    }
    expect((await readdir(value.runPath)).sort()).toEqual([
      'capture-2.png',
      'capture-3.png',
      'logcat.txt',
      'run.json',
      'screenshot.png',
    ]);
    const record = JSON.parse(await readFile(join(value.runPath, 'run.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(record).toMatchObject({ status: 'succeeded', hold: value.hold, captures: value.captures });
    // The panel generation clear found is the one set drew: nothing replaced the panel during the hold.
    expect(value.panelGeneration?.beforeClear).toBe(value.panelGeneration?.set);
    // The held panel's TTL covers the hold, so it cannot expire between captures.
    const set = value.steps.find((step) => step.step === 'set');
    expect(set?.payload?.actions[0]).toMatchObject({ params: { ttlMs: 660_000 } });
  });

  it('clears by itself at the capture bound', async () => {
    const { sim, serial, timeline } = await bootPhone();
    const watcher = holdWatcher();
    const result = runSequence(
      { design: DESIGN, deviceId: serial, operatorPackage: PACKAGE, hold: { maxCaptures: 2 } },
      dependencies(watcher.listeners),
    );
    await watcher.until((view) => view.status === 'holding');
    watcher.control().capture();
    const finished = await result;
    if (!finished.ok) throw new Error(finished.error.message);
    expect(finished.value.hold?.endedBy).toBe('max_captures');
    expect(watcher.views.at(-1)?.endedReason).toContain('Reached 2 captures');
    expect(
      timeline()
        .filter((entry) => entry !== 'screencap')
        .at(-1),
    ).toBe('clear_on_screen_log');
    expect(sim.visiblePanel).toBeNull();
  });

  it('ends the hold with DEVICE_OFFLINE when the device goes away, keeping the captures taken', async () => {
    const { sim, serial } = await bootPhone();
    const watcher = holdWatcher();
    const result = runSequence(
      { design: DESIGN, deviceId: serial, operatorPackage: PACKAGE, hold: {} },
      dependencies(watcher.listeners),
    );
    await watcher.until((view) => view.status === 'holding' && settled(view, 1));
    await sim.device.unplug({ keepListening: false });
    const finished = await result;
    if (!finished.ok) throw new Error(finished.error.message);
    const value = finished.value;
    expect(value.status).toBe('failed');
    expect(value.hold).toMatchObject({ endedBy: 'failure', error: { code: 'DEVICE_OFFLINE' } });
    expect(value.captures).toEqual([
      expect.objectContaining({ status: 'succeeded', file: 'screenshot.png' }),
    ]);
    const record = JSON.parse(await readFile(join(value.runPath, 'run.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(record).toMatchObject({
      status: 'failed',
      hold: { endedBy: 'failure' },
      captures: value.captures,
    });
    expect(await readdir(value.runPath)).toContain('screenshot.png');
  });
});
