import { connect, type Socket } from 'node:net';
import { MessageDecoder } from '../simulator/adb/decoder';
import {
  encodeMessage,
  HOST_MAX_PAYLOAD,
  nulTerminated,
  PROTOCOL_VERSION,
  type AdbMessage,
  type CommandName,
} from '../simulator/adb/protocol';

/**
 * A minimal adb host for wire-level tests of the simulated device: sends raw messages and awaits replies.
 * Failures throw (test harness).
 */
export class RawHost {
  private readonly decoder = new MessageDecoder(HOST_MAX_PAYLOAD);
  private readonly received: AdbMessage[] = [];
  private waiters: Array<() => void> = [];
  closed = false;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      const decoded = this.decoder.push(chunk);
      if (decoded.ok) this.received.push(...decoded.value);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static connect(port: number): Promise<RawHost> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port }, () => resolve(new RawHost(socket)));
      socket.once('error', reject);
    });
  }

  send(command: CommandName, arg0: number, arg1: number, payload?: Uint8Array): void {
    this.socket.write(encodeMessage(command, arg0, arg1, payload));
  }

  /** Sends CNXN with the given max payload. */
  hello(maxPayload = HOST_MAX_PAYLOAD): void {
    this.send('CNXN', PROTOCOL_VERSION, maxPayload, nulTerminated('host::features=shell_v2'));
  }

  open(localId: number, service: string): void {
    this.send('OPEN', localId, 0, nulTerminated(service));
  }

  writeRaw(data: Buffer): void {
    this.socket.write(data);
  }

  /** The next received message (optionally the next matching one), failing after timeoutMs. */
  async next(match: (message: AdbMessage) => boolean = () => true, timeoutMs = 2000): Promise<AdbMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.received.findIndex(match);
      if (index >= 0) return this.received.splice(index, 1)[0] as AdbMessage;
      if (this.closed) throw new Error('connection closed while waiting for a message');
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error('timed out waiting for a message');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Messages received and not yet consumed, after waiting quietMs for stragglers. */
  async pending(quietMs = 50): Promise<AdbMessage[]> {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    return [...this.received];
  }

  /** Collects WRTE payloads of one stream (acknowledging each) until the device closes it. */
  async readStream(localId: number, timeoutMs = 5000): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for (;;) {
      const message = await this.next(
        (item) => item.arg1 === localId && (item.command === 'WRTE' || item.command === 'CLSE'),
        timeoutMs,
      );
      if (message.command === 'CLSE') return Buffer.concat(chunks);
      chunks.push(message.payload);
      this.send('OKAY', localId, message.arg0);
    }
  }

  close(): void {
    this.socket.destroy();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}
