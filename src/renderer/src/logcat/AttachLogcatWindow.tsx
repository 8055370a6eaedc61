// "Attach to run…" for the logcat viewer: the visible window (the lines the query shows, redacted as they were
// shown) as an attachment of a run of the same device. The newest lines are kept when the window is larger than
// one attachment carries, and the attachment says how many were left out.
import type { ReactNode } from 'react';
import { MAX_ATTACHED_LOG_LINES } from '../../../shared/api/evidence';
import { AttachToRunButton, type AttachmentDraft } from '../runs/AttachToRun';
import { useConsole } from '../store/context';

/** The browser console's request bodies are bounded (100 KiB): the attached lines stay under this many bytes. */
export const ATTACHED_LOG_BUDGET_BYTES = 80 * 1024;

/** The export text's `# ` header lines and log lines apart, the log lines cut to the newest that fit. */
export function windowLines(text: string): { header: string[]; lines: string[]; leftOut: number } {
  const all = text.split('\n').filter((line) => line !== '');
  let headerLines = 0;
  while (all[headerLines]?.startsWith('# ') === true) headerLines += 1;
  const header = all.slice(0, headerLines).map((line) => line.slice(2));
  let lines = all.slice(headerLines).slice(-MAX_ATTACHED_LOG_LINES);
  let bytes = lines.reduce((sum, line) => sum + line.length + 4, 0);
  let start = 0;
  while (bytes > ATTACHED_LOG_BUDGET_BYTES && start < lines.length) {
    bytes -= (lines[start]?.length ?? 0) + 4;
    start += 1;
  }
  lines = lines.slice(start);
  return { header, lines, leftOut: all.length - headerLines - lines.length };
}

export function AttachLogcatWindow(props: { serial: string }): ReactNode {
  const logcat = useConsole((state) => state.logcat);
  const exportLines = useConsole((state) => state.logcatExport);
  const draft = (): AttachmentDraft => {
    const file = exportLines();
    const { header, lines, leftOut } = windowLines(file.text);
    return {
      kind: 'logcat',
      title: 'Logcat window',
      tool: 'logcat_viewer',
      arguments: { query: logcat.appliedQuery, redact: logcat.redact },
      serial: props.serial,
      takenAt: new Date().toISOString(),
      status: leftOut > 0 || logcat.dropped > 0 || logcat.evicted > 0 ? 'partial' : 'complete',
      answer: {
        header,
        lines,
        line_count: lines.length,
        left_out: leftOut,
        dropped: logcat.dropped,
        evicted: logcat.evicted,
        redact: logcat.redact,
        redactions: logcat.redactions,
        caveat: logcat.caveat,
      },
    };
  };
  return <AttachToRunButton draft={draft} disabled={logcat.rows === 0} className="" />;
}
