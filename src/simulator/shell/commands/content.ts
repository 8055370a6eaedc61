import { filesOf } from '../../device/files';
import type { DeviceState } from '../../device/state';
import { SETTINGS_NAMESPACES, type SettingsNamespace } from '../../device/stateTypes';
import { failWith, type CommandContext } from '../commandTable';

// `content query --uri URI [--projection A:B] [--where EXPR] [--sort ORDER]` over two real providers: settings
// (system, secure, global: `_id`, `name`, `value`) and the media store's images, whose rows come from the image
// files in shared storage (so an `adb push` of a PNG into /sdcard/Pictures shows up). Rows print as Android's
// content tool prints them: `Row: N col=value, col=value`, NULL for missing values, `No result found.` when empty.

type Value = string | number | null;
type Row = Record<string, Value>;

interface Table {
  columns: readonly string[];
  rows: Row[];
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
const MEDIA_ROOTS = ['DCIM', 'Pictures', 'Download', 'Screenshots'];
const IMAGE_COLUMNS = [
  '_id',
  '_data',
  '_display_name',
  'relative_path',
  'mime_type',
  '_size',
  'width',
  'height',
  'date_added',
  'date_modified',
  'bucket_display_name',
];

const USAGE = `usage: adb shell content [subcommand] [options]

usage: adb shell content query --uri <URI> [--user <USER_ID>] [--projection <PROJECTION>] [--where <WHERE>] [--sort <SORT_ORDER>]
  <PROJECTION> is a list of colon separated column names and is formatted:
  <COLUMN_NAME>[:<COLUMN_NAME>...]
  <SORT_ORDER> is the order in which rows in the result should be sorted.
`;

export function content(context: CommandContext): number {
  const [subcommand, ...args] = context.args;
  if (subcommand !== 'query') {
    context.stdout(USAGE);
    return subcommand === undefined ? 0 : 1;
  }
  const options = new Map<string, string>();
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index] as string;
    const value = args[index + 1];
    if (!['--uri', '--projection', '--where', '--sort', '--user'].includes(name) || value === undefined) {
      context.stderr(`Error: Unknown argument: ${name}\n`);
      context.stdout(USAGE);
      return 1;
    }
    options.set(name, value);
  }
  const uri = options.get('--uri');
  if (uri === undefined) return failWith(context, 'Error: Content provider URI not specified', 1);
  const match = /^content:\/\/([^/]+)(\/.*)?$/.exec(uri);
  const authority = match?.[1] ?? uri;
  const table = match ? tableFor(context.device.state, authority, match[2] ?? '') : undefined;
  if (!table) {
    context.stderr(
      `Error while accessing provider:${authority}\njava.lang.IllegalArgumentException: Unknown URI ${uri}\n`,
    );
    return 0;
  }
  const projection = options.get('--projection')?.split(':') ?? [...table.columns];
  const unknown = projection.find((column) => !table.columns.includes(column));
  if (unknown !== undefined) return sqlError(context, authority, `no such column: ${unknown}`);
  let rows = table.rows;
  const where = options.get('--where');
  if (where !== undefined) {
    const filter = parseWhere(where, table.columns);
    if (typeof filter === 'string') return sqlError(context, authority, filter);
    rows = rows.filter(filter);
  }
  const sort = options.get('--sort');
  if (sort !== undefined) {
    const order = /^\s*(\w+)(\s+(ASC|DESC))?\s*$/i.exec(sort);
    if (!order || !table.columns.includes(order[1] as string))
      return sqlError(context, authority, `no such column in ORDER BY: ${sort}`);
    const column = order[1] as string;
    const direction = order[3]?.toUpperCase() === 'DESC' ? -1 : 1;
    rows = [...rows].sort((a, b) => compare(a[column] ?? null, b[column] ?? null) * direction);
  }
  if (rows.length === 0) {
    context.stdout('No result found.\n');
    return 0;
  }
  rows.forEach((row, index) => {
    const cells = projection.map((column) => `${column}=${row[column] ?? 'NULL'}`);
    context.stdout(`Row: ${index} ${cells.join(', ')}\n`);
  });
  return 0;
}

function tableFor(state: DeviceState, authority: string, path: string): Table | undefined {
  if (authority === 'settings') {
    const namespace = path.replace(/^\//, '');
    if (!SETTINGS_NAMESPACES.includes(namespace as SettingsNamespace)) return undefined;
    const rows = state
      .listSettings(namespace as SettingsNamespace)
      .map(([name, value], index) => ({ _id: index + 1, name, value }));
    return { columns: ['_id', 'name', 'value'], rows };
  }
  if (authority === 'media' && /^\/(external|external_primary)\/images\/media\/?$/.test(path))
    return { columns: IMAGE_COLUMNS, rows: imageRows(state) };
  return undefined;
}

/** Image files under the shared-storage media folders, in path order, as MediaStore.Images rows. */
function imageRows(state: DeviceState): Row[] {
  const files = filesOf(state);
  const rows: Row[] = [];
  const visit = (directory: string): void => {
    for (const { name, file } of files.entries(directory)) {
      const path = `${directory}/${name}`;
      if (!file) {
        if (files.isDirectory(path)) visit(path);
        continue;
      }
      const mime = IMAGE_TYPES[name.split('.').pop()?.toLowerCase() ?? ''];
      if (!mime) continue;
      const size = pngSize(file.data);
      const relative = `${directory.slice('/sdcard/'.length)}/`;
      rows.push({
        _id: rows.length + 1000,
        _data: `/storage/emulated/0/${relative}${name}`,
        _display_name: name,
        relative_path: relative,
        mime_type: mime,
        _size: file.data.length,
        width: size?.width ?? null,
        height: size?.height ?? null,
        date_added: file.mtimeSeconds,
        date_modified: file.mtimeSeconds,
        bucket_display_name: relative.split('/').filter(Boolean).pop() ?? null,
      });
    }
  };
  for (const root of MEDIA_ROOTS) if (files.isDirectory(`/sdcard/${root}`)) visit(`/sdcard/${root}`);
  return rows;
}

function pngSize(data: Buffer): { width: number; height: number } | undefined {
  const signature = '89504e470d0a1a0a';
  if (data.length < 24 || data.subarray(0, 8).toString('hex') !== signature) return undefined;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** `col = value`, `col != value`, `col LIKE 'pat%'`, joined by AND; values quoted with ' or " or bare numbers. */
function parseWhere(where: string, columns: readonly string[]): ((row: Row) => boolean) | string {
  const tests: Array<(row: Row) => boolean> = [];
  for (const clause of where.split(/\s+AND\s+/i)) {
    const parsed = /^\s*(\w+)\s*(=|==|!=|<>|LIKE)\s*('([^']*)'|"([^"]*)"|(-?\d+(\.\d+)?))\s*$/i.exec(clause);
    if (!parsed)
      return `near "${clause.trim()}": syntax error (the simulator understands col=value, !=, LIKE and AND)`;
    const column = parsed[1] as string;
    if (!columns.includes(column)) return `no such column: ${column}`;
    const operator = (parsed[2] as string).toUpperCase();
    const expected = parsed[4] ?? parsed[5] ?? (parsed[6] as string);
    const text = (row: Row): string | null => {
      const value = row[column] ?? null;
      return value === null ? null : String(value);
    };
    if (operator === 'LIKE') {
      const pattern = new RegExp(
        `^${expected
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace(/%/g, '.*')
          .replace(/_/g, '.')}$`,
        'i',
      );
      tests.push((row) => pattern.test(text(row) ?? ''));
    } else if (operator === '!=' || operator === '<>') tests.push((row) => text(row) !== expected);
    else tests.push((row) => text(row) === expected);
  }
  return (row) => tests.every((test) => test(row));
}

function compare(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : 1;
}

function sqlError(context: CommandContext, authority: string, message: string): number {
  context.stderr(
    `Error while accessing provider:${authority}\nandroid.database.sqlite.SQLiteException: ${message} (code 1 SQLITE_ERROR)\n`,
  );
  // Content.java catches the exception, prints it and its stack trace, and exits 0.
  return 0;
}
