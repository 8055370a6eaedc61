import { CommandTable } from './commandTable';
import { am } from './commands/am';
import { echo, failStatus, id, sleep, succeed, which, whoami } from './commands/basic';
import { dumpsys } from './commands/dumpsys';
import { cat, printEnvironment } from './commands/files';
import { grep } from './commands/grep';
import { input } from './commands/input';
import { logcat } from './commands/logcat';
import { pm } from './commands/pm';
import { getprop, setprop } from './commands/properties';
import { screencap } from './commands/screencap';
import { settings } from './commands/settings';
import { wm } from './commands/wm';

/** A fresh table with every built-in device command; each device gets its own so registrations stay local. */
export function createDefaultCommandTable(): CommandTable {
  return new CommandTable([
    ['am', am],
    ['cat', cat],
    ['dumpsys', dumpsys],
    ['echo', echo],
    ['env', printEnvironment],
    ['false', failStatus],
    ['getprop', getprop],
    ['grep', grep],
    ['id', id],
    ['input', input],
    ['logcat', logcat],
    ['pm', pm],
    ['printenv', printEnvironment],
    ['screencap', screencap],
    ['setprop', setprop],
    ['settings', settings],
    ['sleep', sleep],
    ['true', succeed],
    ['which', which],
    ['whoami', whoami],
    ['wm', wm],
  ]);
}
