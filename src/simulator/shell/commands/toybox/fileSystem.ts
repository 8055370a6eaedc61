import { createHash } from 'node:crypto';
import { writeRefusal } from '../../../device/fileAccess';
import { filesOf, parentOf, type DeviceFile, type DeviceFiles } from '../../../device/files';
import { failWith, type CommandContext } from '../../commandTable';
import { localTime, strftime, timeZoneOf } from './deviceTime';
import { pathOf, readInputs } from './inputs';

// toybox's file commands over the device's in-memory files: mkdir, rm, touch, chmod, stat, md5sum, du.

/** Splits `-rf`-style flags (until `--` or the first operand) from operands. */
export function splitFlags(
  args: readonly string[],
  known: string,
): { flags: Set<string>; operands: string[]; bad?: string } {
  const flags = new Set<string>();
  const operands: string[] = [];
  let options = true;
  for (const argument of args) {
    if (options && argument === '--') options = false;
    else if (options && argument.startsWith('-') && argument.length > 1) {
      for (const flag of argument.slice(1)) {
        if (!known.includes(flag)) return { flags, operands, bad: flag };
        flags.add(flag);
      }
    } else operands.push(argument);
  }
  return { flags, operands };
}

const nowSeconds = (context: CommandContext): number => Math.floor(context.device.state.now() / 1000);

/** `mkdir [-p] DIR...`: `mkdir: DIR: File exists` unless -p. */
export function mkdir(context: CommandContext): number {
  const { flags, operands, bad } = splitFlags(context.args, 'pvm');
  if (bad) return failWith(context, `mkdir: Unknown option '${bad}'`);
  if (operands.length === 0) return failWith(context, 'mkdir: Needs 1 argument');
  const files = filesOf(context.device.state);
  let status = 0;
  for (const name of operands) {
    const path = pathOf(context, name);
    if (files.isDirectory(path) || files.read(path)) {
      if (!flags.has('p') || files.read(path)) status = failWith(context, `mkdir: ${name}: File exists`);
      continue;
    }
    let refusal = writeRefusal(files, path);
    if (refusal === 'No such file or directory' && flags.has('p')) {
      let ancestor = parentOf(path);
      while (!files.isDirectory(ancestor)) ancestor = parentOf(ancestor);
      refusal = ancestor === '/' ? 'Read-only file system' : writeRefusal(files, `${ancestor}/x`);
    }
    if (refusal) status = failWith(context, `mkdir: ${name}: ${refusal}`);
    else files.makeDirectory(path, nowSeconds(context));
  }
  return status;
}

/** `rm [-f] [-r|-R] FILE...` */
export function rm(context: CommandContext): number {
  const { flags, operands, bad } = splitFlags(context.args, 'frRiv');
  if (bad) return failWith(context, `rm: Unknown option '${bad}'`);
  if (operands.length === 0 && !flags.has('f')) return failWith(context, 'rm: Needs 1 argument');
  const files = filesOf(context.device.state);
  let status = 0;
  for (const name of operands) {
    const path = pathOf(context, name);
    const directory = files.isDirectory(path);
    if (!directory && !files.read(path)) {
      if (!flags.has('f')) status = failWith(context, `rm: ${name}: No such file or directory`);
      continue;
    }
    if (directory && !flags.has('r') && !flags.has('R')) {
      status = failWith(context, `rm: ${name}: Is a directory`);
      continue;
    }
    const refusal = writeRefusal(files, `${path}/x`);
    if (
      path === '/' ||
      (refusal !== undefined && refusal !== 'No such file or directory' && refusal !== 'Is a directory')
    )
      status = failWith(context, `rm: ${name}: ${refusal ?? 'Read-only file system'}`);
    else files.removeTree(path);
  }
  return status;
}

/** `touch FILE...`: creates empty files or updates the modification time. */
export function touch(context: CommandContext): number {
  const { operands } = splitFlags(context.args, 'acm');
  if (operands.length === 0) return failWith(context, 'touch: Needs 1 argument');
  const files = filesOf(context.device.state);
  let status = 0;
  for (const name of operands) {
    const path = pathOf(context, name);
    const existing = files.read(path);
    if (existing) {
      existing.mtimeSeconds = nowSeconds(context);
      continue;
    }
    if (files.isDirectory(path)) continue;
    const refusal = writeRefusal(files, path);
    if (refusal) status = failWith(context, `touch: ${name}: ${refusal}`);
    else files.write(path, { data: Buffer.alloc(0), mode: 0o666, mtimeSeconds: nowSeconds(context) });
  }
  return status;
}

/** Applies `755` or `u+x,go-w` style modes to permission bits. */
function applyMode(mode: number, spec: string): number | undefined {
  if (/^[0-7]{1,4}$/.test(spec)) return Number.parseInt(spec, 8);
  let result = mode;
  for (const clause of spec.split(',')) {
    const match = /^([ugoa]*)([-+=])([rwx]*)$/.exec(clause);
    if (!match) return undefined;
    const who = match[1] || 'a';
    let bits = 0;
    for (const permission of match[3] ?? '') bits |= { r: 4, w: 2, x: 1 }[permission as 'r' | 'w' | 'x'];
    let mask = 0;
    for (const [letter, shift] of [
      ['u', 6],
      ['g', 3],
      ['o', 0],
    ] as const)
      if (who.includes(letter) || who.includes('a')) mask |= 7 << shift;
    const spread = (bits << 6) | (bits << 3) | bits;
    if (match[2] === '+') result |= spread & mask;
    else if (match[2] === '-') result &= ~(spread & mask);
    else result = (result & ~mask) | (spread & mask);
  }
  return result;
}

/** `chmod MODE FILE...` */
export function chmod(context: CommandContext): number {
  const { operands } = splitFlags(context.args, 'Rfv');
  const [spec, ...names] = operands;
  if (spec === undefined || names.length === 0) return failWith(context, 'chmod: Needs 2 arguments');
  const files = filesOf(context.device.state);
  let status = 0;
  for (const name of names) {
    const file = files.read(pathOf(context, name));
    if (!file) {
      status = failWith(context, `chmod: ${name}: No such file or directory`);
      continue;
    }
    const mode = applyMode(file.mode & 0o7777, spec);
    if (mode === undefined) return failWith(context, `chmod: bad mode '${spec}'`);
    file.mode = mode;
  }
  return status;
}

/** `-rwxr-xr-x` for a mode; `d` first for directories, `l` for symbolic links. */
export function modeText(mode: number, directory: boolean, link = false): string {
  let text = link ? 'l' : directory ? 'd' : '-';
  for (const shift of [6, 3, 0]) {
    const bits = (mode >> shift) & 7;
    text += `${bits & 4 ? 'r' : '-'}${bits & 2 ? 'w' : '-'}${bits & 1 ? 'x' : '-'}`;
  }
  return text;
}

/** Owner and group a path shows (uid shell's own tree, or the sdcard's FUSE owner). */
export function ownerOf(path: string): { uid: number; user: string; gid: number; group: string } {
  if (path === '/data/local/tmp' || path.startsWith('/data/local/tmp/'))
    return { uid: 2000, user: 'shell', gid: 2000, group: 'shell' };
  if (path.startsWith('/sdcard')) return { uid: 0, user: 'root', gid: 9997, group: 'everybody' };
  return { uid: 0, user: 'root', gid: 0, group: 'root' };
}

interface PathInfo {
  directory: boolean;
  /** The target of a symbolic link (the path itself, not followed, as lstat sees it). */
  link?: string;
  size: number;
  mode: number;
  mtimeSeconds: number;
}

/** What `stat`/`ls` know about a path, or undefined when it does not exist. */
export function pathInfo(files: DeviceFiles, path: string): PathInfo | undefined {
  const link = files.linkAt(path);
  if (link)
    return {
      directory: false,
      link: link.target,
      size: link.target.length,
      mode: 0o777,
      mtimeSeconds: link.mtimeSeconds,
    };
  const file: DeviceFile | undefined = files.read(path);
  if (file)
    return {
      directory: false,
      size: file.data.length,
      mode: file.mode & 0o7777,
      mtimeSeconds: file.mtimeSeconds,
    };
  if (!files.isDirectory(path)) return undefined;
  const mode = path === '/data/local/tmp' ? 0o771 : path.startsWith('/sdcard') ? 0o2770 : 0o755;
  return { directory: true, size: 3452, mode, mtimeSeconds: files.directoryTime(path) };
}

function statTime(context: CommandContext, seconds: number): string {
  const time = localTime(seconds * 1000, timeZoneOf(context.device.state));
  return strftime('%Y-%m-%d %H:%M:%S.000000000 %z', time, seconds * 1000);
}

/** `stat [-c FORMAT] FILE...` in toybox's default layout; -c knows %n %s %a %A %F %U %G %u %g %Y %y %b %B. */
export function stat(context: CommandContext): number {
  const args = [...context.args];
  let format: string | undefined;
  const formatIndex = args.findIndex((argument) => argument === '-c' || argument === '--format');
  if (formatIndex >= 0) [, format] = args.splice(formatIndex, 2);
  const names = args.filter((argument) => !argument.startsWith('-'));
  if (names.length === 0) return failWith(context, 'stat: Needs 1 argument');
  const files = filesOf(context.device.state);
  let status = 0;
  for (const name of names) {
    const path = pathOf(context, name);
    const info = pathInfo(files, path);
    if (!info) {
      status = failWith(context, `stat: '${name}': No such file or directory`);
      continue;
    }
    const owner = ownerOf(path);
    const kind =
      info.link !== undefined
        ? 'symbolic link'
        : info.directory
          ? 'directory'
          : info.size === 0
            ? 'regular empty file'
            : 'regular file';
    const blocks = Math.ceil(info.size / 4096) * 8;
    const fields: Record<string, string> = {
      n: name,
      N: name,
      s: String(info.size),
      a: info.mode.toString(8),
      A: modeText(info.mode, info.directory, info.link !== undefined),
      F: kind,
      U: owner.user,
      G: owner.group,
      u: String(owner.uid),
      g: String(owner.gid),
      Y: String(info.mtimeSeconds),
      y: statTime(context, info.mtimeSeconds),
      b: String(blocks),
      B: '512',
      h: info.directory ? '2' : '1',
      '%': '%',
    };
    if (format !== undefined) {
      context.stdout(`${format.replace(/%(.)/g, (match, code: string) => fields[code] ?? match)}\n`);
      continue;
    }
    const time = fields.y as string;
    context.stdout(
      `  File: ${name}\n  Size: ${info.size}\t Blocks: ${blocks}\t IO Blocks: 4096\t${kind}\n` +
        `Device: fd05h/64773d\t Inode: ${inodeOf(path)}\t Links: ${fields.h}\t Device type: 0,0\n` +
        `Access: (${info.mode.toString(8).padStart(4, '0')}/${fields.A})\tUid: (${String(owner.uid).padStart(5)}/${owner.user.padStart(8)})\tGid: (${String(owner.gid).padStart(5)}/${owner.group.padStart(8)})\n` +
        `Access: ${time}\nModify: ${time}\nChange: ${time}\n`,
    );
  }
  return status;
}

/** A stable inode number for a path. */
export function inodeOf(path: string): number {
  let hash = 7;
  for (const character of path) hash = (Math.imul(hash, 31) + (character.codePointAt(0) ?? 0)) >>> 0;
  return 100_000 + (hash % 900_000);
}

/** `md5sum [FILE...]`: `<hex>  <name>` per input. */
export function md5sum(context: CommandContext): number {
  const { inputs, status } = readInputs(
    context,
    context.args.filter((argument) => argument === '-' || !argument.startsWith('-')),
  );
  for (const { name, data } of inputs)
    context.stdout(`${createHash('md5').update(data).digest('hex')}  ${name}\n`);
  return status;
}

/** Kilobytes a tree occupies: 4 KiB blocks per file plus one per directory. */
function usageKb(files: DeviceFiles, path: string): number {
  const file = files.read(path);
  if (file) return Math.ceil(file.data.length / 4096) * 4;
  return (
    4 +
    files
      .entries(path)
      .reduce((total, entry) => total + usageKb(files, `${path === '/' ? '' : path}/${entry.name}`), 0)
  );
}

/** `du [-s] [-k] [PATH...]`: sizes in KiB, `SIZE\tPATH`. */
export function du(context: CommandContext): number {
  const { flags, operands, bad } = splitFlags(context.args, 'skhac');
  if (bad) return failWith(context, `du: Unknown option '${bad}'`);
  const files = filesOf(context.device.state);
  let status = 0;
  for (const name of operands.length > 0 ? operands : ['.']) {
    const path = pathOf(context, name);
    if (!pathInfo(files, path)) {
      status = failWith(context, `du: ${name}: No such file or directory`);
      continue;
    }
    if (!flags.has('s'))
      for (const entry of files.entries(path))
        if (!entry.file)
          context.stdout(
            `${usageKb(files, `${path}/${entry.name}`)}\t${name.replace(/\/$/, '')}/${entry.name}\n`,
          );
    context.stdout(`${usageKb(files, path)}\t${name}\n`);
  }
  return status;
}
