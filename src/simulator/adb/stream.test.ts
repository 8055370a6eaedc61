import { describe, expect, it } from 'vitest';
import type { CommandName } from './protocol';
import { AdbStream } from './stream';

interface Sent {
  command: CommandName;
  arg0: number;
  arg1: number;
  payload: string;
}

/** A stream whose messages are recorded as the host would receive them. */
function recorded(maxChunk = 4096): { stream: AdbStream; sent: Sent[]; finished: () => boolean } {
  const sent: Sent[] = [];
  let finished = false;
  const stream = new AdbStream(
    1,
    2,
    maxChunk,
    (command, arg0, arg1, payload) =>
      sent.push({ command, arg0, arg1, payload: Buffer.from(payload ?? []).toString('latin1') }),
    () => {
      finished = true;
    },
  );
  return { stream, sent, finished: () => finished };
}

const wrtes = (sent: readonly Sent[]): string[] =>
  sent.filter((message) => message.command === 'WRTE').map((message) => message.payload);

/** Resolves when `write` calls back. */
function written(stream: AdbStream, text: string): Promise<void> {
  return new Promise((resolve, reject) =>
    stream.write(Buffer.from(text, 'latin1'), (error) => (error ? reject(error) : resolve())),
  );
}

describe('AdbStream signal', () => {
  it('aborts when the host closes the stream, whether asked for before or after', () => {
    const early = recorded().stream;
    const signal = early.signal;
    expect(signal.aborted).toBe(false);
    early.handleClose(true);
    expect(signal.aborted).toBe(true);

    const late = recorded().stream;
    late.handleClose(true);
    expect(late.signal.aborted).toBe(true);
  });
});

describe('AdbStream writes', () => {
  it('sends the first write at once and merges what is written while it awaits OKAY into the next WRTE', async () => {
    const { stream, sent } = recorded();
    await written(stream, 'line 0\n');
    expect(wrtes(sent)).toEqual(['line 0\n']);
    const lines = Array.from({ length: 50 }, (_unused, n) => `line ${n + 1}\n`);
    await Promise.all(lines.map((line) => written(stream, line)));
    // Nothing more goes out until the host acknowledges the first WRTE.
    expect(wrtes(sent)).toHaveLength(1);
    stream.handleOkay();
    expect(wrtes(sent)).toEqual(['line 0\n', lines.join('')]);
    expect(sent.every((message) => message.arg0 === 1 && message.arg1 === 2)).toBe(true);
  });

  it('splits queued bytes into WRTEs of at most maxChunk, in order, one in flight at a time', async () => {
    const { stream, sent } = recorded(10);
    await written(stream, 'abc');
    const rest = ['defg', 'hijklmnopq', 'rs', 'tuvwxyz0123456789'];
    const accepted = Promise.all(rest.map((text) => written(stream, text)));
    const payloads = (): string[] => wrtes(sent);
    // Acknowledge each WRTE as the host would until everything written went out.
    while (payloads().join('').length < 'abc'.length + rest.join('').length) {
      const before = payloads().length;
      stream.handleOkay();
      expect(payloads().length).toBe(before + 1);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await accepted;
    expect(payloads().join('')).toBe('abc' + rest.join(''));
    expect(payloads().every((payload) => payload.length > 0 && payload.length <= 10)).toBe(true);
    // Coalesced: the 33 bytes written during the first WRTE went out in ceil(33/10) = 4 full or final WRTEs.
    expect(payloads()).toEqual(['abc', 'defghijklm', 'nopqrstuvw', 'xyz0123456', '789']);
  });

  it('holds a write that fills the queue to maxChunk until the queue drops below it (backpressure)', async () => {
    const { stream, sent } = recorded(8);
    await written(stream, '12345678');
    let accepted = false;
    const big = written(stream, 'abcdefghijklmnopqrst').then(() => {
      accepted = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(accepted).toBe(false);
    stream.handleOkay(); // sends 'abcdefgh', 12 bytes still queued
    await new Promise((resolve) => setImmediate(resolve));
    expect(accepted).toBe(false);
    stream.handleOkay(); // sends 'ijklmnop', 4 queued: below maxChunk
    await big;
    stream.handleOkay();
    expect(wrtes(sent)).toEqual(['12345678', 'abcdefgh', 'ijklmnop', 'qrst']);
  });

  it('sends CLSE on end only after every WRTE was acknowledged', async () => {
    const { stream, sent, finished } = recorded(4);
    const ended = new Promise<void>((resolve) => stream.end(Buffer.from('abcdef'), resolve));
    expect(wrtes(sent)).toEqual(['abcd']);
    expect(sent.some((message) => message.command === 'CLSE')).toBe(false);
    stream.handleOkay();
    await new Promise((resolve) => setImmediate(resolve));
    expect(wrtes(sent)).toEqual(['abcd', 'ef']);
    expect(sent.some((message) => message.command === 'CLSE')).toBe(false);
    stream.handleOkay();
    await ended;
    expect(sent.at(-1)?.command).toBe('CLSE');
    expect(sent.filter((message) => message.command === 'CLSE')).toHaveLength(1);
    expect(finished()).toBe(true);
  });

  it('discards queued and later writes once the host closes, answering its CLSE once', async () => {
    const { stream, sent, finished } = recorded(4);
    await written(stream, 'abcd');
    const queued = written(stream, 'efghijkl');
    stream.handleClose(true);
    await queued; // the held write is released, not left hanging
    stream.handleOkay();
    // The stream ends itself: nothing written after the host's CLSE can reach it.
    expect(stream.writableEnded).toBe(true);
    stream.resume(); // a handler reading its input sees the end, then 'close'
    await new Promise((resolve) => stream.once('close', resolve));
    expect(wrtes(sent)).toEqual(['abcd']);
    expect(sent.filter((message) => message.command === 'CLSE')).toHaveLength(1);
    expect(finished()).toBe(true);
  });
});
