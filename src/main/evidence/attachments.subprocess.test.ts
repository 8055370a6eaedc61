// Attaching to one run from several processes at once (the console, `serve`, the CLI and MCP servers share the
// evidence folder): real node processes running attachments.worker.ts (bundled here with esbuild, as
// scripts/build-node.mjs bundles the CLI) attach concurrently, and every answer ends up in attachments.json,
// numbered apart. A writer killed while holding the run's index lock does not keep the index locked.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunAttachment } from '../../shared/api/evidence';
import { fullRecord } from '../../test-support/testRecords';
import { NODE_FILE_OPERATIONS } from '../../node/fs/atomicWrite';
import { ATTACHMENT_INDEX_FILE, ATTACHMENT_LOCK_FILE, attachToRunFolder } from './attachments';
import { EvidenceStore } from './evidenceStore';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
// Inside the repository, so the bundle's external packages resolve from its node_modules.
const WORKER = join(ROOT, 'out', 'test-workers', `attachments-worker-${process.pid}.mjs`);

let root = '';
let evidence = '';
let store: EvidenceStore;
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  await mkdir(join(ROOT, 'out', 'test-workers'), { recursive: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['src/main/evidence/attachments.worker.ts'],
    outfile: WORKER,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    banner: {
      js: "import { createRequire as __workerRequire } from 'node:module'; const require = __workerRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
});

afterAll(async () => {
  await rm(WORKER, { force: true });
});

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'evidence-attach-processes-'));
  evidence = join(root, 'evidence');
  store = new EvidenceStore(evidence);
});

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

async function finishedRun(): Promise<{ id: string; path: string }> {
  const created = await store.createRun({ deviceSerial: 'emulator-5554', startedAt: '2025-06-03T14:05:09Z' });
  if (!created.ok) throw new Error(created.error.message);
  await created.value.writeRecord({ ...fullRecord(), id: created.value.id });
  return { id: created.value.id, path: created.value.path };
}

/** Starts the worker; `lines` yields its stdout lines, `exited` its exit code. */
function worker(args: string[]) {
  const child = spawn(process.execPath, [WORKER, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (const wake of waiters.splice(0)) wake();
  });
  /** Resolves once the worker printed `line`; rejects if it exits first. */
  const printed = (line: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (lines.includes(line)) resolve();
        else waiters.push(check);
      };
      check();
      void exited.then(() => {
        if (!lines.includes(line)) reject(new Error(`the worker exited before "${line}": ${stderr}`));
      });
    });
  return { child, lines, exited, printed, stderr: () => stderr };
}

async function index(folder: string): Promise<RunAttachment[]> {
  const text = await readFile(join(folder, ATTACHMENT_INDEX_FILE), 'utf8');
  return (JSON.parse(text) as { attachments: RunAttachment[] }).attachments;
}

describe('attachments across processes', () => {
  it('six processes attaching five answers each at the same time are all listed, numbered 1 to 30', async () => {
    const run = await finishedRun();
    const writers = Array.from({ length: 6 }, (_, at) => worker(['attach', evidence, run.id, '5', `w${at}`]));
    await Promise.all(writers.map((one) => one.printed('ready')));
    // All start together: each process's attaches overlap the others'.
    for (const one of writers) one.child.stdin.write('go\n');
    const codes = await Promise.all(writers.map((one) => one.exited));
    expect(codes, writers.map((one) => one.stderr()).join('\n')).toEqual([0, 0, 0, 0, 0, 0]);

    const answered = writers.flatMap((one) =>
      one.lines.slice(1).map((line) => JSON.parse(line) as { ok: boolean; value: RunAttachment }),
    );
    expect(answered).toHaveLength(30);
    expect(answered.every((answer) => answer.ok)).toBe(true);
    const listed = await index(run.path);
    // No lost update: every answer any process was told it attached is in the index, once.
    expect(listed).toHaveLength(30);
    expect(new Set(listed.map((entry) => entry.file)).size).toBe(30);
    expect(listed.map((entry) => entry.file).sort()).toEqual(
      answered.map((answer) => answer.value.file).sort(),
    );
    const numbers = listed
      .map((entry) => Number(/^attachment-(\d+)-/.exec(entry.file)?.[1]))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, at) => at + 1));
    // Each listed file holds its own writer's answer, whole.
    for (const entry of listed) {
      const stored = JSON.parse(await readFile(join(run.path, entry.file), 'utf8')) as {
        title: string;
        answer: { writer: string; index: number };
      };
      expect(stored.title).toBe(entry.title);
      expect(`${stored.answer.writer} ${stored.answer.index}`).toBe(entry.title);
    }
    // Nothing is left behind: no temporary file, no lock.
    const files = await readdir(run.path);
    expect(files.filter((file) => file.endsWith('.tmp') || file.startsWith(ATTACHMENT_LOCK_FILE))).toEqual(
      [],
    );
    expect(files.filter((file) => file.startsWith('attachment-'))).toHaveLength(30);
    const history = await store.listRuns();
    expect(history.ok && history.value.runs[0]?.attachments).toHaveLength(30);
    // Six node processes start on a shared machine: their start-up, not the attaches, takes most of the time.
  }, 60_000);

  it('waits for a live holder, names it when the wait ends, and takes over once that process is killed', async () => {
    const run = await finishedRun();
    const holder = worker(['hold', run.path]);
    await holder.printed('held');
    const lock = JSON.parse(await readFile(join(run.path, ATTACHMENT_LOCK_FILE), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(holder.child.pid);
    const before = (await readdir(run.path)).sort();

    const input = {
      id: run.id,
      kind: 'diagnostic' as const,
      title: 'Environment',
      tool: 'inspect_android_environment',
      arguments: {},
      serial: 'emulator-5554',
      takenAt: '2025-06-03T14:06:00.000Z',
      status: 'complete',
      answer: { api_level: 35 },
    };
    const attach = () => attachToRunFolder(run.path, input, NODE_FILE_OPERATIONS, { lockWaitMs: 300 });
    const refused = await attach();
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'EVIDENCE_WRITE_FAILED',
        details: { reason: 'index_locked', holder_pid: holder.child.pid, waited_ms: 300 },
      },
    });
    expect(!refused.ok && refused.error.message).toContain(`process ${String(holder.child.pid)}, since 20`);
    expect((await readdir(run.path)).sort()).toEqual(before);

    // The holder crashes (SIGKILL: no cleanup); its lock file stays, naming a process that is gone.
    holder.child.kill('SIGKILL');
    await holder.exited;
    expect(await readdir(run.path)).toContain(ATTACHMENT_LOCK_FILE);
    const attached = await attach();
    expect(attached).toMatchObject({ ok: true, value: { file: 'attachment-1-environment.json' } });
    expect(await index(run.path)).toHaveLength(1);
    expect(await readdir(run.path)).not.toContain(ATTACHMENT_LOCK_FILE);
  });
});
