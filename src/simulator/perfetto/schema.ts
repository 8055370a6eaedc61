// Perfetto's protobuf field numbers that the simulated `perfetto` reads and writes, restated as facts (from
// Perfetto's public protos, checked against the notes in shared/notes/android-tools-and-formats.md §3). Only
// numbers live here; the messages are written and read field by field with protobufjs's Writer and Reader.

/** Protobuf wire types. */
export const WIRE = { varint: 0, fixed64: 1, bytes: 2, fixed32: 5 } as const;

/** `Trace { repeated TracePacket packet = 1; }`: a trace file is a sequence of these. */
export const TRACE_PACKET = 1;

export const TRACE_CONFIG = {
  buffers: 1,
  dataSources: 2,
  durationMs: 3,
  writeIntoFile: 8,
  fileWritePeriodMs: 9,
  maxFileSizeBytes: 10,
  uniqueSessionName: 22,
} as const;

export const BUFFER_CONFIG = { sizeKb: 1, fillPolicy: 4 } as const;
/** BufferConfig.FillPolicy. */
export const FILL_POLICY = { unspecified: 0, ringBuffer: 1, discard: 2 } as const;

/** TraceConfig.DataSource. */
export const TRACE_CONFIG_DATA_SOURCE = { config: 1 } as const;

export const DATA_SOURCE_CONFIG = {
  name: 1,
  targetBuffer: 2,
  traceDurationMs: 3,
  ftraceConfig: 100,
  processStatsConfig: 103,
} as const;

export const FTRACE_CONFIG = {
  ftraceEvents: 1,
  atraceCategories: 2,
  atraceApps: 3,
  compactSched: 12,
} as const;
export const COMPACT_SCHED_CONFIG = { enabled: 1 } as const;
export const PROCESS_STATS_CONFIG = { scanAllProcessesOnStart: 2 } as const;

/** TracingServiceState, what `perfetto --query-raw` prints. */
export const TRACING_SERVICE_STATE = {
  producers: 1,
  dataSources: 2,
  numSessions: 3,
  numSessionsStarted: 4,
  tracingServiceVersion: 5,
  tracingSessions: 6,
  supportsTracingSessions: 7,
} as const;
/** TracingServiceState.TracingSession: one session the caller may see (its own). */
export const SERVICE_TRACING_SESSION = {
  id: 1,
  consumerUid: 2,
  state: 3,
  uniqueSessionName: 4,
  bufferSizeKb: 5,
  durationMs: 6,
  numDataSources: 7,
  startRealtimeNs: 8,
  isStarted: 11,
} as const;
export const SERVICE_PRODUCER = { id: 1, name: 2, uid: 3, sdkVersion: 4, pid: 5 } as const;
export const SERVICE_DATA_SOURCE = { dsDescriptor: 1, producerId: 2 } as const;
export const DATA_SOURCE_DESCRIPTOR = { name: 1, id: 7 } as const;

export const TRACE_PACKET_FIELD = {
  ftraceEvents: 1,
  processTree: 2,
  clockSnapshot: 6,
  timestamp: 8,
  trustedPacketSequenceId: 10,
  sequenceFlags: 13,
  traceConfig: 33,
  ftraceStats: 34,
  previousPacketDropped: 42,
  systemInfo: 45,
  timestampClockId: 58,
  frameTimelineEvent: 76,
  trustedPid: 79,
  firstPacketOnSequence: 87,
} as const;

/** TracePacket.sequence_flags. */
export const SEQUENCE_FLAGS = { incrementalStateCleared: 1, needsIncrementalState: 2 } as const;

/** BuiltinClock ids. */
export const CLOCK = { realtime: 1, monotonic: 3, boottime: 6 } as const;
export const CLOCK_SNAPSHOT = { clocks: 1, primaryTraceClock: 2 } as const;
export const CLOCK_SNAPSHOT_CLOCK = { clockId: 1, timestamp: 2 } as const;

export const SYSTEM_INFO = {
  utsname: 1,
  androidBuildFingerprint: 2,
  androidSdkVersion: 5,
  pageSize: 6,
} as const;
export const UTSNAME = { sysname: 1, version: 2, release: 3, machine: 4 } as const;

export const FTRACE_STATS = { phase: 1, cpuStats: 2 } as const;
export const FTRACE_STATS_PHASE = { startOfTrace: 1, endOfTrace: 2 } as const;
export const FTRACE_CPU_STATS = {
  cpu: 1,
  entries: 2,
  overrun: 3,
  bytesRead: 5,
  nowTs: 7,
  droppedEvents: 8,
} as const;

export const PROCESS_TREE = { processes: 1, threads: 2, collectionEndTimestamp: 3 } as const;
export const PROCESS_TREE_PROCESS = { pid: 1, ppid: 2, cmdline: 3, uid: 5 } as const;
export const PROCESS_TREE_THREAD = { tid: 1, name: 2, tgid: 3 } as const;

export const FTRACE_EVENT_BUNDLE = { cpu: 1, event: 2, lostEvents: 3 } as const;

/** FtraceEvent: common fields, then the oneof ids of the events the simulator writes. */
export const FTRACE_EVENT = {
  timestamp: 1,
  pid: 2,
  print: 3,
  schedSwitch: 4,
  schedWakeup: 17,
  schedWaking: 20,
  binderTransaction: 50,
  binderTransactionReceived: 51,
} as const;

export const SCHED_SWITCH = {
  prevComm: 1,
  prevPid: 2,
  prevPrio: 3,
  prevState: 4,
  nextComm: 5,
  nextPid: 6,
  nextPrio: 7,
} as const;
/** SchedWakeup and SchedWaking share this layout. */
export const SCHED_WAKEUP = { comm: 1, pid: 2, prio: 3, success: 4, targetCpu: 5 } as const;
export const BINDER_TRANSACTION = {
  debugId: 1,
  targetNode: 2,
  toProc: 3,
  toThread: 4,
  reply: 5,
  code: 6,
  flags: 7,
} as const;
export const BINDER_TRANSACTION_RECEIVED = { debugId: 1 } as const;
export const PRINT = { ip: 1, buf: 2 } as const;

/** Kernel task states in sched_switch.prev_state. */
export const TASK_STATE = { runnable: 0, interruptibleSleep: 1 } as const;

/** FrameTimelineEvent oneof (TracePacket field 76). */
export const FRAME_TIMELINE_EVENT = {
  expectedDisplayFrameStart: 1,
  actualDisplayFrameStart: 2,
  expectedSurfaceFrameStart: 3,
  actualSurfaceFrameStart: 4,
  frameEnd: 5,
} as const;
export const EXPECTED_DISPLAY_FRAME = { cookie: 1, token: 2, pid: 3 } as const;
export const ACTUAL_DISPLAY_FRAME = {
  cookie: 1,
  token: 2,
  pid: 3,
  presentType: 4,
  onTimeFinish: 5,
  gpuComposition: 6,
  jankType: 7,
  predictionType: 8,
} as const;
export const EXPECTED_SURFACE_FRAME = {
  cookie: 1,
  token: 2,
  displayFrameToken: 3,
  pid: 4,
  layerName: 5,
} as const;
export const ACTUAL_SURFACE_FRAME = {
  cookie: 1,
  token: 2,
  displayFrameToken: 3,
  pid: 4,
  layerName: 5,
  presentType: 6,
  onTimeFinish: 7,
  gpuComposition: 8,
  jankType: 9,
  predictionType: 10,
  isBuffer: 11,
} as const;
export const FRAME_END = { cookie: 1 } as const;

/** FrameTimelineEvent.JankType bits. */
export const JANK_TYPE = { none: 1, appDeadlineMissed: 64, bufferStuffing: 128, dropped: 1024 } as const;
export const PRESENT_TYPE = { onTime: 1, late: 2, dropped: 4 } as const;
export const PREDICTION_TYPE = { valid: 1 } as const;
