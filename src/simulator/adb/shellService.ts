import type { Duplex } from 'node:stream';
import { StreamedHostInput } from '../shell/hostInput';
import type { ShellIo, ShellSession } from '../shell/interpreter';

/** Runs one command line on the device and resolves to its exit status. */
export type RunShell = (commandLine: string, io: ShellIo) => Promise<number>;
/** Starts an interactive shell (an empty `shell:` command): one process for every line the host sends. */
export type OpenShellSession = (io: ShellIo) => ShellSession;

/** How a device runs shell requests. */
export interface DeviceShell {
  run: RunShell;
  openSession: OpenShellSession;
}

/** Shell protocol v2 packet ids (adb's shell_protocol.h). */
export const SHELL_PACKET = {
  stdin: 0,
  stdout: 1,
  stderr: 2,
  exit: 3,
  closeStdin: 4,
  windowSizeChange: 5,
} as const;

interface ShellStream extends Duplex {
  readonly signal: AbortSignal;
}

const toBuffer = (chunk: Uint8Array | string): Buffer =>
  typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);

/** Writes unless the host already closed the stream (an unplug while a slow command still runs). */
function writeOpen(stream: Duplex, data: Buffer): void {
  if (!stream.writableEnded && !stream.destroyed) stream.write(data);
}

function endOpen(stream: Duplex): void {
  if (!stream.writableEnded && !stream.destroyed) stream.end();
}

/**
 * Legacy `shell:<cmd>` and `exec:<cmd>`: stdout and stderr interleave on the stream, bytes unchanged (no CR/LF
 * conversion), no exit status on the wire. An empty `shell:` command reads command lines from the host (no prompt, no echo).
 */
export function serveRawShell(
  stream: ShellStream,
  commandLine: string,
  shell: DeviceShell,
  interactive: boolean,
): void {
  const io: ShellIo = {
    stdout: (chunk) => writeOpen(stream, toBuffer(chunk)),
    stderr: (chunk) => writeOpen(stream, toBuffer(chunk)),
    signal: stream.signal,
  };
  if (interactive && commandLine.trim() === '') {
    runLines(stream, shell.openSession(io), (chunk, push) => push(chunk));
    return;
  }
  // The host's bytes are the command's input (a streamed `cmd package install -S`); a raw stream has no
  // end-of-input of its own, so a reader waits for its byte count or the stream's close.
  const input = new StreamedHostInput();
  stream.on('data', (chunk: Buffer) => input.push(chunk));
  stream.on('end', () => input.end());
  const end = (): void => endOpen(stream);
  void shell.run(commandLine, { ...io, hostInput: input }).then(end, end);
}

/** `shell,v2,...:<cmd>`: output framed as [id u8][length u32le][data], then an exit packet with the status. */
export function serveShellV2(stream: ShellStream, commandLine: string, shell: DeviceShell): void {
  const send = (id: number, data: Buffer): void => {
    const header = Buffer.alloc(5);
    header.writeUInt8(id, 0);
    header.writeUInt32LE(data.length, 1);
    writeOpen(stream, Buffer.concat([header, data]));
  };
  const io: ShellIo = {
    stdout: (chunk) => send(SHELL_PACKET.stdout, toBuffer(chunk)),
    stderr: (chunk) => send(SHELL_PACKET.stderr, toBuffer(chunk)),
    signal: stream.signal,
  };
  const finish = (status: number): void => {
    send(SHELL_PACKET.exit, Buffer.from([status & 0xff]));
    endOpen(stream);
  };
  const packets = stdinPackets();
  if (commandLine.trim() === '') {
    runLines(stream, shell.openSession(io), packets, finish);
    return;
  }
  const input = new StreamedHostInput();
  stream.on('data', (chunk: Buffer) =>
    packets(
      chunk,
      (data) => input.push(data),
      () => input.end(),
    ),
  );
  stream.on('end', () => input.end());
  void shell.run(commandLine, { ...io, hostInput: input }).then(finish, () => finish(1));
}

/** Decodes the host's shell v2 packets: stdin data is pushed, close-stdin ends the input; others are ignored. */
function stdinPackets(): StdinDecoder {
  let pending = Buffer.alloc(0);
  return (chunk, push, end) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 5) {
      const length = pending.readUInt32LE(1);
      if (pending.length < 5 + length) break;
      const id = pending.readUInt8(0);
      const data = pending.subarray(5, 5 + length);
      pending = pending.subarray(5 + length);
      if (id === SHELL_PACKET.stdin) push(data);
      else if (id === SHELL_PACKET.closeStdin) end();
    }
  };
}

type StdinDecoder = (chunk: Buffer, push: (data: Buffer) => void, end: () => void) => void;

/** Interactive mode: each complete line from the host runs in one shell session, in order; `exit [N]` ends it. */
function runLines(
  stream: ShellStream,
  session: ShellSession,
  decode: StdinDecoder,
  finish: (status: number) => void = () => stream.end(),
): void {
  let text = '';
  let status = 0;
  let queue = Promise.resolve();
  let closed = false;
  let exited = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    void queue.then(() => session.end(status)).then(finish, () => finish(1));
  };
  const accept = (line: string): void => {
    if (closed) return;
    queue = queue.then(async () => {
      if (exited || stream.signal.aborted) return;
      const ran = await session.run(line);
      status = ran.status;
      exited = ran.exited;
      if (exited) close();
    });
  };
  const endInput = (): void => {
    if (text.trim() !== '') accept(text);
    text = '';
    close();
  };
  const pushText = (data: Buffer): void => {
    text += data.toString('utf8');
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n')) {
      accept(text.slice(0, newline));
      text = text.slice(newline + 1);
    }
  };
  stream.on('data', (chunk: Buffer) => decode(chunk, pushText, endInput));
  stream.on('end', endInput);
}
