// Field-oriented helpers over protobufjs's Writer and Reader: messages are written and walked by field number (the
// numbers live in schema.ts), so no generated code or copied .proto files are needed.
import protobuf from 'protobufjs/minimal.js';
import { WIRE } from './schema';

const { Reader, Writer } = protobuf;
type ProtoWriter = protobuf.Writer;
type ProtoReader = protobuf.Reader;

/** Builds one message: each call appends a field. */
export class MessageWriter {
  private readonly writer: ProtoWriter;

  constructor(writer: ProtoWriter = Writer.create()) {
    this.writer = writer;
  }

  /** An unsigned varint (uint32/uint64/int32 >= 0/enum); ns timestamps stay below 2^53. */
  varint(field: number, value: number): this {
    this.writer.uint32((field << 3) | WIRE.varint).uint64(value);
    return this;
  }

  /** A signed int64/int32 (two's complement varint, as protobuf writes negative int fields). */
  int64(field: number, value: number): this {
    this.writer.uint32((field << 3) | WIRE.varint).int64(value);
    return this;
  }

  bool(field: number, value: boolean): this {
    this.writer.uint32((field << 3) | WIRE.varint).bool(value);
    return this;
  }

  string(field: number, value: string): this {
    this.writer.uint32((field << 3) | WIRE.bytes).string(value);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.writer.uint32((field << 3) | WIRE.bytes).bytes(value);
    return this;
  }

  /** An embedded message, written by `build` into a fork of this writer. */
  message(field: number, build: (message: MessageWriter) => void): this {
    this.writer.uint32((field << 3) | WIRE.bytes).fork();
    build(new MessageWriter(this.writer));
    this.writer.ldelim();
    return this;
  }

  finish(): Buffer {
    return Buffer.from(this.writer.finish());
  }
}

/** Encodes one message. */
export function encodeMessage(build: (message: MessageWriter) => void): Buffer {
  const message = new MessageWriter();
  build(message);
  return message.finish();
}

/** One field as read: varints as numbers, length-delimited fields as bytes (strings and messages alike). */
export type WireField =
  | { field: number; wireType: typeof WIRE.varint; value: number }
  | { field: number; wireType: typeof WIRE.bytes; value: Uint8Array }
  | { field: number; wireType: typeof WIRE.fixed64 | typeof WIRE.fixed32; value: number };

/**
 * The fields of one message in order. Throws (protobufjs's RangeError, or an Error for groups) on truncated or
 * malformed input.
 */
export function readFields(bytes: Uint8Array): WireField[] {
  const reader: ProtoReader = Reader.create(bytes);
  const fields: WireField[] = [];
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    const field = tag >>> 3;
    const wireType = tag & 7;
    if (field === 0) throw new Error('field number 0');
    if (wireType === WIRE.varint) fields.push({ field, wireType, value: Number(reader.uint64()) });
    else if (wireType === WIRE.bytes) fields.push({ field, wireType, value: reader.bytes() });
    else if (wireType === WIRE.fixed64) fields.push({ field, wireType, value: Number(reader.fixed64()) });
    else if (wireType === WIRE.fixed32) fields.push({ field, wireType, value: reader.fixed32() });
    else throw new Error(`unsupported wire type ${wireType} for field ${field}`);
  }
  return fields;
}

export function utf8(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('utf8');
}
