"""Cross-check of the simulated perfetto with the Python `perfetto` wheel's own protos (perfetto_trace_pb2).

  perfettoProbe.py trace FILE   parses FILE as a Trace and prints a JSON summary of what it holds
  perfettoProbe.py config       prints (hex) the host's fixed TraceConfig as the wheel serialises it
  perfettoProbe.py state FILE   parses FILE (`perfetto --query-raw` output) as a TracingServiceState, prints JSON
"""
import json
import sys
from collections import Counter

from google.protobuf.unknown_fields import UnknownFieldSet
from perfetto.protos.perfetto.trace import perfetto_trace_pb2 as pb


def trace_summary(path):
    trace = pb.Trace()
    with open(path, "rb") as handle:
        trace.ParseFromString(handle.read())
    events = Counter()
    cpus = set()
    prints = []
    binder = {"transactions": [], "received": []}
    threads = {}
    processes = {}
    clocks = []
    lost_bundles = 0
    dropped_packets = 0
    frame_timeline_packets = 0
    ftrace_phases = []
    for packet in trace.packet:
        if packet.HasField("clock_snapshot"):
            clocks.append([clock.clock_id for clock in packet.clock_snapshot.clocks])
        if packet.previous_packet_dropped:
            dropped_packets += 1
        if packet.HasField("ftrace_stats"):
            ftrace_phases.append(packet.ftrace_stats.phase)
        if packet.HasField("process_tree"):
            for process in packet.process_tree.processes:
                processes[process.pid] = list(process.cmdline)
            for thread in packet.process_tree.threads:
                threads[thread.tid] = [thread.name, thread.tgid]
        # FrameTimelineEvent (76) is an extension the wheel does not ship: it stays an unknown field.
        for field in UnknownFieldSet(packet):
            if field.field_number == 76:
                frame_timeline_packets += 1
        if packet.HasField("ftrace_events"):
            bundle = packet.ftrace_events
            cpus.add(bundle.cpu)
            if bundle.lost_events:
                lost_bundles += 1
            for event in bundle.event:
                kind = event.WhichOneof("event")
                events[kind] += 1
                if kind == "print" and len(prints) < 40:
                    prints.append(event.print.buf)
                if kind == "binder_transaction":
                    binder["transactions"].append(event.binder_transaction.debug_id)
                if kind == "binder_transaction_received":
                    binder["received"].append(event.binder_transaction_received.debug_id)
    return {
        "packets": len(trace.packet),
        "events": dict(events),
        "cpus": sorted(cpus),
        "prints": prints,
        "binder": binder,
        "processes": {str(pid): cmdline for pid, cmdline in processes.items()},
        "threads": {str(tid): value for tid, value in threads.items()},
        "clocks": clocks,
        "lost_bundles": lost_bundles,
        "dropped_packets": dropped_packets,
        "frame_timeline_packets": frame_timeline_packets,
        "ftrace_phases": ftrace_phases,
    }


def service_state(path):
    state = pb.TracingServiceState()
    with open(path, "rb") as handle:
        state.ParseFromString(handle.read())
    return {
        "num_sessions": state.num_sessions,
        "sessions": [
            {
                "id": session.id,
                "consumer_uid": session.consumer_uid,
                "state": session.state,
                "duration_ms": session.duration_ms,
                "buffer_size_kb": list(session.buffer_size_kb),
                "num_data_sources": session.num_data_sources,
                "is_started": session.is_started,
            }
            for session in state.tracing_sessions
        ],
    }


def host_config():
    config = pb.TraceConfig()
    buffer = config.buffers.add()
    buffer.size_kb = 8 * 1024
    buffer.fill_policy = pb.TraceConfig.BufferConfig.RING_BUFFER
    ftrace = config.data_sources.add().config
    ftrace.name = "linux.ftrace"
    ftrace.ftrace_config.ftrace_events.extend(
        ["sched/sched_switch", "sched/sched_wakeup", "binder/binder_transaction",
         "binder/binder_transaction_received", "ftrace/print"])
    ftrace.ftrace_config.atrace_categories.extend(["gfx", "view", "binder_driver"])
    ftrace.ftrace_config.atrace_apps.append("com.example.app")
    ftrace.ftrace_config.compact_sched.enabled = False
    stats = config.data_sources.add().config
    stats.name = "linux.process_stats"
    stats.process_stats_config.scan_all_processes_on_start = True
    config.data_sources.add().config.name = "android.surfaceflinger.frametimeline"
    config.duration_ms = 10000
    config.write_into_file = True
    config.file_write_period_ms = 1000
    config.max_file_size_bytes = 67108864
    config.unique_session_name = "trace-abc"
    return config.SerializeToString().hex()


if __name__ == "__main__":
    if sys.argv[1] == "trace":
        print(json.dumps(trace_summary(sys.argv[2])))
    elif sys.argv[1] == "state":
        print(json.dumps(service_state(sys.argv[2])))
    else:
        print(host_config())
