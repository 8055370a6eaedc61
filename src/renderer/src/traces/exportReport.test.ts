// The report exports: the HTML page escapes every text the trace or device supplied, says the data is global and
// sensitive, lists each finding group with its count and examples, the coverage counters and the limitations; the
// JSON is the report as the tool returned it. And the timeline's span covers every example, so its cursor is drawn.
import { describe, expect, it } from 'vitest';
import { COVERAGE_KEYS, SENSITIVITY_NOTE } from '../../../shared/trace/report';
import { testTraceReport } from '../../../test-support/traceReports';
import { reportHtml, reportJson } from './exportReport';
import { FINDING_LABELS, summarizeFrames, timeSpan } from './reportSummary';
import type { TraceFrame } from '../../../shared/trace/report';

const HOSTILE = `<script>alert("x")</script> & 'quoted'`;

function hostileReport() {
  const base = testTraceReport();
  return testTraceReport({
    binder_delivery_delays: {
      count: 3,
      examples: [
        {
          timestamp_ns: 500_000_000,
          tid: 77,
          process_id: 70,
          thread_name: HOSTILE,
          duration_ms: 72.5,
          evidence: `binder transaction 9 <b>delivered</b> after 72.5 ms`,
        },
      ],
    },
    cpu_threads: [{ ...(base.cpu_threads[0] ?? ({} as never)), name: `<img src=x onerror=alert(1)>` }],
    limitations: ['Runnable wait is not an ANR diagnosis.', `note with <i>markup</i> & "quotes"`],
  });
}

describe('reportHtml', () => {
  it('escapes every trace-supplied text: the id, device, names, evidence and limitations', () => {
    const html = reportHtml('trace-<id>', `emulator-5554"><svg onload=alert(1)>`, hostileReport());
    for (const raw of ['<script>', '<b>delivered</b>', '<img src=x', '<i>markup</i>', '<svg onload', '<id>'])
      expect(html).not.toContain(raw);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;');
    expect(html).toContain('binder transaction 9 &lt;b&gt;delivered&lt;/b&gt; after 72.5 ms');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<li>note with &lt;i&gt;markup&lt;/i&gt; &amp; &quot;quotes&quot;</li>');
    expect(html).toContain('<title>trace-&lt;id&gt;</title>');
    expect(html).toContain('emulator-5554&quot;&gt;&lt;svg onload=alert(1)&gt;');
    // Self-contained: no script, no external resource.
    expect(html).not.toMatch(/<script|<link|src="http/i);
  });

  it('opens with the sensitivity note, before the status and findings', () => {
    const html = reportHtml('trace-abcdefghijkl', 'emulator-5554', testTraceReport());
    const note = html.indexOf(`<p class="note">${SENSITIVITY_NOTE.replaceAll("'", '&#39;')}</p>`);
    expect(note).toBeGreaterThan(0);
    expect(note).toBeLessThan(html.indexOf('Status: <strong>observed</strong>'));
    expect(note).toBeLessThan(html.indexOf('<h2>Findings'));
  });

  it('lists all six finding groups with their counts, examples as rows and "None." when empty', () => {
    const html = reportHtml('trace-abcdefghijkl', 'emulator-5554', hostileReport());
    expect(html).toContain(`<h3>${FINDING_LABELS.frame_anomalies} (1)</h3>`);
    expect(html).toContain('<td>Choreographer#doFrame 56.5 ms &gt; 16.667 ms budget</td>');
    expect(html).toContain('<td>2000000000</td><td>com.example.app</td><td>1234</td><td>56.5</td>');
    // The full count, even with fewer examples listed.
    expect(html).toContain(`<h3>${FINDING_LABELS.binder_delivery_delays} (3)</h3>`);
    for (const group of ['main_thread_unscheduled', 'cpu_contention', 'excessive_wakeups'] as const)
      expect(html).toContain(`<h3>${FINDING_LABELS[group]} (0)</h3><p>None.</p>`);
    expect(html.match(/<h3>/g)).toHaveLength(6);
    // Frame counts kept apart: doFrame over budget and janky FrameTimeline frames.
    expect(html).toContain('doFrame: 2, over budget 1. FrameTimeline: 1, janky 1.');
    // A headline that counts findings, never a claim of health.
    expect(html).toContain('4 findings in 2000 ms observed.');
  });

  it('says an empty report proves nothing, and marks partial data', () => {
    const none = { count: 0, examples: [] };
    const html = reportHtml(
      'trace-abcdefghijkl',
      'emulator-5554',
      testTraceReport({ status: 'partial', frame_anomalies: none }),
    );
    expect(html).toContain('Status: <strong>partial</strong>');
    expect(html).toContain('This does not prove the device is healthy.');
    expect(html).toContain('Partial data: some events were lost or unsupported.');
  });

  it('has every coverage counter with its value, and the thread table', () => {
    const report = testTraceReport({ coverage: { ...testTraceReport().coverage, lost_markers: 7 } });
    const html = reportHtml('trace-abcdefghijkl', 'emulator-5554', report);
    for (const key of COVERAGE_KEYS)
      expect(html).toContain(`<tr><td>${key}</td><td>${report.coverage[key]}</td></tr>`);
    expect(html).toContain('<tr><td>lost_markers</td><td>7</td></tr>');
    expect(html).toContain(
      '<td>com.example.app</td><td>1234</td><td>1234</td><td>300</td><td>22</td><td>120</td><td>60</td>',
    );
  });
});

describe('reportJson', () => {
  it('is the trace id, device and the report unchanged', () => {
    const report = hostileReport();
    expect(JSON.parse(reportJson('trace-abcdefghijkl', 'emulator-5554', report))).toEqual({
      trace_id: 'trace-abcdefghijkl',
      device: 'emulator-5554',
      report,
    });
  });
});

describe('timeSpan', () => {
  it('covers the examples as well as the frames, so an example before the first frame is on the timeline', () => {
    const report = hostileReport();
    // Frames span 1.0 s .. 2.0565 s; the binder example is at 0.5 s.
    expect(timeSpan(report)).toEqual({ startNs: 500_000_000, endNs: 2_056_500_000 });
    expect(timeSpan(testTraceReport({ frames: [] }))).toEqual({
      startNs: 2_000_000_000,
      endNs: 2_001_000_000,
    });
  });
});

describe('summarizeFrames', () => {
  const tick = (token: number, janky: boolean, flags: string[]): TraceFrame => ({
    source: 'frame_timeline',
    ts_ns: token * 1e6,
    duration_ms: null,
    pid: 10,
    tid: null,
    token,
    janky,
    flags,
  });

  it('counts late, dropped and jank flags of janky frames apart, and not the JANK_NONE of on-time frames', () => {
    const summary = summarizeFrames([
      tick(1, false, ['jank_type=0x1']),
      tick(2, false, ['jank_type=0x1']),
      tick(3, true, ['late']),
      tick(4, true, ['dropped']),
      tick(5, true, ['late', 'app_deadline_missed', 'jank_type=0x40']),
    ]);
    expect(summary).toMatchObject({ timelineFrames: 5, timelineJanky: 3 });
    expect(summary.flags).toEqual([
      ['late', 2],
      ['app_deadline_missed', 1],
      ['dropped', 1],
      ['jank_type=0x40', 1],
    ]);
  });
});
