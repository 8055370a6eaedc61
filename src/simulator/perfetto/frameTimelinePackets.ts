// FrameTimeline packets (TracePacket.frame_timeline_event, field 76): one start packet per expected or actual
// display and surface frame, keyed by cookie, and the frame_end that closes it; as SurfaceFlinger writes them.
import type { FrameInterval } from './activity';
import {
  ACTUAL_DISPLAY_FRAME,
  ACTUAL_SURFACE_FRAME,
  EXPECTED_DISPLAY_FRAME,
  EXPECTED_SURFACE_FRAME,
  FRAME_END,
  FRAME_TIMELINE_EVENT,
  PREDICTION_TYPE,
  TRACE_PACKET_FIELD,
} from './schema';
import { SEQUENCE } from './packetSequences';
import { encodeMessage } from './wire';

/** SurfaceFlinger's pid: the trusted producer of FrameTimeline packets. */
const SURFACEFLINGER_PRODUCER_PID = 566;

export function frameStart(frame: FrameInterval, cookie: number): Buffer {
  return encodeMessage((message) =>
    message
      .varint(TRACE_PACKET_FIELD.timestamp, frame.startNs)
      .message(TRACE_PACKET_FIELD.frameTimelineEvent, (event) => {
        switch (frame.kind) {
          case 'expectedDisplay':
            event.message(FRAME_TIMELINE_EVENT.expectedDisplayFrameStart, (body) =>
              body
                .varint(EXPECTED_DISPLAY_FRAME.cookie, cookie)
                .varint(EXPECTED_DISPLAY_FRAME.token, frame.token)
                .varint(EXPECTED_DISPLAY_FRAME.pid, frame.pid),
            );
            break;
          case 'actualDisplay':
            event.message(FRAME_TIMELINE_EVENT.actualDisplayFrameStart, (body) =>
              body
                .varint(ACTUAL_DISPLAY_FRAME.cookie, cookie)
                .varint(ACTUAL_DISPLAY_FRAME.token, frame.token)
                .varint(ACTUAL_DISPLAY_FRAME.pid, frame.pid)
                .varint(ACTUAL_DISPLAY_FRAME.presentType, frame.presentType)
                .bool(ACTUAL_DISPLAY_FRAME.onTimeFinish, frame.onTimeFinish)
                .bool(ACTUAL_DISPLAY_FRAME.gpuComposition, false)
                .varint(ACTUAL_DISPLAY_FRAME.jankType, frame.jankType)
                .varint(ACTUAL_DISPLAY_FRAME.predictionType, PREDICTION_TYPE.valid),
            );
            break;
          case 'expectedSurface':
            event.message(FRAME_TIMELINE_EVENT.expectedSurfaceFrameStart, (body) =>
              body
                .varint(EXPECTED_SURFACE_FRAME.cookie, cookie)
                .varint(EXPECTED_SURFACE_FRAME.token, frame.token)
                .varint(EXPECTED_SURFACE_FRAME.displayFrameToken, frame.displayToken)
                .varint(EXPECTED_SURFACE_FRAME.pid, frame.pid)
                .string(EXPECTED_SURFACE_FRAME.layerName, frame.layerName),
            );
            break;
          case 'actualSurface':
            event.message(FRAME_TIMELINE_EVENT.actualSurfaceFrameStart, (body) =>
              body
                .varint(ACTUAL_SURFACE_FRAME.cookie, cookie)
                .varint(ACTUAL_SURFACE_FRAME.token, frame.token)
                .varint(ACTUAL_SURFACE_FRAME.displayFrameToken, frame.displayToken)
                .varint(ACTUAL_SURFACE_FRAME.pid, frame.pid)
                .string(ACTUAL_SURFACE_FRAME.layerName, frame.layerName)
                .varint(ACTUAL_SURFACE_FRAME.presentType, frame.presentType)
                .bool(ACTUAL_SURFACE_FRAME.onTimeFinish, frame.onTimeFinish)
                .bool(ACTUAL_SURFACE_FRAME.gpuComposition, false)
                .varint(ACTUAL_SURFACE_FRAME.jankType, frame.jankType)
                .varint(ACTUAL_SURFACE_FRAME.predictionType, PREDICTION_TYPE.valid)
                .bool(ACTUAL_SURFACE_FRAME.isBuffer, true),
            );
            break;
        }
      })
      .varint(TRACE_PACKET_FIELD.trustedPacketSequenceId, SEQUENCE.frameTimeline)
      .varint(TRACE_PACKET_FIELD.trustedPid, SURFACEFLINGER_PRODUCER_PID),
  );
}

export function frameEnd(frame: FrameInterval, cookie: number): Buffer {
  return encodeMessage((message) =>
    message
      .varint(TRACE_PACKET_FIELD.timestamp, frame.endNs)
      .message(TRACE_PACKET_FIELD.frameTimelineEvent, (event) =>
        event.message(FRAME_TIMELINE_EVENT.frameEnd, (body) => body.varint(FRAME_END.cookie, cookie)),
      )
      .varint(TRACE_PACKET_FIELD.trustedPacketSequenceId, SEQUENCE.frameTimeline)
      .varint(TRACE_PACKET_FIELD.trustedPid, SURFACEFLINGER_PRODUCER_PID),
  );
}
