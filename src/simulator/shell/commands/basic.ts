import { failWith, type CommandContext, type CommandHandler } from '../commandTable';
import { BACKSLASH_ESCAPES } from './escapes';

/** `echo [-n] [-e|-E] words...` */
export function echo(context: CommandContext): number {
  const args = [...context.args];
  let newline = true;
  let escapes = false;
  while (args[0] !== undefined && /^-[neE]+$/.test(args[0])) {
    const flags = args.shift() as string;
    if (flags.includes('n')) newline = false;
    if (flags.includes('e')) escapes = true;
    if (flags.includes('E')) escapes = false;
  }
  let text = args.join(' ');
  if (escapes) {
    const stop = text.indexOf('\\c');
    if (stop >= 0) {
      text = text.slice(0, stop);
      newline = false;
    }
    text = text.replace(/\\(0[0-7]{0,3}|.)/g, (match, code: string) =>
      code.startsWith('0')
        ? String.fromCharCode(Number.parseInt(code.slice(1) || '0', 8))
        : (BACKSLASH_ESCAPES[code] ?? match),
    );
  }
  context.stdout(newline ? `${text}\n` : text);
  return 0;
}

/** `id`: the adb shell user; `-u`/`-g` print the number, with `-n` the name (toybox). */
export function id(context: CommandContext): number {
  const flags = context.args.filter((argument) => /^-[ugnGr]+$/.test(argument)).join('');
  if (flags.includes('u') || flags.includes('g')) {
    context.stdout(flags.includes('n') ? 'shell\n' : '2000\n');
    return 0;
  }
  context.stdout(
    'uid=2000(shell) gid=2000(shell) groups=2000(shell),1004(input),1007(log),1011(adb),1015(sdcard_rw),1028(sdcard_r),' +
      '1078(ext_data_rw),1079(ext_obb_rw),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),' +
      '3011(uhid),3012(readtracefs) context=u:r:shell:s0\n',
  );
  return 0;
}

export function whoami(context: CommandContext): number {
  context.stdout('shell\n');
  return 0;
}

export const succeed: CommandHandler = () => 0;
export const failStatus: CommandHandler = () => 1;

const SLEEP_UNITS: Record<string, number> = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `sleep DURATION...` (toybox units s/m/h/d, fractions allowed); really waits, capped by the device's sleepCapMs. */
export async function sleep(context: CommandContext): Promise<number> {
  if (context.args.length === 0) return failWith(context, 'sleep: Need 1 argument');
  let totalMs = 0;
  for (const argument of context.args) {
    const match = /^(\d+(?:\.\d*)?|\.\d+)([smhd]?)$/.exec(argument);
    if (!match) return failWith(context, `sleep: Bad duration '${argument}'`);
    totalMs += Number(match[1]) * (SLEEP_UNITS[match[2] ?? ''] ?? 1000);
  }
  await abortableDelay(Math.min(totalMs, context.device.sleepCapMs), context.signal);
  return 0;
}

/** Resolves after `ms` or as soon as the signal aborts. */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/** `which NAME...`: commands of the table live in /system/bin. */
export function which(context: CommandContext): number {
  let status = 0;
  for (const name of context.args) {
    // sh is the shell itself (a built-in here), yet a file in /system/bin on a device.
    if (context.device.commands.has(name) || name === 'sh') context.stdout(`/system/bin/${name}\n`);
    else status = 1;
  }
  return context.args.length === 0 ? 1 : status;
}
