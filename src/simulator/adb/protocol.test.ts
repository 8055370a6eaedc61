import { describe, expect, it } from 'vitest';
import { MessageDecoder } from './decoder';
import {
  COMMANDS,
  commandName,
  encodeMessage,
  HEADER_LENGTH,
  nulTerminated,
  payloadChecksum,
  payloadText,
} from './protocol';

describe('encodeMessage', () => {
  it('writes the 24-byte little-endian header with byte-sum checksum and magic', () => {
    const payload = Buffer.from([1, 2, 250]);
    const message = encodeMessage('WRTE', 7, 0x80000001, payload);
    expect(message.length).toBe(HEADER_LENGTH + 3);
    expect(message.subarray(0, 4).toString('ascii')).toBe('WRTE');
    expect(message.readUInt32LE(4)).toBe(7);
    expect(message.readUInt32LE(8)).toBe(0x80000001);
    expect(message.readUInt32LE(12)).toBe(3);
    expect(message.readUInt32LE(16)).toBe(253);
    expect(message.readUInt32LE(20)).toBe((COMMANDS.WRTE ^ 0xffffffff) >>> 0);
    expect(message.subarray(24)).toEqual(payload);
  });

  it('encodes an empty payload with zero length and checksum', () => {
    const message = encodeMessage('OKAY', 1, 2);
    expect(message.length).toBe(HEADER_LENGTH);
    expect(message.readUInt32LE(12)).toBe(0);
    expect(message.readUInt32LE(16)).toBe(0);
  });

  it('leaves data_check 0 for peers that skip checksums', () => {
    const message = encodeMessage('WRTE', 7, 8, Buffer.from([1, 2, 250]), false);
    expect(message.readUInt32LE(16)).toBe(0);
    expect(message.subarray(24)).toEqual(Buffer.from([1, 2, 250]));
  });

  it('names commands by their ASCII spelling', () => {
    for (const name of ['CNXN', 'AUTH', 'OPEN', 'OKAY', 'CLSE', 'WRTE', 'SYNC', 'STLS'] as const) {
      expect(Buffer.from(encodeMessage(name, 0, 0).subarray(0, 4)).toString('ascii')).toBe(name);
      expect(commandName(COMMANDS[name])).toBe(name);
    }
    expect(commandName(0x12345678)).toBeUndefined();
  });
});

describe('payload helpers', () => {
  it('sums bytes as an unsigned value', () => {
    expect(payloadChecksum(Buffer.alloc(1000, 255))).toBe(255_000);
    expect(payloadChecksum(new Uint8Array())).toBe(0);
  });

  it('adds and strips the trailing NUL of service names', () => {
    expect(nulTerminated('shell:id')).toEqual(Buffer.from('shell:id\0'));
    expect(payloadText(Buffer.from('shell:id\0'))).toBe('shell:id');
    expect(payloadText(Buffer.from('exec:x'))).toBe('exec:x');
  });
});

describe('MessageDecoder', () => {
  const first = encodeMessage('OPEN', 5, 0, nulTerminated('shell:getprop'));
  const second = encodeMessage('WRTE', 5, 1, Buffer.from('hello'));

  it('decodes messages delivered one byte at a time', () => {
    const decoder = new MessageDecoder(1024);
    const decoded = [];
    for (const byte of first) {
      const result = decoder.push(Buffer.from([byte]));
      expect(result.ok).toBe(true);
      if (result.ok) decoded.push(...result.value);
    }
    expect(decoded).toHaveLength(1);
    expect(decoded[0]).toMatchObject({ command: 'OPEN', arg0: 5, arg1: 0 });
    expect(payloadText(decoded[0]?.payload ?? Buffer.alloc(0))).toBe('shell:getprop');
  });

  it('decodes several messages coalesced into one read, keeping a partial tail for later', () => {
    const decoder = new MessageDecoder(1024);
    const joined = Buffer.concat([first, second]);
    const head = decoder.push(joined.subarray(0, first.length + 10));
    expect(head.ok && head.value.map((message) => message.command)).toEqual(['OPEN']);
    const tail = decoder.push(joined.subarray(first.length + 10));
    expect(tail.ok && tail.value.map((message) => [message.command, message.payload.toString()])).toEqual([
      ['WRTE', 'hello'],
    ]);
  });

  it('waits for the payload when only the header has arrived', () => {
    const decoder = new MessageDecoder(1024);
    const header = decoder.push(second.subarray(0, HEADER_LENGTH));
    expect(header.ok && header.value).toEqual([]);
    const rest = decoder.push(second.subarray(HEADER_LENGTH));
    expect(rest.ok && rest.value).toHaveLength(1);
  });

  it('rejects a header whose magic does not match, and stays failed', () => {
    const broken = Buffer.from(first);
    broken.writeUInt32LE(0, 20);
    const decoder = new MessageDecoder(1024);
    const result = decoder.push(broken);
    expect(result.ok ? undefined : result.error.reason).toBe('bad-magic');
    const again = decoder.push(second);
    expect(again.ok).toBe(false);
  });

  it('rejects unknown commands and oversized payloads', () => {
    const unknown = Buffer.from(first);
    unknown.writeUInt32LE(0x41414141, 0);
    unknown.writeUInt32LE((0x41414141 ^ 0xffffffff) >>> 0, 20);
    const unknownResult = new MessageDecoder(1024).push(unknown);
    expect(unknownResult.ok ? undefined : unknownResult.error.reason).toBe('unknown-command');
    const large = new MessageDecoder(4).push(second);
    expect(large.ok ? undefined : large.error.reason).toBe('payload-too-large');
  });
});
