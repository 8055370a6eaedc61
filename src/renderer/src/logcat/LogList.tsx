// The virtualised line list: only the rows in view (plus a small margin) are in the DOM, each ROW_HEIGHT px tall,
// inside a spacer as tall as every matching row. Following keeps it at the end; scrolling up pauses; while paused
// the view stays on the same lines even as the oldest leave the ring. Space or End resumes.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useConsole } from '../store/context';

export const ROW_HEIGHT = 20;
const OVERSCAN_ROWS = 12;
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

export function LogList(props: { onTag(tag: string): void }): ReactNode {
  const model = useConsole((state) => state.logcatModel);
  const rows = useConsole((state) => state.logcat.rows);
  const version = useConsole((state) => state.logcat.version);
  const paused = useConsole((state) => state.logcat.paused);
  const pause = useConsole((state) => state.logcatPause);
  const resume = useConsole((state) => state.logcatResume);
  const ref = useRef<HTMLDivElement>(null);
  const shifted = useRef(model.shiftedRows);
  const [view, setView] = useState({ top: 0, height: 400 });

  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const observer = new ResizeObserver(() =>
      setView({ top: element.scrollTop, height: element.clientHeight }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // After each batch: to the end while following; while paused, up by the rows that left the front.
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const shift = model.shiftedRows - shifted.current;
    shifted.current = model.shiftedRows;
    if (!paused) element.scrollTop = element.scrollHeight;
    else if (shift > 0) element.scrollTop = Math.max(0, element.scrollTop - shift * ROW_HEIGHT);
    setView({ top: element.scrollTop, height: element.clientHeight });
  }, [model, version, paused, rows]);

  const onScroll = (): void => {
    const element = ref.current;
    if (element === null) return;
    setView({ top: element.scrollTop, height: element.clientHeight });
    const atEnd = element.scrollTop + element.clientHeight >= element.scrollHeight - ROW_HEIGHT;
    if (!paused && !atEnd) pause();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if ((event.key === ' ' || event.key === 'End') && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      resume();
    }
  };

  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN_ROWS);
  const last = Math.min(rows, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN_ROWS);
  const shown: ReactNode[] = [];
  for (let index = first; index < last; index += 1) {
    const line = model.row(index);
    if (line === undefined) continue;
    const { entry } = line;
    shown.push(
      <div
        key={line.seq}
        role="listitem"
        className={`log-row level-${entry.priority}${index % 2 === 1 ? ' alt' : ''}`}
        style={{ top: index * ROW_HEIGHT }}
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
          onClick={() => props.onTag(entry.tag)}
        >
          {entry.tag}
        </button>
        <span className="log-message">{entry.message}</span>
      </div>,
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
}
