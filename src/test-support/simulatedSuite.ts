// Test helper: one isolated adb server and one simulated device for a whole test file (started in beforeAll, closed
// in afterAll), plus reading the device's screen through `adb exec-out screencap -p`.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, expect } from 'vitest';
import type { SimulatedAndroid, SimulatedAndroidOptions } from '../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from './isolatedAdb';
import { bootSimulated } from './isolatedResolver';

/** The file's adb server and device; the fields are set once beforeAll has run (read them inside tests). */
export interface SimulatedSuite {
  adb: IsolatedAdb;
  sim: SimulatedAndroid;
  serial: string;
}

/** The tv profile with its background log traffic off (seeded), as the TV screen tests use it. */
export const QUIET_TV: SimulatedAndroidOptions = { profile: 'tv', logTraffic: { ratePerSecond: 0, seed: 5 } };

/** Registers the file's beforeAll/afterAll: an isolated adb server with one simulated device attached and online. */
export function useSimulatedDevice(options: SimulatedAndroidOptions = {}): SimulatedSuite {
  const suite = {} as SimulatedSuite;
  beforeAll(async () => {
    suite.adb = await startIsolatedAdb();
    const booted = await bootSimulated(suite.adb, options);
    suite.sim = booted.sim;
    suite.serial = booted.serial;
  });
  afterAll(async () => {
    await suite.sim?.close();
    await suite.adb?.stop();
  });
  return suite;
}

/** `adb exec-out screencap -p`, decoded (fails the test on a non-zero status). */
export async function screencapPng(adb: IsolatedAdb, serial: string): Promise<PNG> {
  const run = await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p']);
  expect(run.code).toBe(0);
  return PNG.sync.read(run.stdout);
}

/** The pixel at (x, y) as `#RRGGBB`. */
export function pixelHex(png: PNG, x: number, y: number): string {
  const offset = (png.width * y + x) * 4;
  return `#${[0, 1, 2].map((channel) => (png.data[offset + channel] ?? 0).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}
