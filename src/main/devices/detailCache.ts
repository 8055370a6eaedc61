// Per-device details (properties, Operator status) cached between polls so list() stays fast.
import type { AdbClient } from '../../node/adb/adbkit';
import { readDeviceProperties, type DeviceProperties } from './deviceProperties';
import { probeOperator, type ProbeLimits } from './operatorStatus';
import type { ListedDevice } from './serverLink';
import type { DeviceInfo, OperatorStatus } from './types';

interface DetailEntry {
  state: ListedDevice['state'];
  properties?: DeviceProperties;
  propertiesTask?: Promise<void>;
  operator?: OperatorStatus;
  operatorTask?: Promise<void>;
}

export interface DetailCacheOptions {
  operatorPackage(): string;
  limits: ProbeLimits;
  /** Called whenever a fetch stored something new. */
  onUpdate(): void;
}

function keyOf(row: { server: string; serial: string }): string {
  return `${row.server}\n${row.serial}`;
}

/**
 * Details are read when a device turns up in state 'device' (or changes state), and the Operator status again
 * when sync() is asked to refresh it. A failed read is retried by the next sync().
 */
export class DetailCache {
  private readonly entries = new Map<string, DetailEntry>();
  /** The last properties read while a device was online: an offline or unauthorized device keeps its model shown. */
  private readonly lastKnown = new Map<string, NonNullable<DetailEntry['properties']>>();
  /** Bumped when the Operator package changes, so answers about the old package are dropped. */
  private operatorGeneration = 0;

  constructor(private readonly options: DetailCacheOptions) {}

  /** Forgets devices that are gone, resets those whose state changed, and starts the reads that are missing. */
  sync(rows: readonly ListedDevice[], refreshOperators = false): void {
    const present = new Set(rows.map(keyOf));
    for (const key of [...this.entries.keys()]) if (!present.has(key)) this.entries.delete(key);
    for (const key of [...this.lastKnown.keys()]) if (!present.has(key)) this.lastKnown.delete(key);
    for (const row of rows) {
      const entry = this.entryFor(row);
      if (row.state === 'device') this.startReads(row, entry, refreshOperators);
    }
  }

  /** Waits until each online row has had one attempt at its properties and Operator status. */
  async ensure(rows: readonly ListedDevice[]): Promise<void> {
    const waits: Array<Promise<void> | undefined> = [];
    for (const row of rows) {
      if (row.state !== 'device') continue;
      const entry = this.entryFor(row);
      this.startReads(row, entry, false);
      waits.push(entry.propertiesTask, entry.operatorTask);
    }
    await Promise.all(waits);
  }

  /** The row as the hub reports it. */
  info(row: ListedDevice): DeviceInfo {
    const info: DeviceInfo = { serial: row.serial, state: row.state, server: row.server };
    const entry = this.entries.get(keyOf(row));
    if (row.state !== 'device' || entry?.state !== 'device') {
      // What the device was while it was online (model, API level...); never a stale Operator status.
      Object.assign(info, this.lastKnown.get(keyOf(row)));
      return info;
    }
    Object.assign(info, entry.properties);
    if (entry.operator) info.operator = { ...entry.operator };
    return info;
  }

  /** Stores a status read on demand, if it still describes the device's current state and package. */
  store(row: ListedDevice, status: OperatorStatus): void {
    const entry = this.entries.get(keyOf(row));
    if (entry?.state !== 'device' || status.packageName !== this.options.operatorPackage()) return;
    entry.operator = status;
    this.options.onUpdate();
  }

  /** Drops every Operator status (the package changed); the next sync() reads them again. */
  resetOperators(): void {
    this.operatorGeneration += 1;
    for (const entry of this.entries.values()) {
      delete entry.operator;
      delete entry.operatorTask;
    }
  }

  private entryFor(row: ListedDevice): DetailEntry {
    const key = keyOf(row);
    const known = this.entries.get(key);
    if (known?.state === row.state) return known;
    const fresh: DetailEntry = { state: row.state };
    this.entries.set(key, fresh);
    return fresh;
  }

  private startReads(row: ListedDevice, entry: DetailEntry, refreshOperator: boolean): void {
    if (!entry.properties && !entry.propertiesTask)
      entry.propertiesTask = this.readProperties(row.client, row, entry);
    if ((!entry.operator || refreshOperator) && !entry.operatorTask)
      entry.operatorTask = this.readOperator(row.client, row, entry);
  }

  private current(row: ListedDevice, entry: DetailEntry): boolean {
    return this.entries.get(keyOf(row)) === entry;
  }

  private async readProperties(client: AdbClient, row: ListedDevice, entry: DetailEntry): Promise<void> {
    const result = await readDeviceProperties(client, row.serial, this.options.limits.shellTimeoutMs);
    if (!this.current(row, entry)) return;
    delete entry.propertiesTask;
    if (!result.ok) return;
    entry.properties = result.value;
    this.lastKnown.set(keyOf(row), result.value);
    this.options.onUpdate();
  }

  private async readOperator(client: AdbClient, row: ListedDevice, entry: DetailEntry): Promise<void> {
    const generation = this.operatorGeneration;
    const result = await probeOperator(
      client,
      row.serial,
      this.options.operatorPackage(),
      this.options.limits,
    );
    if (!this.current(row, entry) || generation !== this.operatorGeneration) return;
    delete entry.operatorTask;
    // A failed query keeps the previous status: a shell hiccup is not news about the Operator.
    if (!result.ok) return;
    entry.operator = result.value;
    this.options.onUpdate();
  }
}
