// android_dumpsys: `dumpsys '<service>' '<arg>' ...`, only in the read-only forms of the allow-list (reference 3.1).
// A service the device does not have (`Can't find service: x` on stderr, exit 0) is a failure, as in the aggregates.
import { fail, ok } from '../../shared/errors';
import { checkDumpsys } from '../../shared/android/dumpsysAllowList';
import { DUMPSYS_ARGUMENTS } from '../../shared/android/inspectArguments';
import { shellQuote } from '../../shared/android/shellQuote';
import { commandAnswer } from '../android/outcome';
import { defineTool } from '../android/tool';
import { withServiceRule } from './aggregates/sections';

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
    const result = await context.run(command);
    return commandAnswer('dumpsys', command, result.ok ? ok(withServiceRule(result.value)) : result);
  },
});
