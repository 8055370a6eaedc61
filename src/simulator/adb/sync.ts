// The `sync:` service (adb push/pull/stat): 4-byte ids with little-endian lengths, as in adb's SYNC.TXT.
import type { Duplex } from 'node:stream';
import { resolvePath, writeRefusal } from '../device/fileAccess';
import { MAX_DEVICE_FILE_BYTES, type DeviceFiles } from '../device/files';
import { directoryListing, pathStatus, statV1, statV2 } from './syncStat';

/** Largest DATA chunk adb sends (SYNC_DATA_MAX). */
export const SYNC_DATA_MAX = 64 * 1024;
/** Longest path a request may name (adb's own limit). */
export const SYNC_PATH_MAX = 1024;

interface Receiving {
  path: string;
  mode: number;
  chunks: Buffer[];
  size: number;
  /** SND2's dry-run flag: the data is received and acknowledged, nothing is written. */
  dryRun?: boolean;
  /** Why the file cannot be created: sent as FAIL once the host finished sending (adbd drains DATA first). */
  refusal?: string;
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

const idBytes = (id: string): Buffer => Buffer.from(id, 'latin1');

/** `STAT`/`LSTA` (v1) and `STA2`/`LST2` (v2) replies; the simulated device has no symlinks, so l-variants match. */
function statReply(files: DeviceFiles, id: string, path: string): Buffer {
  const status = pathStatus(files, path);
  if (id === 'STAT' || id === 'LSTA') return Buffer.concat([idBytes(id), statV1(status)]);
  return Buffer.concat([idBytes(id), statV2(status)]);
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

/** `LIST` (DENT records, v1) or `LIS2` (DNT2 records with struct stat), then a DONE record of the same size. */
function listReply(files: DeviceFiles, version: 1 | 2, path: string): Buffer {
  const parts = directoryListing(files, path).map(({ name, status }) => {
    const encoded = Buffer.from(name, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32LE(encoded.length, 0);
    const body = version === 1 ? statV1(status) : statV2(status);
    return Buffer.concat([idBytes(version === 1 ? 'DENT' : 'DNT2'), body, length, encoded]);
  });
  const done = Buffer.alloc(version === 1 ? 20 : 76);
  done.write('DONE', 0, 'latin1');
  return Buffer.concat([...parts, done]);
}

/** `SEND` names "<path>,<mode>"; the mode is decimal. */
function sendTarget(files: DeviceFiles, argument: string): Receiving | string {
  const comma = argument.lastIndexOf(',');
  const path = comma < 0 ? argument : argument.slice(0, comma);
  const mode = comma < 0 ? 0o644 : Number(argument.slice(comma + 1));
  if (!path.startsWith('/') || path.endsWith('/')) return `invalid path '${path}'`;
  if (!Number.isInteger(mode) || mode < 0) return `invalid mode in '${argument}'`;
  const refusal = writeRefusal(files, resolvePath(path));
  // Missing parents are made (fixed_push_mkdir), so only other refusals fail the push.
  return refusal === undefined || refusal === 'No such file or directory'
    ? { path, mode: mode & 0o7777, chunks: [], size: 0 }
    : { path, mode: mode & 0o7777, chunks: [], size: 0, refusal: `couldn't create file: ${refusal}` };
}

/** sendrecv_v2 flags (adb's file_sync_protocol.h): compressions the simulator does not advertise, and dry run. */
const V2_COMPRESSION_FLAGS = 0x1 | 0x2 | 0x4;
const V2_DRY_RUN = 0x80000000;

/** A `SND2`/`RCV2` request names its path first; its fixed struct (id, [mode,] flags) follows. */
interface V2Request {
  id: 'SND2' | 'RCV2';
  path: string;
}

/** Serves one `sync:` stream until QUIT, a protocol error (FAIL, then close) or the host closing it. */
export function serveSync(stream: Duplex, files: DeviceFiles): void {
  let buffered = Buffer.alloc(0);
  let receiving: Receiving | undefined;
  let v2Request: V2Request | undefined;
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
        if (receiving.refusal !== undefined) {
          finish(failure(receiving.refusal));
          return false;
        }
        if (!receiving.dryRun)
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
      case 'LSTA':
      case 'STA2':
      case 'LST2':
        stream.write(statReply(files, id, argument));
        return true;
      case 'RECV':
        stream.write(recvReply(files, argument));
        return true;
      case 'LIST':
      case 'LIS2':
        stream.write(listReply(files, id === 'LIST' ? 1 : 2, argument));
        return true;
      case 'SEND': {
        const target = sendTarget(files, argument);
        if (typeof target === 'string') {
          finish(failure(target));
          return false;
        }
        receiving = target;
        return true;
      }
      case 'SND2':
      case 'RCV2':
        v2Request = { id, path: argument };
        return true;
      case 'QUIT':
        finish();
        return false;
      default:
        finish(failure(`unsupported sync request ${JSON.stringify(id)}`));
        return false;
    }
  };

  /** The struct after a SND2/RCV2 path: `SND2` mode flags (12 bytes) or `RCV2` flags (8 bytes); false stops. */
  const handleV2 = (request: V2Request, struct: Buffer): boolean => {
    if (struct.toString('latin1', 0, 4) !== request.id) {
      finish(failure(`${request.id} request without its ${request.id} header`));
      return false;
    }
    const flags = struct.readUInt32LE(request.id === 'SND2' ? 8 : 4);
    if ((flags & V2_COMPRESSION_FLAGS) !== 0) {
      finish(failure(`unsupported compression flags 0x${flags.toString(16)}: this device advertises none`));
      return false;
    }
    if (request.id === 'RCV2') {
      stream.write(recvReply(files, request.path));
      return true;
    }
    const target = sendTarget(files, `${request.path},${struct.readUInt32LE(4)}`);
    if (typeof target === 'string') {
      finish(failure(target));
      return false;
    }
    receiving = (flags & V2_DRY_RUN) !== 0 ? { ...target, dryRun: true } : target;
    return true;
  };

  stream.on('data', (chunk: Buffer) => {
    if (ended) return;
    buffered = Buffer.concat([buffered, chunk]);
    while (!ended && buffered.length >= 8) {
      if (v2Request) {
        const size = v2Request.id === 'SND2' ? 12 : 8;
        if (buffered.length < size) return;
        const request = v2Request;
        v2Request = undefined;
        const struct = buffered.subarray(0, size);
        buffered = buffered.subarray(size);
        if (!handleV2(request, Buffer.from(struct))) return;
        continue;
      }
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
