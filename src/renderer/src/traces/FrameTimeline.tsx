// The frame timeline: doFrame slices as bars against the frame budget line (over budget in the warning colour),
// FrameTimeline frames as ticks below (janky ones marked), and the example picked in the findings as a cursor.
import type { ReactNode } from 'react';
import type { TraceReport } from '../../../shared/trace/report';
import { summarizeFrames, timeSpan } from './reportSummary';

const WIDTH = 1000;
const BAR_TOP = 8;
const BAR_HEIGHT = 100;
const TICK_TOP = 122;
const TICK_HEIGHT = 16;
const HEIGHT = 150;

/** A trace timestamp as the findings' examples show it (seconds, 3 decimals). */
function seconds(ns: number): string {
  return `${(ns / 1e9).toFixed(3)} s`;
}

export function FrameTimeline(props: { report: TraceReport; cursorNs: number | null }): ReactNode {
  const { report, cursorNs } = props;
  const span = timeSpan(report);
  const summary = summarizeFrames(report.frames);
  const budget = report.frame_budget_ms;
  const scaleMs = Math.max(budget * 3, summary.longestMs ?? 0);
  const x = (ns: number): number =>
    span === null ? 0 : ((ns - span.startNs) / (span.endNs - span.startNs)) * WIDTH;
  const barHeight = (ms: number): number => (Math.min(ms, scaleMs) / scaleMs) * BAR_HEIGHT;
  const budgetY = BAR_TOP + BAR_HEIGHT - barHeight(budget);
  const description =
    `${summary.doFrames} doFrame slices, ${summary.overBudget} over the ${budget} ms budget` +
    (summary.longestMs === null ? '' : ` (longest ${summary.longestMs.toFixed(1)} ms)`) +
    `; ${summary.timelineFrames} FrameTimeline frames, ${summary.timelineJanky} late, dropped or janky.` +
    (cursorNs === null ? '' : ` Cursor at ${seconds(cursorNs)}.`);
  return (
    <figure className="trace-timeline">
      <div className="trace-frame-summary" aria-label="Frame summary">
        <span>
          <strong>{summary.overBudget}</strong> of {summary.doFrames} doFrame over {budget} ms
        </span>
        <span>
          <strong>{summary.timelineJanky}</strong> of {summary.timelineFrames} FrameTimeline frames janky
        </span>
        {summary.flags.map(([flag, count]) => (
          <span key={flag} className="trace-flag">
            {flag}: {count}
          </span>
        ))}
        {cursorNs !== null && <span className="trace-cursor-label">cursor at {seconds(cursorNs)}</span>}
      </div>
      {report.frames.length === 0 && (
        <p className="muted">No frames recorded (no doFrame slices or FrameTimeline events in this trace).</p>
      )}
      {span !== null && (
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`Frame timeline: ${description}`}
          className="trace-timeline-svg"
        >
          <rect x={0} y={BAR_TOP} width={WIDTH} height={BAR_HEIGHT} className="lane" />
          <rect x={0} y={TICK_TOP} width={WIDTH} height={TICK_HEIGHT} className="lane" />
          {report.frames.map((frame, index) =>
            frame.source === 'do_frame' ? (
              <rect
                key={index}
                x={x(frame.ts_ns)}
                width={Math.max(1.5, x(frame.ts_ns + (frame.duration_ms ?? 0) * 1e6) - x(frame.ts_ns))}
                y={BAR_TOP + BAR_HEIGHT - barHeight(frame.duration_ms ?? 0)}
                height={barHeight(frame.duration_ms ?? 0)}
                className={frame.janky ? 'bar janky' : 'bar'}
              />
            ) : (
              <rect
                key={index}
                x={x(frame.ts_ns)}
                width={2}
                y={TICK_TOP}
                height={TICK_HEIGHT}
                className={frame.janky ? 'tick janky' : 'tick'}
              />
            ),
          )}
          <line x1={0} x2={WIDTH} y1={budgetY} y2={budgetY} className="budget" />
          {cursorNs !== null && (
            <line x1={x(cursorNs)} x2={x(cursorNs)} y1={0} y2={HEIGHT} className="cursor" />
          )}
        </svg>
      )}
      <figcaption className="hint">
        Bars: doFrame slice length (dashed line: the {budget} ms budget; bars above {scaleMs.toFixed(0)} ms
        are cut). Ticks: FrameTimeline frames; coloured ones are late, dropped or janky. A long doFrame is not
        by itself a dropped frame, and the two counts overlap: they are not unique dropped frames.
        {report.frames_truncated ? ' Only the first 2000 frames are drawn.' : ''}
      </figcaption>
    </figure>
  );
}
