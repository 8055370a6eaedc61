import { SETTINGS_NAMESPACES, type SettingsNamespace } from '../../device/state';
import { failWith, type CommandContext } from '../commandTable';

// `settings` is a `cmd settings` front end: usage errors exit 255 (Java's -1).
const USAGE_STATUS = 255;
const USAGE =
  'usage:  settings [--user <USER_ID> | current] get namespace key\n' +
  '        settings [--user <USER_ID> | current] put namespace key value\n' +
  '        settings [--user <USER_ID> | current] delete namespace key\n' +
  '        settings [--user <USER_ID> | current] list namespace\n';

function isNamespace(value: string | undefined): value is SettingsNamespace {
  return SETTINGS_NAMESPACES.some((namespace) => namespace === value);
}

/** `settings get|put|delete|list`: `get` of a missing key prints `null`; `delete` prints `Deleted N rows`. */
export function settings(context: CommandContext): number {
  const args = [...context.args];
  if (args[0] === '--user') args.splice(0, 2);
  const [verb, namespace, key, ...rest] = args;
  if (verb === undefined) return failWith(context, USAGE, USAGE_STATUS);
  if (!['get', 'put', 'delete', 'list'].includes(verb))
    return failWith(context, `Invalid command: ${verb}\n${USAGE}`, USAGE_STATUS);
  if (!isNamespace(namespace))
    return failWith(context, `Invalid namespace '${namespace ?? ''}'\n${USAGE}`, USAGE_STATUS);
  const { state } = context.device;
  if (verb === 'list') {
    context.stdout(
      state
        .listSettings(namespace)
        .map(([name, value]) => `${name}=${value}\n`)
        .join(''),
    );
    return 0;
  }
  if (key === undefined) return failWith(context, USAGE, USAGE_STATUS);
  if (verb === 'get') {
    context.stdout(`${state.getSetting(namespace, key) ?? 'null'}\n`);
    return 0;
  }
  if (verb === 'delete') {
    context.stdout(`Deleted ${state.deleteSetting(namespace, key) ? 1 : 0} rows\n`);
    return 0;
  }
  // Optional `[tag] [default]` arguments after the value are accepted and ignored.
  const [value] = rest;
  if (value === undefined) return failWith(context, USAGE, USAGE_STATUS);
  state.putSetting(namespace, key, value);
  return 0;
}
