import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../shared/api/evidence';
import { createFakeClient, createTestStore } from '../../../test-support/rendererStore';
import { captureImageKey } from '../runs/captureImagesSlice';
import { imageKey, imageUrl } from './historySlice';

const run = (id: string): RunSummary => ({
  id,
  path: `/e/${id}`,
  status: 'succeeded',
  startedAt: '2025-01-01T10:00:00Z',
  deviceSerial: 's1',
  hasScreenshot: true,
});

function setup() {
  let runs = [run('r1'), run('r2')];
  const client = createFakeClient({
    'evidence:list': ({ limit }) => ({
      ok: true,
      value: { runs: runs.slice(0, limit), skipped: [{ id: 'bad', reason: 'corrupt' }] },
    }),
    'evidence:delete': ({ id }) => {
      runs = runs.filter((item) => item.id !== id);
      return { ok: true, value: { deleted: id } };
    },
    'evidence:image': ({ id }) => ({
      ok: true,
      value: { mimeType: 'image/png', base64: `b64-${id}`, widthPx: 1, heightPx: 2 },
    }),
    'app:info': () => ({
      ok: true,
      value: {
        version: '1',
        shell: 'electron',
        platform: 'linux',
        evidenceDirectory: '/data/evidence',
        settings: {
          simulatorWhenNoDevice: false,
          operatorPackage: 'com.androperator.operator',
          timeoutMs: 30000,
        },
      },
    }),
    'evidence:export': ({ destination }) => ({
      ok: true,
      value: { path: destination, format: 'zip', files: ['run.json', 'screenshot.png'] },
    }),
  });
  return { client, ...createTestStore(client) };
}

describe('history slice', () => {
  it('lists runs and skipped folders', async () => {
    const { client, store } = setup();
    await store.getState().loadHistory();
    expect(store.getState().historyRuns.map((item) => item.id)).toEqual(['r1', 'r2']);
    expect(store.getState().historySkipped).toEqual([{ id: 'bad', reason: 'corrupt' }]);
    expect(client.callsTo('evidence:list')).toEqual([{ limit: 100 }]);
  });

  it('keeps a listing error', async () => {
    const { client, store } = setup();
    client.handlers['evidence:list'] = () => ({
      ok: false,
      error: { code: 'EVIDENCE_CORRUPT', message: 'x' },
    });
    await store.getState().loadHistory();
    expect(store.getState().historyError?.code).toBe('EVIDENCE_CORRUPT');
    expect(store.getState().historyLoaded).toBe(true);
  });

  it('loads each image once, and again only after a failure', async () => {
    const { client, store } = setup();
    await store.getState().loadImage('r1', 'thumbnail');
    await store.getState().loadImage('r1', 'thumbnail');
    expect(client.callsTo('evidence:image')).toEqual([{ id: 'r1', kind: 'thumbnail' }]);
    const entry = store.getState().images[imageKey('r1', 'thumbnail')];
    expect(entry?.status === 'ready' && imageUrl(entry.image)).toBe('data:image/png;base64,b64-r1');
    client.handlers['evidence:image'] = () => ({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND', message: 'no png' },
    });
    await store.getState().loadImage('r2', 'screenshot');
    expect(store.getState().images[imageKey('r2', 'screenshot')]?.status).toBe('failed');
    await store.getState().loadImage('r2', 'screenshot');
    expect(client.callsTo('evidence:image')).toHaveLength(3);
  });

  it("loads a run's device log once, and again after a failure, keeping the error to show", async () => {
    const { client, store } = setup();
    const excerpt = {
      status: 'complete' as const,
      file: 'logcat.txt',
      entries: 1,
      limitReached: false,
      redactions: 0,
      caveats: [],
    };
    client.handlers['evidence:log'] = () => ({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND', message: 'log missing' },
    });
    await store.getState().loadRunLog('r1');
    expect(store.getState().runLogs['r1']).toEqual({
      status: 'failed',
      error: { code: 'EVIDENCE_NOT_FOUND', message: 'log missing' },
    });
    client.handlers['evidence:log'] = () => ({
      ok: true,
      value: { file: 'logcat.txt', text: 'line\n', excerpt },
    });
    await store.getState().loadRunLog('r1');
    await store.getState().loadRunLog('r1');
    expect(client.callsTo('evidence:log')).toEqual([{ id: 'r1' }, { id: 'r1' }]);
    expect(store.getState().runLogs['r1']).toEqual({
      status: 'ready',
      log: { file: 'logcat.txt', text: 'line\n', excerpt },
    });
  });

  it('deletes a run and forgets its images', async () => {
    const { client, store } = setup();
    await store.getState().loadHistory();
    await store.getState().loadImage('r1', 'thumbnail');
    expect(await store.getState().deleteRun('r1')).toBe(true);
    expect(client.callsTo('evidence:delete')).toEqual([{ id: 'r1' }]);
    expect(store.getState().historyRuns.map((item) => item.id)).toEqual(['r2']);
    expect(store.getState().images[imageKey('r1', 'thumbnail')]).toBeUndefined();
    client.handlers['evidence:delete'] = () => ({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND', message: 'gone' },
    });
    expect(await store.getState().deleteRun('r2')).toBe(false);
    expect(store.getState().historyRuns).toHaveLength(1);
  });

  it("forgets a deleted run's capture images and device log, keeping other runs'", async () => {
    const { client, store } = setup();
    client.handlers['evidence:log'] = ({ id }) => ({
      ok: true,
      value: {
        file: 'logcat.txt',
        text: `log ${id}\n`,
        excerpt: {
          status: 'complete',
          file: 'logcat.txt',
          entries: 1,
          limitReached: false,
          redactions: 0,
          caveats: [],
        },
      },
    });
    await store.getState().loadHistory();
    await store.getState().loadCaptureImage('r1', 1);
    await store.getState().loadCaptureImage('r1', 2);
    await store.getState().loadCaptureImage('r2', 1);
    await store.getState().loadRunLog('r1');
    await store.getState().loadRunLog('r2');
    expect(await store.getState().deleteRun('r1')).toBe(true);
    expect(Object.keys(store.getState().captureImages)).toEqual([captureImageKey('r2', 1)]);
    expect(Object.keys(store.getState().runLogs)).toEqual(['r2']);
    await store.getState().loadCaptureImage('r1', 1);
    expect(
      client.callsTo('evidence:image').filter((call) => (call as { id: string }).id === 'r1'),
    ).toHaveLength(3);
  });

  it('exports a run as a zip to the chosen path, and suggests a new name for the second export', async () => {
    const { client, store } = setup();
    await store.getState().loadAppInfo();
    store.getState().openExport('r1');
    // No export yet: next to the evidence folder.
    expect(store.getState().exportDialog).toEqual({
      runId: 'r1',
      mode: 'path',
      suggestedPath: '/data/r1.zip',
      error: null,
    });
    expect(await store.getState().confirmExport('/tmp/r1.zip')).toBe(true);
    // A path the user typed is never renamed: an existing file is an error.
    expect(client.callsTo('evidence:export')).toEqual([
      { id: 'r1', destination: '/tmp/r1.zip', format: 'zip', ifExists: 'fail' },
    ]);
    expect(store.getState().notices.at(-1)?.text).toBe('Exported 2 files to /tmp/r1.zip');
    expect(store.getState().exportDialog).toBeNull();
    store.getState().openExport('r1');
    const again = store.getState().exportDialog;
    expect(again).toMatchObject({ mode: 'path', suggestedPath: '/tmp/r1 (2).zip' });
    expect(await store.getState().confirmExport('/tmp/r1 (2).zip')).toBe(true);
    // The kept suggestion: the console takes the next free name if it exists by now.
    expect(client.callsTo('evidence:export').at(-1)).toMatchObject({ ifExists: 'rename' });
    store.getState().openExport('r2');
    expect(store.getState().exportDialog).toMatchObject({ suggestedPath: '/tmp/r2.zip' });
  });

  it('keeps the export dialog open with the structured error when the export fails', async () => {
    const { client, store } = setup();
    const error = {
      code: 'EVIDENCE_WRITE_FAILED' as const,
      message: 'Could not write /ro/r1.zip: permission denied in /ro',
      hint: 'The destination folder cannot be written: choose a folder you can write to.',
    };
    client.handlers['evidence:export'] = () => ({ ok: false, error });
    await store.getState().loadAppInfo();
    store.getState().openExport('r1');
    const notices = store.getState().notices.length;
    expect(await store.getState().confirmExport('/ro/r1.zip')).toBe(false);
    expect(store.getState().exportDialog).toEqual({
      runId: 'r1',
      mode: 'path',
      suggestedPath: '/data/r1.zip',
      error,
    });
    expect(store.getState().notices).toHaveLength(notices);
    store.getState().closeExport();
    expect(store.getState().exportDialog).toBeNull();
  });

  it('names a second download of the same run differently, and opens the dialog when a download fails', async () => {
    const zip = new Blob(['PK']);
    let answer:
      { ok: true; value: Blob } | { ok: false; error: { code: 'EVIDENCE_NOT_FOUND'; message: string } } = {
      ok: true,
      value: zip,
    };
    const { client, store } = setup();
    client.download = () => Promise.resolve(answer);
    expect(await store.getState().downloadRun('r1')).toEqual({ blob: zip, fileName: 'r1.zip' });
    expect(await store.getState().downloadRun('r1')).toEqual({ blob: zip, fileName: 'r1 (2).zip' });
    expect(await store.getState().downloadRun('r2')).toEqual({ blob: zip, fileName: 'r2.zip' });
    expect(store.getState().notices.at(-1)?.text).toBe('Downloaded r2.zip');
    answer = { ok: false, error: { code: 'EVIDENCE_NOT_FOUND', message: 'No evidence run r1' } };
    expect(await store.getState().downloadRun('r1')).toBeNull();
    expect(store.getState().exportDialog).toEqual({ runId: 'r1', mode: 'download', error: answer.error });
    answer = { ok: true, value: zip };
    expect(await store.getState().downloadRun('r1')).toEqual({ blob: zip, fileName: 'r1 (3).zip' });
    expect(store.getState().exportDialog).toBeNull();
  });

  it('keeps the comparison pick in order, toggles it and drops deleted runs', async () => {
    const { store } = setup();
    await store.getState().loadHistory();
    store.getState().toggleCompare('r2');
    store.getState().toggleCompare('r1');
    expect(store.getState().compareIds).toEqual(['r2', 'r1']);
    store.getState().toggleCompare('r2');
    expect(store.getState().compareIds).toEqual(['r1']);
    store.getState().setCompare(['r1', 'r2', 'r1']);
    expect(store.getState().compareIds).toEqual(['r1', 'r2']);
    await store.getState().deleteRun('r1');
    expect(store.getState().compareIds).toEqual(['r2']);
  });
});
