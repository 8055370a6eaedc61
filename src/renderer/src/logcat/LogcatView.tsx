// The logcat viewer for the selected device: a live follow (started when shown, stopped when hidden or the device
// changes), the query box with its inline error, presets, pause/resume, the redaction toggle and its count, export of
// the filtered lines to a .txt, and the virtualised line list.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { AttachLogcatWindow } from './AttachLogcatWindow';
import { useConsole } from '../store/context';
import { IS_MAC } from '../ui/useShortcuts';
import { LOG_LIST_ID, LogList } from './LogList';
import type { LogcatStatus, TimeWindowChoice } from './logcatSlice';
import { isFocusQuery } from './shortcuts';
import './logcat.css';

const QUERY_ID = 'logcat-query';
const QUERY_DELAY_MS = 200;

const PRESETS: { label: string; query: string }[] = [
  { label: 'All', query: '' },
  { label: 'Errors', query: 'level:error' },
  { label: 'Warnings+', query: 'level:warn' },
  { label: 'Crashes', query: 'is:crash' },
];

const TIME_WINDOWS: { value: Exclude<TimeWindowChoice, 'run'>; label: string }[] = [
  { value: 'all', label: 'All time' },
  { value: '1m', label: 'Last 1 min' },
  { value: '5m', label: 'Last 5 min' },
  { value: '15m', label: 'Last 15 min' },
  { value: '1h', label: 'Last 1 h' },
];

/** The time-window presets; "Since run start" while a run is selected (it follows the selected run). */
function TimeWindowSelect(): ReactNode {
  const choice = useConsole((state) => state.logcat.timeWindow);
  const runStartMs = useConsole((state) => state.logcat.runStartMs);
  const runStart = useConsole((state) => state.activeRun?.startedAt ?? null);
  const setWindow = useConsole((state) => state.logcatSetTimeWindow);
  useEffect(() => {
    if (choice === 'run' && runStart !== runStartMs) setWindow(runStart === null ? 'all' : 'run', runStart);
  }, [choice, runStart, runStartMs, setWindow]);
  return (
    <select
      aria-label="Time window"
      value={choice}
      onChange={(event) => setWindow(event.target.value as TimeWindowChoice, runStart)}
    >
      {TIME_WINDOWS.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
      {runStart !== null && (
        <option value="run">{`Since run start (${new Date(runStart).toLocaleTimeString()})`}</option>
      )}
    </select>
  );
}

function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `query` with `term` added, or the query of that term alone when it already has one of the same key. */
function withTerm(query: string, key: string, value: string): string {
  const kept = query
    .split(/\s+/)
    .filter((token) => token !== '' && !token.startsWith(`${key}:`))
    .join(' ');
  return `${kept} ${key}:${value}`.trim();
}

const STATUS_LABELS: Record<LogcatStatus, string> = {
  idle: 'Stopped',
  starting: 'Starting\u2026',
  following: 'Following',
  ended: 'Ended',
  failed: 'Failed',
};

function StatusBadge(): ReactNode {
  const status = useConsole((state) => state.logcat.status);
  const paused = useConsole((state) => state.logcat.paused);
  const live = status === 'following' || status === 'starting';
  const tone = live ? (paused ? 'tone-warn' : 'tone-good') : status === 'idle' ? '' : 'tone-bad';
  return (
    <span className={`badge ${tone}`} role="status" aria-label="Logcat status">
      {live && paused ? 'Paused' : STATUS_LABELS[status]}
    </span>
  );
}

/** "N of M lines" and the redaction count: the only parts that change with every batch (the rest of the view does
 * not re-render for lines). */
function LineCounts(): ReactNode {
  const rows = useConsole((state) => state.logcat.lineRows);
  const total = useConsole((state) => state.logcat.total);
  const dropped = useConsole((state) => state.logcat.dropped);
  const skipped = useConsole((state) => state.logcat.skipped);
  const evicted = useConsole((state) => state.logcat.evicted);
  return (
    <span id="logcat-counts">
      {rows.toLocaleString()} of {total.toLocaleString()} lines
      {skipped > 0 && <> · {skipped.toLocaleString()} skipped (follow cap)</>}
      {dropped > 0 && <> · {dropped.toLocaleString()} dropped</>}
      {evicted > 0 && <> · {evicted.toLocaleString()} oldest left the buffer</>}
    </span>
  );
}

function RedactionCount(): ReactNode {
  const redactions = useConsole((state) => state.logcat.redactions);
  return (
    <span className="muted" aria-label="Redactions">
      {redactions.toLocaleString()} redacted
    </span>
  );
}

/** The view's state without the per-batch counts (rows only as "any"), so a batch does not re-render the view. */
function useViewState() {
  const status = useConsole((state) => state.logcat.status);
  const paused = useConsole((state) => state.logcat.paused);
  const newWhilePaused = useConsole((state) => state.logcat.newWhilePaused);
  const error = useConsole((state) => state.logcat.error);
  const queryText = useConsole((state) => state.logcat.queryText);
  const queryError = useConsole((state) => state.logcat.queryError);
  const appliedQuery = useConsole((state) => state.logcat.appliedQuery);
  const packages = useConsole((state) => state.logcat.packages);
  const redact = useConsole((state) => state.logcat.redact);
  const caveat = useConsole((state) => state.logcat.caveat);
  const timed = useConsole((state) => state.logcat.timed);
  const follow = useConsole((state) => state.logcat.follow);
  const empty = useConsole((state) => state.logcat.rows === 0);
  return {
    status,
    paused,
    newWhilePaused,
    error,
    queryText,
    queryError,
    appliedQuery,
    packages,
    redact,
    caveat,
    timed,
    follow,
    empty,
  };
}

export function LogcatView(props: { serial: string }): ReactNode {
  const logcat = useViewState();
  const start = useConsole((state) => state.logcatStart);
  const stop = useConsole((state) => state.logcatStop);
  const setQuery = useConsole((state) => state.logcatSetQuery);
  const pause = useConsole((state) => state.logcatPause);
  const resume = useConsole((state) => state.logcatResume);
  const setRedaction = useConsole((state) => state.logcatSetRedaction);
  const exportLines = useConsole((state) => state.logcatExport);
  const [draft, setDraft] = useState(logcat.queryText);
  const timer = useRef<number | undefined>(undefined);
  const queryRef = useRef<HTMLInputElement>(null);
  const { serial } = props;

  useEffect(() => {
    void start(serial);
    return () => void stop();
  }, [serial, start, stop]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (!isFocusQuery(event, IS_MAC)) return;
      event.preventDefault();
      queryRef.current?.focus();
      queryRef.current?.select();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const draftRef = useRef(draft);
  const apply = useCallback(
    (text: string, now = false): void => {
      draftRef.current = text;
      setDraft(text);
      window.clearTimeout(timer.current);
      if (now) setQuery(text);
      else timer.current = window.setTimeout(() => setQuery(text), QUERY_DELAY_MS);
    },
    [setQuery],
  );
  // Stable, so the memoised rows do not re-render for it.
  const onTag = useCallback((tag: string) => apply(withTerm(draftRef.current, 'tag', tag), true), [apply]);

  const following = logcat.status === 'following' || logcat.status === 'starting';
  const error = logcat.queryError;
  return (
    <section className="logcat-view" aria-labelledby="logcat-title">
      <div className="logcat-head">
        <h3 id="logcat-title">Logcat</h3>
        <StatusBadge />
        <span className="logcat-actions">
          {following ? (
            <button type="button" onClick={() => void stop()}>
              Stop
            </button>
          ) : (
            <button type="button" onClick={() => void start(serial)}>
              {logcat.status === 'idle' ? 'Start' : 'Restart'}
            </button>
          )}
          {logcat.paused ? (
            <button type="button" className="primary" onClick={resume} aria-keyshortcuts="Space End">
              Resume{logcat.newWhilePaused > 0 ? ` (${logcat.newWhilePaused} new)` : ''}
            </button>
          ) : (
            <button type="button" onClick={pause} disabled={!following}>
              Pause
            </button>
          )}
          <button
            type="button"
            onClick={() => {
              const file = exportLines();
              downloadText(file.fileName, file.text);
            }}
            disabled={logcat.empty}
          >
            Export .txt
          </button>
          <AttachLogcatWindow serial={props.serial} />
        </span>
      </div>
      {logcat.error !== null && (
        <p className="error-text logcat-error" role="alert">
          <strong>{logcat.error.code}</strong> {logcat.error.message}
        </p>
      )}
      <div className="logcat-query-row">
        <label htmlFor={QUERY_ID}>Query</label>
        <input
          ref={queryRef}
          id={QUERY_ID}
          type="search"
          spellCheck={false}
          autoComplete="off"
          value={draft}
          placeholder="level:warn tag:ActivityManager -tag:Choreographer package:com.example is:crash"
          aria-invalid={error !== null}
          aria-describedby={error !== null ? 'logcat-query-error' : undefined}
          aria-keyshortcuts={IS_MAC ? 'Meta+F' : 'Control+F'}
          onChange={(event) => apply(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') apply(draft, true);
            if (event.key === 'Escape') document.getElementById(LOG_LIST_ID)?.focus();
          }}
        />
        <span className="logcat-presets" role="group" aria-label="Query presets">
          {PRESETS.map((preset) => (
            <button
              key={preset.label}
              type="button"
              className={`ghost ${logcat.appliedQuery === preset.query ? 'active' : ''}`}
              onClick={() => apply(preset.query, true)}
            >
              {preset.label}
            </button>
          ))}
          <select
            aria-label="Package preset"
            value=""
            onChange={(event) => {
              if (event.target.value !== '') apply(withTerm(draft, 'package', event.target.value), true);
            }}
          >
            <option value="">{'Package\u2026'}</option>
            {logcat.packages.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <TimeWindowSelect />
        </span>
      </div>
      {error !== null && (
        <p id="logcat-query-error" className="error-text logcat-query-error" role="alert">
          {`${error.message} (at \u201c${error.token}\u201d; still showing `}
          {logcat.appliedQuery === '' ? 'every line' : `\u201c${logcat.appliedQuery}\u201d`})
        </p>
      )}
      {logcat.timed && logcat.follow !== null && logcat.follow.deviceClock === null && (
        <p className="error-text logcat-query-error" role="alert">
          age: and time windows need the device clock, which this follow could not read (date &apos;+%s
          %z&apos; failed): they keep every line.
        </p>
      )}
      <div className="logcat-counts">
        <LineCounts />
        <label className="logcat-redact" title={logcat.caveat}>
          <input
            type="checkbox"
            checked={logcat.redact}
            onChange={(event) => void setRedaction(event.target.checked)}
          />
          Redact secrets <span className="muted">(best effort)</span>
        </label>
        <RedactionCount />
      </div>
      <LogList onTag={onTag} />
      <p className="hint logcat-hint">
        Scroll up to pause; Space or End resumes. {logcat.caveat} Lines already shown keep the redaction they
        were read with.
      </p>
    </section>
  );
}
