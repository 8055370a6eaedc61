// A separate process for attachments.subprocess.test.ts, bundled by the test (esbuild) and run with node:
//   attach <evidence folder> <run id> <count> <label>  prints "ready", waits for "go" on stdin, then attaches
//                                                      <count> answers one after another, one JSON line each
//   hold <run folder>                                  takes the run's index lock, prints "held", and keeps it
//                                                      until it is killed (a writer that crashed holding it)
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { waitForLock } from '../../node/fs/waitForLock';
import { ATTACHMENT_LOCK_FILE } from './attachments';
import { EvidenceStore } from './evidenceStore';

async function attach(directory: string, runId: string, count: number, label: string): Promise<void> {
  const store = new EvidenceStore(directory);
  const lines = createInterface({ input: process.stdin });
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => {
    lines.on('line', (line) => {
      if (line === 'go') resolve();
    });
  });
  lines.close();
  for (let index = 0; index < count; index += 1) {
    const attached = await store.attach({
      id: runId,
      kind: 'diagnostic',
      title: `${label} ${index}`,
      tool: 'inspect_android_environment',
      arguments: { writer: label, index },
      serial: 'emulator-5554',
      takenAt: new Date().toISOString(),
      status: 'complete',
      answer: { writer: label, index, pid: process.pid },
    });
    process.stdout.write(`${JSON.stringify(attached)}\n`);
  }
}

async function hold(folder: string): Promise<void> {
  const lock = await waitForLock(join(folder, ATTACHMENT_LOCK_FILE), {
    holder: `attachments.worker hold (pid ${process.pid})`,
    waitMs: 10_000,
  });
  if (lock.status !== 'taken') throw new Error(`the lock is held by ${JSON.stringify(lock.owner)}`);
  process.stdout.write('held\n');
  setInterval(() => undefined, 60_000);
}

const [mode, ...rest] = process.argv.slice(2);
const work =
  mode === 'attach'
    ? attach(rest[0] ?? '', rest[1] ?? '', Number(rest[2]), rest[3] ?? 'writer')
    : mode === 'hold'
      ? hold(rest[0] ?? '')
      : Promise.reject(new Error(`unknown mode ${String(mode)}`));
work.catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
