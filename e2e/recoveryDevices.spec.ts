/**
 * The recovery lab on the devices a class uses: a projector presenting, a phone by touch. What a learner reads is
 * 18 px at least from the back of a room, and a finger reaches every control; nothing is cut off, axe is clean.
 */
import type { Page } from '@playwright/test';
import { RECOVERY_CASE_IDS } from '../src/lessons/recoveryProofs.ts';
import { expect, test, prefsAtStart } from './fixtures.ts';
import { cutOff, smallestFont, smallTargets } from './layoutAudit.ts';
import { answer, axeClean, openIn } from './recoveryPage.ts';

test('presenting at a projector’s 1280×720 (zh, dark): the lab’s text at 18 px at least, the lab one column that scrolls under its name, nothing cut off, axe clean', async ({
  pg,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await prefsAtStart(page, 'zh', 'dark');
  await pg.goto('/?mode=recovery&case=lost_response&present=1');
  await expect(page.locator('.app')).toHaveAttribute('data-present', 'on');
  const lab = page.getByTestId('recovery-mode');
  await lab.getByTestId('recovery-dispatch').click();
  await expect(answer(page)).toHaveAttribute('data-status', 'succeeded');
  expect(
    await smallestFont(
      page,
      '[data-testid="recovery-mode"] :is(p, li, span, code, button, dd, dt, td, th, label, select, summary, pre)',
    ),
  ).toBeGreaterThanOrEqual(18);
  // The lab is taller than the screen and scrolls as one column (e2e/recoveryShort.spec.ts): it and its columns are
  // named, so that the audit and a screen reader know them (unnamed, the audit counted 28 controls cut off here).
  await expect(lab.getByRole('group', { name: '调用与证明' })).toBeVisible();
  // The clock's reading is larger than its label: it is what the class reads from the back.
  const px = (selector: string) => page.locator(selector).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(await px('[data-testid="recovery-now"]')).toBeGreaterThan(await px('#recovery-clock-title'));
  expect(await cutOff(page)).toEqual([]);
  await axeClean(page);
});

test.describe('touch, on a phone (390×844, zh)', () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });
  test('a tap dispatches into a 429, taps move the clock past its retry-after, and every control is a target of 44 px (a box through its label)', async ({
    pg,
    page,
  }) => {
    await openIn(page, pg, 'zh', '/?mode=recovery&case=rate_limit');
    await page.getByTestId('recovery-fault').selectOption('rate_limit');
    await page.getByTestId('recovery-retry-after').selectOption('10000');
    await page.getByTestId('recovery-dispatch').tap();
    await expect(page.getByTestId('recovery-clock')).toContainText('09:00:10');
    await page.getByTestId('recovery-advance-1000').tap();
    await page.getByTestId('recovery-advance-10000').tap();
    await expect(answer(page)).toHaveAttribute('data-status', 'succeeded');
    await expect(page.getByTestId('recovery-clock')).toContainText('09:00:11');
    expect(await smallTargets(page)).toEqual([]);
    expect(await cutOff(page)).toEqual([]);
  });
});

/** Each case after the learner's first moves in it: what a screenshot of the case should show. */
const FIRST_MOVES: Record<string, (page: Page) => Promise<void>> = {
  lost_response: async (page) => {
    await page.getByTestId('recovery-fault').selectOption('lose_response');
    await page.getByTestId('recovery-dispatch').click();
  },
  conflict: async (page) => {
    await page.getByTestId('recovery-dispatch').click();
    await page.getByTestId('recovery-retry-other_args').click();
    await page.getByTestId('recovery-retry-model_again').click();
  },
  revoked: async (page) => {
    await page.getByTestId('recovery-dispatch').click();
    await page.getByTestId('recovery-access-toggle').click();
    await page.getByTestId('recovery-retry-same_key').click();
  },
  rate_limit: async (page) => {
    await page.getByTestId('recovery-fault').selectOption('rate_limit');
    await page.getByTestId('recovery-dispatch').click();
  },
  approval: async (page) => page.getByTestId('recovery-dispatch').click(),
  injected_email: async (page) => page.getByTestId('recovery-dispatch').click(),
  audit: async (page) => {
    await page.getByTestId('recovery-dispatch').click();
    await page.getByTestId('recovery-dispatch').click();
  },
};

test('screenshots of each case after its first moves (zh, 1366×768 and 390×844), for looking at', async ({
  pg,
  page,
}) => {
  test.skip(process.env.RECOVERY_SHOTS === undefined, 'set RECOVERY_SHOTS=1 to write /tmp/recovery-cases/');
  test.setTimeout(120_000);
  await prefsAtStart(page, 'zh');
  for (const [w, h] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const id of RECOVERY_CASE_IDS) {
      await pg.goto(`/?mode=recovery&case=${id}`);
      await FIRST_MOVES[id]?.(page);
      await expect(answer(page)).toBeVisible();
      await page.screenshot({ path: `/tmp/recovery-cases/${id}-${w}x${h}.png` });
      if (w < 1024)
        await page.locator('#recovery-model').screenshot({ path: `/tmp/recovery-cases/${id}-${w}-model.png` });
      expect(await cutOff(page), id).toEqual([]);
    }
  }
});
