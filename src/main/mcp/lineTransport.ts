// The MCP stdio transport: newline-delimited JSON-RPC that answers malformed, invalid and over-long lines and keeps
// serving. Why not the SDK's StdioServerTransport: it closes on a line over its 10 MB buffer (the request is never
// answered and the process exits) and drops unparseable lines without the -32700 / -32600 answers JSON-RPC asks for.
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { RequestIdScanner, type RequestId } from './requestIdScanner';

/** The longest line read as a message (the SDK's limit); a longer one is discarded as it streams in. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

/** JSON-RPC 2.0 error codes of lines that never reach the server. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

const NEWLINE = 0x0a;

/**
 * The SDK's JSONRPCMessageSchema, passed in rather than imported: the SDK takes about 300 ms to load, which every
 * other CLI command would pay (this module is reached from the CLI's static imports).
 */
export interface MessageSchema {
  safeParse(value: unknown): { success: true; data: JSONRPCMessage } | { success: false };
}

function idOf(value: unknown): RequestId | null {
  if (typeof value !== 'object' || value === null || !('id' in value)) return null;
  const { id } = value;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private pieces: Buffer[] = [];
  private size = 0;
  /** Set while the rest of an over-long line is discarded. */
  private oversized: RequestIdScanner | null = null;
  private closed = false;

  constructor(
    private readonly schema: MessageSchema,
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

  private readonly onData = (chunk: Buffer): void => {
    let start = 0;
    while (start <= chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
      this.take(piece);
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  };

  private readonly onInputError = (error: Error): void => this.onerror?.(error);

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    this.pieces = [];
    this.oversized = null;
    this.onclose?.();
  }

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.oversized !== null) {
      this.oversized.feed(piece);
      return;
    }
    if (this.size + piece.length <= this.maxLineBytes) {
      this.pieces.push(piece);
      this.size += piece.length;
      return;
    }
    // Too long to be a message: keep only what finds its id, and let the rest stream past.
    this.oversized = new RequestIdScanner();
    for (const kept of this.pieces) this.oversized.feed(kept);
    this.oversized.feed(piece);
    this.pieces = [];
    this.size = 0;
  }

  private endLine(): void {
    if (this.oversized !== null) {
      const id = this.oversized.id();
      this.oversized = null;
      void this.answerError(
        id,
        INVALID_REQUEST,
        `Request line exceeds ${this.maxLineBytes} bytes; it was not read`,
      );
      return;
    }
    const line = Buffer.concat(this.pieces, this.size).toString('utf8').replace(/\r$/, '');
    this.pieces = [];
    this.size = 0;
    if (line.trim() !== '') this.handleLine(line);
  }

  private handleLine(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      void this.answerError(null, PARSE_ERROR, `Parse error: ${reason}`);
      return;
    }
    const message = this.schema.safeParse(value);
    if (!message.success) {
      void this.answerError(
        idOf(value),
        INVALID_REQUEST,
        'Invalid Request: expected a JSON-RPC 2.0 request, notification or response object',
      );
      return;
    }
    this.onmessage?.(message.data);
  }

  /** JSON-RPC: an error whose request id cannot be determined carries `id: null`. */
  private answerError(id: RequestId | null, code: number, message: string): Promise<void> {
    return this.write({ jsonrpc: '2.0', id, error: { code, message } });
  }

  private write(message: object): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed || this.output.writableEnded) return resolve();
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }
}
