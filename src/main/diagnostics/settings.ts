// android_settings: `settings get <ns> '<key>'` or `settings list <ns>`; never put or delete.
import { SETTINGS_ARGUMENTS } from '../../shared/android/diagnosticsArguments';
import { shellQuote } from '../../shared/android/shellQuote';
import { commandAnswer } from '../android/outcome';
import { defineTool } from '../android/tool';

export const androidSettings = defineTool({
  name: 'android_settings',
  cli: { command: 'android', verb: 'settings' },
  description:
    'Reads Android settings (system, secure or global): one key, or the whole namespace. Read-only: never writes.',
  risk: 'read_only',
  arguments: SETTINGS_ARGUMENTS,
  async run(context, args) {
    const command =
      args.key === undefined
        ? `settings list ${args.namespace}`
        : `settings get ${args.namespace} ${shellQuote(args.key)}`;
    return commandAnswer('settings', command, await context.run(command));
  },
});
