// The stdio line transport on in-memory streams: every malformed line is answered per JSON-RPC and reading goes on.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { INVALID_REQUEST, LineTransport, PARSE_ERROR } from './lineTransport';
import { RequestIdScanner } from './requestIdScanner';

interface Harness {
  input: PassThrough;
  received: JSONRPCMessage[];
  /** Resolves with the next `count` lines the transport wrote. */
  answers(count: number): Promise<unknown[]>;
  closed: () => boolean;
}

async function harness(maxLineBytes?: number): Promise<Harness> {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new LineTransport(JSONRPCMessageSchema, input, output, maxLineBytes);
  const received: JSONRPCMessage[] = [];
  let closed = false;
  transport.onmessage = (message) => received.push(message);
  transport.onclose = () => (closed = true);
  await transport.start();
  let text = '';
  const lines: unknown[] = [];
  const waiters: Array<() => void> = [];
  output.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    let index = text.indexOf('\n');
    while (index !== -1) {
      lines.push(JSON.parse(text.slice(0, index)));
      text = text.slice(index + 1);
      index = text.indexOf('\n');
    }
    for (const wake of waiters.splice(0)) wake();
  });
  const answers = async (count: number): Promise<unknown[]> => {
    while (lines.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return lines.splice(0, count);
  };
  return { input, received, answers, closed: () => closed };
}

const PING = { jsonrpc: '2.0', id: 9, method: 'ping' };

describe('LineTransport', () => {
  it('hands well-formed messages to the server, split across chunks and with CRLF', async () => {
    const { input, received } = await harness();
    const text = `${JSON.stringify(PING)}\r\n${JSON.stringify({ ...PING, id: 10 })}\n`;
    input.write(text.slice(0, 7));
    input.write(text.slice(7));
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual([PING, { ...PING, id: 10 }]);
  });

  it('answers a line that is not JSON with -32700 and id null, and keeps reading', async () => {
    const { input, received, answers, closed } = await harness();
    input.write(`garbage{\n\n${JSON.stringify(PING)}\n`);
    expect(await answers(1)).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: PARSE_ERROR, message: expect.stringMatching(/^Parse error: /) },
      },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual([PING]);
    expect(closed()).toBe(false);
  });

  it.each([
    ['an array', '[1,2]', null],
    ['a number', '42', null],
    ['an object without method', '{"jsonrpc":"2.0","id":3}', 3],
    ['a wrong version', '{"jsonrpc":"1.0","id":"x","method":"ping"}', 'x'],
  ])('answers %s with -32600, naming its id when it has one', async (_name, line, id) => {
    const { input, answers } = await harness();
    input.write(`${line}\n`);
    expect(await answers(1)).toEqual([
      {
        jsonrpc: '2.0',
        id,
        error: { code: INVALID_REQUEST, message: expect.stringContaining('Invalid Request') },
      },
    ]);
  });

  it('answers a line over the limit with -32600 and its id, without keeping it, and serves the next one', async () => {
    const { input, received, answers, closed } = await harness(1024);
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { name: 'execute', arguments: { actions: [{ id: 'inner', text: 'x'.repeat(5000) }] } },
      id: 41,
    });
    for (let offset = 0; offset < huge.length; offset += 300) input.write(huge.slice(offset, offset + 300));
    input.write(`\n${JSON.stringify(PING)}\n`);
    expect(await answers(1)).toEqual([
      {
        jsonrpc: '2.0',
        id: 41,
        error: { code: INVALID_REQUEST, message: 'Request line exceeds 1024 bytes; it was not read' },
      },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual([PING]);
    expect(closed()).toBe(false);
  });
});

describe('RequestIdScanner', () => {
  const scan = (text: string): unknown => {
    const scanner = new RequestIdScanner();
    for (const character of Buffer.from(text)) scanner.feed(Uint8Array.of(character));
    return scanner.id();
  };

  it.each([
    ['a trailing numeric id', '{"method":"m","params":{"id":"inner","a":[{"id":2}]},"id":7}', 7],
    ['a leading string id', '{"id":"req-1","params":{"id":3}}', 'req-1'],
    ['an id with an escaped quote and comma', '{"id":"a\\",b","x":1}', 'a",b'],
    ['a key that contains "id"', '{"xid":5,"p":"\\"id\\":6"}', null],
    ['an object id', '{"id":{"n":1}}', null],
    ['no id', '{"method":"m"}', null],
    ['a truncated line', '{"params":{"x":"', null],
  ])('reads %s', (_name, text, id) => {
    expect(scan(text)).toEqual(id);
  });
});
