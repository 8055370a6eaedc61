// The inspection after clear never fails a run: failed, throwing and slow reads are recorded with their status, and
// run.json gains the record without losing what the run wrote.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/errors';
import { fullRecord } from '../../test-support/testRecords';
import { EvidenceStore } from './evidenceStore';
import { inspectAfterClear, readInspection, type InspectionReads } from './inspection';

let root = '';

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'evidence-inspection-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const ENVIRONMENT = {
  kind: 'android_environment',
  status: 'partial',
  android_release: '15',
  api_level: 35,
  device_abi: 'arm64-v8a',
  supported_abis: ['arm64-v8a'],
  selinux: null,
  memory_kib: { total: 7770280, available: null },
  data_kib: { total: 100, used: 40, available: 60, mountpoint: '/data' },
};

describe('readInspection', () => {
  it('keeps what each read observed, leaving out what it did not', async () => {
    const inspection = await readInspection({
      environment: async () => ok(ENVIRONMENT),
      app: async () =>
        ok({
          status: 'complete',
          package: 'com.example.shop',
          foreground_component: 'com.example.shop/.Main',
          is_foreground: true,
          summary: { pid: 4242, version_name: '2.1', version_code: 210, total_pss_kb: null },
        }),
    });
    expect(inspection).toMatchObject({ source: 'host_diagnostics', observedAfter: 'clear' });
    expect(inspection.environment).toEqual({
      status: 'partial',
      androidRelease: '15',
      apiLevel: 35,
      abi: 'arm64-v8a',
      supportedAbis: ['arm64-v8a'],
      memoryKib: { total: 7770280, available: null },
      dataKib: { total: 100, used: 40, available: 60 },
    });
    expect(inspection.app).toEqual({
      status: 'complete',
      packageName: 'com.example.shop',
      component: 'com.example.shop/.Main',
      isForeground: true,
      pid: 4242,
      versionName: '2.1',
      versionCode: '210',
    });
  });

  it('records a failed, a throwing and an unexpected read as failed, each with why', async () => {
    const inspection = await readInspection({
      environment: async () => fail('DEVICE_NOT_FOUND', 'emulator-5554 is gone'),
      app: async () => {
        throw new Error('socket closed');
      },
    });
    expect(inspection.environment).toEqual({
      status: 'failed',
      error: { code: 'DEVICE_NOT_FOUND', message: 'emulator-5554 is gone' },
    });
    expect(inspection.app).toMatchObject({
      status: 'failed',
      error: { code: 'INTERNAL_ERROR', message: 'inspect_android_app threw: socket closed' },
    });
    const odd = await readInspection({
      environment: async () => ok({ nothing: 'useful' }),
      app: async () => fail('ANDROID_COMMAND_TIMED_OUT', 'dumpsys timed out'),
    });
    expect(odd.environment?.status).toBe('failed');
    expect(odd.environment?.error?.message).toMatch(
      /^inspect_android_environment answered in an unexpected form/,
    );
    expect(odd.app?.status).toBe('timed_out');
  });

  it('cancels reads that outlast the bound and records them as timed out', async () => {
    const signals: AbortSignal[] = [];
    const hang: InspectionReads['app'] = (signal) =>
      new Promise((resolve) => {
        signals.push(signal);
        signal.addEventListener('abort', () => resolve(fail('ANDROID_COMMAND_FAILED', 'cancelled')));
      });
    const inspection = await readInspection({ environment: hang, app: hang }, { timeoutMs: 50 });
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(inspection.environment).toMatchObject({
      status: 'timed_out',
      error: { code: 'ANDROID_COMMAND_TIMED_OUT', message: expect.stringContaining('within 50 ms') },
    });
    expect(inspection.app?.status).toBe('timed_out');
  });
});

describe('inspectAfterClear', () => {
  it('adds the inspection to run.json and the result, keeping the run as it was', async () => {
    const store = new EvidenceStore(join(root, 'evidence'));
    const created = await store.createRun({
      deviceSerial: 'emulator-5554',
      startedAt: '2025-06-03T14:05:09Z',
    });
    if (!created.ok) throw new Error(created.error.message);
    const handle = created.value;
    const record = { ...fullRecord(), id: handle.id };
    await handle.writeRecord(record);
    const result = await inspectAfterClear({ runId: handle.id, status: 'failed' as const }, handle, {
      environment: async () => ok(ENVIRONMENT),
      app: async () => fail('NOT_FOUND', 'no resumed activity'),
    });
    expect(result.status).toBe('failed');
    const stored = JSON.parse(await readFile(join(handle.path, 'run.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(stored['inspection']).toEqual(result.inspection);
    expect(stored['steps']).toEqual(record.steps);
    expect(stored['status']).toBe(record.status);
    expect((await store.readRun(handle.id)).ok).toBe(true);
  });
});
