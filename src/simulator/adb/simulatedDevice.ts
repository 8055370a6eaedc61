import { createServer, type Server, type Socket } from 'node:net';
import { fail, ok, type Result } from '../../shared/errors';
import { filesOf } from '../device/files';
import { seedFilesystem } from '../device/seedFiles';
import { DeviceState, type DeviceStateOptions } from '../device/state';
import type { CaptureScreen, CommandDevice, CommandTable } from '../shell/commandTable';
import { createDefaultCommandTable } from '../shell/defaultCommands';
import { openShellSession, runCommandLine } from '../shell/interpreter';
import { ReverseForwards } from './adbdServices';
import { HostConnection } from './connection';
import { hostRequest } from './hostClient';
import { createServiceRouter, type StreamHandler } from './services';

/** The state prefix of the CNXN banner: what `adb devices` shows for an authorized device. */
export type BannerState = 'device' | 'recovery' | 'sideload';
/**
 * Transport features this simulator implements and may advertise, in a real adbd's order. `cmd` tells `adb install`
 * to stream the APK to `cmd package install -S` instead of pushing it; `abb`/`abb_exec` serve that without a shell;
 * `sendrecv_v2` lets sync clients send `SND2`/`RCV2` (no compression variant is advertised).
 */
export type DeviceFeature =
  'shell_v2' | 'cmd' | 'stat_v2' | 'ls_v2' | 'fixed_push_mkdir' | 'abb' | 'abb_exec' | 'sendrecv_v2';
export const IMPLEMENTED_FEATURES: readonly DeviceFeature[] = [
  'shell_v2',
  'cmd',
  'stat_v2',
  'ls_v2',
  'fixed_push_mkdir',
  'abb',
  'abb_exec',
  'sendrecv_v2',
];

export interface SimulatedDeviceOptions {
  /** An existing state, or options to build one. */
  state?: DeviceState | DeviceStateOptions;
  /** TCP port on 127.0.0.1; 0 (default) picks a free one. Keep clear of 5555-5585, which adb servers scan. */
  port?: number;
  bannerState?: BannerState;
  /** 'token': AUTH TOKEN first, any signature accepted; 'none' (default): CNXN at once. */
  auth?: 'none' | 'token';
  /** Never complete the handshake: the host shows `unauthorized` until setUnauthorized(false). */
  unauthorized?: boolean;
  /** Advertised features; default all implemented (shell_v2). */
  features?: readonly DeviceFeature[];
  /** Our largest WRTE payload; default 256 KiB (chunks are min(this, host maxdata)). */
  maxPayload?: number;
  captureScreen?: CaptureScreen;
  /** Command table; default a fresh createDefaultCommandTable(). */
  commands?: CommandTable;
  /** Cap on one `sleep`, ms; default 10000. */
  sleepCapMs?: number;
}

export type AttachMode = 'connect' | 'emulator';

/** One stream a host opened on this device: the service string exactly as received (`shell,v2,raw:ls`, `sync:`). */
export interface ReceivedRequest {
  atMs: number;
  service: string;
}

/** The received-requests log keeps the most recent entries only. */
export const RECEIVED_LOG_LIMIT = 1000;

interface Attachment {
  adbPort: number;
  mode: AttachMode;
  serial: string;
}

/** The device side (adbd) of the adb transport over TCP, serving shell, exec and localabstract services. */
export class SimulatedDevice {
  readonly state: DeviceState;
  readonly commands: CommandTable;
  private readonly server: Server;
  private readonly connections = new Set<HostConnection>();
  private readonly sockets = new Set<Socket>();
  private readonly abstractSockets = new Map<string, StreamHandler>();
  private readonly tcpServers = new Map<number, StreamHandler>();
  private readonly attachments: Attachment[] = [];
  private listeningPort = 0;
  private readonly receivedLog: ReceivedRequest[] = [];
  private authorized: boolean;
  private bannerState: BannerState;
  private captureScreen: CaptureScreen | undefined;

  private constructor(private readonly options: SimulatedDeviceOptions) {
    this.state = options.state instanceof DeviceState ? options.state : new DeviceState(options.state);
    this.commands = options.commands ?? createDefaultCommandTable();
    this.authorized = !options.unauthorized;
    this.bannerState = options.bannerState ?? 'device';
    this.captureScreen = options.captureScreen;
    const features = options.features ?? IMPLEMENTED_FEATURES;
    seedFilesystem(
      filesOf(this.state),
      Math.floor(Date.now() / 1000),
      () => this.state.now() - this.state.bootTimeMs,
    );
    const routeService = createServiceRouter({
      shell: {
        run: (commandLine, io) => runCommandLine(commandLine, io, this.commandDevice()),
        openSession: (io) => openShellSession(io, this.commandDevice()),
      },
      abstractSockets: this.abstractSockets,
      tcpServers: this.tcpServers,
      shellV2: () => features.includes('shell_v2'),
      abb: () => features.includes('abb_exec') || features.includes('abb'),
      files: filesOf(this.state),
      reverse: new ReverseForwards(),
    });
    const resolveService = (service: string): ReturnType<typeof routeService> => {
      this.receivedLog.push({ atMs: Date.now(), service });
      if (this.receivedLog.length > RECEIVED_LOG_LIMIT) this.receivedLog.shift();
      return routeService(service);
    };
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      const connection = new HostConnection(socket, {
        banner: () => this.banner(features),
        authMode: () => options.auth ?? 'none',
        isAuthorized: () => this.authorized,
        maxPayload: options.maxPayload ?? 256 * 1024,
        resolveService,
        onClosed: (closed) => this.connections.delete(closed),
      });
      this.connections.add(connection);
    });
  }

  /** Creates a device and starts listening. */
  static async start(options: SimulatedDeviceOptions = {}): Promise<SimulatedDevice> {
    const device = new SimulatedDevice(options);
    await device.listen(options.port ?? 0);
    return device;
  }

  get port(): number {
    return this.listeningPort;
  }

  get listening(): boolean {
    return this.server.listening;
  }

  /** The streams hosts opened, oldest first (the last RECEIVED_LOG_LIMIT): what the device received. */
  received(): readonly ReceivedRequest[] {
    return [...this.receivedLog];
  }

  /** Streams open on this device's host connections (one per running shell command, among others). */
  get openStreamCount(): number {
    return [...this.connections].reduce((sum, connection) => sum + connection.openStreamCount, 0);
  }

  /** Host connections whose handshake completed. */
  get onlineConnectionCount(): number {
    return [...this.connections].filter((connection) => connection.online).length;
  }

  /** `<state>::ro.product.name=...;ro.product.model=...;ro.product.device=...;features=...` */
  /** What the shell of this device runs commands against (read per request: the screen provider can change). */
  private commandDevice(): CommandDevice {
    return {
      state: this.state,
      captureScreen: this.captureScreen,
      commands: this.commands,
      sleepCapMs: this.options.sleepCapMs ?? 10_000,
    };
  }

  banner(features: readonly DeviceFeature[] = this.options.features ?? IMPLEMENTED_FEATURES): string {
    const property = (key: string): string => this.state.getProperty(key) ?? '';
    return `${this.bannerState}::ro.product.name=${property('ro.product.name')};ro.product.model=${property('ro.product.model')};ro.product.device=${property('ro.product.device')};features=${features.join(',')}`;
  }

  /** Serves `localabstract:<name>`; returns the function that unregisters it. */
  /** Listens on a device TCP port (127.0.0.1 on the device): `tcp:<port>` streams reach it; returns the unregister. */
  registerTcpServer(port: number, handler: StreamHandler): () => void {
    this.tcpServers.set(port, handler);
    return () => {
      if (this.tcpServers.get(port) === handler) this.tcpServers.delete(port);
    };
  }

  registerAbstractSocket(name: string, handler: StreamHandler): () => void {
    this.abstractSockets.set(name, handler);
    return () => {
      if (this.abstractSockets.get(name) === handler) this.abstractSockets.delete(name);
    };
  }

  setCaptureScreen(captureScreen: CaptureScreen | undefined): void {
    this.captureScreen = captureScreen;
  }

  /** Applies to the next handshake (hosts reconnect after unplug()). */
  setBannerState(bannerState: BannerState): void {
    this.bannerState = bannerState;
  }

  /**
   * true: connections that complete a handshake from now on wait forever (`unauthorized`); online connections are
   * dropped so the host reconnects into that state. false: waiting handshakes complete at once, like tapping "Allow".
   */
  setUnauthorized(unauthorized: boolean): void {
    this.authorized = !unauthorized;
    for (const connection of this.connections) {
      if (unauthorized && connection.online) connection.drop();
      if (!unauthorized) connection.authorize();
    }
  }

  /** Drops every host connection (hosts see `offline`); with keepListening false the port also stops accepting. */
  async unplug(options: { keepListening?: boolean } = {}): Promise<void> {
    const closing =
      options.keepListening === false && this.server.listening
        ? new Promise<void>((resolve) => this.server.close(() => resolve()))
        : undefined;
    for (const socket of this.sockets) socket.destroy();
    await closing;
  }

  /** Listens again on the same port after unplug({ keepListening: false }). */
  async replug(): Promise<void> {
    if (!this.server.listening) await this.listen(this.listeningPort);
  }

  /**
   * Registers with an adb server: 'connect' sends `host:connect:127.0.0.1:<port>` (serial `127.0.0.1:<port>`);
   * 'emulator' sends `host:emulator:<port>` (serial `emulator-<port-1>`, removed as soon as the connection closes).
   */
  async attach(options: { adbPort: number; mode?: AttachMode }): Promise<Result<{ serial: string }>> {
    const mode = options.mode ?? 'connect';
    const address = `127.0.0.1:${this.listeningPort}`;
    const reply = await hostRequest(
      options.adbPort,
      mode === 'connect' ? `host:connect:${address}` : `host:emulator:${this.listeningPort}`,
    );
    if (!reply.ok) return reply;
    const { status, message } = reply.value;
    // "failed to authenticate" still registers the transport: the device is listed as `unauthorized`.
    const attached =
      mode === 'connect'
        ? status === 'OKAY' && /^(connected|already connected|failed to authenticate) to /.test(message)
        : status !== 'FAIL';
    if (!attached) {
      return fail(
        'DEVICE_OFFLINE',
        `adb server on port ${options.adbPort} could not attach ${address}: ${message || status}`,
        { adbPort: options.adbPort, mode },
      );
    }
    const serial = mode === 'connect' ? address : `emulator-${this.listeningPort - 1}`;
    if (!this.attachments.some((item) => item.adbPort === options.adbPort && item.serial === serial))
      this.attachments.push({ adbPort: options.adbPort, mode, serial });
    return ok({ serial });
  }

  /** Removes the device from the given adb server (or from every server it was attached to); reports the first failure. */
  async detach(adbPort?: number): Promise<Result<void>> {
    const targets = this.attachments.filter(
      (attachment) => adbPort === undefined || attachment.adbPort === adbPort,
    );
    let failure: Result<void> | undefined;
    for (const target of targets) {
      this.attachments.splice(this.attachments.indexOf(target), 1);
      if (target.mode === 'emulator') {
        // An emulator transport disappears when its connection closes; there is no host:disconnect for it.
        for (const socket of this.sockets) socket.destroy();
        continue;
      }
      const reply = await hostRequest(target.adbPort, `host:disconnect:${target.serial}`);
      if (!reply.ok) failure ??= reply;
      else if (reply.value.status === 'FAIL')
        failure ??= fail('DEVICE_NOT_FOUND', `adb server on port ${target.adbPort}: ${reply.value.message}`, {
          serial: target.serial,
        });
    }
    return failure ?? ok(undefined);
  }

  /** Detaches from adb servers it was connected to (best effort), drops connections and stops listening. */
  async close(): Promise<void> {
    await this.detach();
    await this.unplug({ keepListening: false });
  }

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      this.server.once('error', onError);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', onError);
        const address = this.server.address();
        this.listeningPort = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  }
}
