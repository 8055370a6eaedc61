// What an exported run adds for a ticket: the screenshot with the reported and predicted bounds drawn on it, and a
// one-page HTML summary (verdict, device, app version, timings) that opens offline with the annotated image inside.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Rect } from '../../shared/geometry/types';
import { CRASH_FLAG_NOTE, CRASH_KIND_TEXT, crashFlag } from '../../shared/logcat/crashes';
import type { RunAttachment, RunRecord } from './types';
import { annotatedCaptureName, capturesSection } from './captureShareables';

export const ANNOTATED_FILE = 'screenshot-annotated.png';
export const SUMMARY_FILE = 'summary.html';

/** Reported bounds: solid cyan; predicted: dashed magenta (the console's legend). */
const REPORTED_COLOR = '#00E5FF';
const PREDICTED_COLOR = '#FF2D95';

function strokeRect(
  context: ReturnType<ReturnType<typeof createCanvas>['getContext']>,
  rect: Rect,
  lineWidth: number,
) {
  const inset = lineWidth / 2;
  context.strokeRect(
    rect.left - inset,
    rect.top - inset,
    rect.right - rect.left + lineWidth,
    rect.bottom - rect.top + lineWidth,
  );
}

/** The screenshot with the bounds outlined just outside them (the panel's own pixels stay visible). */
export async function renderAnnotated(
  png: Uint8Array,
  reported: Rect | undefined,
  predicted: Rect | undefined,
): Promise<Uint8Array> {
  const image = await loadImage(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const lineWidth = Math.max(2, Math.round(image.width / 270));
  context.lineWidth = lineWidth;
  if (reported !== undefined) {
    context.strokeStyle = REPORTED_COLOR;
    context.setLineDash([]);
    strokeRect(context, reported, lineWidth);
  }
  if (predicted !== undefined) {
    context.strokeStyle = PREDICTED_COLOR;
    context.setLineDash([lineWidth * 3, lineWidth * 2]);
    strokeRect(context, predicted, lineWidth * 3);
  }
  return canvas.encode('png');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function boundsText(rect: Rect | undefined): string {
  return rect === undefined ? 'not known' : `[${rect.left},${rect.top}][${rect.right},${rect.bottom}]`;
}

/** One line a reader of the ticket can trust: it never claims more than run.json says. */
export function verdictOf(record: RunRecord): { passed: boolean; text: string } {
  const failedStep = record.steps.find((step) => step.status === 'failed');
  if (record.status === 'running') return { passed: false, text: 'Not finished: the run was still running' };
  if (record.status === 'interrupted')
    return { passed: false, text: 'Interrupted: the process writing this run ended before it finished' };
  if (failedStep !== undefined)
    return {
      passed: false,
      text: `Failed at ${failedStep.name}${failedStep.error ? `: ${failedStep.error.code}` : ''}`,
    };
  if (record.interference !== undefined)
    return { passed: false, text: `Failed: ${record.interference.code}` };
  if (record.captureCheck?.inCapture === false)
    return { passed: false, text: 'Failed: the panel is not in the capture' };
  if (record.status === 'succeeded' && record.captureCheck?.inCapture === true)
    return { passed: true, text: 'Passed: the panel is in the capture' };
  if (record.status === 'succeeded')
    return { passed: true, text: 'Succeeded (no capture check in this run)' };
  return { passed: false, text: 'Failed' };
}

/** A self-contained page: no script, no network; the annotated image is embedded when there is one. */
/** At most this many log lines in the summary: the ones nearest the capture (the file has them all). */
export const SUMMARY_LOG_LINES = 40;

/**
 * The excerpt's lines nearest the capture time (epoch-seconds threadtime lines), in log order; the last lines when
 * the run has no capture time.
 */
export function linesNearCapture(
  text: string,
  capturedAt: string | undefined,
  max = SUMMARY_LOG_LINES,
): string[] {
  const lines = text.split('\n').filter((line) => line !== '');
  if (lines.length <= max) return lines;
  const at = capturedAt === undefined ? NaN : Date.parse(capturedAt) / 1000;
  if (!Number.isFinite(at)) return lines.slice(-max);
  const distance = (line: string): number => {
    const seconds = Number(line.slice(0, line.indexOf(' ')));
    return Number.isFinite(seconds) ? Math.abs(seconds - at) : Infinity;
  };
  const nearest = lines
    .map((line, index) => ({ index, distance: distance(line) }))
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
    .slice(0, max)
    .map((entry) => entry.index)
    .sort((a, b) => a - b);
  return nearest.map((index) => lines[index] ?? '');
}

function crashRow(record: RunRecord): string {
  const report = record.crashes;
  if (report === undefined) return 'not looked for';
  if (report.status === 'not_read') return 'not looked for (the device log was not read)';
  if (report.status === 'none_seen') return 'none seen in the lines read';
  return crashFlag(report) ?? 'none seen in the lines read';
}

function crashSection(record: RunRecord): string {
  const report = record.crashes;
  if (report === undefined || report.status !== 'seen') return '';
  const items = report.entries
    .map(
      (entry) =>
        `<li><strong>${escapeHtml(CRASH_KIND_TEXT[entry.kind])}</strong> ${escapeHtml(
          entry.packageName ?? 'process not named',
        )} <span class="note">pid ${entry.pid}, ${escapeHtml(entry.tag)}, ${escapeHtml(entry.time)}</span><pre>${escapeHtml(
          (entry.lines ?? [entry.line]).join('\n'),
        )}</pre></li>`,
    )
    .join('\n');
  return `<section><h2>Crashes and ANRs seen during the run</h2><p class="note">${escapeHtml(
    report.caveats.join(' '),
  )}</p><ol>${items}</ol></section>`;
}

function inspectionSection(record: RunRecord): string {
  const inspection = record.inspection;
  if (inspection === undefined) return '';
  const rows: Array<[string, string]> = [];
  const env = inspection.environment;
  if (env !== undefined)
    rows.push([
      `Environment (${env.status})`,
      env.error !== undefined
        ? `${env.error.code} ${env.error.message}`
        : [
            env.androidRelease === undefined ? '' : `Android ${env.androidRelease}`,
            env.apiLevel === undefined ? '' : `API ${env.apiLevel}`,
            env.abi ?? '',
            env.selinux === undefined ? '' : `SELinux ${env.selinux}`,
            env.memoryKib?.total == null ? '' : `memory ${Math.round(env.memoryKib.total / 1024)} MiB`,
            env.dataKib === undefined ? '' : `/data ${Math.round(env.dataKib.available / 1024)} MiB free`,
          ]
            .filter((part) => part !== '')
            .join(', '),
    ]);
  const app = inspection.app;
  if (app !== undefined)
    rows.push([
      `Foreground app (${app.status})`,
      app.error !== undefined
        ? `${app.error.code} ${app.error.message}`
        : [
            app.packageName ?? '',
            app.versionName === undefined ? '' : `${app.versionName} (${app.versionCode ?? '?'})`,
            app.component ?? '',
            app.pid === undefined ? '' : `pid ${app.pid}`,
          ]
            .filter((part) => part !== '')
            .join(', '),
    ]);
  return `<section><h2>Inspection after clear</h2><p class="note">${escapeHtml(
    `Host observation over adb at ${inspection.observedAt}, after the run's clear step (not at capture time).`,
  )}</p><table>${rows
    .map(([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('')}</table></section>`;
}

function logRow(record: RunRecord): string {
  const excerpt = record.logExcerpt;
  if (excerpt === undefined) return 'not recorded';
  if (excerpt.file === undefined)
    return excerpt.error === undefined
      ? `no entries in the window (${excerpt.status})`
      : `not read: ${excerpt.error.code} ${excerpt.error.message}`;
  return (
    `${excerpt.entries} entries in ${excerpt.file}` +
    (excerpt.limitReached ? ' (line limit reached: later entries left out)' : '') +
    `, ${excerpt.redactions} credential${excerpt.redactions === 1 ? '' : 's'} redacted (best effort)`
  );
}

function attachmentSection(attachments: readonly RunAttachment[]): string {
  if (attachments.length === 0) return '';
  const rows = attachments
    .map(
      (attachment) =>
        `<tr><td>${escapeHtml(attachment.title)}</td><td>${escapeHtml(attachment.tool)}</td><td>${escapeHtml(
          attachment.status,
        )}</td><td>${escapeHtml(attachment.takenAt)}</td><td>${escapeHtml(attachment.file)}</td></tr>`,
    )
    .join('\n');
  return `<section><h2>Attachments</h2><p class="note">Answers attached from the console's views, each as the view showed it when taken (the files are in this export).</p><table><tr><th>View</th><th>Tool</th><th>Status</th><th>Taken at</th><th>File</th></tr>${rows}</table></section>`;
}

export function renderSummaryHtml(
  record: RunRecord,
  annotated: Uint8Array | undefined,
  logText?: string,
  attachments: readonly RunAttachment[] = [],
): string {
  const verdict = verdictOf(record);
  const flag = crashFlag(record.crashes);
  const { device, context } = record;
  const app = context?.foregroundApp;
  const rows: Array<[string, string]> = [
    ['Label', record.label ?? '(none)'],
    [
      'Device',
      `${[device.manufacturer, device.model].filter(Boolean).join(' ') || 'unknown model'} (${device.serial})` +
        (device.sdkInt === undefined ? '' : `, API ${device.sdkInt}`) +
        (context?.androidRelease === undefined ? '' : `, Android ${context.androidRelease}`) +
        (device.simulated ? `, simulated ${device.profile ?? ''}`.trimEnd() : ''),
    ],
    [
      'Foreground app at capture',
      app?.packageName
        ? `${app.label ?? app.packageName} (${app.packageName}) ${app.versionName ?? '?'} (${app.versionCode ?? '?'}), as the Operator reported it`
        : 'not reported',
    ],
    ['Locale', context?.locale ?? 'not reported'],
    [
      'Display',
      context?.display
        ? `${context.display.widthPx}x${context.display.heightPx} px, ${context.display.densityDpi} dpi, font scale ${context.display.fontScale}, rotation ${context.display.rotation}`
        : 'not reported',
    ],
    ['Started', record.startedAt],
    ['Finished', record.finishedAt ?? 'not finished'],
    ['Reported bounds', boundsText(record.reportedBounds)],
    ['Predicted bounds', boundsText(record.predictedBounds)],
    [
      'Capture check',
      record.captureCheck
        ? `${record.captureCheck.inCapture ? 'panel in capture' : 'panel not in capture'} (match ${(record.captureCheck.matchRatio * 100).toFixed(1)}%, threshold ${(record.captureCheck.threshold * 100).toFixed(0)}%)`
        : 'none',
    ],
    ['Device log', logRow(record)],
    ['Crashes and ANRs', crashRow(record)],
  ];
  const steps = record.steps
    .map(
      (step) =>
        `<tr><td>${escapeHtml(step.name)}</td><td>${escapeHtml(step.status)}</td><td>${
          step.durationMs === undefined ? '' : `${step.durationMs} ms`
        }</td><td>${step.error ? escapeHtml(`${step.error.code}: ${step.error.message}`) : ''}</td></tr>`,
    )
    .join('\n');
  const image =
    annotated === undefined
      ? '<p>No screenshot in this run.</p>'
      : `<figure><img alt="Screenshot with the reported (solid cyan) and predicted (dashed magenta) panel bounds" src="data:image/png;base64,${Buffer.from(annotated).toString('base64')}"><figcaption>Solid cyan: bounds the device reported. Dashed magenta: bounds the console predicted.</figcaption></figure>`;
  const logLines = logText === undefined ? [] : linesNearCapture(logText, record.screenshot?.capturedAt);
  const log =
    logLines.length === 0
      ? ''
      : `<section><h2>Device log near the capture</h2><p class="note">${escapeHtml(
          `${logLines.length} of ${record.logExcerpt?.entries ?? logLines.length} entries; every app's log, read after the run. ${record.logExcerpt?.caveats.join(' ') ?? ''}`.trim(),
        )}</p><pre>${escapeHtml(logLines.join('\n'))}</pre></section>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>${escapeHtml(`${verdict.text} - ${record.label ?? record.id}`)}</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 24px; color: #1b1b1f; }
h1 { font-size: 22px; margin: 0 0 4px; }
.verdict { padding: 10px 14px; border-radius: 8px; font-weight: 600; margin: 12px 0; }
.passed { background: #e3f6e8; color: #0b6b2b; } .failed { background: #fde7e7; color: #a01818; }
.flag { padding: 8px 14px; border-left: 4px solid #b26a00; background: #fff4e0; color: #7a4700; font-weight: 600; margin: 0 0 12px; }
table { border-collapse: collapse; margin: 8px 0 16px; } td, th { text-align: left; padding: 3px 12px 3px 0; vertical-align: top; }
th { color: #555; font-weight: 500; }
.layout { display: flex; gap: 24px; align-items: flex-start; flex-wrap: wrap; }
img { max-width: 360px; max-height: 80vh; border: 1px solid #ccc; }
figcaption { color: #555; font-size: 13px; max-width: 360px; }
h2 { font-size: 17px; margin: 20px 0 4px; } .note { color: #555; font-size: 13px; max-width: 900px; }
pre { font: 12px/1.4 ui-monospace, monospace; background: #f4f4f6; padding: 8px; overflow-x: auto; white-space: pre; }
</style>
</head>
<body>
<h1>${escapeHtml(record.label ?? 'On-screen log run')}</h1>
<div>Run ${escapeHtml(record.id)}</div>
<div class="verdict ${verdict.passed ? 'passed' : 'failed'}" role="status">${escapeHtml(verdict.text)}</div>
${flag === null ? '' : `<div class="flag" role="note">${escapeHtml(`\u26a0 ${flag}`)}<div class="note">${escapeHtml(CRASH_FLAG_NOTE)} The verdict above does not count it.</div></div>`}
<div class="layout">
<section>
<table>
${rows.map(([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<table>
<tr><th>Step</th><th>Status</th><th>Time</th><th>Error</th></tr>
${steps}
</table>
</section>
${image}
</div>
${crashSection(record)}
${inspectionSection(record)}
${attachmentSection(attachments)}
${capturesSection(record, escapeHtml)}
${log}
</body>
</html>
`;
}

/** The files an export adds next to the run's own: the annotated screenshot (when there is one) and the summary. */
export async function shareableFiles(
  record: RunRecord,
  screenshot: Uint8Array | undefined,
  logText?: string,
  attachments: readonly RunAttachment[] = [],
  /** A held run's later captures (file name and bytes): each gets its annotated copy. */
  captures: ReadonlyArray<{ file: string; data: Uint8Array }> = [],
): Promise<Array<{ name: string; data: Uint8Array }>> {
  const annotated =
    screenshot === undefined
      ? undefined
      : await renderAnnotated(screenshot, record.reportedBounds, record.predictedBounds);
  const files: Array<{ name: string; data: Uint8Array }> = [];
  if (annotated !== undefined) files.push({ name: ANNOTATED_FILE, data: annotated });
  for (const capture of captures)
    files.push({
      name: annotatedCaptureName(capture.file),
      data: await renderAnnotated(capture.data, record.reportedBounds, record.predictedBounds),
    });
  files.push({
    name: SUMMARY_FILE,
    data: new TextEncoder().encode(renderSummaryHtml(record, annotated, logText, attachments)),
  });
  return files;
}
