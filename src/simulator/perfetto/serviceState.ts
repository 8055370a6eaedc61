// What traced tells about itself: the producers and data sources a device of an API level offers, its version, and
// TracingServiceState as `perfetto --query-raw` prints it (with the sessions the shell uid started).
import {
  DATA_SOURCE_DESCRIPTOR,
  SERVICE_DATA_SOURCE,
  SERVICE_PRODUCER,
  SERVICE_TRACING_SESSION,
  TRACING_SERVICE_STATE,
} from './schema';
import type { TraceConfig } from './traceConfig';
import { FRAME_TIMELINE_SOURCE, FTRACE_SOURCE, PROCESS_STATS_SOURCE } from './traceWriter';
import { encodeMessage } from './wire';

/** AID_SHELL: every session here is started from adb shell. */
const SHELL_UID = 2000;

export interface Producer {
  id: number;
  name: string;
  pid: number;
  uid: number;
  sources: string[];
  minSdk: number;
}

const PRODUCERS: readonly Producer[] = [
  {
    id: 1,
    name: 'perfetto.traced_probes',
    pid: 595,
    uid: 9999,
    minSdk: 28,
    sources: [
      FTRACE_SOURCE,
      PROCESS_STATS_SOURCE,
      'linux.sys_stats',
      'linux.inode_file_map',
      'android.power',
      'android.log',
      'android.packages_list',
      'linux.system_info',
    ],
  },
  { id: 2, name: 'perfetto.heapprofd', pid: 1602, uid: 9999, minSdk: 29, sources: ['android.heapprofd'] },
  { id: 3, name: 'perfetto.traced_perf', pid: 1603, uid: 9999, minSdk: 31, sources: ['linux.perf'] },
  { id: 4, name: 'surfaceflinger', pid: 566, uid: 1000, minSdk: 31, sources: [FRAME_TIMELINE_SOURCE] },
];

/** The producers running on a device of API level `sdk`. */
export function producersFor(sdk: number): Producer[] {
  return PRODUCERS.filter((producer) => sdk >= producer.minSdk);
}

/** traced's version string on API level `sdk` (`perfetto --version`, and each producer's sdk_version). */
export function serviceVersionFor(sdk: number): string {
  const version =
    sdk >= 35 ? 'v46.0' : sdk >= 34 ? 'v38.0' : sdk >= 33 ? 'v30.0' : sdk >= 31 ? 'v18.0' : 'v9.0';
  return `Perfetto ${version} (android)`;
}

/** A session as --query-raw lists it. */
export interface ListedSession {
  id: number;
  /** The file cap ended it; it waits for --attach. */
  disabled: boolean;
  config: TraceConfig;
  startRealtimeNs: number;
}

export function encodeServiceState(input: {
  producers: readonly Producer[];
  version: string;
  sessions: readonly ListedSession[];
  sessionsStarted: number;
}): Buffer {
  const { producers, version } = input;
  return encodeMessage((message) => {
    for (const producer of producers)
      message.message(TRACING_SERVICE_STATE.producers, (entry) =>
        entry
          .varint(SERVICE_PRODUCER.id, producer.id)
          .string(SERVICE_PRODUCER.name, producer.name)
          .varint(SERVICE_PRODUCER.uid, producer.uid)
          .string(SERVICE_PRODUCER.sdkVersion, version)
          .varint(SERVICE_PRODUCER.pid, producer.pid),
      );
    let id = 1;
    for (const producer of producers)
      for (const name of producer.sources)
        message.message(TRACING_SERVICE_STATE.dataSources, (entry) =>
          entry
            .message(SERVICE_DATA_SOURCE.dsDescriptor, (descriptor) =>
              descriptor.string(DATA_SOURCE_DESCRIPTOR.name, name).varint(DATA_SOURCE_DESCRIPTOR.id, id++),
            )
            .varint(SERVICE_DATA_SOURCE.producerId, producer.id),
        );
    // The shell uid sees the sessions it started (traced lists a consumer's own sessions to it).
    for (const session of input.sessions)
      message.message(TRACING_SERVICE_STATE.tracingSessions, (entry) => {
        entry
          .varint(SERVICE_TRACING_SESSION.id, session.id)
          .varint(SERVICE_TRACING_SESSION.consumerUid, SHELL_UID)
          .string(SERVICE_TRACING_SESSION.state, session.disabled ? 'DISABLED' : 'STARTED');
        if (session.config.uniqueSessionName)
          entry.string(SERVICE_TRACING_SESSION.uniqueSessionName, session.config.uniqueSessionName);
        for (const buffer of session.config.buffers)
          entry.varint(SERVICE_TRACING_SESSION.bufferSizeKb, buffer.sizeKb);
        entry
          .varint(SERVICE_TRACING_SESSION.durationMs, session.config.durationMs)
          .varint(SERVICE_TRACING_SESSION.numDataSources, session.config.dataSources.length)
          .varint(SERVICE_TRACING_SESSION.startRealtimeNs, session.startRealtimeNs)
          .bool(SERVICE_TRACING_SESSION.isStarted, true);
      });
    message
      .varint(TRACING_SERVICE_STATE.numSessions, input.sessions.length)
      .varint(TRACING_SERVICE_STATE.numSessionsStarted, input.sessionsStarted)
      .string(TRACING_SERVICE_STATE.tracingServiceVersion, version)
      .bool(TRACING_SERVICE_STATE.supportsTracingSessions, true);
  });
}
