// The bytes a host sends on a command's adb stream (`exec:`, `abb_exec:`, the stdin packets of `shell,v2`/`abb:`),
// read by the few commands that consume them (a streamed `pm install -S <size>`).

/** A command's view of the host's input: reads resolve as bytes arrive. */
export interface HostInput {
  /** Resolves with `length` bytes, or fewer when the host closed its input or the command was aborted. */
  read(length: number, signal: AbortSignal): Promise<Buffer>;
}

/** Host input fed from an adb stream: `push` as data arrives, `end` when the host closes its side. */
export class StreamedHostInput implements HostInput {
  private readonly chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private wake: (() => void) | undefined;

  push(chunk: Buffer): void {
    if (this.ended || chunk.length === 0) return;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.notify();
  }

  end(): void {
    this.ended = true;
    this.notify();
  }

  async read(length: number, signal: AbortSignal): Promise<Buffer> {
    const onAbort = (): void => this.notify();
    signal.addEventListener('abort', onAbort);
    try {
      while (this.buffered < length && !this.ended && !signal.aborted)
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    return this.take(Math.min(length, this.buffered));
  }

  private take(length: number): Buffer {
    const all = Buffer.concat(this.chunks);
    this.chunks.length = 0;
    if (all.length > length) this.chunks.push(all.subarray(length));
    this.buffered = all.length - length;
    return all.subarray(0, length);
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
