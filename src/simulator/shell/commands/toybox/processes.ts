import { processesOf, type DeviceProcess } from '../../../device/processes';
import { failWith, type CommandContext } from '../../commandTable';

// toybox ps/pidof/top over the device's processes; `ps` itself and the shell run as uid shell under adbd.

const SHELL_PID = 9120;

/** The process list plus this shell and the command running now (as a real `ps`/`top` sees itself). */
function snapshot(context: CommandContext, self: string): DeviceProcess[] {
  const shell = (pid: number, ppid: number, name: string): DeviceProcess => ({
    pid,
    ppid,
    user: 'shell',
    vszKb: 10_799_000,
    rssKb: 3_200,
    wchan: pid === SHELL_PID ? 'do_wait' : '0',
    state: pid === SHELL_PID ? 'S' : 'R',
    name,
  });
  return [
    ...processesOf(context.device.state).list(),
    shell(SHELL_PID, 798, 'sh'),
    shell(SHELL_PID + 3, SHELL_PID, self),
  ];
}

function psLine(process: DeviceProcess): string {
  return `${process.user.padEnd(13)} ${String(process.pid).padStart(5)} ${String(process.ppid).padStart(6)} ${String(process.vszKb).padStart(10)} ${String(process.rssKb).padStart(6)} ${process.wchan.padEnd(16)} ${'0'.padStart(4)} ${process.state} ${process.name}\n`;
}

// Before Android 8 (API 26) ps was toolbox's, listing everything with VSIZE and PC columns.
function legacyLine(process: DeviceProcess): string {
  return `${process.user.padEnd(9)} ${String(process.pid).padStart(5)} ${String(process.ppid).padStart(5)} ${String(process.vszKb).padStart(6)} ${String(process.rssKb).padStart(5)} ${'ffffffff'.padStart(8)} 00000000 ${process.state} ${process.name}\n`;
}

/** `ps [-A|-e] [-p PID,...] [NAME...]`; without -A only this session's processes (Android 8+). */
export function ps(context: CommandContext): number {
  const legacy = context.device.state.sdkLevel < 26;
  let all = legacy;
  const pids = new Set<number>();
  const names: string[] = [];
  const args = [...context.args];
  while (args.length > 0) {
    const argument = args.shift() as string;
    if (/^-[AeT]+$/.test(argument)) all = true;
    else if (argument === '-p') for (const pid of (args.shift() ?? '').split(',')) pids.add(Number(pid));
    else if (argument.startsWith('-')) return failWith(context, `ps: Unknown option '${argument.slice(1)}'`);
    else names.push(argument);
  }
  const processes = snapshot(context, 'ps').filter((process) => {
    if (pids.size > 0) return pids.has(process.pid);
    if (names.length > 0) return names.includes(process.name);
    return all || (process.user === 'shell' && process.pid >= SHELL_PID);
  });
  context.stdout(
    legacy
      ? `USER      PID   PPID  VSIZE  RSS  WCHAN              PC  NAME\n${processes.map(legacyLine).join('')}`
      : `USER            PID   PPID        VSZ    RSS WCHAN            ADDR S NAME\n${processes.map(psLine).join('')}`,
  );
  return pids.size > 0 || names.length > 0 ? (processes.length > 0 ? 0 : 1) : 0;
}

/** `pidof [-s] NAME...`: pids separated by spaces; status 1 when none runs. */
export function pidof(context: CommandContext): number {
  const single = context.args.includes('-s');
  const names = context.args.filter((argument) => !argument.startsWith('-'));
  const found = snapshot(context, 'pidof')
    .filter((process) => names.includes(process.name))
    .map((process) => process.pid)
    .sort((a, b) => b - a);
  if (found.length === 0) return 1;
  context.stdout(`${(single ? found.slice(0, 1) : found).join(' ')}\n`);
  return 0;
}

function memory(kb: number): string {
  if (kb >= 1024 * 1024) return `${(kb / 1024 / 1024).toFixed(kb >= 10 * 1024 * 1024 ? 0 : 1)}G`;
  if (kb >= 1024) return `${(kb / 1024).toFixed(kb >= 100 * 1024 ? 0 : 1)}M`;
  return `${kb}K`;
}

/** `top -b -n N [-m MAX]`: toybox's batch layout (summary lines, then one row per process). */
export function top(context: CommandContext): number {
  const args = [...context.args];
  const limitIndex = args.indexOf('-m');
  const limit = limitIndex >= 0 ? Number(args[limitIndex + 1]) : Infinity;
  const iterations = Math.max(1, Math.min(5, Number(args[args.indexOf('-n') + 1]) || 1));
  const processes = snapshot(context, 'top').sort((a, b) =>
    a.name === 'top' ? -1 : b.name === 'top' ? 1 : b.rssKb - a.rssKb,
  );
  for (let round = 0; round < iterations; round += 1) {
    const rows = processes.slice(0, limit).map((process) => {
      const cpu = process.name === 'top' ? '3.5' : process.name === 'system_server' ? '1.7' : '0.0';
      const name = process.name === 'top' ? `top ${context.args.join(' ')}` : process.name;
      return `${String(process.pid).padStart(5)} ${process.user.padEnd(12)} 20   0 ${memory(process.vszKb).padStart(4)} ${memory(process.rssKb).padStart(4)} ${memory(Math.floor(process.rssKb * 0.6)).padStart(4)} ${process.state} ${cpu.padStart(4)} ${((process.rssKb / 7_770_280) * 100).toFixed(1).padStart(4)} ${'0:00.05'.padStart(9)} ${name}\n`;
    });
    context.stdout(
      `Tasks: ${processes.length} total,   1 running, ${processes.length - 1} sleeping,   0 stopped,   0 zombie\n` +
        '  Mem:  7770280K total,  7488592K used,   281688K free,    15372K buffers\n' +
        ' Swap:  4194300K total,  1243568K used,  2950732K free,  2783004K cached\n' +
        '800%cpu  12%user   0%nice  18%sys 769%idle   0%iow   1%irq   0%sirq   0%host\n' +
        '  PID USER         PR  NI VIRT  RES  SHR S[%CPU] %MEM     TIME+ ARGS\n' +
        rows.join(''),
    );
  }
  return 0;
}
