// The virtualised line list: only the rows in view (plus a small margin) are in the DOM, each ROW_HEIGHT px tall,
// inside a spacer as tall as every matching row. Following keeps it at the end; scrolling up pauses; while paused
// the view stays on the same lines even as the oldest leave the ring. Space or End resumes.
import {
  memo,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { RingLine } from './ring';
import { useConsole } from '../store/context';

export const ROW_HEIGHT = 20;
const OVERSCAN_ROWS = 6;
export const LOG_LIST_ID = 'logcat-lines';

const LEVEL_NAMES: Record<string, string> = {
  V: 'verbose',
  D: 'debug',
  I: 'info',
  W: 'warning',
  E: 'error',
  F: 'fatal',
  S: 'silent',
};

interface RowProps {
  line: RingLine;
  top: number;
  alt: boolean;
  onTag(tag: string): void;
}

/** One line; memoised, so appending lines re-renders only the new rows. */
const Row = memo(function Row({ line, top, alt, onTag }: RowProps): ReactNode {
  const { entry } = line;
  if (line.skipped !== undefined)
    return (
      <div role="listitem" className="log-row log-skip" style={{ top }} aria-label={entry.message}>
        <span className="log-skip-text">{entry.message}</span>
      </div>
    );
  return (
    <div
      role="listitem"
      className={`log-row level-${entry.priority}${alt ? ' alt' : ''}`}
      style={{ top }}
      title={entry.message}
    >
      <span className="log-time">{entry.time}</span>
      <span className="log-pid">{entry.pid}</span>
      <span className="log-tid">{entry.tid}</span>
      <abbr className="log-level" title={LEVEL_NAMES[entry.priority]}>
        {entry.priority}
      </abbr>
      <button
        type="button"
        className="log-tag"
        tabIndex={-1}
        title={`Filter by tag:${entry.tag}`}
        onClick={() => onTag(entry.tag)}
      >
        {entry.tag}
      </button>
      <span className="log-message">{entry.message}</span>
    </div>
  );
});

export const LogList = memo(function LogList(props: { onTag(tag: string): void }): ReactNode {
  const model = useConsole((state) => state.logcatModel);
  const rows = useConsole((state) => state.logcat.rows);
  const version = useConsole((state) => state.logcat.version);
  const paused = useConsole((state) => state.logcat.paused);
  const pause = useConsole((state) => state.logcatPause);
  const resume = useConsole((state) => state.logcatResume);
  const ref = useRef<HTMLDivElement>(null);
  const shifted = useRef(model.shiftedRows);
  // Primitives, so an unchanged value never re-renders; while following the top is derived, not stored.
  const [pausedTop, setPausedTop] = useState(0);
  const [height, setHeight] = useState(400);

  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // After each batch: to the end while following; while paused, up by the rows that left the front.
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const shift = model.shiftedRows - shifted.current;
    shifted.current = model.shiftedRows;
    // The end is known without asking the DOM (reading scrollHeight would force a layout): the browser clamps.
    if (!paused) element.scrollTop = rows * ROW_HEIGHT;
    else if (shift > 0) {
      element.scrollTop = Math.max(0, element.scrollTop - shift * ROW_HEIGHT);
      setPausedTop(element.scrollTop);
    }
  }, [model, version, paused, rows]);

  const onScroll = (): void => {
    const element = ref.current;
    if (element === null) return;
    const atEnd = element.scrollTop + element.clientHeight >= element.scrollHeight - ROW_HEIGHT;
    if (paused || !atEnd) setPausedTop(element.scrollTop);
    if (!paused && !atEnd) pause();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if ((event.key === ' ' || event.key === 'End') && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      resume();
    }
  };

  const top = paused ? pausedTop : Math.max(0, rows * ROW_HEIGHT - height);
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN_ROWS);
  const last = Math.min(rows, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN_ROWS);
  const shown: ReactNode[] = [];
  for (let index = first; index < last; index += 1) {
    const line = model.row(index);
    if (line === undefined) continue;
    // Keyed by slot (index modulo the rows in the DOM), not by line: as the view moves on, a slot's element is
    // reused with the new line's text instead of being removed and created again.
    shown.push(
      <Row
        key={index % (last - first)}
        line={line}
        top={index * ROW_HEIGHT}
        alt={index % 2 === 1}
        onTag={props.onTag}
      />,
    );
  }

  return (
    <div
      ref={ref}
      id={LOG_LIST_ID}
      className="log-list"
      role="list"
      aria-label="Logcat lines"
      aria-describedby="logcat-counts"
      aria-keyshortcuts="Space End"
      tabIndex={0}
      onScroll={onScroll}
      onWheel={(event) => {
        if (event.deltaY < 0 && !paused) pause();
      }}
      onKeyDown={onKeyDown}
    >
      <div className="log-spacer" style={{ height: rows * ROW_HEIGHT }}>
        {shown}
      </div>
    </div>
  );
});
