import { filesOf, parentOf, type DeviceFiles } from '../../../device/files';
import { failWith, type CommandContext } from '../../commandTable';
import { localTime, strftime, timeZoneOf } from './deviceTime';
import { modeText, ownerOf, pathInfo, splitFlags } from './fileSystem';
import { pathOf } from './inputs';

// toybox `ls`: output to a pipe (adb shell has no tty for exec/shell_v2 without -t) is one name per line;
// -l prints `mode links user group size YYYY-MM-DD HH:MM name` with columns padded to their widest entry.

interface Row {
  name: string;
  path: string;
}

function longRows(context: CommandContext, files: DeviceFiles, rows: readonly Row[]): string[] {
  const zone = timeZoneOf(context.device.state);
  const cells = rows.map(({ name, path }) => {
    const info = pathInfo(files, path);
    const owner = ownerOf(path);
    const mtimeMs = (info?.mtimeSeconds ?? 0) * 1000;
    return {
      mode: modeText(info?.mode ?? 0, info?.directory ?? false, info?.link !== undefined),
      links: String(info?.directory ? 2 : 1),
      user: owner.user,
      group: owner.group,
      size: String(info?.size ?? 0),
      time: strftime('%Y-%m-%d %H:%M', localTime(mtimeMs, zone), mtimeMs),
      name: info?.link !== undefined ? `${name} -> ${info.link}` : name,
    };
  });
  const width = (key: 'links' | 'user' | 'group' | 'size'): number =>
    Math.max(0, ...cells.map((cell) => cell[key].length));
  return cells.map(
    (cell) =>
      `${cell.mode} ${cell.links.padStart(width('links'))} ${cell.user.padEnd(width('user'))} ${cell.group.padEnd(width('group'))} ${cell.size.padStart(width('size'))} ${cell.time} ${cell.name}\n`,
  );
}

function directoryRows(files: DeviceFiles, path: string, flags: ReadonlySet<string>): Row[] {
  const join = (name: string): string => (path === '/' ? `/${name}` : `${path}/${name}`);
  const rows = files.entries(path).map(({ name }) => ({ name, path: join(name) }));
  const hidden = flags.has('a') || flags.has('A');
  const visible = rows.filter((row) => hidden || !row.name.startsWith('.'));
  if (flags.has('a')) visible.unshift({ name: '.', path }, { name: '..', path: parentOf(path) });
  return visible;
}

/** Kilobytes of the listed entries, as `total N` shows them. */
function totalKb(files: DeviceFiles, rows: readonly Row[]): number {
  return rows.reduce((total, row) => {
    const info = pathInfo(files, row.path);
    return (
      total + (info?.link !== undefined ? 0 : info?.directory ? 4 : Math.ceil((info?.size ?? 0) / 4096) * 4)
    );
  }, 0);
}

/** `ls [-l] [-a|-A] [-d] [-1] [PATH...]` */
export function ls(context: CommandContext): number {
  const { flags, operands, bad } = splitFlags(context.args, 'laAd1hnstrRFC');
  if (bad) return failWith(context, `ls: Unknown option '${bad}'`);
  const files = filesOf(context.device.state);
  const names = operands.length > 0 ? operands : ['.'];
  const long = flags.has('l') || flags.has('n');
  const print = (rows: Row[]): void => {
    if (long) context.stdout(longRows(context, files, rows).join(''));
    else context.stdout(rows.map((row) => `${row.name}\n`).join(''));
  };
  let status = 0;
  const singles: Row[] = [];
  const directories: Row[] = [];
  for (const name of names) {
    const path = pathOf(context, name);
    const info = pathInfo(files, path);
    if (!info) status = failWith(context, `ls: ${name}: No such file or directory`);
    else if (info.directory && !flags.has('d')) directories.push({ name, path });
    else singles.push({ name, path });
  }
  if (singles.length > 0) print(singles);
  directories.forEach((directory, index) => {
    if (names.length > 1)
      context.stdout(`${singles.length > 0 || index > 0 ? '\n' : ''}${directory.name}:\n`);
    const rows = directoryRows(files, directory.path, flags);
    if (long) context.stdout(`total ${totalKb(files, rows)}\n`);
    print(rows);
  });
  return status;
}
