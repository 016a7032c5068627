/**
 * The recovery lab on a short screen (a projector's 1280×720 presenting, a laptop's 1366×768), in Chinese: one
 * column the lab scrolls through, not three columns each scrolling on its own with the timeline and what the model
 * saw below their fold; after each step it scrolls to what the step changed. On a tall screen (1920×1080) the three
 * columns stay. Screenshots in test-results/recovery-short/.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { answer, openIn } from './recoveryPage.ts';

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/recovery-short/${name}.png` });

/** Where an element's top is in the window. */
const topOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((e) => Math.round(e.getBoundingClientRect().top));

/** The left edges of the lab's three columns (one value: they are stacked). */
const columnLefts = (page: Page) =>
  page
    .locator('[data-testid="recovery-mode"] > div > [role="group"]')
    .evaluateAll((els) => [...new Set(els.map((e) => Math.round(e.getBoundingClientRect().left)))]);

/** The lab's columns that scroll on their own (content taller than their box). */
const scrollingColumns = (page: Page) =>
  page
    .locator('[data-testid="recovery-mode"] > div > [role="group"]')
    .evaluateAll((els) =>
      els.filter((e) => e.scrollHeight > e.clientHeight + 1).map((e) => e.getAttribute('aria-label')),
    );

for (const [width, height, present] of [
  [1280, 720, true],
  [1366, 768, false],
] as const)
  test(`at ${width}×${height}${present ? ' presenting' : ''} (zh): one column, and each step scrolls to what it changed`, async ({
    pg,
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await openIn(page, pg, 'zh', `/?mode=recovery&case=lost_response${present ? '&present=1' : ''}`);
    expect(await columnLefts(page), 'the columns’ left edges').toHaveLength(1);
    expect(await scrollingColumns(page), 'columns scrolling on their own').toEqual([]);
    await page.getByTestId('recovery-fault').selectOption('lose_response');
    await page.getByTestId('recovery-status-answer').selectOption('silent');
    await page.getByTestId('recovery-dispatch').click();
    await expect(answer(page)).toHaveAttribute('data-code', 'OUTCOME_UNKNOWN');
    // The step's answer and its timeline are in sight, not below a fold: the lab scrolls them to its upper half.
    await expect(page.getByTestId('recovery-attempts')).toBeInViewport();
    await expect.poll(() => topOf(page, '#recovery-attempts')).toBeLessThan(height / 2);
    await shot(page, `${width}x${height}-dispatched`);
    await page.getByTestId('recovery-retry-same_key').click();
    await expect(answer(page)).toHaveAttribute('data-delivery', 'receipt_reconciled');
    await expect(page.getByTestId('recovery-attempt').first()).toBeInViewport();
    await expect.poll(() => topOf(page, '#recovery-attempts')).toBeLessThan(height / 2);
    await shot(page, `${width}x${height}-retried`);
  });

test('at 1920×1080 presenting (zh): the three columns stay side by side', async ({ pg, page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openIn(page, pg, 'zh', '/?mode=recovery&case=lost_response&present=1');
  expect(await columnLefts(page)).toHaveLength(3);
  await page.getByTestId('recovery-dispatch').click();
  await expect(answer(page)).toHaveAttribute('data-status', 'succeeded');
  await shot(page, '1920x1080-dispatched');
});
