/**
 * One verdict for the open exercise result, wherever the page says it (in Chinese, presenting at 1280×720 and on a
 * phone): a handler output that keeps the contract but not its slot's requirement (result 1 asks for hits; an empty
 * search is typed) is "not met yet" in its card, in the problems list and in the phone's bar alike, never ✓ beside
 * ✗ or "尚未满足"; and before anything is typed, no card vouches that the app's checks "all hold". Screenshots in
 * test-results/exercise-verdicts/.
 */
import type { Page } from '@playwright/test';
import { findScenario } from '../src/chapter/index.ts';
import { expect, prefsAtStart, test } from './fixtures.ts';

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/exercise-verdicts/${name}.png` });
const slot = (page: Page, n: number) => page.getByTestId(`exercise-slot-${n}`);
const typed = (id: string) => JSON.stringify(findScenario(id)?.handler_output);

test.beforeEach(async ({ page }) => {
  await prefsAtStart(page, 'zh');
});

for (const [width, height] of [
  [1280, 720],
  [390, 844],
] as const)
  test(`at ${width}×${height} (zh): the open result's verdict is one, in its card, the problems list and the bar`, async ({
    pg,
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await pg.goto(`/?mode=exercise${width > 1000 ? '&present=1' : ''}`);
    // Nothing typed: nothing vouched for.
    await expect(slot(page, 1)).toHaveAttribute('data-shows', 'false');
    await expect(page.getByText('全部成立')).toHaveCount(0);
    await expect(page.getByTestId('problems-not-started')).toBeAttached();

    // Result 1 asks for hits; an empty search keeps the contract but not the requirement.
    await slot(page, 1).getByTestId('slot-open').click();
    await pg.editorReady();
    await pg.typeEditorText(typed('search_kb.empty'));
    await expect(slot(page, 1)).toContainText('○ 尚未满足');
    await expect(slot(page, 1)).toHaveAttribute('data-shows', 'false');
    const problems = page.locator('#bottom-tabs-panel-problems');
    await expect(problems).toContainText('尚未满足');
    await expect(problems).not.toContainText('✓');
    // The tab's count is not the green of a result that holds: zero problems, but the slot not yet met.
    const count = page.locator('#bottom-tabs-tab-problems .count');
    if (await count.isVisible()) await expect(count).not.toHaveClass(/count-ok/);
    if (width < 1024) {
      const bar = page.getByTestId('narrow-status');
      await expect(bar).toContainText('尚未满足');
      await expect(bar).not.toContainText('✓');
    }
    await shot(page, `unmet-${width}x${height}`);

    // The hits it asks for: ✓ everywhere.
    await pg.typeEditorText(typed('search_kb.hits'));
    await expect(slot(page, 1)).toHaveAttribute('data-shows', 'true');
    await expect(problems).toContainText('✓');
    if (await count.isVisible()) await expect(count).toHaveClass(/count-ok/);
    if (width < 1024) await expect(page.getByTestId('narrow-status')).toContainText('✓');
    await shot(page, `meets-${width}x${height}`);
  });
