// android_dumpsys: `dumpsys '<service>' '<arg>' ...`, only in the read-only forms of the allow-list (reference 3.1).
import { fail } from '../../shared/errors';
import { checkDumpsys } from '../../shared/android/dumpsysAllowList';
import { DUMPSYS_ARGUMENTS } from '../../shared/android/inspectArguments';
import { shellQuote } from '../../shared/android/shellQuote';
import { commandAnswer } from '../android/outcome';
import { defineTool } from '../android/tool';

export const androidDumpsys = defineTool({
  name: 'android_dumpsys',
  cli: { command: 'android', verb: 'dumpsys' },
  description:
    'Runs dumpsys for one service in a reviewed read-only form (e.g. package <pkg>, meminfo, activity activities, ' +
    'window windows); action forms such as battery set/unplug, batterystats --reset or deviceidle force-idle are refused.',
  risk: 'read_only',
  arguments: DUMPSYS_ARGUMENTS,
  async run(context, args) {
    const check = checkDumpsys(args.service, args.arguments);
    if (!check.accepted)
      return fail('ANDROID_COMMAND_REFUSED', `android_dumpsys: ${check.message}`, {
        rule: check.rule,
        reason: check.reason,
        service: args.service,
        arguments: args.arguments ?? '',
      });
    const command = ['dumpsys', ...[check.service, ...check.arguments].map(shellQuote)].join(' ');
    return commandAnswer('dumpsys', command, await context.run(command));
  },
});
