// The browser console's export download: the same zip `evidence:export` writes, saved by the browser.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportDownloadPath } from '../../../shared/api/evidence';
import { PHONE, testSetup, type TestSetup } from '../../../test-support/apiFakes';
import { encodePng, paintImage } from '../../../test-support/testImages';
import { fullRecord } from '../../../test-support/testRecords';
import { readZip } from '../../../test-support/testZip';
import { EvidenceStore } from '../../evidence/evidenceStore';
import { createConsoleApi } from '../consoleApi';
import { startWebConsole, type WebConsole } from './webConsole';

let setup: TestSetup;
let root = '';
let store: EvidenceStore;
let web: WebConsole;

beforeEach(async () => {
  setup = await testSetup();
  root = await mkdtemp(join(tmpdir(), 'export-download-'));
  store = new EvidenceStore(join(root, 'evidence'));
  const started = await startWebConsole({
    services: {
      api: createConsoleApi(setup.dependencies),
      events: setup.dependencies.events,
      lastDevices: () => [PHONE],
      evidence: store,
    },
  });
  if (!started.ok) throw new Error(started.error.message);
  web = started.value;
});

afterEach(async () => {
  await web.close();
  await setup.cleanup();
  await rm(root, { recursive: true, force: true });
});

async function storedRun(): Promise<string> {
  const created = await store.createRun({ deviceSerial: 'emulator-5554', startedAt: '2025-06-03T14:05:09Z' });
  if (!created.ok) throw new Error(created.error.message);
  const handle = created.value;
  await handle.writeScreenshot(
    'screenshot',
    encodePng(paintImage(120, 240, (x, y) => [x % 256, y % 256, 90])),
  );
  await handle.writeRecord({
    ...fullRecord(),
    id: handle.id,
    captureCheck: undefined,
    screenshot: { file: 'screenshot.png', widthPx: 120, heightPx: 240, capturedAt: '2025-06-03T14:05:10Z' },
  });
  return handle.id;
}

const download = (path: string, token: string | null = web.token) =>
  fetch(`${web.server.url}${path}`, token === null ? {} : { headers: { authorization: `Bearer ${token}` } });

describe('GET /api/runs/<id>/export.zip', () => {
  it('sends the run as a zip attachment named after it, writing nothing on the console machine', async () => {
    const id = await storedRun();
    const before = await readdir(root, { recursive: true });
    const response = await download(exportDownloadPath(id));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${id}.zip"; filename*=UTF-8''${id}.zip`,
    );
    const names = readZip(new Uint8Array(await response.arrayBuffer())).map((entry) => entry.name);
    expect(names).toEqual(
      expect.arrayContaining([
        `${id}/run.json`,
        `${id}/screenshot.png`,
        `${id}/screenshot-annotated.png`,
        `${id}/summary.html`,
      ]),
    );
    expect(await readdir(root, { recursive: true })).toEqual(before);
  });

  it('answers a missing run, a bad id and a missing token as structured errors', async () => {
    const missing = await download(exportDownloadPath('20250603-140509-emulator-5554-ffffff'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ ok: false, error: { code: 'EVIDENCE_NOT_FOUND' } });
    const bad = await download(exportDownloadPath('not a run;id'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, error: { code: 'INVALID_RUN_ID' } });
    const anonymous = await download(exportDownloadPath(await storedRun()), null);
    expect(anonymous.status).toBe(401);
  });
});
