// What an export adds for a held run's captures: each later capture drawn with the run's bounds
// (capture-N-annotated.png, the first is screenshot-annotated.png) and the captures table of summary.html.
import type { RunCapture } from '../../shared/api/evidence';
import { storedCaptures } from './captureFiles';
import type { RunRecord } from './types';

/** The annotated file of a capture file: capture-2.png -> capture-2-annotated.png. */
export function annotatedCaptureName(file: string): string {
  return file.replace(/\.png$/i, '-annotated.png');
}

/** The captures whose annotated PNG an export adds: every stored one but the run's screenshot (already drawn). */
export function laterCaptures(record: RunRecord): Array<RunCapture & { file: string }> {
  return storedCaptures(record).filter((capture) => capture.file !== record.screenshot?.file);
}

function checkText(capture: RunCapture): string {
  if (capture.status === 'failed') return 'capture failed';
  const check = capture.captureCheck;
  if (check === undefined)
    return capture.captureCheckError === undefined
      ? 'not checked'
      : `not checked: ${capture.captureCheckError.message}`;
  return `${check.inCapture ? 'panel in capture' : 'panel not in capture'} (match ${(check.matchRatio * 100).toFixed(1)}%, threshold ${(check.threshold * 100).toFixed(0)}%)`;
}

function foregroundText(capture: RunCapture): string {
  const seen = capture.foreground;
  if (seen === undefined) return 'not observed';
  if (seen.packageName === undefined) return `not read: ${seen.error?.message ?? 'unknown'}`;
  const version = seen.versionName === undefined ? '' : ` ${seen.versionName} (${seen.versionCode ?? '?'})`;
  return `${seen.packageName}${version}`;
}

/** The summary's captures section (empty for a run that was not held). */
export function capturesSection(record: RunRecord, escapeHtml: (value: string) => string): string {
  const captures = record.captures;
  if (record.hold === undefined || captures === undefined || captures.length === 0) return '';
  const screenshot = record.screenshot?.file;
  const rows = captures
    .map((capture) => {
      const annotated =
        capture.file === undefined
          ? ''
          : capture.file === screenshot
            ? 'screenshot-annotated.png'
            : annotatedCaptureName(capture.file);
      return `<tr><td>${capture.index}</td><td>${escapeHtml(capture.capturedAt ?? '')}</td><td>${escapeHtml(
        checkText(capture),
      )}</td><td>${escapeHtml(foregroundText(capture))}</td><td>${escapeHtml(capture.file ?? 'none')}${
        annotated === '' ? '' : ` (${escapeHtml(annotated)})`
      }</td></tr>`;
    })
    .join('\n');
  const inCapture = captures.filter((capture) => capture.captureCheck?.inCapture === true).length;
  return `<section><h2>Captures while the panel was held</h2><p class="note">${escapeHtml(
    `${captures.length} captures of at most ${record.hold.maxCaptures}; the panel is in ${inCapture}. The foreground app is the host's observation at capture time (dumpsys), not the Operator's report. Each capture's PNG and its annotated copy (the run's reported and predicted bounds) are in this export.`,
  )}</p><table><tr><th>#</th><th>Captured at</th><th>Capture check</th><th>Foreground app (host)</th><th>File</th></tr>${rows}</table></section>`;
}
