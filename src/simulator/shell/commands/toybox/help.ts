import type { CommandHandler } from '../../commandTable';

// toybox answers `--help` as the first argument with its usage text on stdout and status 0; tools probe it (Appium
// reads `ps --help` to learn whether `ps -A` exists). Only the commands tools are known to probe carry a text.

const HELP: Record<string, string> = {
  ps: `usage: ps [-AadefLlnwZ] [-gG GROUP,] [-k FIELD,] [-o FIELD,] [-p PID,] [-t TTY,] [-uU USER,]

List processes.

Which processes to show (-gGuUpPt selections may be comma separated lists):

-A\tAll\t\t\t\t\t-a\tHas terminal not session leader
-d\tAll but session leaders\t\t\t-e\tSynonym for -A
-g\tIn GROUPs\t\t\t\t-G\tIn real GROUPs (before sgid)
-p\tPIDs (--pid)\t\t\t\t-P\tParent PIDs (--ppid)
-s\tIn session IDs\t\t\t\t-t\tAttached to selected TTYs
-T\tShow threads also\t\t\t-u\tOwned by selected USERs
-U\tReal USERs (before suid)

Output modifiers:

-k\tSort FIELDs (-FIELD to reverse)\t\t-M\tMeasure/pad future field widths
-n\tShow numeric USER and GROUP\t\t-w\tWide output (don't truncate fields)

Which FIELDs to show. (-o HELP for list, default = -o PID,TTY,TIME,CMD)

-f\tFull listing (-o USER:12=UID,PID,PPID,C,STIME,TTY,TIME,ARGS=CMD)
-l\tLong listing (-o F,S,UID,PID,PPID,C,PRI,NI,ADDR,SZ,WCHAN,TTY,TIME,CMD)
-o\tOutput FIELDs instead of defaults, each with optional :size and =title
-O\tAdd FIELDS to defaults
-Z\tInclude LABEL
`,
};

/** The command, answering `--help` (first argument) with toybox's usage text when it has one. */
export function withToyboxHelp(name: string, handler: CommandHandler): CommandHandler {
  const help = HELP[name];
  if (help === undefined) return handler;
  return (context) => {
    if (context.args[0] !== '--help') return handler(context);
    context.stdout(help);
    return 0;
  };
}
