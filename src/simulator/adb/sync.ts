// The `sync:` service (adb push/pull/stat): 4-byte ids with little-endian lengths, as in adb's SYNC.TXT.
import type { Duplex } from 'node:stream';
import { MAX_DEVICE_FILE_BYTES, type DeviceFiles } from '../device/files';

/** Largest DATA chunk adb sends (SYNC_DATA_MAX). */
export const SYNC_DATA_MAX = 64 * 1024;
/** Longest path a request may name (adb's own limit). */
export const SYNC_PATH_MAX = 1024;

const FILE_TYPE = 0o100000;
const DIRECTORY_TYPE = 0o040000;

interface Receiving {
  path: string;
  mode: number;
  chunks: Buffer[];
  size: number;
}

function frame(id: string, value: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(value, 4);
  return Buffer.concat([header, payload]);
}

function failure(message: string): Buffer {
  const text = Buffer.from(message, 'utf8');
  return frame('FAIL', text.length, text);
}

/** `STAT` reply: mode, size and mtime; all zero when nothing is there. */
function statReply(files: DeviceFiles, path: string): Buffer {
  const reply = Buffer.alloc(16);
  reply.write('STAT', 0, 'latin1');
  const file = files.read(path);
  if (file) {
    reply.writeUInt32LE(FILE_TYPE | (file.mode & 0o7777), 4);
    reply.writeUInt32LE(file.data.length, 8);
    reply.writeUInt32LE(file.mtimeSeconds, 12);
  } else if (files.isDirectory(path)) reply.writeUInt32LE(DIRECTORY_TYPE | 0o771, 4);
  return reply;
}

function recvReply(files: DeviceFiles, path: string): Buffer {
  const file = files.read(path);
  if (!file) return failure(`remote object '${path}' does not exist`);
  const parts: Buffer[] = [];
  for (let offset = 0; offset < file.data.length; offset += SYNC_DATA_MAX) {
    const chunk = file.data.subarray(offset, offset + SYNC_DATA_MAX);
    parts.push(frame('DATA', chunk.length, chunk));
  }
  parts.push(frame('DONE', 0));
  return Buffer.concat(parts);
}

function listReply(files: DeviceFiles, path: string): Buffer {
  const parts = files.list(path).map(([name, file]) => {
    const entry = Buffer.alloc(20);
    entry.write('DENT', 0, 'latin1');
    entry.writeUInt32LE(FILE_TYPE | (file.mode & 0o7777), 4);
    entry.writeUInt32LE(file.data.length, 8);
    entry.writeUInt32LE(file.mtimeSeconds, 12);
    const encoded = Buffer.from(name, 'utf8');
    entry.writeUInt32LE(encoded.length, 16);
    return Buffer.concat([entry, encoded]);
  });
  const done = Buffer.alloc(20);
  done.write('DONE', 0, 'latin1');
  return Buffer.concat([...parts, done]);
}

/** `SEND` names "<path>,<mode>"; the mode is decimal. */
function sendTarget(argument: string): Receiving | string {
  const comma = argument.lastIndexOf(',');
  const path = comma < 0 ? argument : argument.slice(0, comma);
  const mode = comma < 0 ? 0o644 : Number(argument.slice(comma + 1));
  if (!path.startsWith('/') || path.endsWith('/')) return `invalid path '${path}'`;
  if (!Number.isInteger(mode) || mode < 0) return `invalid mode in '${argument}'`;
  return { path, mode: mode & 0o7777, chunks: [], size: 0 };
}

/** Serves one `sync:` stream until QUIT, a protocol error (FAIL, then close) or the host closing it. */
export function serveSync(stream: Duplex, files: DeviceFiles): void {
  let buffered = Buffer.alloc(0);
  let receiving: Receiving | undefined;
  let ended = false;
  const finish = (last?: Buffer): void => {
    if (ended) return;
    ended = true;
    stream.end(last);
  };

  /** Handles one request whose payload is complete; false stops the session. */
  const handle = (id: string, length: number, payload: Buffer): boolean => {
    if (receiving) {
      if (id === 'DATA') {
        receiving.size += payload.length;
        if (receiving.size > MAX_DEVICE_FILE_BYTES) {
          finish(failure(`file too large for the simulated device (over ${MAX_DEVICE_FILE_BYTES} bytes)`));
          return false;
        }
        receiving.chunks.push(payload);
        return true;
      }
      if (id === 'DONE') {
        files.write(receiving.path, {
          data: Buffer.concat(receiving.chunks),
          mode: receiving.mode,
          mtimeSeconds: length,
        });
        receiving = undefined;
        stream.write(frame('OKAY', 0));
        return true;
      }
      finish(failure(`unexpected ${id} during SEND`));
      return false;
    }
    const argument = payload.toString('utf8');
    switch (id) {
      case 'STAT':
        stream.write(statReply(files, argument));
        return true;
      case 'RECV':
        stream.write(recvReply(files, argument));
        return true;
      case 'LIST':
        stream.write(listReply(files, argument));
        return true;
      case 'SEND': {
        const target = sendTarget(argument);
        if (typeof target === 'string') {
          finish(failure(target));
          return false;
        }
        receiving = target;
        return true;
      }
      case 'QUIT':
        finish();
        return false;
      default:
        finish(failure(`unsupported sync request ${JSON.stringify(id)}`));
        return false;
    }
  };

  stream.on('data', (chunk: Buffer) => {
    if (ended) return;
    buffered = Buffer.concat([buffered, chunk]);
    while (!ended && buffered.length >= 8) {
      const id = buffered.toString('latin1', 0, 4);
      const length = buffered.readUInt32LE(4);
      // DONE carries the mtime in its length field, not a payload length.
      const payloadLength = id === 'DONE' || id === 'QUIT' ? 0 : length;
      const limit = id === 'DATA' ? SYNC_DATA_MAX : SYNC_PATH_MAX;
      if (payloadLength > limit) {
        finish(failure(`${id} length ${payloadLength} exceeds ${limit}`));
        return;
      }
      if (buffered.length < 8 + payloadLength) return;
      const payload = buffered.subarray(8, 8 + payloadLength);
      buffered = buffered.subarray(8 + payloadLength);
      if (!handle(id, length, Buffer.from(payload))) return;
    }
  });
  stream.on('end', () => finish());
}
