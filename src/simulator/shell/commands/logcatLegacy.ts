// logcat before Android 7 (API 24): getopt over short options only (`:cdDLt:T:gG:sQf:r:n:v:b:BSpP:` in the M
// logcat.cpp), no `--pid`/`--regex`/`--max-count`/`-m`/`-e` and no `-v` modifiers (epoch, year, uid, ...), which
// all came with Android 7; -t/-T take a count or `MM-DD hh:mm:ss.mmm` only. An unknown option prints logcat's complaint and its usage on stderr: Android 6 (API 23)
// `Unrecognized Option <c>` then exit 1 (logcat_panic); Android 5 (API 21-22) getopt's own `unknown option -- <c>`,
// then `Unrecognized Option`, then exit -1 (255).
import { isLogFormat } from './logFormat';

/** The first options Android 6's usage lists (the full text goes on; callers only need to see it is the usage). */
const LEGACY_USAGE = [
  'Usage: logcat [options] [filterspecs]',
  'options include:',
  '  -s              Set default filter to silent.',
  "                  Like specifying filterspec '*:S'",
  '  -f <filename>   Log to file. Default is stdout',
  '  -r <kbytes>     Rotate log every kbytes. Requires -f',
  '  -n <count>      Sets max number of rotated logs to <count>, default 4',
  '  -v <format>     Sets the log print format, where <format> is:',
  '',
  '                      brief color long printable process raw tag thread',
  '                      threadtime time usec',
  '',
  '  -D              print dividers between each log buffer',
  '  -c              clear (flush) the entire log and exit',
  "  -d              dump the log and then exit (don't block)",
  '  -t <count>      print only the most recent <count> lines (implies -d)',
  "  -t '<time>'     print most recent lines since specified time (implies -d)",
  '  -T <count>      print only the most recent <count> lines (does not imply -d)',
  "  -T '<time>'     print most recent lines since specified time (not imply -d)",
  "                  count is pure numerical, time is 'MM-DD hh:mm:ss.mmm'",
  "  -g              get the size of the log's ring buffer and exit",
  "  -b <buffer>     Request alternate ring buffer, 'main', 'system', 'radio',",
  "                  'events', 'crash' or 'all'.",
  '  -B              output the log in binary.',
  '',
].join('\n');

const LEGACY_VALUE_OPTIONS = new Set(['-t', '-T', '-G', '-f', '-r', '-n', '-v', '-b', '-P']);

/** What legacy logcat answers for `args` when they use an option it does not have, or undefined when they do not. */
export function legacyOptionError(
  args: readonly string[],
  sdkLevel: number,
): { stderr: string; status: number } | undefined {
  if (sdkLevel >= 24) return undefined;
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] as string;
    if (LEGACY_VALUE_OPTIONS.has(argument)) {
      const value = args[index + 1];
      if (argument === '-v' && value !== undefined && !isLegacyFormat(value))
        return { stderr: `Invalid parameter ${value} to -v\n${LEGACY_USAGE}`, status: 1 };
      if ((argument === '-t' || argument === '-T') && value !== undefined && !isLegacyTail(value))
        return {
          stderr: `${argument} "${value}" not in "%m-%d %H:%M:%S.%q" time format\n`,
          status: 1,
        };
      index += 1;
      continue;
    }
    if (!argument.startsWith('-') || argument.length < 2) continue;
    // getopt reads `--pid=1` as the option character '-'; `-m 5` as 'm'.
    const letter = argument[1] as string;
    if (letter === '-' || letter === 'm' || letter === 'e') return unknownOption(letter, sdkLevel);
  }
  return undefined;
}

/** One word from the M usage's format list (no comma-separated modifiers before Android 7). */
function isLegacyFormat(value: string): boolean {
  return isLogFormat(value) || value === 'color' || value === 'usec' || value === 'printable';
}

/** A line count or `MM-DD hh:mm:ss.mmm` (no epoch seconds and no year before Android 7). */
function isLegacyTail(value: string): boolean {
  return /^\d+$/.test(value) || /^\d\d-\d\d \d\d:\d\d:\d\d\.\d+$/.test(value);
}

function unknownOption(letter: string, sdkLevel: number): { stderr: string; status: number } {
  if (sdkLevel >= 23) return { stderr: `Unrecognized Option ${letter}\n${LEGACY_USAGE}`, status: 1 };
  return { stderr: `logcat: unknown option -- ${letter}\nUnrecognized Option\n${LEGACY_USAGE}`, status: 255 };
}
