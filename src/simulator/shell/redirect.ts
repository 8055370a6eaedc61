import { resolvePath, writeRefusal } from '../device/fileAccess';
import { MAX_DEVICE_FILE_BYTES, type DeviceFiles } from '../device/files';
import type { OutputSink } from './commandTable';
import type { HostInput } from './hostInput';
import type { RedirectOperator } from './words';

// Applies one command's redirections in order: /dev/null, fd duplication, and files of the device's in-memory
// file system (`>` truncates when opened, `>>` appends, `<` reads the whole file).

export interface Streams {
  stdin: Buffer;
  stdout: OutputSink;
  stderr: OutputSink;
  /** The host's own input, for the first command of a command line only (a pipe or `<` replaces it). */
  hostInput?: HostInput;
}

/** One redirection with its target already expanded. */
export interface ExpandedRedirect {
  fd: number;
  operator: RedirectOperator;
  target: string;
}

/** Where redirections look files up and how the shell names itself in error messages. */
export interface RedirectContext {
  files: DeviceFiles;
  cwd: string;
  shellName: string;
}

const discard: OutputSink = () => undefined;
/** A file created by the shell user (umask 0 for adb shell). */
const CREATED_MODE = 0o666;

/** The streams after the redirections, or a message for stderr when one cannot be applied (mksh wording). */
export function applyRedirects(
  redirects: readonly ExpandedRedirect[],
  outer: Streams,
  context: RedirectContext,
): Streams | { error: string } {
  const streams: Streams = { ...outer };
  const shell = context.shellName;
  for (const { fd, operator, target } of redirects) {
    if (operator === '<&' || operator === '>&') {
      const sink =
        target === '1'
          ? streams.stdout
          : target === '2'
            ? streams.stderr
            : target === '-'
              ? discard
              : undefined;
      if (operator === '<&' || fd === 0) {
        if (target === '-' || target === '0') {
          streams.stdin = Buffer.alloc(0);
          delete streams.hostInput;
        }
        continue;
      }
      if (!sink) return { error: `${shell}: ${target}: bad file descriptor` };
      assign(streams, fd, sink);
      continue;
    }
    if (operator === '<') {
      const input = readInput(target, context);
      if (typeof input === 'string') return { error: `${shell}: can't open ${target}: ${input}` };
      if (fd === 0) {
        streams.stdin = input;
        delete streams.hostInput;
      }
      continue;
    }
    const sink = openOutput(target, operator === '>>', context);
    if (typeof sink === 'string') return { error: `${shell}: can't create ${target}: ${sink}` };
    assign(streams, fd, sink);
  }
  return streams;
}

function assign(streams: Streams, fd: number, sink: OutputSink): void {
  if (fd === 1) streams.stdout = sink;
  else if (fd === 2) streams.stderr = sink;
}

function readInput(target: string, context: RedirectContext): Buffer | string {
  if (target === '/dev/null') return Buffer.alloc(0);
  const path = resolvePath(target, context.cwd);
  const file = context.files.read(path);
  if (file) return file.data;
  return context.files.isDirectory(path) ? 'Is a directory' : 'No such file or directory';
}

/** A sink that writes the device file, or the reason it cannot be created. */
function openOutput(target: string, append: boolean, context: RedirectContext): OutputSink | string {
  if (target === '/dev/null') return discard;
  const path = resolvePath(target, context.cwd);
  const refusal = writeRefusal(context.files, path);
  if (refusal) return refusal;
  const existing = context.files.read(path);
  const nowSeconds = (): number => Math.floor(Date.now() / 1000);
  context.files.write(path, {
    data: append && existing ? existing.data : Buffer.alloc(0),
    mode: existing?.mode ?? CREATED_MODE,
    mtimeSeconds: nowSeconds(),
  });
  return (chunk) => {
    const file = context.files.read(path);
    if (!file) return;
    // Why the cap: the file lives in memory; a runaway loop must not exhaust the test process.
    if (file.data.length + chunk.length > MAX_DEVICE_FILE_BYTES) return;
    context.files.write(path, {
      ...file,
      data: Buffer.concat([file.data, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]),
      mtimeSeconds: nowSeconds(),
    });
  };
}
