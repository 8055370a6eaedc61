// The frame every purpose-made Diagnostics view shares: title, status word (complete/partial/failed/timed_out,
// running, cancelled), when the answer was taken, Refresh (R while focus is in the view) and Cancel, the answer's
// caveats and what it left out, and a structured error. The body shows only once there is an answer.
import type { KeyboardEvent, ReactNode } from 'react';
import type { AppError } from '../../../shared/errors';
import { AttachToRunButton, type AttachmentDraft } from '../runs/AttachToRun';
import { useConsole } from '../store/context';
import { formatRunTime } from '../ui/time';
import { caveatsOf, errorStatusOf } from './outcome';
import type { Probe } from './useProbe';
import { answerStatus, truncationOf } from './viewData';

export type ViewStatus = 'complete' | 'partial' | 'failed' | 'timed_out' | 'running' | 'cancelled';

const TONE: Record<ViewStatus, string> = {
  complete: 'tone-good',
  partial: 'tone-warn',
  failed: 'tone-bad',
  timed_out: 'tone-bad',
  running: '',
  cancelled: 'tone-warn',
};

/** What the probe's badge says: running, then cancelled, then the failure's or the answer's status word. */
export function probeStatus(probe: Probe): ViewStatus | undefined {
  const card = probe.card;
  if (card === undefined) return undefined;
  if (card.running) return 'running';
  if (card.cancelled === true) return 'cancelled';
  if (card.error !== undefined) return errorStatusOf(card.error);
  if (card.run === undefined) return undefined;
  return answerStatus(card.run.result) ?? 'complete';
}

function inTextField(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export function StatusBadge(props: { status: ViewStatus | undefined; label?: string }): ReactNode {
  if (props.status === undefined) return null;
  return (
    <span className={`badge ${TONE[props.status]}`} aria-label={props.label ?? 'Status'}>
      {props.status === 'timed_out' ? 'timed out' : props.status}
    </span>
  );
}

/** A tool error as the console shows it: code, message, and the rule a refusal names. */
export function ErrorNote(props: { error: AppError }): ReactNode {
  const { error } = props;
  const rule = error.details?.['rule'];
  return (
    <div className="error-text view-error" role="alert">
      <strong>{error.code}</strong> {error.message}
      {typeof rule === 'string' && <div className="muted">Rule: {rule}</div>}
    </div>
  );
}

export function ViewFrame(props: {
  id: string;
  title: string;
  /** The probes behind the view; the first one's answer gives the time, caveats and status. */
  probes: readonly Probe[];
  /** Refreshes every probe (default); a view with arguments passes its own. */
  onRefresh?: () => void;
  /** Controls shown next to Refresh (a package picker, a filter). */
  controls?: ReactNode;
  /** A form shown whether or not there is an answer yet (the raw browser's query). */
  form?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
}): ReactNode {
  const { id, title, probes, controls, form, children, wide } = props;
  const [main] = probes;
  const card = main?.card;
  const run = card?.run;
  const running = probes.some((probe) => probe.card?.running === true);
  const cancelling = probes.some((probe) => probe.card?.cancelling === true);
  const refresh = props.onRefresh ?? (() => probes.forEach((probe) => probe.refresh()));
  const cancel = (): void => probes.forEach((probe) => probe.card?.running === true && probe.cancel());
  const status = main === undefined ? undefined : probeStatus(main);
  const serial = useConsole((state) => state.targetSerial);
  // What "Attach to run…" stores: every probe's answer as shown, with its time, status, tool and arguments.
  const draft = (): AttachmentDraft | null => {
    if (main === undefined || run === undefined || serial === null) return null;
    return {
      kind: 'diagnostic',
      title,
      tool: main.tool,
      arguments: main.card?.args ?? {},
      serial,
      takenAt: run.taken_at,
      status: status ?? 'complete',
      answer: {
        view: id,
        probes: probes.map((probe) => ({
          probe: probe.probe,
          tool: probe.tool,
          arguments: probe.card?.args ?? {},
          status: probeStatus(probe) ?? null,
          taken_at: probe.card?.run?.taken_at ?? null,
          result: probe.card?.run?.result ?? null,
          error: probe.card?.error ?? null,
        })),
      },
    };
  };
  const caveats = run === undefined ? [] : caveatsOf(run.result);
  const cut = run === undefined ? [] : truncationOf(run.result);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key !== 'r' && event.key !== 'R') return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || inTextField(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    refresh();
  };
  return (
    <section
      className={`tool-card diag-view${wide === true ? ' wide' : ''}`}
      aria-labelledby={`view-${id}-title`}
      data-view={id}
      onKeyDown={onKeyDown}
    >
      <header className="tool-card-head">
        <h3 id={`view-${id}-title`}>{title}</h3>
        <StatusBadge status={status} />
      </header>
      <div className="view-bar">
        {run !== undefined ? (
          <span className="muted view-taken">
            Taken at <time dateTime={run.taken_at}>{formatRunTime(run.taken_at, new Date())}</time>
          </span>
        ) : (
          <span className="muted view-taken">{running ? 'Taking\u2026' : 'Not taken yet'}</span>
        )}
        {controls}
        <button type="button" className="ghost" onClick={refresh} aria-keyshortcuts="R" title="Refresh (R)">
          Refresh
        </button>
        <AttachToRunButton draft={draft} disabled={run === undefined || running || serial === null} />
        {running && (
          <button type="button" className="ghost" onClick={cancel} disabled={cancelling}>
            {cancelling ? 'Cancelling\u2026' : 'Cancel'}
          </button>
        )}
      </div>
      {form}
      {card?.cancelled === true && (
        <p className="muted view-cancelled" role="status">
          Cancelled: the device commands were stopped
          {run === undefined ? '; nothing was taken.' : '; showing the answer taken before.'}
        </p>
      )}
      {card?.error !== undefined && <ErrorNote error={card.error} />}
      {card?.fieldError !== undefined && (
        <p className="error-text" role="alert">
          {card.fieldError.message}
        </p>
      )}
      {run !== undefined && children}
      {cut.length > 0 && (
        <ul className="view-truncation" aria-label="Left out">
          {cut.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {caveats.length > 0 && (
        <ul className="tool-caveats" aria-label="Caveats">
          {caveats.map((caveat) => (
            <li key={caveat}>{caveat}</li>
          ))}
        </ul>
      )}
      {run !== undefined && (
        <details className="view-raw">
          <summary>Raw JSON</summary>
          <pre className="tool-raw">{JSON.stringify(run.result, null, 2)}</pre>
        </details>
      )}
    </section>
  );
}

/** A definition list of facts; a fact that was not observed is left out, never filled in. */
export function Facts(props: {
  label: string;
  facts: ReadonlyArray<[string, ReactNode | undefined]>;
}): ReactNode {
  const shown = props.facts.filter(([, value]) => value !== undefined && value !== '');
  if (shown.length === 0) return null;
  return (
    <dl className="tool-summary" aria-label={props.label}>
      {shown.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A secondary probe's own state when it is not a plain answer: running, cancelled, or its error. */
export function ProbeNote(props: { probe: Probe; what: string }): ReactNode {
  const { probe, what } = props;
  const status = probeStatus(probe);
  if (status === undefined || status === 'complete') return null;
  const error = probe.card?.error;
  return (
    <p className="muted view-note" data-probe={probe.probe}>
      {what}: <StatusBadge status={status} label={`${what} status`} />
      {error !== undefined && (
        <span className="error-text">
          {' '}
          <strong>{error.code}</strong> {error.message}
        </span>
      )}
    </p>
  );
}
