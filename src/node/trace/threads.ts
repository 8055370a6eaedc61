// Thread and process names and tgids seen while decoding, with the 32,768-thread budget checked before adding one.
import { LIMITS } from './limits';
import { TraceError, readString } from './wireReader';

/** readString reads at most this many bytes, so two names agreeing on them decode alike. */
const NAME_BYTES_READ = 1024;
/** Names at most this long are remembered as bytes, so a repeated comm is not decoded again. */
const CACHED_NAME_BYTES = 64;

export class Threads {
  readonly names = new Map<number, string>();
  readonly tgids = new Map<number, number>();
  readonly cmdlines = new Map<number, string>();
  private readonly known = new Set<number>();
  /** The bytes the current name of a thread was decoded from (short names only). */
  private readonly nameSource = new Map<number, Uint8Array>();

  note(tid: number): void {
    if (this.known.has(tid)) return;
    if (this.known.size >= LIMITS.threads) {
      throw new TraceError(
        'TRACE_LIMIT_EXCEEDED',
        `the trace has more than ${LIMITS.threads} threads and processes`,
      );
    }
    this.known.add(tid);
  }

  /** Names `tid` after the string field bytes[start, end); a name equal to the current one is not decoded again. */
  setName(tid: number, bytes: Uint8Array, start: number, end: number): void {
    const length = Math.min(end - start, NAME_BYTES_READ);
    const source = this.nameSource.get(tid);
    if (source !== undefined && source.length === length) {
      let same = true;
      for (let i = 0; i < length; i++) {
        if (source[i] !== bytes[start + i]) {
          same = false;
          break;
        }
      }
      if (same) return;
    }
    this.note(tid);
    this.names.set(tid, readString(bytes, start, end));
    if (length <= CACHED_NAME_BYTES) {
      const copy = new Uint8Array(length);
      for (let i = 0; i < length; i++) copy[i] = bytes[start + i] ?? 0;
      this.nameSource.set(tid, copy);
    } else this.nameSource.delete(tid);
  }

  setTgid(tid: number, tgid: number): void {
    if (this.tgids.get(tid) === tgid) return;
    this.note(tid);
    this.tgids.set(tid, tgid);
  }

  /** A process: counted as a thread, its own tgid, and its first cmdline (if any). */
  setProcess(pid: number, cmdline: string | null): void {
    this.note(pid);
    if (cmdline !== null) this.cmdlines.set(pid, cmdline);
    this.tgids.set(pid, pid);
  }
}
