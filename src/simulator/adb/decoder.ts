import type { Result } from '../../shared/errors';
import { commandName, HEADER_LENGTH, type AdbMessage } from './protocol';

/** Why a byte stream is not a valid adb message sequence; the connection is dropped after one. */
export interface DecodeError {
  reason: 'bad-magic' | 'unknown-command' | 'payload-too-large';
  message: string;
}

/**
 * Incremental decoder: TCP delivers messages split across reads or several in one read;
 * `push` returns every message completed so far.
 */
export class MessageDecoder {
  private pending: Buffer = Buffer.alloc(0);
  private failed: DecodeError | undefined;

  constructor(private readonly maxPayload: number) {}

  push(chunk: Buffer): Result<AdbMessage[], DecodeError> {
    if (this.failed) return { ok: false, error: this.failed };
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const messages: AdbMessage[] = [];
    while (this.pending.length >= HEADER_LENGTH) {
      const value = this.pending.readUInt32LE(0);
      const length = this.pending.readUInt32LE(12);
      const magic = this.pending.readUInt32LE(20);
      const name = commandName(value);
      if ((value ^ 0xffffffff) >>> 0 !== magic)
        return this.fail(
          'bad-magic',
          `magic 0x${magic.toString(16)} does not match command 0x${value.toString(16)}`,
        );
      if (!name) return this.fail('unknown-command', `unknown command 0x${value.toString(16)}`);
      if (length > this.maxPayload)
        return this.fail('payload-too-large', `payload of ${length} bytes exceeds ${this.maxPayload}`);
      if (this.pending.length < HEADER_LENGTH + length) break;
      messages.push({
        command: name,
        arg0: this.pending.readUInt32LE(4),
        arg1: this.pending.readUInt32LE(8),
        payload: Buffer.from(this.pending.subarray(HEADER_LENGTH, HEADER_LENGTH + length)),
      });
      this.pending = this.pending.subarray(HEADER_LENGTH + length);
    }
    return { ok: true, value: messages };
  }

  private fail(reason: DecodeError['reason'], message: string): { ok: false; error: DecodeError } {
    this.failed = { reason, message };
    this.pending = Buffer.alloc(0);
    return { ok: false, error: this.failed };
  }
}
