import { describe, expect, it } from 'vitest';
import { CONSOLE_CHANNELS, type ConsoleChannel } from '../../shared/api/contract';
import { MAX_SEQUENCE_DEVICES, parseChannelInput } from './channelInputs';

const RUN_ID = '20240501-101500-sim-phone-abc123';
const DESIGN = { text: 'FLOW-001', backgroundColor: '#e6000080', anchor: 'right' };

function errorOf(channel: ConsoleChannel, input: unknown) {
  const parsed = parseChannelInput(channel, input);
  if (parsed.ok) throw new Error(`${channel} accepted ${JSON.stringify(input)}`);
  return parsed.error;
}

describe('parseChannelInput', () => {
  it('rejects a non-object input and unknown fields on every channel, naming the channel', () => {
    for (const channel of CONSOLE_CHANNELS) {
      expect(errorOf(channel, 'text')).toMatchObject({ code: 'INVALID_BODY', details: { channel } });
      expect(errorOf(channel, [])).toMatchObject({ code: 'INVALID_BODY' });
      const unknown = errorOf(channel, { surprise: 1 });
      expect(unknown.code).toBe('INVALID_BODY');
      expect(unknown.message).toContain(channel);
    }
  });

  it('names the unknown field', () => {
    expect(errorOf('evidence:get', { id: RUN_ID, extra: true, more: 2 })).toMatchObject({
      code: 'INVALID_BODY',
      message: 'evidence:get: unknown field(s) extra, more',
      details: { field: 'extra', invalidKeys: ['extra', 'more'] },
    });
  });

  it.each(['app:info', 'devices:list', 'devices:servers', 'presets:list'] as const)(
    '%s takes {} or nothing',
    (channel) => {
      expect(parseChannelInput(channel, {})).toEqual({ ok: true, value: {} });
      expect(parseChannelInput(channel, undefined)).toEqual({ ok: true, value: {} });
      expect(errorOf(channel, null).code).toBe('INVALID_BODY');
    },
  );

  it('settings:update checks each field with its own code', () => {
    expect(parseChannelInput('settings:update', { timeoutMs: 5000, simulatorWhenNoDevice: false })).toEqual({
      ok: true,
      value: { timeoutMs: 5000, simulatorWhenNoDevice: false },
    });
    expect(parseChannelInput('settings:update', {})).toEqual({ ok: true, value: {} });
    expect(errorOf('settings:update', { operatorPackage: 'not a package' })).toMatchObject({
      code: 'INVALID_OPERATOR_PACKAGE',
      details: { field: 'operatorPackage' },
    });
    expect(errorOf('settings:update', { timeoutMs: 999 })).toMatchObject({
      code: 'INVALID_BODY',
      details: { field: 'timeoutMs' },
    });
    expect(errorOf('settings:update', { timeoutMs: 120001 }).message).toContain('1000 to 120000');
    expect(errorOf('settings:update', { timeoutMs: 1500.5 }).code).toBe('INVALID_BODY');
    expect(errorOf('settings:update', { simulatorWhenNoDevice: 'yes' })).toMatchObject({
      details: { field: 'simulatorWhenNoDevice' },
    });
  });

  it('serials: present, no spaces, at most 255 characters (INVALID_DEVICE_ID)', () => {
    expect(parseChannelInput('devices:describe', { serial: '127.0.0.1:5555' })).toEqual({
      ok: true,
      value: { serial: '127.0.0.1:5555' },
    });
    expect(errorOf('devices:describe', {})).toMatchObject({
      code: 'INVALID_BODY',
      details: { field: 'serial' },
    });
    for (const serial of ['', 'a b', 'x\u0000', 'x'.repeat(256), 12])
      expect(errorOf('devices:describe', { serial }).code).toBe('INVALID_DEVICE_ID');
    expect(errorOf('screenshot:capture', { serial: ' ' }).code).toBe('INVALID_DEVICE_ID');
  });

  it.each(['devices:addServer', 'devices:removeServer'] as const)(
    '%s needs a non-blank address',
    (channel) => {
      expect(parseChannelInput(channel, { address: 'lab:5037' })).toEqual({
        ok: true,
        value: { address: 'lab:5037' },
      });
      expect(errorOf(channel, { address: '  ' })).toMatchObject({
        code: 'INVALID_BODY',
        details: { field: 'address' },
      });
      expect(errorOf(channel, { address: 5037 }).code).toBe('INVALID_BODY');
      expect(errorOf(channel, {}).code).toBe('INVALID_BODY');
    },
  );

  it('execution:run passes the execution through untouched and reports a missing one', () => {
    const execution = { commandId: 'c', anything: ['goes'] };
    expect(parseChannelInput('execution:run', { serial: 's', execution })).toEqual({
      ok: true,
      value: { serial: 's', execution },
    });
    expect(errorOf('execution:run', { serial: 's' })).toMatchObject({
      code: 'MISSING_EXECUTION',
      details: { field: 'execution' },
    });
    expect(errorOf('execution:run', { execution })).toMatchObject({
      code: 'INVALID_BODY',
      details: { field: 'serial' },
    });
  });

  it('sequence:run validates the design canonically and normalizes it', () => {
    const parsed = parseChannelInput('sequence:run', { serials: ['a', 'b'], design: DESIGN, label: 'smoke' });
    expect(parsed).toEqual({
      ok: true,
      value: { serials: ['a', 'b'], design: { ...DESIGN, backgroundColor: '#E6000080' }, label: 'smoke' },
    });
    const design = errorOf('sequence:run', { serials: ['a'], design: { text: 'x', widthDp: 601 } });
    expect(design).toMatchObject({
      code: 'EXECUTION_VALIDATION_FAILED',
      details: { field: 'design', path: 'params.widthDp' },
    });
    expect(design.message).toContain('sequence:run: design:');
    expect(errorOf('sequence:run', { serials: ['a'], design: { text: 'x', template: 'y' } }).code).toBe(
      'EXECUTION_VALIDATION_FAILED',
    );
    expect(errorOf('sequence:run', { serials: ['a'] })).toMatchObject({
      code: 'INVALID_BODY',
      details: { field: 'design' },
    });
  });

  it('sequence:run needs 1..32 distinct valid serials and a clean label', () => {
    const serials = (list: unknown) => errorOf('sequence:run', { serials: list, design: DESIGN });
    expect(serials([])).toMatchObject({ code: 'INVALID_DEVICE_ID', details: { field: 'serials' } });
    expect(serials('a').code).toBe('INVALID_DEVICE_ID');
    expect(serials(Array.from({ length: MAX_SEQUENCE_DEVICES + 1 }, (_, index) => `d${index}`)).code).toBe(
      'INVALID_DEVICE_ID',
    );
    expect(serials(['a', 'a'])).toMatchObject({ details: { field: 'serials[1]' } });
    expect(serials(['a', 7])).toMatchObject({ details: { field: 'serials[1]' } });
    expect(errorOf('sequence:run', { serials: ['a'], design: DESIGN, label: 'a\nb' })).toMatchObject({
      code: 'INVALID_BODY',
      details: { field: 'label' },
    });
    expect(errorOf('sequence:run', { serials: ['a'], design: DESIGN, label: 'x'.repeat(201) }).code).toBe(
      'INVALID_BODY',
    );
  });

  it('screenshot:capture takes a serial and an optional label', () => {
    expect(parseChannelInput('screenshot:capture', { serial: 's' })).toEqual({
      ok: true,
      value: { serial: 's' },
    });
    expect(parseChannelInput('screenshot:capture', { serial: 's', label: 'home' })).toEqual({
      ok: true,
      value: { serial: 's', label: 'home' },
    });
    expect(errorOf('screenshot:capture', { serial: 's', label: 3 }).code).toBe('INVALID_BODY');
  });

  it('screenshot:save needs a run id and an absolute destination', () => {
    expect(parseChannelInput('screenshot:save', { runId: RUN_ID, destination: '/tmp/shot.png' })).toEqual({
      ok: true,
      value: { runId: RUN_ID, destination: '/tmp/shot.png' },
    });
    expect(errorOf('screenshot:save', { runId: '../etc', destination: '/tmp/x.png' })).toMatchObject({
      code: 'INVALID_RUN_ID',
      details: { field: 'runId' },
    });
    expect(errorOf('screenshot:save', { runId: RUN_ID, destination: 'shot.png' })).toMatchObject({
      code: 'INVALID_PATH',
      details: { field: 'destination' },
    });
    expect(errorOf('screenshot:save', { runId: RUN_ID, destination: '' }).code).toBe('INVALID_PATH');
    expect(errorOf('screenshot:save', { runId: RUN_ID, destination: '/tmp/a\u0000b' }).code).toBe(
      'INVALID_PATH',
    );
  });

  it('evidence:list takes an optional positive integer limit', () => {
    expect(parseChannelInput('evidence:list', {})).toEqual({ ok: true, value: {} });
    expect(parseChannelInput('evidence:list', undefined)).toEqual({ ok: true, value: {} });
    expect(parseChannelInput('evidence:list', { limit: 20 })).toEqual({ ok: true, value: { limit: 20 } });
    for (const limit of [0, -1, 1.5, '20', 100_001])
      expect(errorOf('evidence:list', { limit })).toMatchObject({
        code: 'INVALID_BODY',
        details: { field: 'limit' },
      });
  });

  it.each(['evidence:get', 'evidence:delete'] as const)('%s needs a run id', (channel) => {
    expect(parseChannelInput(channel, { id: RUN_ID })).toEqual({ ok: true, value: { id: RUN_ID } });
    for (const id of ['', 'nope', null, 12]) expect(errorOf(channel, { id }).code).toBe('INVALID_RUN_ID');
    expect(errorOf(channel, {})).toMatchObject({ code: 'INVALID_BODY', details: { field: 'id' } });
  });

  it('evidence:image needs a run id and a known kind', () => {
    expect(parseChannelInput('evidence:image', { id: RUN_ID, kind: 'thumbnail' })).toEqual({
      ok: true,
      value: { id: RUN_ID, kind: 'thumbnail' },
    });
    expect(errorOf('evidence:image', { id: RUN_ID, kind: 'full' })).toMatchObject({
      code: 'INVALID_BODY',
      message: 'evidence:image: kind must be one of "screenshot", "thumbnail"',
    });
    expect(errorOf('evidence:image', { id: 'x', kind: 'screenshot' }).code).toBe('INVALID_RUN_ID');
  });

  it('evidence:export needs a run id, an absolute destination and a format', () => {
    expect(
      parseChannelInput('evidence:export', { id: RUN_ID, destination: '/tmp/run.zip', format: 'zip' }),
    ).toEqual({
      ok: true,
      value: { id: RUN_ID, destination: '/tmp/run.zip', format: 'zip' },
    });
    expect(errorOf('evidence:export', { id: RUN_ID, destination: 'run.zip', format: 'zip' }).code).toBe(
      'INVALID_PATH',
    );
    expect(errorOf('evidence:export', { id: RUN_ID, destination: '/tmp/x', format: 'tar' })).toMatchObject({
      details: { field: 'format' },
    });
  });

  it('presets:save checks the name and validates the design', () => {
    expect(parseChannelInput('presets:save', { name: 'Flow 1', design: DESIGN })).toEqual({
      ok: true,
      value: { name: 'Flow 1', design: { ...DESIGN, backgroundColor: '#E6000080' } },
    });
    for (const name of ['', '   ', ' padded', 'x'.repeat(65), 'tab\there', 7])
      expect(errorOf('presets:save', { name, design: DESIGN })).toMatchObject({
        code: 'INVALID_BODY',
        details: { field: 'name' },
      });
    expect(parseChannelInput('presets:save', { name: '😀'.repeat(64), design: DESIGN }).ok).toBe(true);
    expect(errorOf('presets:save', { name: 'ok', design: { text: '' } }).code).toBe(
      'EXECUTION_VALIDATION_FAILED',
    );
  });

  it('presets:delete needs a valid name', () => {
    expect(parseChannelInput('presets:delete', { name: 'Flow 1' })).toEqual({
      ok: true,
      value: { name: 'Flow 1' },
    });
    expect(errorOf('presets:delete', { name: '' }).code).toBe('INVALID_BODY');
    expect(errorOf('presets:delete', {}).code).toBe('INVALID_BODY');
  });
});

describe('android:run input', () => {
  it('takes a tool, a device and optional arguments', () => {
    expect(
      parseChannelInput('android:run', {
        tool: 'android_settings',
        device: 's',
        arguments: { namespace: 'system' },
      }),
    ).toEqual({
      ok: true,
      value: { tool: 'android_settings', device: 's', arguments: { namespace: 'system' } },
    });
    expect(parseChannelInput('android:run', { tool: 'android.screen_dump', device: 's' })).toEqual({
      ok: true,
      value: { tool: 'android.screen_dump', device: 's' },
    });
  });

  it('names the wrong field with its code', () => {
    expect(errorOf('android:run', { device: 's' })).toMatchObject({
      code: 'INVALID_BODY',
      details: { field: 'tool' },
    });
    expect(errorOf('android:run', { tool: 'a b', device: 's' })).toMatchObject({
      code: 'UNKNOWN_TOOL',
      details: { field: 'tool' },
    });
    expect(errorOf('android:run', { tool: 'android_settings', device: ' ' }).code).toBe('INVALID_DEVICE_ID');
    expect(errorOf('android:run', { tool: 'android_settings', device: 's', arguments: [] })).toMatchObject({
      code: 'INVALID_ARGUMENTS',
      details: { field: 'arguments' },
    });
    expect(errorOf('android:run', { tool: 'android_settings', device: 's', extra: 1 }).code).toBe(
      'INVALID_BODY',
    );
  });
});
