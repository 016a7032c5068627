/**
 * Presenting is kept on every link inside the page: a teacher in front of a Chinese class follows the story from
 * the attack lab's A14 to the recovery lab and back, opens the real case, the Learn view's lab links, and every page
 * they land on still presents (large print) and every link on it still says `present=1`.
 */
import type { Page } from '@playwright/test';
import { expect, prefsAtStart, test } from './fixtures.ts';

/** Every in-app link on the page (an address of this page, not a jump to a fragment) that does not keep presenting. */
async function linksWithoutPresenting(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('.app a[href]')]
      .filter((a) => {
        const raw = a.getAttribute('href') ?? '';
        if (raw.startsWith('#')) return false;
        const u = new URL(a.href);
        if (u.origin !== location.origin) return false;
        return u.searchParams.get('present') !== '1';
      })
      .map((a) => `${a.textContent?.trim().slice(0, 40) ?? ''} → ${a.getAttribute('href') ?? ''}`),
  );
}

async function presentingHere(page: Page, where: string): Promise<void> {
  await expect(page.locator('.app')).toHaveAttribute('data-present', 'on');
  await expect(page, `${where}: the address keeps presenting`).toHaveURL(/[?&]present=1/);
  expect(await linksWithoutPresenting(page), `${where}: links that drop presenting`).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await prefsAtStart(page, 'zh');
});

test('presenting, in Chinese: A14 → the recovery lab → back to the story → the attack lab; every page presents and every link keeps it', async ({
  pg,
  page,
}) => {
  await pg.goto('/?scenario=search_kb.injection&attack=A14&present=1');
  await expect(page.getByTestId('attack-verdict')).toBeVisible();
  await presentingHere(page, 'A14');
  await page.getByTestId('injection-recovery-link').click();
  await expect(page.getByTestId('recovery-mode')).toHaveAttribute('data-case', 'injected_email');
  await presentingHere(page, 'the recovery lab from A14');
  await page.getByTestId('recovery-back-to-story').click();
  await expect(page.getByTestId('injection-story')).toBeVisible();
  await presentingHere(page, 'the story from the recovery lab');
  await page.getByTestId('injection-recovery-link').click();
  await expect(page.getByTestId('recovery-mode')).toHaveAttribute('data-case', 'injected_email');
  await page.getByTestId('recovery-story-links').getByRole('link').nth(1).click();
  await expect(page.getByTestId('attack-verdict')).toBeVisible();
  await presentingHere(page, 'A14 from the recovery lab');
});

test('presenting, in Chinese: the real case, the Learn view and the exercise keep presenting on every link', async ({
  pg,
  page,
}) => {
  await pg.goto('/?scenario=search_kb.injection&attack=A14&present=1');
  await page.getByTestId('injection-real-case-link').click();
  await expect(page.getByTestId('agentdojo-case')).toBeVisible();
  await presentingHere(page, 'the AgentDojo case');
  await pg.goto('/?mode=learn&scenario=search_kb.hits&present=1');
  await page.getByRole('tab', { name: '恢复流程' }).click();
  await expect(page.locator('[data-testid^="recovery-lab-link-"]').first()).toBeVisible();
  await presentingHere(page, 'Learn, recovery');
  await page.locator('[data-testid^="recovery-lab-link-"]').first().click();
  await expect(page.getByTestId('recovery-mode')).toBeVisible();
  await presentingHere(page, 'the recovery lab from Learn');
  await pg.goto('/?mode=exercise&present=1');
  await presentingHere(page, 'the exercise');
  await pg.goto('/?mode=turn&provider=openai&stream=openai.injection_follow_up&present=1');
  await expect(page.getByTestId('injection-story')).toBeVisible();
  await presentingHere(page, 'the model turn');
});
