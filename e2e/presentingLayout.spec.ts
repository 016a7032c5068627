/**
 * A teacher presents at 1280×720 (and 1920×1080) to a Chinese class: the playground's verdict is read whole (a long
 * error code wraps inside its box instead of being cut at the column's edge), and the attack lab's list names the
 * attacks, not only A1…A15. Screenshots in test-results/presenting/.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, prefsAtStart, test } from './fixtures.ts';

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/presenting/${name}.png` });

/** How many pixels of the element's text lie past its own box or past the column it sits in (0: none). */
const cutBy = (el: Locator) =>
  el.evaluate((node) => {
    const box = node.getBoundingClientRect();
    let column = node.parentElement;
    while (column !== null && getComputedStyle(column).overflowX === 'visible') column = column.parentElement;
    const edge = column?.getBoundingClientRect().right ?? window.innerWidth;
    return Math.max(0, node.scrollWidth - node.clientWidth, Math.ceil(box.right - edge));
  });

test.beforeEach(async ({ page }) => {
  await prefsAtStart(page, 'zh');
});

for (const [width, height] of [
  [1280, 720],
  [1920, 1080],
] as const)
  test(`presenting at ${width}×${height}, in Chinese: the contract verdict is whole, the attack list names every attack`, async ({
    pg,
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await pg.goto('/?scenario=create_refund_draft.status_injected&present=1');
    const verdict = page.locator('.panel-model .inline-warning').first();
    await expect(verdict).toContainText('OUTPUT_CONTRACT_VIOLATION');
    expect(await cutBy(verdict), 'pixels of the verdict cut off').toBe(0);
    await shot(page, `playground-verdict-${width}x${height}-zh`);

    await pg.goto('/?scenario=search_kb.hits&attack=A1&present=1');
    await expect(page.getByText('修改一个业务字段', { exact: true }).first()).toBeVisible();
    // Every attack's name is on the page at a readable size, not a 1 px visually-hidden label.
    const titles = page.locator('[data-testid^="attack-A"] > span:nth-child(2)');
    const sizes = await titles.evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { w: Math.round(r.width), h: Math.round(r.height), text: e.textContent ?? '' };
      }),
    );
    expect(sizes.length, 'attacks in the list').toBeGreaterThanOrEqual(15);
    for (const s of sizes) expect(s.w > 40 && s.h > 10, `${s.text}: ${s.w}×${s.h}`).toBe(true);
    await shot(page, `attack-list-${width}x${height}-zh`);
  });
