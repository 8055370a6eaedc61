import { Duplex } from 'node:stream';
import type { CommandName } from './protocol';

/** How a stream sends messages through its host connection. */
export type SendMessage = (command: CommandName, arg0: number, arg1: number, payload?: Uint8Array) => void;

interface PendingWrite {
  data: Buffer;
  offset: number;
  callback: (error?: Error | null) => void;
}

/**
 * The device end of one adb stream, as a Duplex for service handlers.
 * Writes become WRTE messages with at most one unacknowledged WRTE in flight; host WRTE data is readable;
 * `end()` sends CLSE once everything written was acknowledged. A host CLSE ends the readable side and
 * discards later writes (the handler sees 'close' and its abort signal fires).
 */
export class AdbStream extends Duplex {
  private pending: PendingWrite | undefined;
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
    if (this.isClosed || chunk.length === 0) {
      callback();
      return;
    }
    this.pending = { data: chunk, offset: 0, callback };
    this.pump();
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

  private pump(): void {
    if (this.awaitingAck) return;
    if (this.isClosed) {
      this.releasePending();
      return;
    }
    const current = this.pending;
    if (current && current.offset < current.data.length) {
      const end = Math.min(current.offset + this.maxChunk, current.data.length);
      this.awaitingAck = true;
      this.sendMessage('WRTE', this.localId, this.remoteId, current.data.subarray(current.offset, end));
      current.offset = end;
      return;
    }
    if (current) {
      this.pending = undefined;
      current.callback();
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
    const current = this.pending;
    this.pending = undefined;
    current?.callback();
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
