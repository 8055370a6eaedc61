import { Duplex, PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameDecoder } from '../../shared/agent/frames';
import type { AdbClient } from '../../node/adb/adbkit';
import { callAgent } from './agentClient';

// The host's exchange over a stream whose peer answers as scripted: a reply to another request id fails at once.

/** A client whose agent socket is a peer that answers each request frame with `answer(request)`. */
function scriptedOperator(answer: (request: Record<string, unknown>) => Array<Record<string, unknown>>) {
  const received: Array<Record<string, unknown>> = [];
  const toOperator = new PassThrough();
  const fromOperator = new PassThrough();
  const decoder = new FrameDecoder();
  toOperator.on('data', (chunk: Buffer) => {
    for (const frame of decoder.push(chunk)) {
      if (!frame.ok) continue;
      received.push(frame.value);
      for (const reply of answer(frame.value)) fromOperator.write(encodeFrame(reply));
    }
  });
  const client = {
    openLocal: () => Promise.resolve(Duplex.from({ readable: fromOperator, writable: toOperator })),
  } as unknown as AdbClient;
  return { client, received };
}

const target = (client: AdbClient) => ({
  client,
  serial: 'sim-1',
  operatorPackage: 'com.androperator.operator',
});

describe('callAgent', () => {
  it('fails at once with RESULT_ID_MISMATCH when the answer carries another request id', async () => {
    const { client, received } = scriptedOperator((request) => [
      { v: 1, type: 'event', event: 'foreground', foregroundApp: null },
      { v: 1, type: 'hello_result', id: `${String(request.id)}-stale` },
    ]);
    const started = Date.now();
    const answer = await callAgent(target(client), { v: 1, type: 'hello', id: 'h1' }, 20_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.code).toBe('RESULT_ID_MISMATCH');
    expect(answer.error.details).toMatchObject({
      phase: 'result_wait',
      dispatchState: 'unknown',
      requestId: 'h1',
      answeredId: 'h1-stale',
      answeredType: 'hello_result',
    });
    // Sent once, never replayed.
    expect(received.map((frame) => frame.id)).toEqual(['h1']);
  });

  it('fails the same way for an error frame of another request', async () => {
    const { client } = scriptedOperator(() => [
      { v: 1, type: 'error', id: 'other', code: 'OPERATOR_PROTOCOL_ERROR', message: 'x' },
    ]);
    const answer = await callAgent(target(client), { v: 1, type: 'get_ui_tree', id: 't1' }, 20_000);
    expect(answer.ok ? answer.value.type : answer.error.code).toBe('RESULT_ID_MISMATCH');
  });

  it('still takes an error frame without an id as the answer to the request in flight', async () => {
    const { client } = scriptedOperator(() => [
      { v: 1, type: 'error', id: null, code: 'OPERATOR_PROTOCOL_ERROR', message: 'Malformed frame' },
    ]);
    const answer = await callAgent(target(client), { v: 1, type: 'hello', id: 'h1' }, 20_000);
    expect(answer.ok ? answer.value.type : answer.error.code).toBe('OPERATOR_PROTOCOL_ERROR');
  });
});
