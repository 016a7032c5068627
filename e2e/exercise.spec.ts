/**
 * The hands-on exercise in the browser: the five shipped results prove all
 * five statements, and the proofs follow what the learner types into the
 * editor. The fixtures fail every test on a page error, a console error, or a
 * request that leaves localhost.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';

test('the five shipped results show their slots and 5 / 5 proofs hold', async ({ pg, page }) => {
  await pg.goto('/?mode=exercise');
  const ex = page.getByTestId('exercise');
  await expect(ex.getByRole('status').filter({ hasText: 'proofs hold' })).toHaveText('5 / 5 proofs hold');
  for (let n = 1; n <= 5; n++) {
    await expect(ex.getByTestId(`exercise-slot-${n}`)).toHaveAttribute('data-shows', 'true');
    await expect(ex.getByTestId(`proof-${n}`)).toHaveAttribute('data-verdict', 'holds');
  }
  await expect(ex.getByTestId('exercise-slot-3').getByTestId('slot-error')).toHaveText('NOT_FOUND');
  await expect(ex.getByTestId('exercise-slot-4').getByTestId('slot-error')).toHaveText('RATE_LIMIT');
  await expect(ex.getByTestId('proof-3').getByTestId('proof-checks')).toHaveText('checked 45 swaps and key replacements');
});

test('a token pasted into result 1 is refused: proof 4 still holds, slot 1 no longer shows hits', async ({ pg, page }) => {
  await pg.goto('/?mode=exercise');
  const ex = page.getByTestId('exercise');
  await expect(ex.getByTestId('exercise-summary')).toHaveText('5 / 5 proofs hold');
  await expect(ex.getByTestId('exercise-slot-1').getByTestId('slot-open')).toHaveAttribute('aria-pressed', 'true');

  await pg.editorReady();
  const raw = JSON.parse(await pg.editorValue()) as { data: { hits: Record<string, unknown>[] } };
  (raw.data.hits[0] as Record<string, unknown>).token = 'tok_live_typed_by_the_learner';
  await pg.pasteEditorText(JSON.stringify(raw));

  const slot1 = ex.getByTestId('exercise-slot-1');
  await expect(slot1).toHaveAttribute('data-shows', 'false');
  await expect(slot1.getByTestId('slot-verdict')).toContainText('does not show it');
  await expect(slot1.getByTestId('slot-error')).toHaveText('OUTPUT_CONTRACT_VIOLATION');
  await expect(slot1.getByTestId('slot-violations')).toContainText('SENSITIVE_FIELD /data/hits/0/token');
  await expect(ex.getByTestId('proof-4')).toHaveAttribute('data-verdict', 'holds');
  await expect(ex.getByTestId('exercise-summary')).toHaveText('5 / 5 proofs hold');

  await ex.getByTestId('exercise-reset').click();
  await expect(slot1).toHaveAttribute('data-shows', 'true');
});

test('a result that is not JSON shows where, and the proofs run over the other four', async ({ pg, page }) => {
  await pg.goto('/?mode=exercise');
  const ex = page.getByTestId('exercise');
  await pg.editorReady();
  await ex.getByTestId('exercise-slot-2').getByTestId('slot-open').click();
  await expect(ex.getByTestId('exercise-slot-2').getByTestId('slot-open')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => pg.editorValue()).toContain('"hits": []');

  await pg.pasteEditorText('{"kind": "success", "data": {"query": "refund policy", "hits": [],}}');
  const slot2 = ex.getByTestId('exercise-slot-2');
  await expect(slot2.getByTestId('slot-parse-error')).toContainText('Not JSON at 1:');
  await expect(slot2).toHaveAttribute('data-shows', 'false');
  await expect(ex.getByText('Proofs run over the 4 results that parse.')).toBeVisible();
  // 4 results: 12 ordered pairs, each tried as a swap and as a move, and 4 key replacements.
  await expect(ex.getByTestId('proof-3').getByTestId('proof-checks')).toHaveText('checked 28 swaps and key replacements');
  await expect(ex.getByTestId('proof-3')).toHaveAttribute('data-verdict', 'holds');
});

test('slots open with the keyboard; with no success the injection proof is vacuous, not passed', async ({ pg, page }) => {
  await pg.goto('/?mode=exercise');
  const ex = page.getByTestId('exercise');
  for (const n of [1, 2, 5]) {
    const open = ex.getByTestId(`exercise-slot-${n}`).getByTestId('slot-open');
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(open).toHaveAttribute('aria-pressed', 'true');
    await pg.pasteEditorText('{"kind": "exception", "detail": "boom"}');
    await expect(ex.getByTestId(`exercise-slot-${n}`).getByTestId('slot-error')).toHaveText('TOOL_ERROR');
  }
  const proof4 = ex.getByTestId('proof-4');
  await expect(proof4).toHaveAttribute('data-verdict', 'vacuous');
  await expect(proof4.getByTestId('proof-verdict')).toContainText('nothing to check');
  await expect(ex.getByTestId('exercise-summary')).toHaveText('4 / 5 proofs hold');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the exercise has no axe violations (${theme})`, async ({ pg, page }) => {
    await pg.goto('/?mode=exercise');
    await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme);
    await expect(page.getByTestId('exercise-summary')).toHaveText('5 / 5 proofs hold');
    const result = await new AxeBuilder({ page }).include('[data-testid="exercise"]').analyze();
    expect(result.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
