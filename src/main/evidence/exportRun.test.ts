import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodePng, paintImage } from '../../test-support/testImages';
import { EvidenceStore } from './evidenceStore';
import type { RunHandle } from './runHandle';
import { fullRecord } from '../../test-support/testRecords';
import { readZip } from '../../test-support/testZip';

const UNZIP = ['/usr/bin/unzip', '/bin/unzip', '/usr/local/bin/unzip'].find((path) => existsSync(path));
const SCREENSHOT = encodePng(paintImage(480, 1000, (x, y) => [x % 256, y % 256, 90]));

let root = '';
let store: EvidenceStore;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'evidence-export-'));
  store = new EvidenceStore(join(root, 'evidence'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function runWithScreenshot(png: Uint8Array = SCREENSHOT): Promise<RunHandle> {
  const created = await store.createRun({ deviceSerial: 'emulator-5554', startedAt: '2025-06-03T14:05:09Z' });
  if (!created.ok) throw new Error(created.error.message);
  const handle = created.value;
  await handle.writeScreenshot('screenshot', png);
  await handle.writeRecord({
    ...fullRecord(),
    id: handle.id,
    captureCheck: undefined,
    screenshot: { file: 'screenshot.png', widthPx: 480, heightPx: 1000, capturedAt: '2025-06-03T14:05:10Z' },
  });
  // What a crash mid-write leaves behind must never be exported.
  await writeFile(join(handle.path, 'run.json.11111111-2222-3333-4444-555555555555.tmp'), '{"half');
  return handle;
}

const RUN_FILES = ['run.json', 'screenshot.png'];
const SHAREABLE_FILES = ['screenshot-annotated.png', 'summary.html'];

describe('what an export adds for a ticket', () => {
  it('draws the reported bounds just outside the panel, keeps the rest of the screenshot, and sums the run up in HTML', async () => {
    const handle = await runWithScreenshot();
    const destination = join(root, 'copy');
    expect((await store.exportRun(handle.id, destination, 'folder')).ok).toBe(true);
    const annotated = PNG.sync.read(await readFile(join(destination, 'screenshot-annotated.png')));
    const original = PNG.sync.read(Buffer.from(SCREENSHOT));
    expect([annotated.width, annotated.height]).toEqual([480, 1000]);
    const pixel = (png: PNG, x: number, y: number) => [
      ...png.data.subarray((y * 480 + x) * 4, (y * 480 + x) * 4 + 3),
    ];
    // fullRecord's reported bounds are [21,157][756,236]: the cyan line runs just above the top edge...
    expect(pixel(annotated, 100, 156)).toEqual([0x00, 0xe5, 0xff]);
    // ...the panel's own pixels and the far corner are the screenshot's.
    expect(pixel(annotated, 100, 200)).toEqual(pixel(original, 100, 200));
    expect(pixel(annotated, 400, 900)).toEqual(pixel(original, 400, 900));

    const html = await readFile(join(destination, 'summary.html'), 'utf8');
    expect(html).toContain('Failed at screenshot');
    expect(html).toContain('FLOW-001');
    expect(html).toContain('emulator-5554');
    expect(html).toContain('[21,157][756,236]');
    expect(html).toMatch(
      /<img alt="Screenshot with the reported[^"]*" src="data:image\/png;base64,[A-Za-z0-9+/]+=*">/,
    );
    expect(html).not.toMatch(/<script|https?:\/\//);
  });

  it('escapes what the run carries: a label with markup stays text', async () => {
    const created = await store.createRun({
      deviceSerial: 'emulator-5554',
      startedAt: '2025-06-03T14:05:09Z',
    });
    if (!created.ok) throw new Error(created.error.message);
    await created.value.writeRecord({
      ...fullRecord(),
      id: created.value.id,
      label: '<img src=x onerror=alert(1)>',
    });
    const destination = join(root, 'copy');
    expect(await store.exportRun(created.value.id, destination, 'folder')).toMatchObject({
      ok: true,
      value: { files: ['run.json', 'summary.html'] },
    });
    const html = await readFile(join(destination, 'summary.html'), 'utf8');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });
  it('puts the device log near the capture into the summary, escaped, and says how much of it is shown', async () => {
    const created = await store.createRun({
      deviceSerial: 'emulator-5554',
      startedAt: '2025-06-03T14:05:09Z',
    });
    if (!created.ok) throw new Error(created.error.message);
    const handle = created.value;
    // 100 entries a second apart around the capture at 14:05:10Z (epoch 1748959510): entry 50 is at the capture.
    const first = Date.parse('2025-06-03T14:05:10Z') / 1000 - 50;
    const lines = Array.from(
      { length: 100 },
      (_, index) => `${first + index}.000  4242  4242 I Tag${index}: message <${index}>`,
    );
    await handle.writeText('logcat.txt', `${lines.join('\n')}\n`);
    await handle.writeRecord({
      ...fullRecord(),
      id: handle.id,
      captureCheck: undefined,
      screenshot: {
        file: 'screenshot.png',
        widthPx: 480,
        heightPx: 1000,
        capturedAt: '2025-06-03T14:05:10Z',
      },
      logExcerpt: {
        status: 'complete',
        file: 'logcat.txt',
        entries: 100,
        limitReached: false,
        redactions: 2,
        caveats: ['Best effort.'],
      },
    });
    const destination = join(root, 'copy');
    expect(await store.exportRun(handle.id, destination, 'folder')).toMatchObject({
      ok: true,
      value: { files: ['run.json', 'logcat.txt', 'summary.html'] },
    });
    const html = await readFile(join(destination, 'summary.html'), 'utf8');
    expect(html).toContain('100 entries in logcat.txt, 2 credentials redacted (best effort)');
    expect(html).toContain('40 of 100 entries');
    // The 40 nearest the capture: entries 30..69 (ties keep the earlier one), in log order, markup escaped.
    expect(html).toContain('Tag30: message &#60;30&#62;');
    expect(html).toContain('Tag69: message');
    expect(html).not.toContain('Tag29: message');
    expect(html).not.toContain('Tag70: message');
    expect(html.indexOf('Tag30:')).toBeLessThan(html.indexOf('Tag69:'));
  });

  it('says why a run has no device log', async () => {
    const created = await store.createRun({
      deviceSerial: 'emulator-5554',
      startedAt: '2025-06-03T14:05:09Z',
    });
    if (!created.ok) throw new Error(created.error.message);
    await created.value.writeRecord({
      ...fullRecord(),
      id: created.value.id,
      logExcerpt: {
        status: 'failed',
        entries: 0,
        limitReached: false,
        redactions: 0,
        error: { code: 'DEVICE_NOT_FOUND', message: 'the device went away' },
        caveats: [],
      },
    });
    const destination = join(root, 'copy');
    expect((await store.exportRun(created.value.id, destination, 'folder')).ok).toBe(true);
    const html = await readFile(join(destination, 'summary.html'), 'utf8');
    expect(html).toContain('not read: DEVICE_NOT_FOUND the device went away');
    expect(html).not.toContain('Device log near the capture');
  });
});

describe('exportRun as zip', () => {
  it('writes an archive of the run folder without temporary files', async () => {
    const handle = await runWithScreenshot();
    const destination = join(root, 'out', 'run.zip');
    await mkdir(join(root, 'out'));
    const result = await store.exportRun(handle.id, destination, 'zip');
    expect(result).toEqual({
      ok: true,
      value: { path: destination, format: 'zip', files: [...RUN_FILES, ...SHAREABLE_FILES] },
    });
    const entries = readZip(await readFile(destination));
    expect(entries.map((entry) => entry.name)).toEqual(
      [...RUN_FILES, ...SHAREABLE_FILES].map((file) => `${handle.id}/${file}`),
    );
    expect(entries[0]?.data.equals(await readFile(join(handle.path, 'run.json')))).toBe(true);
    expect(entries[1]?.data.equals(Buffer.from(SCREENSHOT))).toBe(true);
    expect(await readdir(join(root, 'out'))).toEqual(['run.zip']);
  });

  it.skipIf(UNZIP === undefined)('writes an archive that unzip lists and verifies', async () => {
    const handle = await runWithScreenshot();
    const destination = join(root, 'run.zip');
    expect((await store.exportRun(handle.id, destination, 'zip')).ok).toBe(true);
    const listing = execFileSync(UNZIP ?? 'unzip', ['-l', destination], { encoding: 'utf8' });
    expect(listing).toContain(`${handle.id}/run.json`);
    expect(listing).toContain(`${handle.id}/screenshot.png`);
    expect(listing).not.toContain('.tmp');
    expect(execFileSync(UNZIP ?? 'unzip', ['-t', destination], { encoding: 'utf8' })).toMatch(
      /No errors detected/,
    );
  });

  it('refuses to overwrite an existing file and leaves it untouched', async () => {
    const handle = await runWithScreenshot();
    const destination = join(root, 'run.zip');
    await writeFile(destination, 'precious');
    expect(await store.exportRun(handle.id, destination, 'zip')).toMatchObject({
      ok: false,
      error: {
        code: 'EVIDENCE_WRITE_FAILED',
        details: { path: destination, osCode: 'EEXIST', reason: 'destination_exists' },
      },
    });
    expect(await readFile(destination, 'utf8')).toBe('precious');
    expect((await readdir(root)).sort()).toEqual(['evidence', 'run.zip']);
  });

  it('reports a destination folder that does not exist', async () => {
    const handle = await runWithScreenshot();
    const destination = join(root, 'missing', 'run.zip');
    expect(await store.exportRun(handle.id, destination, 'zip')).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_WRITE_FAILED', details: { osCode: 'ENOENT' } },
    });
  });
});

describe('exportRun as folder', () => {
  it('copies the run folder without temporary files', async () => {
    const handle = await runWithScreenshot();
    const destination = join(root, 'copy');
    expect(await store.exportRun(handle.id, destination, 'folder')).toEqual({
      ok: true,
      value: { path: destination, format: 'folder', files: [...RUN_FILES, ...SHAREABLE_FILES] },
    });
    expect((await readdir(destination)).sort()).toEqual([...RUN_FILES, ...SHAREABLE_FILES].sort());
    expect((await readFile(join(destination, 'screenshot.png'))).equals(Buffer.from(SCREENSHOT))).toBe(true);
    expect((await readdir(root)).sort()).toEqual(['copy', 'evidence']);
  });

  it('refuses an existing path, even an empty folder', async () => {
    const handle = await runWithScreenshot();
    const destination = join(root, 'copy');
    await mkdir(destination);
    expect(await store.exportRun(handle.id, destination, 'folder')).toMatchObject({
      ok: false,
      error: { details: { reason: 'destination_exists' } },
    });
    expect(await readdir(destination)).toEqual([]);
  });

  it('leaves no staging folder when the copy fails', async () => {
    const handle = await runWithScreenshot();
    const destination = join(root, 'missing', 'copy');
    expect(await store.exportRun(handle.id, destination, 'folder')).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_WRITE_FAILED', details: { osCode: 'ENOENT' } },
    });
    expect(await readdir(root)).toEqual(['evidence']);
  });
});

describe('exportRun errors', () => {
  it('requires an absolute destination, a known format and a readable run', async () => {
    const handle = await runWithScreenshot();
    expect(await store.exportRun(handle.id, 'relative/run.zip', 'zip')).toMatchObject({
      error: { code: 'INVALID_PATH' },
    });
    expect(await store.exportRun(handle.id, join(root, 'x'), 'tar' as 'zip')).toMatchObject({
      error: { code: 'INVALID_BODY' },
    });
    expect(await store.exportRun('20250603-140509-x-abcdef', join(root, 'x.zip'), 'zip')).toMatchObject({
      error: { code: 'EVIDENCE_NOT_FOUND' },
    });
    await writeFile(join(handle.path, 'run.json'), '{');
    expect(await store.exportRun(handle.id, join(root, 'x.zip'), 'zip')).toMatchObject({
      error: { code: 'EVIDENCE_CORRUPT' },
    });
  });
});

describe('thumbnail', () => {
  it('makes a 240 px wide PNG once and caches it in the run folder', async () => {
    const handle = await runWithScreenshot();
    const first = await store.thumbnail(handle.id);
    const path = join(handle.path, 'thumbnail.png');
    expect(first).toEqual({ ok: true, value: { path } });
    const image = PNG.sync.read(await readFile(path));
    expect([image.width, image.height]).toEqual([240, 500]);
    const made = (await stat(path)).mtimeMs;
    const [second, third] = await Promise.all([store.thumbnail(handle.id), store.thumbnail(handle.id)]);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect((await stat(path)).mtimeMs).toBe(made);
    const listed = await store.listRuns();
    expect(listed.ok && listed.value.runs[0]?.thumbnailFile).toBe('thumbnail.png');
  });

  it('remakes the thumbnail after the screenshot is replaced', async () => {
    const handle = await runWithScreenshot();
    await store.thumbnail(handle.id);
    const path = join(handle.path, 'thumbnail.png');
    await utimes(path, new Date(2000, 0, 1), new Date(2000, 0, 1));
    await handle.writeScreenshot('screenshot', encodePng(paintImage(100, 100, () => [255, 0, 0])));
    expect((await store.thumbnail(handle.id)).ok).toBe(true);
    const image = PNG.sync.read(await readFile(path));
    expect([image.width, image.height]).toEqual([100, 100]);
    expect([...image.data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it('reports runs without a screenshot, a missing file and unreadable bytes', async () => {
    const created = await store.createRun({ deviceSerial: 's', startedAt: '2025-06-03T14:05:09Z' });
    if (!created.ok) throw new Error(created.error.message);
    expect(await store.thumbnail(created.value.id)).toMatchObject({
      error: { code: 'EVIDENCE_NOT_FOUND', details: { reason: 'no_screenshot' } },
    });
    const handle = await runWithScreenshot();
    await rm(join(handle.path, 'screenshot.png'));
    expect(await store.thumbnail(handle.id)).toMatchObject({
      error: { code: 'EVIDENCE_NOT_FOUND', details: { reason: 'screenshot_missing' } },
    });
    await writeFile(
      join(handle.path, 'screenshot.png'),
      Buffer.concat([Buffer.from(SCREENSHOT.subarray(0, 8)), Buffer.alloc(64)]),
    );
    expect(await store.thumbnail(handle.id)).toMatchObject({
      error: { code: 'FILE_READ_FAILED', details: { path: join(handle.path, 'screenshot.png') } },
    });
    expect(await readdir(handle.path)).not.toContain('thumbnail.png');
  });
});
