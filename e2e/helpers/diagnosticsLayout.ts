// Layout checks of the Diagnostics area shared by its e2e specs.
import type { Page } from '@playwright/test';
import { expect } from '../fixtures/test';

/** No view's content sticks out of its frame, and the page does not scroll sideways. */
export async function expectNothingClipped(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      problems.push(`page ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    for (const frame of document.querySelectorAll<HTMLElement>('.diag-view')) {
      const box = frame.getBoundingClientRect();
      for (const child of frame.querySelectorAll<HTMLElement>('*')) {
        const inner = child.getBoundingClientRect();
        if (inner.width === 0 || child.closest('pre, details:not([open]) > :not(summary)')) continue;
        if (inner.right > box.right + 1 || inner.left < box.left - 1)
          problems.push(`${frame.dataset['view'] ?? '?'}: ${child.tagName}.${child.className}`);
      }
    }
    return problems;
  });
  expect(overflow).toEqual([]);
}
