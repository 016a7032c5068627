/**
 * A stream the dispatcher's turn context cannot bind (a call id it has no entry for): the decision and
 * the next request say so in the learner's language, from the core's typed words, not from an English
 * exception message (docs/turn-contract.md#the-input-gate).
 */
import type { Page } from '@playwright/test';
import { expect, test, prefsAtStart } from './fixtures.ts';

const zh = (page: Page) => prefsAtStart(page, 'zh');

test('a call the turn context does not know: the decision and the next request say why, in Chinese', async ({
  pg,
  page,
}) => {
  // Before: the next request read "call "fncall_xx" reached the gate with no entry in the turn context" in the Chinese page.
  await zh(page);
  await pg.goto('/?mode=turn&provider=gemini&stream=gemini.one_call');
  await page.getByRole('tab', { name: '流文本' }).click();
  const area = page.getByTestId('stream-text');
  await area.fill((await area.inputValue()).replaceAll('fncall_ge01', 'fncall_xx'));
  await expect(page.getByTestId('stream-text-status')).toHaveClass(/mark-ok/);
  const words = '调用 "fncall_xx" 到达关卡，但回合上下文里没有它的条目';
  await page.getByRole('tab', { name: '下一次请求' }).click();
  const blocked = page.getByTestId('continuation-blocked');
  await expect(blocked).toHaveAttribute('data-stage', 'bad_input');
  await expect(blocked).toContainText(words);
  await expect(blocked).not.toContainText('reached the gate');
  await page.getByRole('tab', { name: '这一步' }).click();
  await page.keyboard.press('End');
  const decision = page.getByTestId('step-detail').getByTestId('turn-decision');
  await expect(decision).toHaveAttribute('data-kind', 'bad_input');
  await expect(decision).toContainText(words);
  // The same words in English, from the same params.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(decision).toContainText('call "fncall_xx" reached the gate with no entry in the turn context');
});
