import { CommandTable } from './commandTable';
import { echo, failStatus, id, sleep, succeed, which, whoami } from './commands/basic';
import { dumpsys } from './commands/dumpsys';
import { content } from './commands/content';
import { cat, printEnvironment } from './commands/files';
import { grep } from './commands/grep';
import { input } from './commands/input';
import { logcat } from './commands/logcat';
import { perfetto } from './commands/perfetto';
import { pm } from './commands/pm';
import { getprop, setprop } from './commands/properties';
import { screencap } from './commands/screencap';
import { activityManager, appops, cmd, ime, monkey } from './commands/services';
import { service } from './commands/serviceManager';
import { settings } from './commands/settings';
import { uiautomator } from './commands/uiautomator';
import { wm } from './commands/wm';
import { chmod, du, md5sum, mkdir, rm, stat, touch } from './commands/toybox/fileSystem';
import { withToyboxHelp } from './commands/toybox/help';
import { ls } from './commands/toybox/ls';
import { ifconfig, ip, ping } from './commands/toybox/net';
import { toybox } from './commands/toybox/multiplexer';
import { printf } from './commands/toybox/printf';
import { pidof, ps, top } from './commands/toybox/processes';
import { sed } from './commands/toybox/sed';
import { date, df, getenforce, uname } from './commands/toybox/system';
import { cut, head, sort, tail, wc } from './commands/toybox/text';

/** A fresh table with every built-in device command; each device gets its own so registrations stay local. */
export function createDefaultCommandTable(): CommandTable {
  return new CommandTable([
    ['am', activityManager],
    ['appops', appops],
    ['cat', cat],
    ['chmod', chmod],
    ['cut', cut],
    ['date', date],
    ['df', df],
    ['du', du],
    ['cmd', cmd],
    ['content', content],
    ['dumpsys', dumpsys],
    ['echo', echo],
    ['env', printEnvironment],
    ['false', failStatus],
    ['getenforce', getenforce],
    ['getprop', getprop],
    ['grep', grep],
    ['head', head],
    ['id', id],
    ['ime', ime],
    ['input', input],
    ['ifconfig', ifconfig],
    ['ip', ip],
    ['logcat', logcat],
    ['perfetto', perfetto],
    ['ls', ls],
    ['md5sum', md5sum],
    ['mkdir', mkdir],
    ['pm', pm],
    ['monkey', monkey],
    ['pidof', pidof],
    ['ping', ping],
    ['printenv', printEnvironment],
    ['printf', printf],
    ['rm', rm],
    ['ps', withToyboxHelp('ps', ps)],
    ['screencap', screencap],
    ['sed', sed],
    ['service', service],
    ['setprop', setprop],
    ['settings', settings],
    ['sleep', sleep],
    ['sort', sort],
    ['stat', stat],
    ['tail', tail],
    ['toybox', toybox],
    ['touch', touch],
    ['top', top],
    ['true', succeed],
    ['uiautomator', uiautomator],
    ['uname', uname],
    ['wc', wc],
    ['which', which],
    ['whoami', whoami],
    ['wm', wm],
  ]);
}
