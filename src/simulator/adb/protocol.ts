// The adb transport message format: a 24-byte little-endian header followed by a payload.

/** Message commands as they appear on the wire (four ASCII bytes read as a little-endian u32). */
export const COMMANDS = {
  SYNC: 0x434e5953,
  CNXN: 0x4e584e43,
  AUTH: 0x48545541,
  OPEN: 0x4e45504f,
  OKAY: 0x59414b4f,
  CLSE: 0x45534c43,
  WRTE: 0x45545257,
  STLS: 0x534c5453,
} as const;

export type CommandName = keyof typeof COMMANDS;

/** AUTH arg0 values. */
export const AUTH_TYPES = { token: 1, signature: 2, publicKey: 3 } as const;

/** Protocol version this device answers with (adb 29 sends the same). */
export const PROTOCOL_VERSION = 0x01000001;
export const HEADER_LENGTH = 24;
/** Largest payload the host may send us; adb's own MAX_PAYLOAD. */
export const HOST_MAX_PAYLOAD = 1024 * 1024;

export interface AdbMessage {
  command: CommandName;
  arg0: number;
  arg1: number;
  payload: Buffer;
}

const NAMES_BY_VALUE = new Map<number, CommandName>(
  (Object.keys(COMMANDS) as CommandName[]).map((name) => [COMMANDS[name], name]),
);

/** Command name for a wire value, or undefined when unknown. */
export function commandName(value: number): CommandName | undefined {
  return NAMES_BY_VALUE.get(value);
}

/** Protocol version from which a peer neither checks nor needs data_check (adb's A_VERSION_SKIP_CHECKSUM). */
export const VERSION_SKIP_CHECKSUM = 0x01000001;

/** Unsigned sum of the payload bytes, as adb's data_check field (adb 29 does not verify it). */
export function payloadChecksum(payload: Uint8Array): number {
  let sum = 0;
  for (const byte of payload) sum += byte;
  return sum >>> 0;
}

/** The 24-byte header of a message carrying `payload` (the payload itself is not included). */
export function encodeHeader(
  command: CommandName,
  arg0: number,
  arg1: number,
  payload: Uint8Array,
  /** False when the peer's version is VERSION_SKIP_CHECKSUM or later: data_check is 0, as adbd sends it. */
  checksum = true,
): Buffer {
  const value = COMMANDS[command];
  const header = Buffer.alloc(HEADER_LENGTH);
  header.writeUInt32LE(value, 0);
  header.writeUInt32LE(arg0 >>> 0, 4);
  header.writeUInt32LE(arg1 >>> 0, 8);
  header.writeUInt32LE(payload.length, 12);
  header.writeUInt32LE(checksum ? payloadChecksum(payload) : 0, 16);
  header.writeUInt32LE((value ^ 0xffffffff) >>> 0, 20);
  return header;
}

/** Serialises one message: header and payload in one buffer. */
export function encodeMessage(
  command: CommandName,
  arg0: number,
  arg1: number,
  payload: Uint8Array = Buffer.alloc(0),
  checksum = true,
): Buffer {
  return Buffer.concat([encodeHeader(command, arg0, arg1, payload, checksum), payload]);
}

/** A payload made of text plus a trailing NUL, as hosts send service names in OPEN. */
export function nulTerminated(text: string): Buffer {
  return Buffer.concat([Buffer.from(text, 'utf8'), Buffer.alloc(1)]);
}

/** Text of a payload without its trailing NUL bytes. */
export function payloadText(payload: Buffer): string {
  let end = payload.length;
  while (end > 0 && payload[end - 1] === 0) end -= 1;
  return payload.subarray(0, end).toString('utf8');
}
