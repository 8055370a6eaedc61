// Intent arguments of `am start` / `am broadcast`, parsed like Android's Intent.parseCommandArgs.

export interface IntentArguments {
  action: string | undefined;
  categories: string[];
  data: string | undefined;
  mimeType: string | undefined;
  component: string | undefined;
  packageName: string | undefined;
  flags: number;
  extras: Record<string, string>;
  /** Boolean options that are not intent fields: -W, -S, -D, --receiver-foreground, ... */
  switches: Set<string>;
  user: string | undefined;
}

export const INTENT_FLAGS = {
  activityNewTask: 0x10000000,
  receiverForeground: 0x10000000,
  receiverFromShell: 0x00400000,
  includeStoppedPackages: 0x00000020,
} as const;

const EXTRA_WITH_VALUE = new Set([
  '-e',
  '--es',
  '--ez',
  '--ei',
  '--el',
  '--ef',
  '--ed',
  '--eu',
  '--ecn',
  '--eia',
  '--eial',
  '--ela',
  '--elal',
  '--efa',
  '--efal',
  '--esa',
  '--esal',
]);
const SWITCHES = new Set([
  '-W',
  '-S',
  '-D',
  '-N',
  '-R',
  '--receiver-foreground',
  '--receiver-registered-only',
  '--receiver-replace-pending',
  '--include-stopped-packages',
  '--exclude-stopped-packages',
  '--debug-log-resolution',
  '--async',
]);

/** Parses intent options; returns an error line for an unknown or incomplete option. */
export function parseIntentArguments(args: readonly string[]): IntentArguments | { error: string } {
  const intent: IntentArguments = {
    action: undefined,
    categories: [],
    data: undefined,
    mimeType: undefined,
    component: undefined,
    packageName: undefined,
    flags: 0,
    extras: {},
    switches: new Set(),
    user: undefined,
  };
  for (let index = 0; index < args.length; index += 1) {
    const option = args[index] as string;
    const value = args[index + 1];
    const needsValue = (count: number): boolean => args.length > index + count;
    if (EXTRA_WITH_VALUE.has(option)) {
      if (!needsValue(2)) return { error: `Error: No value specified for option ${option}` };
      intent.extras[value as string] = args[index + 2] as string;
      index += 2;
    } else if (option === '--esn') {
      if (!needsValue(1)) return { error: 'Error: No key specified for option --esn' };
      intent.extras[value as string] = '';
      index += 1;
    } else if (
      [
        '-a',
        '-d',
        '-t',
        '-c',
        '-n',
        '-p',
        '-f',
        '--user',
        '--receiver-permission',
        '--display',
        '--windowingMode',
        '--activityType',
        '--start-profiler',
        '-P',
        '--sampling',
        '--attach-agent',
      ].includes(option)
    ) {
      if (!needsValue(1)) return { error: `Error: No argument specified for option ${option}` };
      index += 1;
      applyValueOption(intent, option, value as string);
    } else if (SWITCHES.has(option) || option.startsWith('--activity-')) {
      intent.switches.add(option);
    } else if (option.startsWith('-')) {
      return { error: `Error: Unknown option: ${option}` };
    } else if (option.includes('/') && !option.includes(':')) {
      intent.component = option;
    } else {
      intent.data = option;
    }
  }
  if (intent.switches.has('--receiver-foreground')) intent.flags |= INTENT_FLAGS.receiverForeground;
  if (intent.switches.has('--include-stopped-packages')) intent.flags |= INTENT_FLAGS.includeStoppedPackages;
  return intent;
}

function applyValueOption(intent: IntentArguments, option: string, value: string): void {
  if (option === '-a') intent.action = value;
  else if (option === '-d') intent.data = value;
  else if (option === '-t') intent.mimeType = value;
  else if (option === '-c') intent.categories.push(value);
  else if (option === '-n') intent.component = value;
  else if (option === '-p') intent.packageName = value;
  else if (option === '--user') intent.user = value;
  else if (option === '-f') {
    const flags = Number(value);
    if (Number.isFinite(flags)) intent.flags |= flags;
  }
}

/** Intent.toShortString: `act=... cat=[...] dat=... typ=... flg=0x... pkg=... cmp=... (has extras)`. */
export function describeIntent(
  intent: IntentArguments,
  extraFlags = 0,
  component = intent.component,
): string {
  const parts: string[] = [];
  if (intent.action !== undefined) parts.push(`act=${intent.action}`);
  if (intent.categories.length > 0) parts.push(`cat=[${intent.categories.join(',')}]`);
  if (intent.data !== undefined) parts.push(`dat=${intent.data}`);
  if (intent.mimeType !== undefined) parts.push(`typ=${intent.mimeType}`);
  const flags = (intent.flags | extraFlags) >>> 0;
  if (flags !== 0) parts.push(`flg=0x${flags.toString(16)}`);
  if (intent.packageName !== undefined) parts.push(`pkg=${intent.packageName}`);
  if (component !== undefined) parts.push(`cmp=${component}`);
  if (Object.keys(intent.extras).length > 0) parts.push('(has extras)');
  return `Intent { ${parts.join(' ')} }`;
}
