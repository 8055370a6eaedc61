// evidence:image with a capture index: a held run's later captures are served from the files run.json names, and
// nothing else (an unknown index, a failed capture, a file name that is not a plain PNG in the run folder).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunCapture } from '../../shared/api/evidence';
import { parseChannelInput } from './channelInputs';
import { createConsoleApi } from './consoleApi';
import { PHONE, pngBytes, testSetup, type TestSetup } from '../../test-support/apiFakes';
import { fullRecord } from '../../test-support/testRecords';

let setup: TestSetup;

afterEach(async () => {
  await setup.cleanup();
});

function capture(index: number, file: string | undefined, widthPx: number, heightPx: number): RunCapture {
  return {
    step: index === 1 ? 'screenshot' : `capture-${index}`,
    index,
    status: file === undefined ? 'failed' : 'succeeded',
    ...(file === undefined ? {} : { file, widthPx, heightPx }),
    capturedAt: `2026-12-03T10:00:0${index}Z`,
  };
}

/** A held run with captures 1 (screenshot.png, 30x40), 2 (capture-2.png, 50x60) and a failed 3. */
async function heldRun() {
  setup = await testSetup();
  const api = createConsoleApi(setup.dependencies);
  const store = setup.dependencies.evidence;
  const created = await store.createRun({ deviceSerial: PHONE.serial, startedAt: '2026-12-03T10:00:00Z' });
  if (!created.ok) throw new Error(created.error.message);
  const handle = created.value;
  const first = pngBytes(30, 40);
  const second = pngBytes(50, 60);
  await handle.writeScreenshot('screenshot', first);
  await handle.writeScreenshot('capture-2', second);
  await handle.writeRecord({
    ...fullRecord(),
    id: handle.id,
    screenshot: { file: 'screenshot.png', widthPx: 30, heightPx: 40, capturedAt: '2026-12-03T10:00:01Z' },
    hold: { maxCaptures: 20, maxMs: 600_000, startedAt: '2026-12-03T10:00:01Z', endedBy: 'user' },
    captures: [
      capture(1, 'screenshot.png', 30, 40),
      capture(2, 'capture-2.png', 50, 60),
      capture(3, undefined, 0, 0),
    ],
  });
  return { api, handle, first, second };
}

describe('evidence:image with a capture index', () => {
  it("serves each capture's own bytes with its size from the PNG", async () => {
    const { api, handle, first, second } = await heldRun();
    const two = await api['evidence:image']({ id: handle.id, kind: 'screenshot', capture: 2 });
    if (!two.ok) throw new Error(two.error.message);
    expect([two.value.widthPx, two.value.heightPx]).toEqual([50, 60]);
    expect(Buffer.from(two.value.base64, 'base64').equals(Buffer.from(second))).toBe(true);
    expect(
      Buffer.from(two.value.base64, 'base64').equals(await readFile(join(handle.path, 'capture-2.png'))),
    ).toBe(true);
    const one = await api['evidence:image']({ id: handle.id, kind: 'screenshot', capture: 1 });
    if (!one.ok) throw new Error(one.error.message);
    expect(Buffer.from(one.value.base64, 'base64').equals(Buffer.from(first))).toBe(true);
    // Without a capture index the run's screenshot, as before.
    const plain = await api['evidence:image']({ id: handle.id, kind: 'screenshot' });
    expect(plain.ok && plain.value.base64 === one.value.base64).toBe(true);
  });

  it('refuses an index run.json does not list, a failed capture, and a capture thumbnail, each with its reason', async () => {
    const { api, handle } = await heldRun();
    expect(await api['evidence:image']({ id: handle.id, kind: 'screenshot', capture: 7 })).toMatchObject({
      ok: false,
      error: {
        code: 'EVIDENCE_NOT_FOUND',
        message: expect.stringContaining('its captures are 1, 2, 3'),
        details: { reason: 'no_such_capture', capture: 7 },
      },
    });
    expect(await api['evidence:image']({ id: handle.id, kind: 'screenshot', capture: 3 })).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND', details: { reason: 'capture_failed' } },
    });
    expect(await api['evidence:image']({ id: handle.id, kind: 'thumbnail', capture: 2 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', details: { field: 'kind' } },
    });
  });

  it('serves no file run.json names outside the run folder: a path there makes the run corrupt', async () => {
    const { api, handle } = await heldRun();
    // Next to the run folder, where "../secret.png" would reach.
    await writeFile(join(handle.path, '..', 'secret.png'), pngBytes(5, 5));
    const json = JSON.parse(await readFile(join(handle.path, 'run.json'), 'utf8')) as {
      captures: RunCapture[];
    };
    for (const file of ['../secret.png', '/etc/passwd', 'sub/capture-2.png', '..\\secret.png']) {
      json.captures[1] = { ...capture(2, 'capture-2.png', 50, 60), file };
      await writeFile(join(handle.path, 'run.json'), JSON.stringify(json));
      const answer = await api['evidence:image']({ id: handle.id, kind: 'screenshot', capture: 2 });
      expect(answer.ok, file).toBe(false);
      if (!answer.ok) expect(answer.error.code, file).toBe('EVIDENCE_CORRUPT');
    }
  });

  it('takes only a positive integer index from the caller, never a file name', () => {
    const id = '20261203-100000-phone-abc123';
    expect(parseChannelInput('evidence:image', { id, kind: 'screenshot', capture: 2 }).ok).toBe(true);
    for (const bad of [0, -1, 1.5, '2', '../capture-2.png', null])
      expect(
        parseChannelInput('evidence:image', { id, kind: 'screenshot', capture: bad }).ok,
        String(bad),
      ).toBe(false);
    expect(parseChannelInput('evidence:image', { id, kind: 'screenshot', file: 'capture-2.png' }).ok).toBe(
      false,
    );
  });
});
