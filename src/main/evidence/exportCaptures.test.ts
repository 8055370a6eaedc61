// A held run's export: every capture's PNG as stored, an annotated copy of each later capture with the run's
// bounds, and summary.html's captures table with each capture's check.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunCapture } from '../../shared/api/evidence';
import { encodePng, paintImage } from '../../test-support/testImages';
import { fullRecord } from '../../test-support/testRecords';
import { readZip } from '../../test-support/testZip';
import { EvidenceStore } from './evidenceStore';

const SHOTS = [20, 120, 220].map((blue) =>
  encodePng(paintImage(480, 1000, (x, y) => [x % 256, y % 256, blue])),
);

let root = '';
let store: EvidenceStore;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'evidence-captures-'));
  store = new EvidenceStore(join(root, 'evidence'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Captures 1 (screenshot.png), 2 and 3 (capture-N.png, 3 with the panel not found) and a failed 4. */
async function heldRun() {
  const created = await store.createRun({ deviceSerial: 'emulator-5554', startedAt: '2026-12-03T10:00:00Z' });
  if (!created.ok) throw new Error(created.error.message);
  const handle = created.value;
  const base = fullRecord();
  const check = base.captureCheck;
  if (check === undefined) throw new Error('fullRecord has a capture check');
  const files = ['screenshot', 'capture-2', 'capture-3'];
  for (const [index, name] of files.entries()) await handle.writeScreenshot(name, SHOTS[index] ?? SHOTS[0]!);
  const captures: RunCapture[] = files.map((name, index) => ({
    step: index === 0 ? 'screenshot' : name,
    index: index + 1,
    status: 'succeeded',
    file: `${name}.png`,
    widthPx: 480,
    heightPx: 1000,
    capturedAt: `2026-12-03T10:00:0${index + 1}Z`,
    captureCheck: index === 2 ? { ...check, inCapture: false, matchRatio: 0.125 } : check,
    foreground: {
      source: 'host_dumpsys',
      observedAt: `2026-12-03T10:00:0${index + 1}Z`,
      status: 'observed',
      packageName: 'com.example.shop',
      versionName: `2.${index}`,
      versionCode: `20${index}`,
    },
  }));
  captures.push({ step: 'capture-4', index: 4, status: 'failed', capturedAt: '2026-12-03T10:00:05Z' });
  await handle.writeRecord({
    ...base,
    id: handle.id,
    screenshot: { file: 'screenshot.png', widthPx: 480, heightPx: 1000, capturedAt: '2026-12-03T10:00:01Z' },
    hold: { maxCaptures: 20, maxMs: 600_000, startedAt: '2026-12-03T10:00:01Z', endedBy: 'user' },
    captures,
  });
  return handle;
}

describe("a held run's export", () => {
  it('holds every capture PNG byte for byte and an annotated copy of each, and the summary lists each check', async () => {
    const handle = await heldRun();
    const destination = join(root, 'out', 'run.zip');
    await mkdir(join(root, 'out'));
    const result = await store.exportRun(handle.id, destination, 'zip');
    if (!result.ok) throw new Error(result.error.message);
    const entries = new Map(readZip(await readFile(destination)).map((entry) => [entry.name, entry.data]));
    const at = (file: string) => entries.get(`${handle.id}/${file}`);
    for (const [index, file] of ['screenshot.png', 'capture-2.png', 'capture-3.png'].entries())
      expect(at(file)?.equals(Buffer.from(SHOTS[index]!)), file).toBe(true);
    expect(result.value.files).toEqual(
      expect.arrayContaining([
        'capture-2-annotated.png',
        'capture-3-annotated.png',
        'screenshot-annotated.png',
      ]),
    );
    for (const [index, file] of ['capture-2-annotated.png', 'capture-3-annotated.png'].entries()) {
      const data = at(file);
      if (data === undefined) throw new Error(`${file} missing`);
      const png = PNG.sync.read(data);
      const pixel = (x: number, y: number) => [
        ...png.data.subarray((y * 480 + x) * 4, (y * 480 + x) * 4 + 3),
      ];
      // fullRecord's reported bounds are [21,157][756,236]: cyan just above the top edge, the capture elsewhere.
      expect(pixel(100, 156), file).toEqual([0x00, 0xe5, 0xff]);
      expect(pixel(300, 600), file).toEqual([300 % 256, 600 % 256, index === 0 ? 120 : 220]);
    }
    const summary = at('summary.html')?.toString('utf8') ?? '';
    expect(summary).toContain('Captures while the panel was held');
    expect(summary).toContain('4 captures of at most 20; the panel is in 2.');
    const rows = [...summary.matchAll(/<tr><td>(\d)<\/td>.*?<\/tr>/g)].map((match) => match[0]);
    expect(rows).toHaveLength(4);
    expect(rows[1]).toContain('panel in capture (match 100.0%');
    expect(rows[1]).toContain('com.example.shop 2.1 (201)');
    expect(rows[1]).toContain('capture-2.png (capture-2-annotated.png)');
    expect(rows[2]).toContain('panel not in capture (match 12.5%');
    expect(rows[3]).toContain('capture failed');
  });

  it('a run that was not held exports no capture section and no capture files', async () => {
    const created = await store.createRun({
      deviceSerial: 'emulator-5554',
      startedAt: '2026-12-03T10:00:00Z',
    });
    if (!created.ok) throw new Error(created.error.message);
    const handle = created.value;
    await handle.writeScreenshot('screenshot', SHOTS[0]!);
    await handle.writeRecord({
      ...fullRecord(),
      id: handle.id,
      screenshot: {
        file: 'screenshot.png',
        widthPx: 480,
        heightPx: 1000,
        capturedAt: '2026-12-03T10:00:01Z',
      },
    });
    const destination = join(root, 'copy');
    const result = await store.exportRun(handle.id, destination, 'folder');
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.files.filter((file) => file.startsWith('capture-'))).toEqual([]);
    expect(await readFile(join(destination, 'summary.html'), 'utf8')).not.toContain(
      'Captures while the panel',
    );
  });
});
