// The logcat viewer following a flood over its delivery cap: the follow skips lines (marker rows with the count),
// and after every marker the newest lines keep coming, the newest stays in view at the list's end, and the status
// keeps reading Following. (bench/logcat's "on screen" figure stopped near the first skip: this is the check.)
import type { Locator, Page } from '@playwright/test';
import { expect, test, useConsoleStack } from './fixtures/test';
import { openConsole, saveScreen } from './helpers/console';
import type { SimulatedAndroid } from '../src/simulator/simulatedAndroid';

/** The follow's cap this test asks for (logcat:start's documented `maxLinesPerSecond`; the default is 25,000). */
const CAP = 100;
/** Lines per second the simulated phone writes: far over the cap, so the follow skips. */
const FLOOD_RATE = 2000;
const TAG = 'SkipFlood';

function viewer(page: Page): Locator {
  return page.getByRole('region', { name: 'Logcat', exact: true });
}

function lines(page: Page): Locator {
  return viewer(page).getByRole('list', { name: 'Logcat lines' });
}

function status(page: Page): Locator {
  return viewer(page).getByRole('status', { name: 'Logcat status' });
}

/** Writes `skip flood line N` lines at FLOOD_RATE until stopped. */
class Flood {
  written = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly started = performance.now();

  constructor(private readonly phone: SimulatedAndroid) {
    this.timer = setInterval(() => {
      const due = Math.floor(((performance.now() - this.started) / 1000) * FLOOD_RATE);
      while (this.written < due) {
        this.phone.state.appendLog({ priority: 'D', tag: TAG, message: `skip flood line ${this.written}` });
        this.written += 1;
      }
    }, 10);
  }

  /** The number of the last line written. */
  stop(): number {
    clearInterval(this.timer);
    return this.written - 1;
  }
}

interface ListView {
  /** The newest flood line among the rows inside the list's visible box (-1: none). */
  newestInView: number;
  /** Flood rows inside the visible box that come after a skip marker row. */
  afterMarker: number;
  /** The list is scrolled to its end (within one row). */
  atEnd: boolean;
}

/** What the list shows now, read from the rows' text and their boxes against the list's box. */
function listView(list: Locator): Promise<ListView> {
  return list.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const rows = [...element.querySelectorAll('[role="listitem"]')]
      .filter((row) => {
        const rect = row.getBoundingClientRect();
        return rect.bottom > box.top + 1 && rect.top < box.bottom - 1;
      })
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
    let newestInView = -1;
    let afterMarker = 0;
    let markerSeen = false;
    for (const row of rows) {
      const text = row.textContent ?? '';
      if (/lines? skipped: follow is capped/.test(text)) markerSeen = true;
      const match = /skip flood line (\d+)$/.exec(text);
      if (match === null) continue;
      newestInView = Math.max(newestInView, Number(match[1]));
      if (markerSeen) afterMarker += 1;
    }
    const atEnd = element.scrollTop + element.clientHeight >= element.scrollHeight - 20;
    return { newestInView, afterMarker, atEnd };
  });
}

test.describe('logcat viewer over its cap', () => {
  const stack = useConsoleStack({ profiles: ['phone'], name: 'logcatSkip' });

  test('after a skip marker the newest lines keep coming, in view at the end, still Following', async ({
    page,
  }) => {
    const [phone] = stack().devices;
    if (phone === undefined) throw new Error('no phone');
    // The page's follow asks for a low cap through logcat:start's own option (as any client may).
    await page.route('**/api/logcat:start', async (route) => {
      const input = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...input, maxLinesPerSecond: CAP }) });
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await openConsole(page, stack());
    await page.getByRole('tab', { name: 'Diagnostics' }).click();
    await expect(status(page)).toHaveText('Following');

    const flood = new Flood(phone.simulator);
    try {
      // A marker row with its count, in the list.
      const marker = lines(page)
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^[\\d,]+ lines? skipped: follow is capped at ${CAP} lines/s$`) });
      await expect(marker.first()).toBeVisible({ timeout: 15_000 });
      await expect(viewer(page).locator('#logcat-counts')).toContainText(
        /[1-9][\d,]* skipped \(follow cap\)/,
      );
      await saveScreen(page, 'logcat-skip-1440-flood');

      // Flood rows after a marker, in view; then newer ones, three times over, always at the list's end.
      let seen = -1;
      for (let round = 0; round < 3; round += 1) {
        const before = seen;
        await expect
          .poll(async () => {
            const view = await listView(lines(page));
            seen = view.newestInView;
            return view.afterMarker > 0 && view.atEnd && view.newestInView > before;
          })
          .toBe(true);
      }
      await expect(status(page)).toHaveText('Following');
    } finally {
      flood.stop();
    }
    const last = flood.written - 1;

    // The flood's last line arrives and is shown in view at the end; still following.
    const newest = lines(page)
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`skip flood line ${last}$`) });
    await expect(newest).toBeInViewport({ timeout: 15_000 });
    expect(await listView(lines(page))).toMatchObject({ newestInView: last, atEnd: true });
    await expect(status(page)).toHaveText('Following');
    await saveScreen(page, 'logcat-skip-1440-after-flood');
  });
});
