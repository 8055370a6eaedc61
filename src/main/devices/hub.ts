// The device hub: every device on the local adb server and on added remote servers, tracked live.
import { fail, ok, type AppError, type Result } from '../../shared/errors';
import { createAdbClient } from '../../node/adb/adbkit';
import { DetailCache } from './detailCache';
import { localServerError } from './hubErrors';
import {
  isPackageName,
  parseServerAddress,
  resolveHubConfig,
  type AdbHubOptions,
  type HubConfig,
} from './hubConfig';
import { probeOperator, type ProbeLimits } from './operatorStatus';
import { pickTarget } from './pickTarget';
import { createRemoteServer, remoteServerStatus, type RemoteServer } from './remoteServer';
import { sameServer, serverIdentities, THIS_MACHINE } from './serverIdentity';
import { ServerLink, type AdbServerStatus, type ListedDevice } from './serverLink';
import { loadServers, saveServers, type SavedServer } from './serverStore';
import type { DeviceInfo, DeviceResolver, OperatorStatus, ResolvedDevice } from './types';

export type { AdbHubOptions } from './hubConfig';
export type { AdbServerStatus } from './serverLink';

/** Receives the full device list after every observable change. */
export type DevicesListener = (devices: DeviceInfo[]) => void;

/**
 * Lists and tracks devices across adb servers. Rows come local first, then remote servers in the order they were
 * added, each sorted by serial; a serial on two servers is listed twice and resolves to the local one.
 */
export class AdbHub implements DeviceResolver {
  private readonly config: HubConfig;
  private readonly local: ServerLink;
  private readonly remotes = new Map<string, RemoteServer>();
  /** Addresses entered that turned out to be the local server. */
  private readonly localAliases: string[] = [];
  private restored: Promise<void> | undefined;
  private saving: Promise<void> = Promise.resolve();
  /** Why the servers file was not used, once (for the console's log). */
  serversFileProblem: string | undefined;
  private readonly details: DetailCache;
  private readonly listeners = new Set<DevicesListener>();
  private operatorPackage: string;
  private lastEmitted: string | undefined;
  private started = false;
  private pollTimer: NodeJS.Timeout | undefined;
  private pollCount = 0;
  /** Bumped by start() and stop(), so a tick that outlives a restart does not schedule a second loop. */
  private pollLoop = 0;
  private readonly signal = (): void => void this.tick(false);

  /** A hub for `options`; INVALID_OPERATOR_PACKAGE when operatorPackage is not an Android package name. */
  static create(options: AdbHubOptions = {}): Result<AdbHub> {
    const config = resolveHubConfig(options);
    return config.ok ? ok(new AdbHub(config.value)) : config;
  }

  private constructor(config: HubConfig) {
    this.config = config;
    this.operatorPackage = config.operatorPackage;
    const { adbBinary, localPort, serverTimeoutMs } = config;
    this.local = new ServerLink(
      'local',
      createAdbClient({ port: localPort, bin: adbBinary }),
      (error) => localServerError(error, adbBinary, localPort),
      serverTimeoutMs,
    );
    this.details = new DetailCache({
      operatorPackage: () => this.operatorPackage,
      limits: this.limits(),
      onUpdate: () => this.emitIfChanged(),
    });
  }

  /** Every device with its state and, when online, its properties and Operator status. */
  async list(): Promise<Result<DeviceInfo[]>> {
    await this.pollAll();
    const failure = this.listFailure();
    if (failure) return { ok: false, error: failure };
    await this.details.ensure(this.rows());
    const devices = this.snapshot();
    this.emitIfChanged(devices);
    return ok(devices);
  }

  async resolve(deviceId?: string): Promise<Result<ResolvedDevice>> {
    const picked = await this.pick(deviceId, this.config.resolveListMaxAgeMs);
    if (!picked.ok) return picked;
    await this.details.ensure([picked.value]);
    this.emitIfChanged();
    return ok({
      client: picked.value.client,
      serial: picked.value.serial,
      info: this.details.info(picked.value),
    });
  }

  /** Reads the Operator status now (not from the cache) and updates the list with it. */
  async operatorStatus(serial: string): Promise<Result<OperatorStatus>> {
    const picked = await this.pick(serial);
    if (!picked.ok) return picked;
    const status = await probeOperator(picked.value.client, serial, this.operatorPackage, this.limits());
    if (status.ok) this.details.store(picked.value, status.value);
    return status;
  }

  get currentOperatorPackage(): string {
    return this.operatorPackage;
  }

  /** Switches the Operator package (e.g. to the .dev variant); every status is read again. */
  setOperatorPackage(operatorPackage: string): Result<void> {
    if (!isPackageName(operatorPackage))
      return fail('INVALID_OPERATOR_PACKAGE', `"${operatorPackage}" is not an Android package name.`, {
        operatorPackage,
      });
    if (operatorPackage === this.operatorPackage) return ok(undefined);
    this.operatorPackage = operatorPackage;
    this.details.resetOperators();
    if (this.started) this.signal();
    return ok(undefined);
  }

  /**
   * Adds a lab's adb server ("host:port"); an unreachable one is kept and its status says why. An address of a server
   * already listed (the same resolved address and port: localhost, 127.0.0.1, ::1 and this machine's own addresses
   * are one) adds nothing: it is recorded as an alias of that server, whose status is returned.
   */
  async addServer(address: string): Promise<Result<AdbServerStatus>> {
    const parsed = parseServerAddress(address);
    if (!parsed.ok) return parsed;
    await this.restoreServers();
    const added = await this.addRemote(parsed.value.label, true, []);
    await this.save();
    if (added !== 'local') await this.pollAll();
    this.emitIfChanged();
    return ok(added === 'local' ? this.localStatus() : remoteServerStatus(added));
  }

  /** Forgets a remote server (by its address or an alias); false when it was not added. */
  async removeServer(address: string): Promise<boolean> {
    await this.restoreServers();
    const found = this.findRemote(address);
    if (!found) return false;
    found.remote.link.stopTracking();
    this.remotes.delete(found.label);
    await this.save();
    this.details.sync(this.rows());
    this.emitIfChanged();
    return true;
  }

  /** Switches a remote server on (tracked and polled again) or off (kept, not polled); false when not added. */
  async setServerEnabled(address: string, enabled: boolean): Promise<boolean> {
    await this.restoreServers();
    const found = this.findRemote(address);
    if (!found) return false;
    if (found.remote.enabled !== enabled) {
      found.remote.enabled = enabled;
      if (!enabled) found.remote.link.stopTracking();
      else if (this.started) found.remote.link.startTracking(this.signal);
      await this.save();
      if (enabled) await this.pollAll();
      this.details.sync(this.rows());
      this.emitIfChanged();
    }
    return true;
  }

  /** The local server first, then remote servers in the order they were added (switched-off ones too). */
  servers(): AdbServerStatus[] {
    return [this.localStatus(), ...[...this.remotes.values()].map(remoteServerStatus)];
  }

  private localStatus(): AdbServerStatus {
    const status = this.local.status();
    return this.localAliases.length === 0 ? status : { ...status, aliases: [...this.localAliases] };
  }

  private findRemote(address: string): { label: string; remote: RemoteServer } | undefined {
    const parsed = parseServerAddress(address);
    const label = parsed.ok ? parsed.value.label : address.trim();
    for (const [key, remote] of this.remotes)
      if (key === label || remote.aliases.includes(label)) return { label: key, remote };
    return undefined;
  }

  /** Adds (or recognises) the server at `label`; 'local' when it is the local server. */
  private async addRemote(
    label: string,
    enabled: boolean,
    aliases: readonly string[],
  ): Promise<RemoteServer | 'local'> {
    const parsed = parseServerAddress(label);
    if (!parsed.ok) throw new Error(`addRemote got an unparsed address ${label}`);
    const { host, port } = parsed.value;
    const identities = await serverIdentities(host, port);
    if (sameServer(identities, [`${THIS_MACHINE}:${this.config.localPort}`])) {
      if (!this.localAliases.includes(label)) this.localAliases.push(label);
      return 'local';
    }
    for (const [key, remote] of this.remotes) {
      if (key !== label && !sameServer(identities, remote.identities)) continue;
      if (key !== label && !remote.aliases.includes(label)) remote.aliases.push(label);
      return remote;
    }
    const remote = createRemoteServer(
      { label, host, port, identities, enabled, aliases },
      this.config.serverTimeoutMs,
    );
    this.remotes.set(label, remote);
    if (this.started && enabled) remote.link.startTracking(this.signal);
    return remote;
  }

  /** Adds the servers of the servers file once (before the first start or change). */
  private restoreServers(): Promise<void> {
    const file = this.config.serversFile;
    if (file === undefined) return Promise.resolve();
    this.restored ??= (async () => {
      const loaded = await loadServers(file);
      this.serversFileProblem = loaded.problem;
      for (const saved of loaded.servers) {
        const parsed = parseServerAddress(saved.address);
        if (!parsed.ok) continue;
        await this.addRemote(parsed.value.label, saved.enabled, saved.aliases);
      }
    })();
    return this.restored;
  }

  /** Writes the servers file (one write at a time, in order). */
  private save(): Promise<void> {
    const file = this.config.serversFile;
    if (file === undefined) return Promise.resolve();
    const servers: SavedServer[] = [...this.remotes].map(([address, remote]) => ({
      address,
      enabled: remote.enabled,
      aliases: [...remote.aliases],
    }));
    this.saving = this.saving.then(async () => {
      const saved = await saveServers(file, servers);
      if (!saved.ok) this.serversFileProblem = saved.error.message;
    });
    return this.saving;
  }

  /** Calls `listener` with the full list after every observable change; returns the unsubscribe function. */
  subscribe(listener: DevicesListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts tracking (one track-devices subscription per enabled server plus the liveness poll), after adding the
   * servers of the servers file; resolves to list().
   */
  async start(): Promise<Result<DeviceInfo[]>> {
    const loop = this.pollLoop;
    await this.restoreServers();
    // A stop() while the servers file was read wins: the hub stays stopped.
    if (!this.started && loop === this.pollLoop) {
      this.started = true;
      this.pollLoop += 1;
      for (const link of this.links()) link.startTracking(this.signal);
      this.schedulePoll();
    }
    return this.list();
  }

  /** Stops trackers and timers; the adb servers keep running (they are the user's). */
  stop(): void {
    this.started = false;
    this.pollLoop += 1;
    clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
    for (const link of this.links()) link.stopTracking();
  }

  /** stop() and drops every listener. */
  async close(): Promise<void> {
    this.stop();
    this.listeners.clear();
    await this.saving;
  }

  private limits(): ProbeLimits {
    return { shellTimeoutMs: this.config.serverTimeoutMs, helloTimeoutMs: this.config.helloTimeoutMs };
  }

  /** The local server and the enabled remote ones. */
  private links(): ServerLink[] {
    return [
      this.local,
      ...[...this.remotes.values()].filter((remote) => remote.enabled).map((remote) => remote.link),
    ];
  }

  private rows(): ListedDevice[] {
    return this.links().flatMap((link) =>
      [...link.listed].sort((a, b) => (a.serial < b.serial ? -1 : a.serial > b.serial ? 1 : 0)),
    );
  }

  private async pollAll(refreshOperators = false): Promise<void> {
    await Promise.all(this.links().map((link) => link.poll()));
    this.details.sync(this.rows(), refreshOperators);
  }

  /**
   * Picks the target from a device list polled now, or (for a given serial) from one polled at most `maxAgeMs` ago
   * when that list has the target online; a target it lacks (or lists offline) is looked for again in a new poll,
   * so a reused list can never fail a run, only save a round trip to every adb server.
   */
  private async pick(deviceId: string | undefined, maxAgeMs = 0): Promise<Result<ListedDevice>> {
    const now = Date.now();
    // Without a serial the choice depends on every row (one device, or several), so only a fresh list will do.
    const reusable =
      deviceId !== undefined &&
      maxAgeMs > 0 &&
      this.links().every((link) => link.polledWithin(maxAgeMs, now));
    if (reusable) {
      const picked = this.pickFromRows(deviceId);
      if (picked.ok) return picked;
    }
    await this.pollAll();
    return this.pickFromRows(deviceId);
  }

  private pickFromRows(deviceId: string | undefined): Result<ListedDevice> {
    const unavailableServers = this.links()
      .slice(1)
      .filter((link) => link.failure !== undefined)
      .map((link) => link.server);
    const localFailure = this.local.failure;
    return pickTarget(this.rows(), deviceId, {
      unavailableServers,
      ...(localFailure ? { localFailure } : {}),
    });
  }

  /** The local failure, unless some remote server answered (then its devices are still worth listing). */
  private listFailure(): AppError | undefined {
    const localFailure = this.local.failure;
    if (!localFailure) return undefined;
    return this.links()
      .slice(1)
      .some((link) => link.status().reachable)
      ? undefined
      : localFailure;
  }

  private snapshot(): DeviceInfo[] {
    return this.rows().map((row) => this.details.info(row));
  }

  private emitIfChanged(devices: DeviceInfo[] = this.snapshot()): void {
    const key = JSON.stringify(devices);
    if (key === this.lastEmitted) return;
    this.lastEmitted = key;
    for (const listener of [...this.listeners]) {
      try {
        listener(devices);
      } catch {
        // A failing listener must not stop the others or the hub's own loop.
      }
    }
  }

  private async tick(periodic: boolean): Promise<void> {
    if (periodic) this.pollCount += 1;
    await this.pollAll(periodic && this.pollCount % this.config.operatorRefreshPolls === 0);
    this.emitIfChanged();
  }

  private schedulePoll(): void {
    const loop = this.pollLoop;
    this.pollTimer = setTimeout(() => {
      void this.tick(true).then(() => {
        if (this.started && loop === this.pollLoop) this.schedulePoll();
      });
    }, this.config.pollIntervalMs);
  }
}
