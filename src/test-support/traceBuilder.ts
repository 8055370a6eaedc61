// Test-only raw Perfetto trace generator: packets written field by field (the simulator's MessageWriter), so tests
// can inject anomalies (late switches, long slices, slow binder delivery, loss markers, compression, odd clocks).
import { MessageWriter, encodeMessage } from '../simulator/perfetto/wire';

export const MS = 1_000_000;

type Build = (message: MessageWriter) => void;

export type FtraceEventSpec =
  | {
      ts: number;
      kind: 'switch';
      prevComm?: string;
      prevPid: number;
      prevState: number;
      nextComm?: string;
      nextPid: number;
    }
  | { ts: number; kind: 'wakeup'; pid: number; comm?: string; success?: number }
  | { ts: number; kind: 'print'; tid: number; buf: string }
  | {
      ts: number;
      kind: 'binder_send';
      tid: number;
      debugId: number;
      toProc: number;
      reply?: boolean;
      flags?: number;
    }
  | { ts: number; kind: 'binder_recv'; tid: number; debugId: number };

function ftraceEvent(spec: FtraceEventSpec): Build {
  return (event) => {
    event.varint(1, spec.ts);
    switch (spec.kind) {
      case 'switch':
        event.message(4, (body) => {
          body
            .string(1, spec.prevComm ?? `t${spec.prevPid}`)
            .varint(2, spec.prevPid)
            .varint(4, spec.prevState);
          body.string(5, spec.nextComm ?? `t${spec.nextPid}`).varint(6, spec.nextPid);
        });
        break;
      case 'wakeup':
        event.message(17, (body) => {
          body
            .string(1, spec.comm ?? `t${spec.pid}`)
            .varint(2, spec.pid)
            .varint(4, spec.success ?? 1);
        });
        break;
      case 'print':
        event.varint(2, spec.tid).message(3, (body) => body.string(2, spec.buf));
        break;
      case 'binder_send':
        event.varint(2, spec.tid).message(50, (body) => {
          body
            .varint(1, spec.debugId)
            .varint(3, spec.toProc)
            .varint(5, spec.reply ? 1 : 0)
            .varint(7, spec.flags ?? 0);
        });
        break;
      case 'binder_recv':
        event.varint(2, spec.tid).message(51, (body) => body.varint(1, spec.debugId));
        break;
    }
  };
}

/** Accumulates TracePackets; bytes() gives the raw trace (repeated Trace.packet = 1). */
export class TraceBuilder {
  private readonly packets: Buffer[] = [];

  packet(build: Build): this {
    this.packets.push(encodeMessage(build));
    return this;
  }

  ftrace(cpu: number, events: FtraceEventSpec[], extra?: Build): this {
    return this.packet((packet) =>
      packet.message(1, (bundle) => {
        bundle.varint(1, cpu);
        for (const event of events) bundle.message(2, ftraceEvent(event));
        extra?.(bundle);
      }),
    );
  }

  processTree(
    processes: { pid: number; cmdline: string }[],
    threads: { tid: number; name: string; tgid: number }[],
  ): this {
    return this.packet((packet) =>
      packet.message(2, (tree) => {
        for (const process of processes)
          tree.message(1, (p) => p.varint(1, process.pid).string(3, process.cmdline));
        for (const thread of threads) {
          tree.message(2, (t) => t.varint(1, thread.tid).string(2, thread.name).varint(3, thread.tgid));
        }
      }),
    );
  }

  /** An actual display frame (FrameTimelineEvent field 2). */
  displayFrame(
    ts: number,
    frame: { token: number; pid: number; presentType: number; jankType: number },
  ): this {
    return this.packet((packet) =>
      packet
        .varint(8, ts)
        .message(76, (timeline) =>
          timeline.message(2, (f) =>
            f
              .varint(2, frame.token)
              .varint(3, frame.pid)
              .varint(4, frame.presentType)
              .varint(7, frame.jankType),
          ),
        ),
    );
  }

  /** previous_packet_dropped, with a timestamp (located) or without (a sequence-start flag). */
  loss(ts?: number): this {
    return this.packet((packet) => {
      if (ts !== undefined) packet.varint(8, ts);
      packet.varint(42, 1);
    });
  }

  raw(bytes: Uint8Array): this {
    this.packets.push(Buffer.from(bytes));
    return this;
  }

  /** The size bytes() would have now: each packet with its tag (1 byte) and length varint. */
  byteLength(): number {
    let total = 0;
    for (const packet of this.packets) {
      let prefix = 1;
      for (let length = packet.length; length >= 0x80; length >>>= 7) prefix++;
      total += 1 + prefix + packet.length;
    }
    return total;
  }

  bytes(): Buffer {
    const trace = new MessageWriter();
    for (const packet of this.packets) trace.bytes(1, packet);
    return trace.finish();
  }
}
