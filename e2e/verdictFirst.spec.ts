// Results open with the verdict (issue 14 defect 3): the pass/fail line, then the screenshot with the reported and
// predicted bounds and the capture check, and only then the steps, whose data stays collapsed until opened (with
// the keyboard too). Checked at 1440x900 and 1024x700, light and dark.
import type { Locator } from '@playwright/test';
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, openConsole, resultColumn, resultsRegion, saveScreen, step } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'verdictFirst' });

async function top(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('element is not rendered');
  return box.y;
}

for (const size of [
  { width: 1440, height: 900, scheme: 'light' as const },
  { width: 1024, height: 700, scheme: 'dark' as const },
]) {
  test(`at ${size.width}x${size.height} (${size.scheme}) the verdict, screenshot and capture check come before the step data`, async ({
    page,
  }) => {
    const [phone] = stack().devices;
    if (phone === undefined) throw new Error('no phone');
    await page.emulateMedia({ colorScheme: size.scheme });
    // Opened wide (openConsole checks the device list, a drawer below 1200 px), then sized.
    await openConsole(page, stack());
    await page.setViewportSize(size);
    await page.getByRole('textbox', { name: 'Panel text', exact: true }).fill(`Verdict check ${size.width}`);
    await button(page, 'Run sequence').click();
    const column = resultColumn(page, phone);
    await expect(step(column, 'Clear panel')).toContainText('succeeded', { timeout: 20_000 });

    const verdict = column.getByRole('group', { name: 'Verdict' });
    await expect(verdict).toContainText('Passed: the panel is in the capture');
    // What the device reported is where the preview predicted it: the verdict says so in words.
    await expect(verdict).toContainText('the reported bounds equal the prediction');
    const screenshot = column.getByRole('img', { name: 'Screenshot', exact: true });
    const check = column.getByText(/^Panel in capture: yes/);
    const legend = column.getByRole('list', { name: 'Bounds legend' });
    await expect(screenshot).toBeVisible();
    await expect(legend.getByRole('listitem').filter({ hasText: 'Reported bounds' })).toContainText('[');
    await expect(legend.getByRole('listitem').filter({ hasText: 'Predicted bounds' })).toContainText('[');
    await expect(check).toBeVisible();

    // Order on screen: verdict, then the evidence, and the raw data is not spread out at all.
    const set = step(column, 'Set panel');
    expect(await top(verdict)).toBeLessThan(await top(screenshot));
    expect(await top(verdict)).toBeLessThan(await top(set));
    await expect(set.getByRole('term')).toHaveCount(0);
    const data = set.getByText(/^Data \(\d+ keys\)$/);
    await expect(data).toBeVisible();

    // Verdict, screenshot and capture check fit in the window together once Results is in view.
    await column.scrollIntoViewIfNeeded();
    await verdict.scrollIntoViewIfNeeded();
    await expect(verdict).toBeInViewport();
    await expect(check).toBeInViewport();
    await saveScreen(page, `30-verdict-${size.width}x${size.height}-${size.scheme}`, verdict);

    // The data opens from the keyboard (a summary is a button to assistive technology) and closes again.
    await data.focus();
    await page.keyboard.press('Enter');
    await expect(set.getByRole('term').filter({ hasText: /^bounds$/ })).toBeVisible();
    await expect(set.getByRole('term').filter({ hasText: /^visible$/ })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(set.getByRole('term')).toHaveCount(0);
    await expect(resultsRegion(page).getByRole('article')).toHaveCount(1);
  });
}
