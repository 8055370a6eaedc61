import { Duplex } from 'node:stream';
import type { CommandName } from './protocol';

/** How a stream sends messages through its host connection. */
export type SendMessage = (command: CommandName, arg0: number, arg1: number, payload?: Uint8Array) => void;

/** Bytes written and not yet sent, oldest first: whole chunks, the first one possibly partly sent. */
class OutQueue {
  private readonly chunks: Buffer[] = [];
  private head = 0;
  private offset = 0;
  bytes = 0;

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.bytes += chunk.length;
  }

  /** Takes up to `max` bytes from the front, in order: a view when they lie in one chunk, else a copy. */
  take(max: number): Buffer {
    const size = Math.min(max, this.bytes);
    const first = this.chunks[this.head];
    if (first === undefined || size === 0) return Buffer.alloc(0);
    if (first.length - this.offset >= size) {
      const view = first.subarray(this.offset, this.offset + size);
      this.advance(size);
      return view;
    }
    const out = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const chunk = this.chunks[this.head] as Buffer;
      const count = Math.min(size - filled, chunk.length - this.offset);
      chunk.copy(out, filled, this.offset, this.offset + count);
      filled += count;
      this.advance(count);
    }
    return out;
  }

  clear(): void {
    this.chunks.length = 0;
    this.head = 0;
    this.offset = 0;
    this.bytes = 0;
  }

  private advance(count: number): void {
    this.bytes -= count;
    this.offset += count;
    const chunk = this.chunks[this.head];
    if (chunk !== undefined && this.offset === chunk.length) {
      this.head += 1;
      this.offset = 0;
      if (this.head > 64 && this.head * 2 > this.chunks.length) {
        this.chunks.splice(0, this.head);
        this.head = 0;
      }
    }
  }
}

/**
 * The device end of one adb stream, as a Duplex for service handlers.
 * Writes become WRTE messages with at most one unacknowledged WRTE in flight. As adbd reads a service's pipe in
 * payload-sized chunks, what is written while a WRTE awaits its OKAY goes out together in the next WRTE(s), each at
 * most `maxChunk` bytes, in order. A write is accepted (its callback fires) while less than `maxChunk` bytes wait
 * unsent, otherwise once they drop below it, so a fast writer sees backpressure. Host WRTE data is readable;
 * `end()` sends CLSE once everything written was acknowledged. A host CLSE ends the readable side and
 * discards later writes (the handler sees 'close' and its abort signal fires).
 */
export class AdbStream extends Duplex {
  private readonly queue = new OutQueue();
  /** The callback of the write that filled the queue to `maxChunk`: it fires when the queue drops below. */
  private blocked: ((error?: Error | null) => void) | undefined;
  private awaitingAck = false;
  private closedByHost = false;
  private closeSent = false;
  private finished = false;
  private finalCallback: ((error?: Error | null) => void) | undefined;
  /** Made when a service first asks for `signal` (shell commands do; agent streams never): aborting costs a stack. */
  private abortController: AbortController | undefined;

  constructor(
    readonly localId: number,
    readonly remoteId: number,
    private readonly maxChunk: number,
    private readonly sendMessage: SendMessage,
    private readonly onFinished: (stream: AdbStream) => void,
  ) {
    super({ allowHalfOpen: true });
  }

  /** Aborted when the host closes the stream or the connection drops. */
  get signal(): AbortSignal {
    if (this.abortController === undefined) {
      this.abortController = new AbortController();
      if (this.finished) this.abortController.abort();
    }
    return this.abortController.signal;
  }

  get isClosed(): boolean {
    return this.closedByHost || this.closeSent;
  }

  /** Host acknowledged our last WRTE. */
  handleOkay(): void {
    if (!this.awaitingAck) return;
    this.awaitingAck = false;
    this.pump();
  }

  /** Host sent data. */
  handleWrite(data: Buffer): void {
    if (this.isClosed) return;
    this.sendMessage('OKAY', this.localId, this.remoteId);
    this.push(data);
  }

  /** Host closed the stream, or the whole connection dropped (`echo` false: nobody to answer). */
  handleClose(echo: boolean): void {
    if (this.closedByHost) return;
    this.closedByHost = true;
    if (echo && !this.closeSent) {
      // Real adbd answers a host CLSE with its own; the host ignores CLSE for ids it already released.
      this.closeSent = true;
      this.sendMessage('CLSE', this.localId, this.remoteId);
    }
    this.finish();
  }

  override _read(): void {
    // Data is pushed as host WRTE messages arrive; OKAY is sent at once so nothing waits on this.
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.accept([chunk], callback);
  }

  override _writev(
    chunks: { chunk: Buffer; encoding: BufferEncoding }[],
    callback: (error?: Error | null) => void,
  ): void {
    this.accept(
      chunks.map((entry) => entry.chunk),
      callback,
    );
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (this.isClosed) {
      callback();
      return;
    }
    this.finalCallback = callback;
    this.pump();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.isClosed) {
      this.closeSent = true;
      this.sendMessage('CLSE', this.localId, this.remoteId);
    }
    this.finish();
    callback(error);
  }

  private accept(chunks: Buffer[], callback: (error?: Error | null) => void): void {
    if (this.isClosed) {
      callback();
      return;
    }
    for (const chunk of chunks) this.queue.push(chunk);
    this.pump();
    if (this.queue.bytes < this.maxChunk) callback();
    else this.blocked = callback;
  }

  private pump(): void {
    if (this.awaitingAck) return;
    if (this.isClosed) {
      this.releasePending();
      return;
    }
    if (this.queue.bytes > 0) {
      this.awaitingAck = true;
      this.sendMessage('WRTE', this.localId, this.remoteId, this.queue.take(this.maxChunk));
      if (this.blocked !== undefined && this.queue.bytes < this.maxChunk) {
        const callback = this.blocked;
        this.blocked = undefined;
        callback();
      }
      return;
    }
    if (this.finalCallback) {
      const callback = this.finalCallback;
      this.finalCallback = undefined;
      this.closeSent = true;
      this.sendMessage('CLSE', this.localId, this.remoteId);
      this.finish();
      callback();
    }
  }

  private releasePending(): void {
    this.queue.clear();
    const blocked = this.blocked;
    this.blocked = undefined;
    blocked?.();
    const final = this.finalCallback;
    this.finalCallback = undefined;
    final?.();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.awaitingAck = false;
    this.releasePending();
    this.abortController?.abort();
    if (!this.destroyed) {
      this.push(null);
      // Nothing written after this can reach the host; ending lets 'close' fire once the handler drains.
      if (!this.writableEnded) this.end();
    }
    this.onFinished(this);
  }
}
