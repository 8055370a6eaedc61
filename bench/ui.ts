// The browser console's responsiveness, measured with Playwright in Debian's Chromium against the real console
// server, a real adb server and one simulated phone:
//   1. cold start: spawning out/console/web.js -> the page interactive (the "Devices" list shows the phone online
//      and "Run sequence" is enabled), browser already running, fresh context; median of 5   (target <= 2000 ms)
//   2. keystroke-to-preview with a 2048-unit template: the renderer's "androperator:preview" User Timing measure
//      (input event -> preview drawn), p50/p95 over 200 keystrokes                             (target p95 <= 16 ms)
// Run: npm run build && node out/bench/ui.js   (needs Debian's adb and chromium on PATH)
// BENCH_UI_BACKGROUND=live types with the preview's "Live screen" background on (frames arriving meanwhile).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/fixtures/chromium';
import { ARTIFACTS, spawnConsole } from '../e2e/fixtures/stack';
import { MAX_PANEL_TEXT_UNITS } from '../src/shared/execution/limits';
import { launchSimulators } from '../src/simulator/launch';
import { startIsolatedAdb, type IsolatedAdb } from '../src/test-support/isolatedAdb';

const COLD_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 5);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 200);
const WARM_UP_KEYSTROKES = 10;
const COLD_START_TARGET_MS = 2000;
const KEYSTROKE_P95_TARGET_MS = 16;
const PREVIEW_MEASURE = 'androperator:preview';
const LIVE_BACKGROUND = process.env.BENCH_UI_BACKGROUND === 'live';

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

/**
 * A valid template of exactly `units` UTF-16 units: log-like lines with placeholders, padded with literal text
 * (never a cut token).
 */
function benchTemplate(units: number): string {
  const line = (index: number): string =>
    `#${index} {{device.model}} ${index % 2 === 0 ? '{{system.language_tag}}' : '{{foreground_app.package_name}}'} step ok; `;
  let template = '';
  for (let index = 1; template.length + line(index).length <= units; index += 1) template += line(index);
  return template + 'x'.repeat(units - template.length);
}

/** Resolves with the epoch ms at which the page first showed the phone online and "Run sequence" enabled. */
async function interactiveAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const list = document.querySelector('[role="list"][aria-label="Devices"]');
      const online = [...(list?.querySelectorAll('li') ?? [])].some((item) =>
        (item.textContent ?? '').includes('online'),
      );
      const run = [...document.querySelectorAll('button')].find(
        (candidate) => candidate.textContent?.trim() === 'Run sequence',
      );
      return online && run !== undefined && !run.disabled
        ? performance.timeOrigin + performance.now()
        : false;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

interface ColdStart {
  totalMs: number;
  addressMs: number;
  loadedMs: number;
  page: PagePhases;
}

/** Where one cold start's page time went, in ms after the spawn (the Navigation, Paint and Resource Timing APIs). */
interface PagePhases {
  /** The HTML has arrived (navigation responseEnd). */
  htmlMs: number;
  /** The last script the page needed to become interactive has arrived. */
  scriptsMs: number;
  /** The entry module ran (DOMContentLoaded ends after the module scripts executed). */
  domContentLoadedMs: number;
  /** First contentful paint (-1 when Chromium reported none). */
  firstPaintMs: number;
  /** JavaScript, CSS and font bytes (decoded) loaded before the page was interactive, and the script count. */
  scriptKb: number;
  scripts: number;
  cssKb: number;
  fontKb: number;
  /** The console API requests made before the page was interactive, with their end times. */
  api: string[];
}

/** Reads the page's timing entries once it is interactive (`readyAt`, epoch ms). */
async function pagePhases(page: Page, started: number, readyAt: number): Promise<PagePhases> {
  const timings = await page.evaluate(() => {
    const origin = performance.timeOrigin;
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      origin,
      html: navigation?.responseEnd ?? 0,
      domContentLoaded: navigation?.domContentLoadedEventEnd ?? 0,
      firstPaint: paint?.startTime ?? -1,
      resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        name: entry.name,
        start: entry.startTime,
        end: entry.responseEnd,
        bytes: entry.decodedBodySize,
      })),
    };
  });
  const at = (relative: number): number => timings.origin + relative - started;
  const before = timings.resources.filter((entry) => timings.origin + entry.end <= readyAt);
  const of = (pattern: RegExp) => before.filter((entry) => pattern.test(new URL(entry.name).pathname));
  const kb = (entries: { bytes: number }[]): number =>
    entries.reduce((sum, entry) => sum + entry.bytes, 0) / 1024;
  const scripts = of(/\.m?js$/);
  return {
    htmlMs: at(timings.html),
    scriptsMs: at(Math.max(0, ...scripts.map((entry) => entry.end))),
    domContentLoadedMs: at(timings.domContentLoaded),
    firstPaintMs: timings.firstPaint < 0 ? -1 : at(timings.firstPaint),
    scriptKb: kb(scripts),
    scripts: scripts.length,
    cssKb: kb(of(/\.css$/)),
    fontKb: kb(of(/\.woff2?$/)),
    api: of(/^\/api\//).map(
      (entry) =>
        `${new URL(entry.name).pathname} ${Math.round(at(entry.start))}-${Math.round(at(entry.end))}`,
    ),
  };
}

async function coldStart(browser: Browser, adb: IsolatedAdb): Promise<ColdStart> {
  const home = await mkdtemp(join(tmpdir(), 'androperator-bench-ui-'));
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  const started = Date.now();
  const running = await spawnConsole({ env: adb.env, home });
  try {
    const addressAt = Date.now();
    await page.goto(running.url, { waitUntil: 'domcontentloaded' });
    const loadedAt = Date.now();
    const ready = await interactiveAt(page);
    return {
      totalMs: ready - started,
      addressMs: addressAt - started,
      loadedMs: loadedAt - started,
      page: await pagePhases(page, started, ready),
    };
  } finally {
    await context.close();
    await running.stop();
    await rm(home, { recursive: true, force: true });
  }
}

interface BenchWindow {
  __bench: { drawn: number[]; frame: number[] };
}

/** Collects the renderer's preview measures and, per input event, the time to the frame after it. */
function installCollector(page: Page): Promise<void> {
  return page.evaluate((name) => {
    const bench = { drawn: [] as number[], frame: [] as number[] };
    (window as unknown as BenchWindow).__bench = bench;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === name) bench.drawn.push(entry.duration);
    }).observe({ type: 'measure' });
    document.addEventListener(
      'input',
      (event) => {
        const start = event.timeStamp;
        // After the next animation frame's callbacks, the frame's main-thread work (style, layout, paint) follows
        // in the same task; a message posted from rAF runs right after it.
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => bench.frame.push(performance.now() - start);
          channel.port2.postMessage(null);
        });
      },
      true,
    );
  }, PREVIEW_MEASURE);
}

async function keystrokes(browser: Browser, url: string): Promise<{ drawn: number[]; frame: number[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  try {
    await page.goto(url);
    await interactiveAt(page);
    if (LIVE_BACKGROUND) {
      await page
        .getByRole('radiogroup', { name: 'Background' })
        .getByRole('radio', { name: 'Live screen' })
        .check();
      await page.getByTestId('live-age').waitFor();
    }
    await page.getByRole('radiogroup', { name: 'Content' }).getByRole('radio', { name: 'Template' }).check();
    const box = page.getByRole('textbox', { name: 'Template', exact: true });
    // One unit short of the limit: typing a character reaches 2048, Backspace returns to 2047; both stay valid.
    await box.fill(benchTemplate(MAX_PANEL_TEXT_UNITS - 1));
    await page
      .getByText(/^Predicted bounds/)
      .first()
      .waitFor();
    await box.press('Control+End');
    await installCollector(page);
    const total = WARM_UP_KEYSTROKES + KEYSTROKES;
    for (let index = 0; index < total; index += 1) {
      await page.keyboard.press(index % 2 === 0 ? 'k' : 'Backspace');
      await page.waitForFunction(
        (count) => {
          const bench = (window as unknown as BenchWindow).__bench;
          return bench.drawn.length >= count && bench.frame.length >= count;
        },
        index + 1,
        { polling: 'raf', timeout: 10_000 },
      );
    }
    await page.screenshot({ path: join(ARTIFACTS, 'bench-ui-template.png') });
    const collected = await page.evaluate(() => (window as unknown as BenchWindow).__bench);
    if (LIVE_BACKGROUND && (await page.getByTestId('live-age').count()) !== 1)
      throw new Error('the live background was not on at the end');
    const units = (await box.inputValue()).length;
    if (units !== MAX_PANEL_TEXT_UNITS - 1) throw new Error(`the template ended at ${units} units`);
    return {
      drawn: collected.drawn.slice(WARM_UP_KEYSTROKES),
      frame: collected.frame.slice(WARM_UP_KEYSTROKES),
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const adb = await startIsolatedAdb();
  const launched = await launchSimulators(
    {
      profiles: ['phone'],
      count: 1,
      adbPort: adb.port,
      adbBinary: adb.bin,
      operatorPackage: 'com.androperator.operator',
      mode: 'connect',
    },
    () => undefined,
  );
  if (!launched.ok) throw new Error(`${launched.error.code}: ${launched.error.message}`);
  const launchStarted = Date.now();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS],
    headless: true,
  });
  const browserLaunchMs = Date.now() - launchStarted;
  try {
    // One throw-away start warms the OS file cache (node, the bundle, Chromium's renderer), as on a user's machine.
    await coldStart(browser, adb);
    const starts: ColdStart[] = [];
    for (let round = 0; round < COLD_ROUNDS; round += 1) starts.push(await coldStart(browser, adb));
    const median = (pick: (start: ColdStart) => number): number => percentile(starts.map(pick), 0.5);
    const cold = median((start) => start.totalMs);
    console.log(
      `bench/ui: Chromium ${browser.version()}, ${COLD_ROUNDS} cold starts, ${KEYSTROKES} keystrokes`,
    );
    console.log(
      `cold start to interactive: median ${ms(cold)} (address printed ${ms(median((s) => s.addressMs))}, ` +
        `DOMContentLoaded ${ms(median((s) => s.loadedMs))}; runs ${starts.map((s) => Math.round(s.totalMs)).join(', ')} ms)` +
        ` target <= ${COLD_START_TARGET_MS} ms, ratio ${(cold / COLD_START_TARGET_MS).toFixed(2)}`,
    );
    console.log(`  (Chromium launch, not included: ${ms(browserLaunchMs)})`);
    const phase = (pick: (phases: PagePhases) => number): string => ms(median((s) => pick(s.page)));
    const last = starts[starts.length - 1]?.page;
    console.log(
      `  page, medians after the spawn: HTML ${phase((p) => p.htmlMs)}, scripts loaded ${phase((p) => p.scriptsMs)}, ` +
        `entry module ran (DOMContentLoaded) ${phase((p) => p.domContentLoadedMs)}, first paint ${phase((p) => p.firstPaintMs)}`,
    );
    if (last !== undefined)
      console.log(
        `  before interactive: ${last.scripts} script(s) ${last.scriptKb.toFixed(0)} kB, CSS ${last.cssKb.toFixed(0)} kB, ` +
          `fonts ${last.fontKb.toFixed(0)} kB; API (ms after the spawn, last start): ${last.api.join(', ')}`,
      );

    const home = await mkdtemp(join(tmpdir(), 'androperator-bench-ui-'));
    const running = await spawnConsole({ env: adb.env, home });
    try {
      const { drawn, frame } = await keystrokes(browser, running.url);
      const p95 = percentile(drawn, 0.95);
      const background = LIVE_BACKGROUND ? ', live screen background' : '';
      console.log(
        `keystroke-to-preview (${MAX_PANEL_TEXT_UNITS}-unit template${background}, input -> preview drawn, n=${drawn.length}): ` +
          `p50 ${ms(percentile(drawn, 0.5))}, p95 ${ms(p95)}, max ${ms(Math.max(...drawn))}` +
          ` target p95 <= ${KEYSTROKE_P95_TARGET_MS} ms, ratio ${(p95 / KEYSTROKE_P95_TARGET_MS).toFixed(2)}`,
      );
      console.log(
        `  (input -> end of the next frame, includes waiting for the frame: p50 ${ms(percentile(frame, 0.5))}, ` +
          `p95 ${ms(percentile(frame, 0.95))}, n=${frame.length})`,
      );
    } finally {
      await running.stop();
      await rm(home, { recursive: true, force: true });
    }
  } finally {
    await browser.close();
    await launched.value.stop();
    await adb.stop();
  }
}

await main();
