import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { MessageDecoder } from './decoder';
import {
  AUTH_TYPES,
  encodeHeader,
  HOST_MAX_PAYLOAD,
  payloadText,
  PROTOCOL_VERSION,
  VERSION_SKIP_CHECKSUM,
  type AdbMessage,
  type CommandName,
} from './protocol';
import { AdbStream } from './stream';

const EMPTY = new Uint8Array(0);

/** Serves one opened stream; called after OKAY was sent, so the handler may write at once. */
export type StreamServer = (stream: AdbStream) => void;

/** What a host connection asks of its device. */
export interface ConnectionHost {
  /** `<state>::<properties>;features=...`, read at each handshake. */
  banner(): string;
  /** 'token' sends AUTH TOKEN before CNXN and accepts any signature; 'none' answers CNXN at once. */
  authMode(): 'none' | 'token';
  /** False keeps the handshake waiting (the host shows `unauthorized`) until `authorize()`. */
  isAuthorized(): boolean;
  /** Our own largest WRTE payload. */
  maxPayload: number;
  /** The handler for a service name, or undefined to refuse it with CLSE(0, remote). */
  resolveService(service: string): StreamServer | undefined;
  onClosed(connection: HostConnection): void;
}

type HandshakeState = 'awaiting-connect' | 'awaiting-signature' | 'awaiting-user' | 'online';

/** One TCP connection from an adb server: handshake, stream table and message dispatch. */
export class HostConnection {
  private state: HandshakeState = 'awaiting-connect';
  private readonly decoder = new MessageDecoder(HOST_MAX_PAYLOAD);
  private readonly streams = new Map<number, AdbStream>();
  private nextLocalId = 1;
  private hostMaxPayload = HOST_MAX_PAYLOAD;
  /** Whether data_check is filled in: only for hosts older than VERSION_SKIP_CHECKSUM (summing costs CPU). */
  private checksums = true;
  private closed = false;

  constructor(
    private readonly socket: Socket,
    private readonly host: ConnectionHost,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.teardown());
  }

  get online(): boolean {
    return this.state === 'online';
  }

  get openStreamCount(): number {
    return this.streams.size;
  }

  /** The user "allowed" the host: finish a handshake that was waiting for authorization. */
  authorize(): void {
    if (this.state === 'awaiting-signature' || this.state === 'awaiting-user') this.sendConnect();
  }

  /** Drop the TCP connection (the host sees the device go offline). */
  drop(): void {
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    const decoded = this.decoder.push(chunk);
    if (!decoded.ok) {
      this.drop();
      return;
    }
    for (const message of decoded.value) {
      if (this.closed) return;
      this.dispatch(message);
    }
  }

  private dispatch(message: AdbMessage): void {
    switch (message.command) {
      case 'CNXN':
        this.handleConnect(message);
        return;
      case 'AUTH':
        this.handleAuth(message);
        return;
      case 'OPEN':
        if (this.online) this.handleOpen(message);
        return;
      case 'OKAY':
        this.streams.get(message.arg1)?.handleOkay();
        return;
      case 'WRTE':
        this.streams.get(message.arg1)?.handleWrite(message.payload);
        return;
      case 'CLSE':
        // Unknown ids include the host's echo of our own CLSE: ignore them.
        this.streams.get(message.arg1)?.handleClose(true);
        return;
      default:
        return;
    }
  }

  private handleConnect(message: AdbMessage): void {
    if (this.online) this.closeStreams(false);
    this.hostMaxPayload = message.arg1 > 0 ? message.arg1 : HOST_MAX_PAYLOAD;
    this.checksums = message.arg0 >>> 0 < VERSION_SKIP_CHECKSUM;
    if (this.host.authMode() === 'none' && this.host.isAuthorized()) {
      this.sendConnect();
      return;
    }
    this.sendToken();
  }

  private handleAuth(message: AdbMessage): void {
    if (this.online || this.state === 'awaiting-connect') return;
    if (message.arg0 === AUTH_TYPES.signature) {
      // Any signature is accepted when authorized: the simulator does not verify keys.
      if (this.host.isAuthorized()) this.sendConnect();
      else this.sendToken();
      return;
    }
    if (message.arg0 === AUTH_TYPES.publicKey) {
      if (this.host.isAuthorized()) this.sendConnect();
      else this.state = 'awaiting-user';
    }
  }

  private handleOpen(message: AdbMessage): void {
    const remoteId = message.arg0;
    const server = this.host.resolveService(payloadText(message.payload));
    if (!server || remoteId === 0) {
      this.send('CLSE', 0, remoteId);
      return;
    }
    const localId = this.nextLocalId;
    this.nextLocalId = this.nextLocalId >= 0x7fffffff ? 1 : this.nextLocalId + 1;
    const maxChunk = Math.min(this.hostMaxPayload, this.host.maxPayload);
    const stream = new AdbStream(
      localId,
      remoteId,
      maxChunk,
      (...args) => this.send(...args),
      (done) => this.forget(done),
    );
    this.streams.set(localId, stream);
    this.send('OKAY', localId, remoteId);
    server(stream);
  }

  private forget(stream: AdbStream): void {
    if (this.streams.get(stream.localId) === stream) this.streams.delete(stream.localId);
  }

  private sendToken(): void {
    this.state = 'awaiting-signature';
    this.send('AUTH', AUTH_TYPES.token, 0, randomBytes(20));
  }

  private sendConnect(): void {
    this.state = 'online';
    // No trailing NUL: adb keeps every payload byte, and a NUL would end up inside the last feature name.
    this.send('CNXN', PROTOCOL_VERSION, this.host.maxPayload, Buffer.from(this.host.banner(), 'utf8'));
  }

  private send(command: CommandName, arg0: number, arg1: number, payload?: Uint8Array): void {
    if (this.closed || this.socket.destroyed) return;
    const body = payload ?? EMPTY;
    const header = encodeHeader(command, arg0, arg1, body, this.checksums);
    if (body.length === 0) {
      this.socket.write(header);
      return;
    }
    // Header and payload leave in one writev without copying the payload (up to 256 KiB of a screencap) into a new
    // buffer; streams do not reuse a chunk before the host acknowledged it, so it is never changed in flight.
    this.socket.cork();
    this.socket.write(header);
    this.socket.write(body);
    this.socket.uncork();
  }

  private closeStreams(echo: boolean): void {
    for (const stream of [...this.streams.values()]) stream.handleClose(echo);
    this.streams.clear();
  }

  private teardown(): void {
    if (this.closed) return;
    this.closed = true;
    this.closeStreams(false);
    this.host.onClosed(this);
  }
}
