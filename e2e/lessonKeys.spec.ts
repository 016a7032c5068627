/**
 * The keyboard steps through a lesson's sequence, as a teacher at the front of a Chinese class would: J the next,
 * K the previous, in the attack lab (A1…A15), the recovery lab (its cases) and the Learn view's mistakes; never
 * while typing (the editor, a field). A visually-hidden hint says so, and the help's shortcuts list it.
 */
import { expect, prefsAtStart, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await prefsAtStart(page, 'zh');
});

test('presenting, the attack lab: J and K move through A1…A15, presenting kept; typing J in the editor moves nothing', async ({
  pg,
  page,
}) => {
  await pg.goto('/?scenario=search_kb.hits&attack=A1&present=1');
  await expect(page.getByTestId('attack-A1')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('lesson-keys')).toContainText('J');
  await expect(page.getByTestId('lesson-keys')).toHaveClass(/sr-only/);
  await page.keyboard.press('j');
  await expect(page.getByTestId('attack-A2')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/attack=A2/);
  await expect(page).toHaveURL(/present=1/);
  await page.keyboard.press('j');
  await expect(page).toHaveURL(/attack=A3/);
  await page.keyboard.press('k');
  await expect(page).toHaveURL(/attack=A2/);
  // Typing is typing: in the editor, J is a letter.
  await pg.editorReady();
  await pg.clickEditor();
  await page.keyboard.press('j');
  await expect(page).toHaveURL(/attack=A2/);
  // From the first, K has nowhere to go; from the last, J.
  await pg.goto('/?scenario=search_kb.hits&attack=A15');
  await page.keyboard.press('j');
  await expect(page).toHaveURL(/attack=A15/);
});

test('the recovery lab: J and K move through its cases', async ({ pg, page }) => {
  await pg.goto('/?mode=recovery&case=lost_response');
  await expect(page.getByTestId('recovery-mode')).toHaveAttribute('data-case', 'lost_response');
  await expect(page.getByTestId('lesson-keys')).toBeAttached();
  await page.keyboard.press('j');
  await expect(page.getByTestId('recovery-mode')).toHaveAttribute('data-case', 'conflict');
  await expect(page).toHaveURL(/case=conflict/);
  await page.keyboard.press('k');
  await expect(page.getByTestId('recovery-mode')).toHaveAttribute('data-case', 'lost_response');
  // In a field of the lab, J is typed.
  await page.getByTestId('recovery-args').focus();
  await page.keyboard.press('j');
  await expect(page.getByTestId('recovery-mode')).toHaveAttribute('data-case', 'lost_response');
});

test('the Learn view: J and K switch the mistakes on one after another; the help lists the keys', async ({
  pg,
  page,
}) => {
  await pg.goto('/?mode=learn&scenario=search_kb.hits');
  await expect(page.getByRole('tab', { name: '常见错误' })).toHaveAttribute('aria-selected', 'true');
  // The keys and their hint load in a chunk of their own after the first paint: the hint says they are live.
  await expect(page.getByTestId('lesson-keys')).toBeAttached();
  await page.keyboard.press('j');
  await expect(page).toHaveURL(/mistake=1/);
  await page.keyboard.press('j');
  await expect(page).toHaveURL(/mistake=2/);
  await page.keyboard.press('k');
  await expect(page).toHaveURL(/mistake=1/);
  await page.keyboard.press('?');
  const help = page.locator('.help-dialog');
  await expect(help.locator('tr', { has: page.locator('kbd', { hasText: /^J$/ }) })).toContainText('下一个');
  await expect(help.locator('tr', { has: page.locator('kbd', { hasText: /^K$/ }) })).toContainText('上一个');
});
