// What a run's later evidence adds to its export: the crash flag and the reports' first lines in summary.html (and
// run.json in the zip carries them), beside a verdict they do not change.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunCrashReport } from '../../shared/api/evidence';
import { fullRecord } from '../../test-support/testRecords';
import { readZip } from '../../test-support/testZip';
import { EvidenceStore } from './evidenceStore';

let root = '';
let store: EvidenceStore;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'evidence-run-export-'));
  store = new EvidenceStore(join(root, 'evidence'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const CRASHES: RunCrashReport = {
  status: 'seen',
  entries: [
    {
      kind: 'crash',
      time: '1748959510.101',
      pid: 4242,
      tag: 'AndroidRuntime',
      packageName: 'com.example.shop',
      line: 'FATAL EXCEPTION: main',
      lines: [
        'FATAL EXCEPTION: main',
        'Process: com.example.shop, PID: 4242',
        'java.lang.IllegalStateException: <boom>',
      ],
    },
  ],
  caveats: ['The excerpt is the whole device log of the window: a report may be from another app.'],
};

async function zipEntries(id: string): Promise<Map<string, string>> {
  const archive = await store.archiveRun(id);
  if (!archive.ok) throw new Error(archive.error.message);
  return new Map(readZip(archive.value.bytes).map((entry) => [entry.name, entry.data.toString('utf8')]));
}

describe('a run export with crash reports', () => {
  it('flags the crash beside the unchanged verdict and lists the report lines, escaped', async () => {
    const created = await store.createRun({
      deviceSerial: 'emulator-5554',
      startedAt: '2025-06-03T14:05:09Z',
    });
    if (!created.ok) throw new Error(created.error.message);
    const handle = created.value;
    await handle.writeRecord({ ...fullRecord(), id: handle.id, crashes: CRASHES });
    const entries = await zipEntries(handle.id);
    const html = entries.get(`${handle.id}/summary.html`) ?? '';
    // The verdict stays what the steps say; the flag is its own line, saying what it is.
    expect(html).toContain('role="status">Failed at screenshot');
    expect(html).toContain(
      '<div class="flag" role="note">\u26a0 1 crash seen during the run: com.example.shop (FATAL EXCEPTION)',
    );
    expect(html).toContain('may be another app');
    expect(html).toContain('<th scope="row">Crashes and ANRs</th><td>1 crash seen during the run');
    expect(html).toContain(
      'Process: com.example.shop, PID: 4242\njava.lang.IllegalStateException: &#60;boom&#62;',
    );
    const record = JSON.parse(entries.get(`${handle.id}/run.json`) ?? '{}') as { crashes?: unknown };
    expect(record.crashes).toEqual(CRASHES);
  });

  it('says none were seen in the lines read, or that the log was not read, without a flag', async () => {
    const created = await store.createRun({
      deviceSerial: 'emulator-5554',
      startedAt: '2025-06-03T14:05:09Z',
    });
    if (!created.ok) throw new Error(created.error.message);
    const handle = created.value;
    await handle.writeRecord({
      ...fullRecord(),
      id: handle.id,
      crashes: { status: 'not_read', entries: [], caveats: [] },
    });
    const html = (await zipEntries(handle.id)).get(`${handle.id}/summary.html`) ?? '';
    expect(html).not.toContain('class="flag"');
    expect(html).toContain('<td>not looked for (the device log was not read)</td>');
  });
});

describe('a run export with the inspection after clear', () => {
  it('shows each part with its status, labelled as a host observation after clear', async () => {
    const created = await store.createRun({
      deviceSerial: 'emulator-5554',
      startedAt: '2025-06-03T14:05:09Z',
    });
    if (!created.ok) throw new Error(created.error.message);
    const handle = created.value;
    await handle.writeRecord({
      ...fullRecord(),
      id: handle.id,
      inspection: {
        source: 'host_diagnostics',
        observedAt: '2025-06-03T14:05:12.000Z',
        observedAfter: 'clear',
        environment: { status: 'complete', androidRelease: '15', apiLevel: 35, abi: 'arm64-v8a' },
        app: { status: 'failed', error: { code: 'NOT_FOUND', message: 'no resumed activity' } },
      },
    });
    const html = (await zipEntries(handle.id)).get(`${handle.id}/summary.html`) ?? '';
    expect(html).toContain('<h2>Inspection after clear</h2>');
    expect(html).toContain(
      'Host observation over adb at 2025-06-03T14:05:12.000Z, after the run&#39;s clear step',
    );
    expect(html).toContain(
      '<th scope="row">Environment (complete)</th><td>Android 15, API 35, arm64-v8a</td>',
    );
    expect(html).toContain(
      '<th scope="row">Foreground app (failed)</th><td>NOT_FOUND no resumed activity</td>',
    );
  });
});
