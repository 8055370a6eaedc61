import { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DeviceFiles } from '../device/files';
import { serveSync } from './sync';

// sendrecv_v2 on the sync: service, byte for byte as adb's file_sync_protocol.h lays it out: `SND2 <len> <path>`,
// then `SND2 <mode> <flags>`, DATA..., DONE <mtime>; `RCV2 <len> <path>`, then `RCV2 <flags>`.

function request(id: string, value: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(value, 4);
  return Buffer.concat([header, payload]);
}

function words(id: string, ...values: number[]): Buffer {
  const buffer = Buffer.alloc(4 + values.length * 4);
  buffer.write(id, 0, 'latin1');
  values.forEach((value, index) => buffer.writeUInt32LE(value >>> 0, 4 + index * 4));
  return buffer;
}

/** Runs one sync session: feeds the host's bytes, resolves with everything the device wrote once it ends. */
function session(files: DeviceFiles, input: Buffer): Promise<Buffer> {
  const written: Buffer[] = [];
  const stream = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk);
      done();
    },
  });
  return new Promise((resolve) => {
    stream.on('finish', () => resolve(Buffer.concat(written)));
    serveSync(stream, files);
    stream.push(input);
  });
}

const path = (text: string): Buffer => Buffer.from(text, 'utf8');
const send2 = (target: string, mode: number, flags: number, data: string, mtime = 1_700_000_000): Buffer =>
  Buffer.concat([
    request('SND2', path(target).length, path(target)),
    words('SND2', mode, flags),
    request('DATA', Buffer.byteLength(data), path(data)),
    request('DONE', mtime),
  ]);

describe('sync v2 (SND2/RCV2)', () => {
  it('SND2 writes the file with its mode and mtime and answers OKAY', async () => {
    const files = new DeviceFiles();
    const reply = await session(
      files,
      Buffer.concat([send2('/sdcard/a.txt', 0o100640, 0, 'hello v2\n'), request('QUIT', 0)]),
    );
    expect(reply.toString('latin1', 0, 4)).toBe('OKAY');
    expect(files.read('/sdcard/a.txt')).toMatchObject({ mode: 0o640, mtimeSeconds: 1_700_000_000 });
    expect(files.read('/sdcard/a.txt')?.data.toString()).toBe('hello v2\n');
  });

  it('a dry run receives and acknowledges the data but writes nothing', async () => {
    const files = new DeviceFiles();
    const reply = await session(
      files,
      Buffer.concat([send2('/sdcard/dry.txt', 0o100644, 0x80000000, 'not kept'), request('QUIT', 0)]),
    );
    expect(reply.toString('latin1', 0, 4)).toBe('OKAY');
    expect(files.read('/sdcard/dry.txt')).toBeUndefined();
  });

  it('refuses compressed transfers, which the device does not advertise', async () => {
    const files = new DeviceFiles();
    const reply = await session(files, send2('/sdcard/z.txt', 0o100644, 0x1, 'brotli?'));
    expect(reply.toString('latin1', 0, 4)).toBe('FAIL');
    expect(reply.subarray(8).toString()).toContain('unsupported compression flags 0x1');
    expect(files.read('/sdcard/z.txt')).toBeUndefined();
  });

  it('RCV2 sends the file as DATA chunks and DONE', async () => {
    const files = new DeviceFiles();
    files.write('/sdcard/b.txt', { data: Buffer.from('read me\n'), mode: 0o644, mtimeSeconds: 1 });
    const reply = await session(
      files,
      Buffer.concat([request('RCV2', 13, path('/sdcard/b.txt')), words('RCV2', 0), request('QUIT', 0)]),
    );
    expect(reply.toString('latin1', 0, 4)).toBe('DATA');
    expect(reply.readUInt32LE(4)).toBe(8);
    expect(reply.subarray(8, 16).toString()).toBe('read me\n');
    expect(reply.toString('latin1', 16, 20)).toBe('DONE');
  });
});
