// The binary TraceConfig a host passes to `perfetto -c -`: decoded for the fields the simulated service honours,
// and encoded (tests and the simulator's own callers build configs with it).
import {
  BUFFER_CONFIG,
  COMPACT_SCHED_CONFIG,
  DATA_SOURCE_CONFIG,
  FILL_POLICY,
  FTRACE_CONFIG,
  PROCESS_STATS_CONFIG,
  TRACE_CONFIG,
  TRACE_CONFIG_DATA_SOURCE,
  WIRE,
} from './schema';
import { encodeMessage, readFields, utf8, type WireField } from './wire';

export interface BufferSpec {
  sizeKb: number;
  /** FILL_POLICY: 0 unspecified (ring buffer), 1 ring buffer, 2 discard. */
  fillPolicy: number;
}

export interface FtraceSpec {
  ftraceEvents: string[];
  atraceCategories: string[];
  atraceApps: string[];
  compactSched: boolean;
}

export interface DataSourceSpec {
  name: string;
  targetBuffer: number;
  ftrace?: FtraceSpec;
  processStats?: { scanAllProcessesOnStart: boolean };
}

export interface TraceConfig {
  buffers: BufferSpec[];
  dataSources: DataSourceSpec[];
  durationMs: number;
  writeIntoFile: boolean;
  fileWritePeriodMs: number;
  maxFileSizeBytes: number;
  uniqueSessionName: string;
}

/** Thrown for bytes that are not a TraceConfig message. */
export class TraceConfigError extends Error {}

function fieldsOf(bytes: Uint8Array): WireField[] {
  try {
    return readFields(bytes);
  } catch (error) {
    throw new TraceConfigError(error instanceof Error ? error.message : String(error));
  }
}

function varint(field: WireField): number {
  if (field.wireType !== WIRE.varint) throw new TraceConfigError(`field ${field.field}: expected a varint`);
  return field.value;
}

function bytes(field: WireField): Uint8Array {
  if (field.wireType !== WIRE.bytes)
    throw new TraceConfigError(`field ${field.field}: expected length-delimited`);
  return field.value;
}

function decodeFtrace(data: Uint8Array): FtraceSpec {
  const spec: FtraceSpec = { ftraceEvents: [], atraceCategories: [], atraceApps: [], compactSched: false };
  for (const field of fieldsOf(data)) {
    if (field.field === FTRACE_CONFIG.ftraceEvents) spec.ftraceEvents.push(utf8(bytes(field)));
    else if (field.field === FTRACE_CONFIG.atraceCategories) spec.atraceCategories.push(utf8(bytes(field)));
    else if (field.field === FTRACE_CONFIG.atraceApps) spec.atraceApps.push(utf8(bytes(field)));
    else if (field.field === FTRACE_CONFIG.compactSched)
      spec.compactSched = fieldsOf(bytes(field)).some(
        (inner) => inner.field === COMPACT_SCHED_CONFIG.enabled && varint(inner) !== 0,
      );
  }
  return spec;
}

function decodeDataSource(data: Uint8Array): DataSourceSpec | undefined {
  const config = fieldsOf(data).filter((field) => field.field === TRACE_CONFIG_DATA_SOURCE.config);
  if (config.length === 0) return undefined;
  const spec: DataSourceSpec = { name: '', targetBuffer: 0 };
  for (const message of config)
    for (const field of fieldsOf(bytes(message))) {
      if (field.field === DATA_SOURCE_CONFIG.name) spec.name = utf8(bytes(field));
      else if (field.field === DATA_SOURCE_CONFIG.targetBuffer) spec.targetBuffer = varint(field);
      else if (field.field === DATA_SOURCE_CONFIG.ftraceConfig) spec.ftrace = decodeFtrace(bytes(field));
      else if (field.field === DATA_SOURCE_CONFIG.processStatsConfig)
        spec.processStats = {
          scanAllProcessesOnStart: fieldsOf(bytes(field)).some(
            (inner) => inner.field === PROCESS_STATS_CONFIG.scanAllProcessesOnStart && varint(inner) !== 0,
          ),
        };
    }
  return spec;
}

/** Decodes a binary TraceConfig; unknown fields are skipped, malformed bytes throw TraceConfigError. */
export function decodeTraceConfig(data: Uint8Array): TraceConfig {
  const config: TraceConfig = {
    buffers: [],
    dataSources: [],
    durationMs: 0,
    writeIntoFile: false,
    fileWritePeriodMs: 0,
    maxFileSizeBytes: 0,
    uniqueSessionName: '',
  };
  for (const field of fieldsOf(data)) {
    switch (field.field) {
      case TRACE_CONFIG.buffers: {
        const buffer: BufferSpec = { sizeKb: 0, fillPolicy: FILL_POLICY.unspecified };
        for (const inner of fieldsOf(bytes(field))) {
          if (inner.field === BUFFER_CONFIG.sizeKb) buffer.sizeKb = varint(inner);
          else if (inner.field === BUFFER_CONFIG.fillPolicy) buffer.fillPolicy = varint(inner);
        }
        config.buffers.push(buffer);
        break;
      }
      case TRACE_CONFIG.dataSources: {
        const source = decodeDataSource(bytes(field));
        if (source) config.dataSources.push(source);
        break;
      }
      case TRACE_CONFIG.durationMs:
        config.durationMs = varint(field);
        break;
      case TRACE_CONFIG.writeIntoFile:
        config.writeIntoFile = varint(field) !== 0;
        break;
      case TRACE_CONFIG.fileWritePeriodMs:
        config.fileWritePeriodMs = varint(field);
        break;
      case TRACE_CONFIG.maxFileSizeBytes:
        config.maxFileSizeBytes = varint(field);
        break;
      case TRACE_CONFIG.uniqueSessionName:
        config.uniqueSessionName = utf8(bytes(field));
        break;
      default:
        break;
    }
  }
  return config;
}

/** Encodes a TraceConfig with the fields above (defaults and empty lists are left out, as protobuf does). */
export function encodeTraceConfig(config: Partial<TraceConfig>): Buffer {
  return encodeMessage((message) => {
    for (const buffer of config.buffers ?? [])
      message.message(TRACE_CONFIG.buffers, (inner) => {
        inner.varint(BUFFER_CONFIG.sizeKb, buffer.sizeKb);
        if (buffer.fillPolicy) inner.varint(BUFFER_CONFIG.fillPolicy, buffer.fillPolicy);
      });
    for (const source of config.dataSources ?? [])
      message.message(TRACE_CONFIG.dataSources, (entry) =>
        entry.message(TRACE_CONFIG_DATA_SOURCE.config, (inner) => {
          inner.string(DATA_SOURCE_CONFIG.name, source.name);
          if (source.targetBuffer) inner.varint(DATA_SOURCE_CONFIG.targetBuffer, source.targetBuffer);
          const ftrace = source.ftrace;
          if (ftrace)
            inner.message(DATA_SOURCE_CONFIG.ftraceConfig, (spec) => {
              for (const name of ftrace.ftraceEvents) spec.string(FTRACE_CONFIG.ftraceEvents, name);
              for (const name of ftrace.atraceCategories) spec.string(FTRACE_CONFIG.atraceCategories, name);
              for (const name of ftrace.atraceApps) spec.string(FTRACE_CONFIG.atraceApps, name);
              spec.message(FTRACE_CONFIG.compactSched, (compact) =>
                compact.bool(COMPACT_SCHED_CONFIG.enabled, ftrace.compactSched),
              );
            });
          const processStats = source.processStats;
          if (processStats)
            inner.message(DATA_SOURCE_CONFIG.processStatsConfig, (spec) =>
              spec.bool(PROCESS_STATS_CONFIG.scanAllProcessesOnStart, processStats.scanAllProcessesOnStart),
            );
        }),
      );
    if (config.durationMs) message.varint(TRACE_CONFIG.durationMs, config.durationMs);
    if (config.writeIntoFile) message.bool(TRACE_CONFIG.writeIntoFile, true);
    if (config.fileWritePeriodMs) message.varint(TRACE_CONFIG.fileWritePeriodMs, config.fileWritePeriodMs);
    if (config.maxFileSizeBytes) message.varint(TRACE_CONFIG.maxFileSizeBytes, config.maxFileSizeBytes);
    if (config.uniqueSessionName) message.string(TRACE_CONFIG.uniqueSessionName, config.uniqueSessionName);
  });
}
