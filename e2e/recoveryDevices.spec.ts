/**
 * The recovery lab on the devices a class uses: a projector presenting, a phone by touch. What a learner reads is
 * 18 px at least from the back of a room, and a finger reaches every control; nothing is cut off, axe is clean.
 */
import { expect, test, prefsAtStart } from './fixtures.ts';
import { cutOff } from './layoutAudit.ts';
import { answer, axeClean, openIn } from './recoveryPage.ts';

test('presenting at a projector’s 1280×720 (zh, dark): the lab’s text at 18 px at least, each column scrolls under its name, nothing cut off, axe clean', async ({
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
  const sizes = await lab
    .locator(':is(p, li, span, code, button, dd, dt, td, th, label, select, summary, pre)')
    .evaluateAll((els) =>
      els
        .filter(
          (e) =>
            (e as HTMLElement).offsetParent !== null &&
            [...e.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== ''),
        )
        .map((e) => parseFloat(getComputedStyle(e).fontSize)),
    );
  expect(sizes.length).toBeGreaterThan(50);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(18);
  // The three columns are taller than the screen and scroll each on its own: named, so that the audit and a screen
  // reader know them (unnamed, the audit counted 28 controls of the lab cut off here).
  await expect(lab.getByRole('group', { name: '调用与证明' })).toBeVisible();
  expect(await cutOff(page)).toEqual([]);
  await axeClean(page);
});

test.describe('touch, on a phone (390×844, zh)', () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });
  test('a tap dispatches into a 429, taps move the clock past its retry-after, and every control is a target of 24 px at least', async ({
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
    const small = await page
      .getByTestId('recovery-mode')
      .locator('button, select, a[href], input, summary')
      .evaluateAll((els) =>
        els
          .filter((e) => (e as HTMLElement).offsetParent !== null)
          .map((e) => ({ e, r: e.getBoundingClientRect() }))
          .filter(({ r }) => r.width < 24 || r.height < 24)
          .map(({ e, r }) => `${e.tagName} “${(e.textContent ?? '').trim().slice(0, 30)}” ${r.width}×${r.height}`),
      );
    expect(small).toEqual([]);
    expect(await cutOff(page)).toEqual([]);
  });
});
