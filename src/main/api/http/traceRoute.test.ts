// The browser console's raw trace download: the bytes stop_system_trace pulled, saved by the browser; a capture not
// collected or an unknown id answers a structured error; the token is required.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { traceDownloadPath } from '../../../shared/trace/report';
import { PHONE, testSetup, type TestSetup } from '../../../test-support/apiFakes';
import { createCapture, openRoot, saveTrace, writeSession, type TraceSession } from '../../traces/store';
import { createConsoleApi } from '../consoleApi';
import { startWebConsole, type WebConsole } from './webConsole';

let setup: TestSetup;
let folder = '';
let root = '';
let web: WebConsole;

const session = (id: string, status: TraceSession['status']): TraceSession => ({
  id,
  deadline_unix_secs: 1_767_225_600,
  package: null,
  sources: ['linux.ftrace'],
  device: 'emulator-5554',
  path: `/data/misc/perfetto-traces/${id}.pftrace`,
  status,
});

beforeEach(async () => {
  setup = await testSetup();
  folder = await mkdtemp(join(tmpdir(), 'trace-download-'));
  root = join(folder, 'system-traces');
  const opened = await openRoot(root);
  if (!opened.ok) throw new Error(opened.error.message);
  const started = await startWebConsole({
    services: {
      api: createConsoleApi(setup.dependencies),
      events: setup.dependencies.events,
      lastDevices: () => [PHONE],
    },
    traceRoot: () => root,
  });
  if (!started.ok) throw new Error(started.error.message);
  web = started.value;
});

afterEach(async () => {
  await web.close();
  await setup.cleanup();
  await rm(folder, { recursive: true, force: true });
});

const download = (path: string, token: string | null = web.token) =>
  fetch(`${web.server.url}${path}`, token === null ? {} : { headers: { authorization: `Bearer ${token}` } });

describe('GET /api/traces/<id>/trace.pftrace', () => {
  it('answers the collected trace as an attachment', async () => {
    const id = 'AbCdEfGhIjKlMnOp';
    const bytes = Uint8Array.from({ length: 4096 }, (_, index) => index % 251);
    expect((await createCapture(root, session(id, 'recording'), new Uint8Array([1]))).ok).toBe(true);
    const saved = await saveTrace(root, id, bytes);
    if (!saved.ok) throw new Error(saved.error.message);
    expect(
      (await writeSession(root, { ...session(id, 'stopped'), host_path: saved.value, bytes: bytes.length }))
        .ok,
    ).toBe(true);
    const response = await download(traceDownloadPath(id));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toContain(`${id}.pftrace`);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses a capture still recording, an unknown id, a malformed id and a missing token', async () => {
    const id = 'StillRecording01';
    expect((await createCapture(root, session(id, 'recording'), new Uint8Array([1]))).ok).toBe(true);
    const recording = await download(traceDownloadPath(id));
    expect(recording.status).toBe(409);
    expect(await recording.json()).toMatchObject({
      ok: false,
      error: { code: 'SYSTEM_TRACE_REFUSED', details: { trace_id: id } },
    });
    const unknown = await download(traceDownloadPath('NoSuchCapture000'));
    expect(unknown.status).toBe(409);
    expect(await unknown.json()).toMatchObject({ ok: false, error: { code: 'SYSTEM_TRACE_REFUSED' } });
    const malformed = await download(traceDownloadPath('../etc'));
    expect(malformed.status).toBe(400);
    expect((await download(traceDownloadPath(id), null)).status).toBe(401);
  });
});
