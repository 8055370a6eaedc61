// Every channel's input, re-validated in the main process whatever the renderer already checked.
import type { ChannelInput, ConsoleChannel, ConsoleSettings } from '../../shared/api/contract';
import { fail, ok, type Result } from '../../shared/errors';
import {
  absolutePathField,
  choiceField,
  designField,
  fieldError,
  optionalLabelField,
  runIdField,
  serialField,
  strictObject,
} from './inputShapes';
import { presetNameRuleBroken } from './presetsStore';
import { SETTING_KEYS, settingRuleBroken } from './settingsStore';

/** How many devices one sequence:run may drive at once. */
export const MAX_SEQUENCE_DEVICES = 32;
export const MAX_LIST_LIMIT = 100_000;
const MAX_ADDRESS_LENGTH = 300;

type Parsers = { [C in ConsoleChannel]: (input: unknown) => Result<ChannelInput<C>> };

function empty<C extends ConsoleChannel>(channel: C) {
  return (input: unknown): Result<Record<string, never>> => {
    const object = strictObject(channel, input, []);
    return object.ok ? ok({}) : object;
  };
}

type SerialChannel =
  'devices:describe' | 'operator:status' | 'operator:enable' | 'operator:disable' | 'operator:openSettings';

function serialOnly<C extends SerialChannel>(channel: C) {
  return (input: unknown): Result<{ serial: string }> => {
    const object = strictObject(channel, input, ['serial'], ['serial']);
    if (!object.ok) return object;
    const serial = serialField(channel, object.value['serial']);
    return serial.ok ? ok({ serial: serial.value }) : serial;
  };
}

function address(channel: 'devices:addServer' | 'devices:removeServer') {
  return (input: unknown): Result<{ address: string }> => {
    const object = strictObject(channel, input, ['address'], ['address']);
    if (!object.ok) return object;
    const value = object.value['address'];
    if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_ADDRESS_LENGTH)
      return fieldError(
        'INVALID_BODY',
        channel,
        'address',
        'must be an adb server address such as host:5037',
      );
    return ok({ address: value });
  };
}

function presetName(channel: 'presets:save' | 'presets:delete', value: unknown): Result<string> {
  const broken = presetNameRuleBroken(value);
  return broken === null ? ok(value as string) : fieldError('INVALID_BODY', channel, 'name', broken);
}

function settingsPatch(input: unknown): Result<Partial<ConsoleSettings>> {
  const channel = 'settings:update';
  const object = strictObject(channel, input, SETTING_KEYS);
  if (!object.ok) return object;
  const patch: Partial<ConsoleSettings> = {};
  for (const key of SETTING_KEYS) {
    const value = object.value[key];
    if (value === undefined) continue;
    const broken = settingRuleBroken(key, value);
    if (broken !== null)
      return fieldError(
        key === 'operatorPackage' ? 'INVALID_OPERATOR_PACKAGE' : 'INVALID_BODY',
        channel,
        key,
        broken,
      );
    Object.assign(patch, { [key]: value });
  }
  return ok(patch);
}

function sequenceRun(input: unknown): Result<ChannelInput<'sequence:run'>> {
  const channel = 'sequence:run';
  const object = strictObject(channel, input, ['serials', 'design', 'label'], ['serials', 'design']);
  if (!object.ok) return object;
  const list = object.value['serials'];
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_SEQUENCE_DEVICES)
    return fieldError(
      'INVALID_DEVICE_ID',
      channel,
      'serials',
      `must be a list of 1 to ${MAX_SEQUENCE_DEVICES} device serials`,
    );
  const serials: string[] = [];
  for (const [index, entry] of list.entries()) {
    const serial = serialField(channel, entry, `serials[${index}]`);
    if (!serial.ok) return serial;
    if (serials.includes(serial.value))
      return fieldError(
        'INVALID_DEVICE_ID',
        channel,
        `serials[${index}]`,
        `repeats ${serial.value}; list each device once`,
      );
    serials.push(serial.value);
  }
  const design = designField(channel, object.value['design']);
  if (!design.ok) return design;
  const label = optionalLabelField(channel, object.value['label']);
  if (!label.ok) return label;
  return ok({ serials, design: design.value, ...(label.value === undefined ? {} : { label: label.value }) });
}

const PARSERS: Parsers = {
  'app:info': empty('app:info'),
  'settings:update': settingsPatch,
  'devices:list': empty('devices:list'),
  'devices:describe': serialOnly('devices:describe'),
  'devices:servers': empty('devices:servers'),
  'devices:addServer': address('devices:addServer'),
  'devices:removeServer': address('devices:removeServer'),
  'execution:run': (input) => {
    const channel = 'execution:run';
    const object = strictObject(channel, input, ['serial', 'execution'], ['serial']);
    if (!object.ok) return object;
    const serial = serialField(channel, object.value['serial']);
    if (!serial.ok) return serial;
    // The execution itself is validated canonically by runExecution (validateExecution), aliases included.
    if (object.value['execution'] === undefined)
      return fail('MISSING_EXECUTION', `${channel}: execution is missing`, { channel, field: 'execution' });
    return ok({ serial: serial.value, execution: object.value['execution'] });
  },
  'sequence:run': sequenceRun,
  'screenshot:capture': (input) => {
    const channel = 'screenshot:capture';
    const object = strictObject(channel, input, ['serial', 'label'], ['serial']);
    if (!object.ok) return object;
    const serial = serialField(channel, object.value['serial']);
    if (!serial.ok) return serial;
    const label = optionalLabelField(channel, object.value['label']);
    if (!label.ok) return label;
    return ok({ serial: serial.value, ...(label.value === undefined ? {} : { label: label.value }) });
  },
  'screenshot:save': (input) => {
    const channel = 'screenshot:save';
    const object = strictObject(channel, input, ['runId', 'destination'], ['runId', 'destination']);
    if (!object.ok) return object;
    const runId = runIdField(channel, object.value['runId'], 'runId');
    if (!runId.ok) return runId;
    const destination = absolutePathField(channel, object.value['destination']);
    return destination.ok ? ok({ runId: runId.value, destination: destination.value }) : destination;
  },
  'evidence:list': (input) => {
    const channel = 'evidence:list';
    const object = strictObject(channel, input, ['limit']);
    if (!object.ok) return object;
    const limit = object.value['limit'];
    if (limit === undefined) return ok({});
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT)
      return fieldError('INVALID_BODY', channel, 'limit', `must be an integer from 1 to ${MAX_LIST_LIMIT}`);
    return ok({ limit });
  },
  'evidence:get': (input) => {
    const object = strictObject('evidence:get', input, ['id'], ['id']);
    if (!object.ok) return object;
    const id = runIdField('evidence:get', object.value['id']);
    return id.ok ? ok({ id: id.value }) : id;
  },
  'evidence:image': (input) => {
    const channel = 'evidence:image';
    const object = strictObject(channel, input, ['id', 'kind'], ['id', 'kind']);
    if (!object.ok) return object;
    const id = runIdField(channel, object.value['id']);
    if (!id.ok) return id;
    const kind = choiceField(channel, object.value['kind'], 'kind', ['screenshot', 'thumbnail'] as const);
    return kind.ok ? ok({ id: id.value, kind: kind.value }) : kind;
  },
  'evidence:delete': (input) => {
    const object = strictObject('evidence:delete', input, ['id'], ['id']);
    if (!object.ok) return object;
    const id = runIdField('evidence:delete', object.value['id']);
    return id.ok ? ok({ id: id.value }) : id;
  },
  'evidence:export': (input) => {
    const channel = 'evidence:export';
    const object = strictObject(
      channel,
      input,
      ['id', 'destination', 'format'],
      ['id', 'destination', 'format'],
    );
    if (!object.ok) return object;
    const id = runIdField(channel, object.value['id']);
    if (!id.ok) return id;
    const destination = absolutePathField(channel, object.value['destination']);
    if (!destination.ok) return destination;
    const format = choiceField(channel, object.value['format'], 'format', ['zip', 'folder'] as const);
    return format.ok ? ok({ id: id.value, destination: destination.value, format: format.value }) : format;
  },
  'operator:status': serialOnly('operator:status'),
  'operator:enable': serialOnly('operator:enable'),
  'operator:disable': serialOnly('operator:disable'),
  'operator:openSettings': serialOnly('operator:openSettings'),
  'operator:install': (input) => {
    const channel = 'operator:install';
    const object = strictObject(channel, input, ['serial', 'apkPath'], ['serial', 'apkPath']);
    if (!object.ok) return object;
    const serial = serialField(channel, object.value['serial']);
    if (!serial.ok) return serial;
    const apkPath = absolutePathField(channel, object.value['apkPath'], 'apkPath');
    return apkPath.ok ? ok({ serial: serial.value, apkPath: apkPath.value }) : apkPath;
  },
  'presets:list': empty('presets:list'),
  'presets:save': (input) => {
    const channel = 'presets:save';
    const object = strictObject(channel, input, ['name', 'design'], ['name', 'design']);
    if (!object.ok) return object;
    const name = presetName(channel, object.value['name']);
    if (!name.ok) return name;
    const design = designField(channel, object.value['design']);
    return design.ok ? ok({ name: name.value, design: design.value }) : design;
  },
  'presets:delete': (input) => {
    const object = strictObject('presets:delete', input, ['name'], ['name']);
    if (!object.ok) return object;
    const name = presetName('presets:delete', object.value['name']);
    return name.ok ? ok({ name: name.value }) : name;
  },
};

/** Checks `input` against the channel's strict shape; errors name the channel and the field. */
export function parseChannelInput<C extends ConsoleChannel>(
  channel: C,
  input: unknown,
): Result<ChannelInput<C>> {
  return PARSERS[channel](input);
}
