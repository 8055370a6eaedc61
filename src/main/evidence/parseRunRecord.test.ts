import { describe, expect, it } from 'vitest';
import { parseRunJson, parseRunRecord } from './parseRunRecord';
import { fullRecord, RECORD_ID as ID } from '../../test-support/testRecords';

function problem(mutate: (record: Record<string, unknown>) => void): unknown {
  const record = JSON.parse(JSON.stringify(fullRecord())) as Record<string, unknown>;
  mutate(record);
  const result = parseRunRecord(record);
  if (result.ok) return 'ok';
  expect(result.error.code).toBe('EVIDENCE_CORRUPT');
  return result.error.details?.['field'];
}

describe('parseRunRecord', () => {
  it('reads back every field of a stored record', () => {
    const record = fullRecord();
    expect(parseRunJson(JSON.stringify(record))).toEqual({ ok: true, value: record });
  });

  it('reads bounds as {left,top,right,bottom}, also from the "[l,t][r,b]" text of records written before', () => {
    const rect = { left: 21, top: 157, right: 756, bottom: 236 };
    const old = {
      ...fullRecord(),
      predictedBounds: '[21,157][756,236]',
      reportedBounds: '[21,157][756,236]',
    };
    const parsed = parseRunRecord(JSON.parse(JSON.stringify(old)));
    expect(parsed.ok && [parsed.value.predictedBounds, parsed.value.reportedBounds]).toEqual([rect, rect]);
    expect(fullRecord().reportedBounds).toEqual(rect);
  });

  it('reads a minimal record and drops unknown keys', () => {
    const minimal = {
      schemaVersion: 1,
      id: ID,
      status: 'running',
      startedAt: '2025-06-03T14:05:09Z',
      device: { serial: 's' },
      steps: [],
    };
    const parsed = parseRunRecord({ ...minimal, extra: 1, device: { serial: 's', color: 'red' } });
    expect(parsed).toEqual({ ok: true, value: minimal });
  });

  it.each<[string, (record: Record<string, unknown>) => void]>([
    ['schemaVersion', (r) => (r['schemaVersion'] = 2)],
    ['id', (r) => (r['id'] = '../x')],
    ['status', (r) => (r['status'] = 'done')],
    ['startedAt', (r) => (r['startedAt'] = 'yesterday')],
    ['finishedAt', (r) => (r['finishedAt'] = 5)],
    ['label', (r) => (r['label'] = '')],
    ['device', (r) => (r['device'] = 'emulator-5554')],
    ['device.serial', (r) => (r['device'] = {})],
    ['device.sdkInt', (r) => (r['device'] = { serial: 's', sdkInt: 3.5 })],
    ['device.simulated', (r) => (r['device'] = { serial: 's', simulated: 'yes' })],
    ['steps', (r) => (r['steps'] = {})],
    ['steps[0]', (r) => (r['steps'] = [null])],
    ['steps[1].status', (r) => ((r['steps'] as Array<Record<string, unknown>>)[1]!['status'] = 'ok')],
    ['steps[0].durationMs', (r) => ((r['steps'] as Array<Record<string, unknown>>)[0]!['durationMs'] = -1)],
    [
      'steps[0].data.visible',
      (r) => ((r['steps'] as Array<Record<string, unknown>>)[0]!['data'] = { visible: true }),
    ],
    [
      'steps[1].error.message',
      (r) => ((r['steps'] as Array<Record<string, unknown>>)[1]!['error'] = { code: 'X' }),
    ],
    [
      'steps[1].error.details',
      (r) =>
        ((r['steps'] as Array<Record<string, unknown>>)[1]!['error'] = {
          code: 'X',
          message: 'm',
          details: [],
        }),
    ],
    [
      'screenshot.file',
      (r) =>
        (r['screenshot'] = { file: '../../etc/passwd', widthPx: 1, heightPx: 1, capturedAt: '2025-01-01' }),
    ],
    [
      'screenshot.file',
      (r) => (r['screenshot'] = { file: '/abs.png', widthPx: 1, heightPx: 1, capturedAt: '2025-01-01' }),
    ],
    [
      'screenshot.widthPx',
      (r) => (r['screenshot'] = { file: 'a.png', widthPx: 0, heightPx: 1, capturedAt: '2025-01-01' }),
    ],
    ['captureCheck.matchRatio', (r) => ((r['captureCheck'] as Record<string, unknown>)['matchRatio'] = 1.5)],
    [
      'captureCheck.expected.model',
      (r) => ((r['captureCheck'] as Record<string, Record<string, unknown>>)['expected']!['model'] = 'x'),
    ],
    [
      'captureCheck.expected.minRgb',
      (r) => ((r['captureCheck'] as Record<string, Record<string, unknown>>)['expected']!['minRgb'] = [0, 0]),
    ],
    ['predictedBounds', (r) => (r['predictedBounds'] = '21,157,756,236')],
    ['reportedBounds', (r) => (r['reportedBounds'] = 7)],
    ['reportedBounds', (r) => (r['reportedBounds'] = { left: 1, top: 2, right: 3 })],
  ])('names %s when it is invalid', (field, mutate) => {
    expect(problem(mutate)).toBe(field);
  });

  it('rejects a non-object document', () => {
    expect(parseRunRecord([1, 2])).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_CORRUPT', details: { field: 'run.json' } },
    });
  });

  it('reports JSON syntax errors, such as a truncated file', () => {
    const text = JSON.stringify(fullRecord());
    const result = parseRunJson(text.slice(0, text.length / 2));
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_CORRUPT', details: { reason: 'syntax' } },
    });
  });
});
