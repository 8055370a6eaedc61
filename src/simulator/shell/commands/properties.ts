import { failWith, type CommandContext } from '../commandTable';

/** `getprop` (every property as `[key]: [value]`), `getprop KEY [DEFAULT]` (the value, or DEFAULT, or an empty line). */
export function getprop(context: CommandContext): number {
  const { state } = context.device;
  const [key, fallback] = context.args;
  if (key === undefined) {
    context.stdout(
      state
        .listProperties()
        .map(([name, value]) => `[${name}]: [${value}]\n`)
        .join(''),
    );
    return 0;
  }
  context.stdout(`${state.getProperty(key) ?? fallback ?? ''}\n`);
  return 0;
}

/** `setprop KEY VALUE`; read-only (`ro.*`) properties that already have a value cannot change. */
export function setprop(context: CommandContext): number {
  const [key, value] = context.args;
  if (key === undefined || value === undefined || context.args.length !== 2)
    return failWith(context, 'setprop: Need 2 arguments');
  const { state } = context.device;
  if (key.startsWith('ro.') && state.getProperty(key) !== undefined) {
    return failWith(context, `setprop: failed to set property '${key}' to '${value}'`);
  }
  state.setProperty(key, value);
  return 0;
}
