// Exporting twice into the same folder: the kept suggestion becomes the next free copy name, nothing is overwritten,
// and a path the user typed that exists is refused with advice. Against a real temporary folder.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyName, exportFileName } from '../../shared/api/exportName';
import { EvidenceStore } from './evidenceStore';
import { copyPath, freeDestination, MAX_COPIES } from './exportRunName';
import { fullRecord } from '../../test-support/testRecords';
import { readZip } from '../../test-support/testZip';

let root = '';
let out = '';
let store: EvidenceStore;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'evidence-export-name-'));
  out = join(root, 'out');
  await mkdir(out);
  store = new EvidenceStore(join(root, 'evidence'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function recordedRun(): Promise<string> {
  const created = await store.createRun({ deviceSerial: 'emulator-5554', startedAt: '2025-06-03T14:05:09Z' });
  if (!created.ok) throw new Error(created.error.message);
  await created.value.writeRecord({ ...fullRecord(), id: created.value.id, screenshot: undefined });
  return created.value.id;
}

describe('copy names', () => {
  it('numbers copies before the .zip extension and after a folder name', () => {
    expect(exportFileName('20250603-140509-emulator-5554-abc123')).toBe(
      '20250603-140509-emulator-5554-abc123.zip',
    );
    expect(exportFileName('r1', 2)).toBe('r1 (2).zip');
    expect(copyName('r1.ZIP', 3)).toBe('r1 (3).ZIP');
    expect(copyName('r1', 2)).toBe('r1 (2)');
    expect(copyPath(join(out, 'r1.zip'), 1)).toBe(join(out, 'r1.zip'));
    expect(copyPath(join(out, 'r1.zip'), 12)).toBe(join(out, 'r1 (12).zip'));
  });

  it('finds the first free name in the folder, skipping files and folders that hold a name', async () => {
    const destination = join(out, 'r1.zip');
    expect(await freeDestination(destination)).toEqual({ path: destination, copy: 1 });
    await writeFile(destination, 'first');
    await mkdir(join(out, 'r1 (2).zip'));
    expect(await freeDestination(destination)).toEqual({ path: join(out, 'r1 (3).zip'), copy: 3 });
    expect(await freeDestination(destination, 5)).toEqual({ path: join(out, 'r1 (5).zip'), copy: 5 });
    expect(await freeDestination(destination, MAX_COPIES + 1)).toBeNull();
  });
});

describe('exporting the same run twice', () => {
  it('writes the second export under the next free name and leaves the first untouched', async () => {
    const id = await recordedRun();
    const suggested = join(out, exportFileName(id));
    const first = await store.exportRun(id, suggested, 'zip', 'rename');
    expect(first).toMatchObject({ ok: true, value: { path: suggested } });
    const firstBytes = await readFile(suggested);
    const second = await store.exportRun(id, suggested, 'zip', 'rename');
    expect(second).toMatchObject({ ok: true, value: { path: join(out, exportFileName(id, 2)) } });
    expect((await readdir(out)).sort()).toEqual([exportFileName(id, 2), exportFileName(id)].sort());
    expect(await readFile(suggested)).toEqual(firstBytes);
    const names = readZip(await readFile(join(out, exportFileName(id, 2)))).map((entry) => entry.name);
    expect(names).toContain(`${id}/run.json`);
    expect(names).toContain(`${id}/summary.html`);
  });

  it('renames a folder export the same way', async () => {
    const id = await recordedRun();
    await store.exportRun(id, join(out, id), 'folder', 'rename');
    expect(await store.exportRun(id, join(out, id), 'folder', 'rename')).toMatchObject({
      ok: true,
      value: { path: join(out, `${id} (2)`) },
    });
    expect(await readdir(join(out, `${id} (2)`))).toContain('run.json');
  });

  it('refuses a typed path that exists, with advice that is about the export and not the evidence folder', async () => {
    const id = await recordedRun();
    const typed = join(out, 'ticket.zip');
    await writeFile(typed, 'precious');
    const refused = await store.exportRun(id, typed, 'zip');
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'EVIDENCE_WRITE_FAILED',
        details: { path: typed, reason: 'destination_exists' },
        hint: expect.stringContaining('never overwrites'),
      },
    });
    expect(await readFile(typed, 'utf8')).toBe('precious');
  });

  it('says the destination folder is missing when it is', async () => {
    const id = await recordedRun();
    const exported = await store.exportRun(id, join(out, 'gone', 'r.zip'), 'zip', 'rename');
    expect(exported).toMatchObject({
      ok: false,
      error: {
        code: 'EVIDENCE_WRITE_FAILED',
        details: { osCode: 'ENOENT' },
        hint: expect.stringContaining('folder does not exist'),
      },
    });
  });
});
