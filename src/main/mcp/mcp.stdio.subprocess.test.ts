// The MCP server's stdio process under hostile input: malformed lines, oversized lines, a closed stdin.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestLab, type TestLab } from '../../test-support/testLab';

const BIN = join(fileURLToPath(new URL('../../..', import.meta.url)), 'bin', 'androperator.js');

let lab: TestLab;

function serverEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  return { ...env, ...lab.env };
}

beforeAll(async () => {
  const buildError = inject('nodeBuildError');
  if (buildError !== '') throw new Error(`the CLI bundle did not build:\n${buildError}`);
  lab = await startTestLab(1);
});

afterAll(async () => {
  await lab?.stop();
});

/** A raw stdio peer of a fresh `mcp serve`: writes lines, reads answers by id (null for undetermined ids). */
async function rawServer() {
  const child = spawn(process.execPath, [BIN, 'mcp', 'serve'], {
    env: serverEnv(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let text = '';
  const answers: Array<{ id?: unknown; result?: unknown; error?: { code: number; message: string } }> = [];
  let wake: (() => void) | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n')) {
      answers.push(JSON.parse(text.slice(0, index)) as (typeof answers)[number]);
      text = text.slice(index + 1);
    }
    wake?.();
  });
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
    wake?.();
  });
  /** The answer to `id`; fails when the server exits or stays silent for 10 s. */
  const answerTo = async (id: unknown) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = answers.findIndex((answer) => answer.id === id);
      if (found !== -1) return answers.splice(found, 1)[0];
      if (exitCode !== undefined)
        throw new Error(`the server exited (${exitCode}) without answering ${String(id)}`);
      if (Date.now() > deadline) throw new Error(`no answer to ${String(id)} within 10 s`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 250);
      });
    }
  };
  const send = (line: string) =>
    new Promise<void>((resolve) =>
      child.stdin.write(`${line}\n`) ? resolve() : child.stdin.once('drain', resolve),
    );
  await send(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  );
  await answerTo('init');
  await send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  return { child, exited, send, answerTo };
}

describe('hostile lines on stdio (issue 13 §6)', () => {
  it('answers garbage with -32700, a non-request with -32600, arguments [1,2] with -32602, and stays up', async () => {
    const server = await rawServer();
    try {
      await server.send('this is not json');
      expect(await server.answerTo(null)).toMatchObject({ error: { code: -32700 } });
      await server.send('{"jsonrpc":"2.0","id":5}');
      expect(await server.answerTo(5)).toMatchObject({ error: { code: -32600 } });
      await server.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 6,
          method: 'tools/call',
          params: { name: 'execute', arguments: [1, 2] },
        }),
      );
      expect(await server.answerTo(6)).toEqual({
        jsonrpc: '2.0',
        id: 6,
        error: { code: -32602, message: 'arguments must be an object (path: (root))' },
      });
      await server.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 3 } }));
      expect(await server.answerTo(7)).toMatchObject({
        error: { code: -32602, message: 'name must be a string (path: name)' },
      });
      await server.send(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'resources/list' }));
      expect(await server.answerTo(8)).toMatchObject({ error: { code: -32601 } });
      await server.send('{"jsonrpc":"2.0","id":9,"method":"ping"}');
      expect(await server.answerTo(9)).toEqual({ jsonrpc: '2.0', id: 9, result: {} });
    } finally {
      server.child.stdin.end();
    }
    expect(await server.exited).toBe(0);
  });

  it('answers a request line over 10 MB with -32600 under its id and keeps serving', async () => {
    const server = await rawServer();
    try {
      const huge = JSON.stringify({
        jsonrpc: '2.0',
        method: 'tools/call',
        params: {
          name: 'execute',
          arguments: { actions: [{ id: 'a', type: 'snapshot', pad: 'x'.repeat(11 * 1024 * 1024) }] },
        },
        id: 41,
      });
      await server.send(huge);
      expect(await server.answerTo(41)).toEqual({
        jsonrpc: '2.0',
        id: 41,
        error: { code: -32600, message: 'Request line exceeds 10485760 bytes; it was not read' },
      });
      await server.send('{"jsonrpc":"2.0","id":42,"method":"ping"}');
      expect(await server.answerTo(42)).toEqual({ jsonrpc: '2.0', id: 42, result: {} });
    } finally {
      server.child.stdin.end();
    }
    expect(await server.exited).toBe(0);
  });
});

describe('the stdio process', () => {
  it('writes nothing on stdout before initialize and exits 0 when stdin closes', async () => {
    const child = spawn(process.execPath, [BIN, 'mcp', 'serve'], {
      env: serverEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(Buffer.concat(stdout).length).toBe(0);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
    const deadline = Date.now() + 10_000;
    while (!Buffer.concat(stdout).toString().includes('\n') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const answer = JSON.parse(Buffer.concat(stdout).toString().split('\n')[0] ?? '{}') as {
      id?: number;
      result?: { serverInfo?: { name?: string } };
    };
    expect(answer).toMatchObject({ id: 1, result: { serverInfo: { name: 'androperator' } } });
    child.stdin.end();
    const started = Date.now();
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
