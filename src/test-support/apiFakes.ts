// Test helpers for the console API: a fake hub, a small real PNG, and dependencies over temporary stores.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { DeviceInfo } from '../shared/api/devices';
import { fail, ok, type Result } from '../shared/errors';
import { createAdbClient, type AdbClient } from '../node/adb/adbkit';
import type { AdbServerStatus } from '../main/devices/hub';
import { EvidenceStore } from '../main/evidence/evidenceStore';
import { InFlightRegistry } from '../main/execution/inFlight';
import type { ConsoleDependencies, DeviceHubPort } from '../main/api/dependencies';
import { ConsoleEventBus, type ConsoleEventMessage } from '../main/api/events';
import { PresetsStore } from '../main/api/presetsStore';
import { defaultSettings, SettingsStore } from '../main/api/settingsStore';

/** Never used for I/O: the fakes replace every runner that would talk to it. */
export const UNUSED_CLIENT: AdbClient = createAdbClient({ port: 1, bin: 'adb-is-not-called-in-unit-tests' });

export const PHONE: DeviceInfo = {
  serial: 'sim-phone',
  state: 'device',
  server: 'local',
  manufacturer: 'Google',
  model: 'Pixel 7',
  apiLevel: 35,
  simulatedProfile: 'phone',
};

/** A hub over a fixed list: resolve finds online devices by serial; servers are recorded as added. */
export class FakeHub implements DeviceHubPort {
  readonly remote: string[] = [];
  operatorPackages: string[] = [];

  constructor(public devices: DeviceInfo[] = [PHONE]) {}

  async list(): Promise<Result<DeviceInfo[]>> {
    return ok(this.devices);
  }

  async resolve(serial?: string) {
    const device = this.devices.find((candidate) => candidate.serial === serial);
    if (device === undefined)
      return fail('DEVICE_NOT_FOUND', `${serial ?? '(none)'} is not connected`, {
        connected: this.devices.map((entry) => entry.serial),
      });
    if (device.state !== 'device') return fail('DEVICE_OFFLINE', `${device.serial} is ${device.state}`);
    return ok({ client: UNUSED_CLIENT, serial: device.serial, info: device });
  }

  servers(): AdbServerStatus[] {
    const status = (server: string): AdbServerStatus => ({
      server,
      host: server === 'local' ? '127.0.0.1' : (server.split(':')[0] ?? ''),
      port: server === 'local' ? 5037 : Number(server.split(':')[1]),
      reachable: true,
      tracking: true,
      deviceCount: server === 'local' ? this.devices.length : 0,
      ...(server === 'local' ? {} : { enabled: !this.disabled.has(server) }),
    });
    return [status('local'), ...this.remote.map(status)];
  }

  async addServer(address: string): Promise<Result<AdbServerStatus>> {
    if (!/^[a-z0-9.-]+:\d+$/.test(address))
      return fail('INVALID_SERVER_ADDRESS', `"${address}" is not an adb server address`);
    if (!this.remote.includes(address)) this.remote.push(address);
    const added = this.servers().find((status) => status.server === address);
    return added === undefined ? fail('INTERNAL_ERROR', 'lost') : ok(added);
  }

  async removeServer(address: string): Promise<boolean> {
    const index = this.remote.indexOf(address);
    if (index < 0) return false;
    this.remote.splice(index, 1);
    return true;
  }

  readonly disabled = new Set<string>();

  async setServerEnabled(address: string, enabled: boolean): Promise<boolean> {
    if (!this.remote.includes(address)) return false;
    if (enabled) this.disabled.delete(address);
    else this.disabled.add(address);
    return true;
  }

  async operatorStatus(serial: string) {
    const device = await this.resolve(serial);
    if (!device.ok) return device;
    const status = device.value.info.operator;
    return status ? ok(status) : fail('DEVICE_SHELL_UNAVAILABLE', `${serial} has no Operator status`);
  }

  setOperatorPackage(operatorPackage: string): Result<void> {
    this.operatorPackages.push(operatorPackage);
    return ok(undefined);
  }
}

/** A real PNG of the given size (one colour). */
export function pngBytes(widthPx: number, heightPx: number): Uint8Array {
  const png = new PNG({ width: widthPx, height: heightPx });
  png.data.fill(200);
  return PNG.sync.write(png);
}

export interface TestSetup {
  dependencies: ConsoleDependencies;
  hub: FakeHub;
  events: ConsoleEventMessage[];
  directory: string;
  cleanup(): Promise<void>;
}

/** Dependencies over a FakeHub and real stores in a fresh temporary directory; `overrides` replace fields. */
export async function testSetup(overrides: Partial<ConsoleDependencies> = {}): Promise<TestSetup> {
  const directory = await mkdtemp(join(tmpdir(), 'androperator-api-'));
  const hub = new FakeHub();
  const bus = new ConsoleEventBus();
  const events: ConsoleEventMessage[] = [];
  bus.subscribe((message) => events.push(message));
  const dependencies: ConsoleDependencies = {
    app: { version: '9.9.9', shell: 'web', platform: 'linux' },
    hub,
    inFlight: new InFlightRegistry(),
    evidence: new EvidenceStore(join(directory, 'evidence')),
    settings: await SettingsStore.open(join(directory, 'config'), defaultSettings({})),
    presets: await PresetsStore.open(join(directory, 'config')),
    events: bus,
    ...overrides,
  };
  return {
    dependencies,
    hub,
    events,
    directory,
    cleanup: () => rm(directory, { recursive: true, force: true }),
  };
}
