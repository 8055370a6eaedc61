// The report as a file: JSON exactly as the tool returned it, or one self-contained HTML page (text escaped).
import { COVERAGE_KEYS, FINDING_GROUPS, type TraceReport } from '../../../shared/trace/report';
import { FINDING_LABELS, headline, summarizeFrames } from './reportSummary';
import { saveBlob } from '../ui/saveBlob';

export function reportJson(traceId: string, device: string, report: TraceReport): string {
  return `${JSON.stringify({ trace_id: traceId, device, report }, null, 2)}\n`;
}

function escape(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function table(head: string[], rows: Array<Array<string | number | null>>): string {
  const cells = (row: Array<string | number | null>, tag: 'td' | 'th'): string =>
    row.map((cell) => `<${tag}>${escape(cell === null ? '\u2014' : String(cell))}</${tag}>`).join('');
  return `<table><thead><tr>${cells(head, 'th')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${cells(row, 'td')}</tr>`)
    .join('')}</tbody></table>`;
}

export function reportHtml(traceId: string, device: string, report: TraceReport): string {
  const frames = summarizeFrames(report.frames);
  const findings = FINDING_GROUPS.map((group) => {
    const { count, examples } = report[group];
    const rows = examples.map((example) => [
      example.timestamp_ns,
      example.thread_name,
      example.tid,
      example.duration_ms,
      example.evidence,
    ]);
    return `<h3>${escape(FINDING_LABELS[group])} (${count})</h3>${
      rows.length === 0 ? '<p>None.</p>' : table(['timestamp ns', 'thread', 'tid', 'ms', 'evidence'], rows)
    }`;
  }).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(traceId)}</title>
<style>body{font:14px system-ui,sans-serif;margin:24px;max-width:1100px}table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 6px;text-align:left}.note{background:#fff4e0;padding:8px}</style>
</head><body><h1>System trace ${escape(traceId)} on ${escape(device)}</h1>
<p class="note">${escape(report.sensitivity_note)}</p>
<p>Status: <strong>${escape(report.status)}</strong>. ${escape(headline(report))}</p>
<h2>Frames (budget ${report.frame_budget_ms} ms)</h2>
<p>doFrame: ${frames.doFrames}, over budget ${frames.overBudget}. FrameTimeline: ${frames.timelineFrames}, janky ${frames.timelineJanky}.</p>
<h2>Findings (threshold ${report.threshold_ms} ms)</h2>${findings}
<h2>Threads</h2>${table(
    ['thread', 'tid', 'pid', 'running ms', 'runnable wait ms', 'wakeups', 'wakeups/s'],
    report.cpu_threads.map((thread) => [
      thread.name,
      thread.tid,
      thread.process_id,
      thread.running_ms,
      thread.runnable_wait_ms,
      thread.wakeups,
      thread.wakeups_per_second,
    ]),
  )}
<h2>Coverage</h2>${table(
    ['counter', 'value'],
    COVERAGE_KEYS.map((key) => [key, report.coverage[key]]),
  )}
<h2>Limitations</h2><ul>${report.limitations.map((line) => `<li>${escape(line)}</li>`).join('')}</ul>
</body></html>
`;
}

/** Offers `text` as a download named `name`. */
export function download(name: string, type: string, text: string): void {
  saveBlob(new Blob([text], { type }), name);
}
