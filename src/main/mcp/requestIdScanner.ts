// Finds the top-level "id" of a JSON-RPC line too large to keep in memory, reading it chunk by chunk, so the
// answer to an over-long request still names the request the client is waiting for.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
/** A JSON-RPC id is a short string or number; anything longer is not one we answer to. */
const MAX_ID_BYTES = 256;

/** A JSON-RPC request id: a string or a number. */
export type RequestId = string | number;

/**
 * Tracks nesting and strings byte by byte (structural JSON characters are ASCII, so UTF-8 needs no decoding) and
 * keeps only the raw value of the outermost object's "id" member. Malformed input yields no id, never an error.
 */
export class RequestIdScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private expectingKey = false;
  private key: number[] | null = null;
  private lastKey = '';
  private value: number[] | null = null;
  private idText: string | null = null;

  feed(chunk: Uint8Array): void {
    for (const byte of chunk) this.step(byte);
  }

  /** The id seen so far, or null when there is none (or it is not a string or number). */
  id(): RequestId | null {
    if (this.idText === null) return null;
    try {
      const parsed: unknown = JSON.parse(this.idText);
      return typeof parsed === 'string' || typeof parsed === 'number' ? parsed : null;
    } catch {
      return null;
    }
  }

  private step(byte: number): void {
    if (this.value !== null) {
      // The id's value ends at the next comma or closing brace of the outermost object.
      if (!this.inString && this.depth === 1 && (byte === COMMA || byte === CLOSE_BRACE)) {
        this.idText = Buffer.from(this.value).toString('utf8').trim();
        this.value = null;
      } else if (this.value.length < MAX_ID_BYTES) this.value.push(byte);
      else this.value = null;
    }
    if (this.inString) {
      this.inStringStep(byte);
      return;
    }
    if (byte === QUOTE) {
      this.inString = true;
      if (this.depth === 1 && this.expectingKey) this.key = [];
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      this.depth += 1;
      if (this.depth === 1) this.expectingKey = byte === OPEN_BRACE;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      this.depth -= 1;
    } else if (this.depth === 1 && byte === COMMA) {
      this.expectingKey = true;
    } else if (this.depth === 1 && byte === COLON) {
      this.expectingKey = false;
      if (this.lastKey === 'id') this.value = [];
    }
  }

  private inStringStep(byte: number): void {
    if (this.escaped) this.escaped = false;
    else if (byte === BACKSLASH) this.escaped = true;
    else if (byte === QUOTE) {
      this.inString = false;
      if (this.key !== null) {
        this.lastKey = Buffer.from(this.key).toString('utf8');
        this.key = null;
      }
      return;
    }
    // Only short keys matter ("id"); a long one is kept truncated, which never equals "id".
    if (this.key !== null && this.key.length < 8) this.key.push(byte);
  }
}
