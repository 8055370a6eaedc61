// The two Perfetto protobuf messages the capture tools touch, by field number (Perfetto's public protos):
// TracingServiceState from `perfetto --query-raw` (read for its data source names) and the fixed TraceConfig of
// reference section 8.3 (written). protobufjs's minimal Reader/Writer do the wire format; no .proto files.
import protobuf from 'protobufjs/minimal.js';

const { Reader, Writer } = protobuf;

const WIRE = { varint: 0, fixed64: 1, bytes: 2, fixed32: 5 } as const;

/** TracingServiceState.data_sources (2) -> DataSource.ds_descriptor (1) -> DataSourceDescriptor.name (1). */
const SERVICE_STATE_DATA_SOURCES = 2;
const DATA_SOURCE_DESCRIPTOR = 1;
const DESCRIPTOR_NAME = 1;

const TRACE_CONFIG = {
  buffers: 1,
  dataSources: 2,
  durationMs: 3,
  writeIntoFile: 8,
  fileWritePeriodMs: 9,
  maxFileSizeBytes: 10,
} as const;
const BUFFER_CONFIG = { sizeKb: 1, fillPolicy: 4 } as const;
const RING_BUFFER = 1;
/** TraceConfig.DataSource.config (1) -> DataSourceConfig. */
const DATA_SOURCE_ENTRY_CONFIG = 1;
const DATA_SOURCE_CONFIG = { name: 1, targetBuffer: 2, ftraceConfig: 100, processStatsConfig: 103 } as const;
const FTRACE_CONFIG = { ftraceEvents: 1, atraceCategories: 2, atraceApps: 3, compactSched: 12 } as const;
const COMPACT_SCHED_ENABLED = 1;
const PROCESS_STATS_SCAN_ALL_ON_START = 2;

/** Length-delimited fields of one message with this number, in order; other fields are skipped. */
function bytesFields(data: Uint8Array, field: number): Uint8Array[] {
  const reader = Reader.create(data);
  const found: Uint8Array[] = [];
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    const number = tag >>> 3;
    const wireType = tag & 7;
    if (number === 0) throw new Error('field number 0');
    if (wireType === WIRE.bytes) {
      const value = reader.bytes();
      if (number === field) found.push(value);
    } else if (wireType === WIRE.varint || wireType === WIRE.fixed64 || wireType === WIRE.fixed32)
      reader.skipType(wireType);
    else throw new Error(`unsupported wire type ${wireType} in field ${number}`);
  }
  return found;
}

/** The data source names a TracingServiceState advertises (deduplicated, in order); throws on malformed bytes. */
export function advertisedDataSources(state: Uint8Array): string[] {
  const names = new Set<string>();
  for (const source of bytesFields(state, SERVICE_STATE_DATA_SOURCES))
    for (const descriptor of bytesFields(source, DATA_SOURCE_DESCRIPTOR))
      for (const name of bytesFields(descriptor, DESCRIPTOR_NAME))
        names.add(Buffer.from(name).toString('utf8'));
  return [...names];
}

export const FTRACE = 'linux.ftrace';
export const PROCESS_STATS = 'linux.process_stats';
export const FRAME_TIMELINE = 'android.surfaceflinger.frametimeline';

export const FTRACE_EVENTS = [
  'sched/sched_switch',
  'sched/sched_wakeup',
  'binder/binder_transaction',
  'binder/binder_transaction_received',
  'ftrace/print',
] as const;
export const ATRACE_CATEGORIES = ['gfx', 'view', 'binder_driver'] as const;
export const FILE_WRITE_PERIOD_MS = 1000;
export const MAX_FILE_SIZE_BYTES = 64 * 1024 * 1024;

export interface CaptureConfig {
  durationSecs: number;
  bufferMb: number;
  package: string | undefined;
  /** linux.ftrace plus the optional sources the device advertised. */
  sources: readonly string[];
}

type ProtoWriter = protobuf.Writer;

function message(writer: ProtoWriter, field: number, build: (inner: ProtoWriter) => void): void {
  writer.uint32((field << 3) | WIRE.bytes).fork();
  build(writer);
  writer.ldelim();
}

function string(writer: ProtoWriter, field: number, value: string): void {
  writer.uint32((field << 3) | WIRE.bytes).string(value);
}

function varint(writer: ProtoWriter, field: number, value: number): void {
  writer.uint32((field << 3) | WIRE.varint).uint64(value);
}

/** The fixed binary TraceConfig of reference section 8.3. */
export function encodeCaptureConfig(config: CaptureConfig): Buffer {
  const writer = Writer.create();
  message(writer, TRACE_CONFIG.buffers, (buffer) => {
    varint(buffer, BUFFER_CONFIG.sizeKb, config.bufferMb * 1024);
    varint(buffer, BUFFER_CONFIG.fillPolicy, RING_BUFFER);
  });
  const source = (name: string, build?: (inner: ProtoWriter) => void): void =>
    message(writer, TRACE_CONFIG.dataSources, (entry) =>
      message(entry, DATA_SOURCE_ENTRY_CONFIG, (inner) => {
        string(inner, DATA_SOURCE_CONFIG.name, name);
        build?.(inner);
      }),
    );
  source(FTRACE, (inner) =>
    message(inner, DATA_SOURCE_CONFIG.ftraceConfig, (ftrace) => {
      for (const event of FTRACE_EVENTS) string(ftrace, FTRACE_CONFIG.ftraceEvents, event);
      for (const category of ATRACE_CATEGORIES) string(ftrace, FTRACE_CONFIG.atraceCategories, category);
      if (config.package !== undefined) string(ftrace, FTRACE_CONFIG.atraceApps, config.package);
      message(ftrace, FTRACE_CONFIG.compactSched, (compact) => varint(compact, COMPACT_SCHED_ENABLED, 0));
    }),
  );
  if (config.sources.includes(PROCESS_STATS))
    source(PROCESS_STATS, (inner) =>
      message(inner, DATA_SOURCE_CONFIG.processStatsConfig, (stats) =>
        varint(stats, PROCESS_STATS_SCAN_ALL_ON_START, 1),
      ),
    );
  if (config.sources.includes(FRAME_TIMELINE)) source(FRAME_TIMELINE);
  varint(writer, TRACE_CONFIG.durationMs, config.durationSecs * 1000);
  varint(writer, TRACE_CONFIG.writeIntoFile, 1);
  varint(writer, TRACE_CONFIG.fileWritePeriodMs, FILE_WRITE_PERIOD_MS);
  varint(writer, TRACE_CONFIG.maxFileSizeBytes, MAX_FILE_SIZE_BYTES);
  return Buffer.from(writer.finish());
}

/** One line for the approval preview. */
export function describeCaptureConfig(config: CaptureConfig): string {
  return [
    `buffer ${config.bufferMb} MiB ring, duration ${config.durationSecs * 1000} ms, write_into_file every ${FILE_WRITE_PERIOD_MS} ms, max file 64 MiB`,
    `sources ${config.sources.join(', ')}`,
    `ftrace events ${FTRACE_EVENTS.join(', ')}; atrace ${ATRACE_CATEGORIES.join(', ')}${config.package === undefined ? '' : `; atrace app ${config.package}`}; compact_sched off`,
  ].join('; ');
}
