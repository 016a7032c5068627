/**
 * Where the playground goes past a digest calculator and a list of labs: the
 * digests say which field feeds which and show their inputs, the changed ones
 * marked (after an edit, and between an attack's honest and attacked call);
 * each attack and recovery case is a lab with its goal, a hint ladder revealed
 * in order before the worked answer, and a "solved" banner that only the
 * learner's own action raises (never opening the page, never a replay on reload).
 * `SCREENSHOTS=1` also takes the frames at 1280×720 and 390×844 (test-results/lab-framing/).
 */
import type { Page } from '@playwright/test';
import { ATTACK_LAB_CASES } from '../src/lessons/labs/attackLabText.ts';
import { RECOVERY_LAB_CASES } from '../src/lessons/labs/recoveryLabText.ts';
import { LAB_FRAME_TEXT } from '../src/ui/features/labFrame/text.ts';
import { axeOf } from './axe.ts';
import { expect, test, prefsAtStart } from './fixtures.ts';
import { answer, openIn } from './recoveryPage.ts';

const setHandler = (page: Page, value: unknown) =>
  page.evaluate(
    (t) => (window as unknown as { __playground: { setHandlerText(t: string): void } }).__playground.setHandlerText(t),
    `${JSON.stringify(value, null, 2)}\n`,
  );

const PAID = {
  kind: 'success',
  data: { order_ref: 'ORDER-7', status: 'paid' },
  provenance: {
    source_label: 'orders',
    producer_revision: 'orders-mock-v2',
    resource_revision: 'order-7-r3',
    observed_at: '2026-07-19T00:00:00Z',
  },
};

test('the digests panel: a field lights the digests it feeds; a digest’s inputs mark what an edit changed', async ({
  pg,
  page,
}) => {
  await prefsAtStart(page, 'zh');
  await pg.goto('/?scenario=get_order.paid');
  const map = page.getByTestId('digest-map');
  await expect(map).toBeVisible();
  const pick = (d: string) => map.getByTestId(`digest-pick-${d}`);

  // Focus (the keyboard's hover): model_result.data feeds result_sha256, and the call binding through it; not the request.
  await map.locator('[data-field="model_result.data"]').focus();
  await expect(pick('result_sha256')).toHaveAttribute('data-lit', 'direct');
  await expect(pick('call_binding_sha256')).toHaveAttribute('data-lit', 'through');
  await expect(pick('request_sha256')).toHaveAttribute('data-lit', 'no');
  await expect(map.getByTestId('digest-feeds')).toContainText('model_result.data 进入 result_sha256');
  // Hover: the audit's call id feeds the call binding alone.
  await map.locator('[data-field="protected_audit.provider_context.call_id"]').hover();
  await expect(pick('call_binding_sha256')).toHaveAttribute('data-lit', 'direct');
  await expect(pick('result_sha256')).toHaveAttribute('data-lit', 'no');

  // The inputs of result_sha256: nothing to compare with yet.
  await pick('result_sha256').click();
  const inputs = map.getByTestId('digest-inputs-result_sha256');
  await expect(inputs).toHaveAttribute('data-changed-count', '0');
  await expect(inputs.locator('tr[data-input="model_result.data"]')).toHaveAttribute('data-changed', 'false');

  // An edit of the data: model_result.data is marked, and nothing else of the result.
  await setHandler(page, { ...PAID, data: { ...PAID.data, status: 'refunded' } });
  await expect(inputs.locator('tr[data-input="model_result.data"]')).toHaveAttribute('data-changed', 'true');
  await expect(inputs).toHaveAttribute('data-changed-count', '1');
  await expect(inputs.locator('tr[data-input="model_result.status"]')).toHaveAttribute('data-changed', 'false');
  await expect(inputs.getByTestId('input-changed')).toHaveText(/已改变/);
  // The call binding holds result_sha256: that input changed too; its call ids did not.
  await pick('call_binding_sha256').click();
  const binding = map.getByTestId('digest-inputs-call_binding_sha256');
  await expect(binding.locator('tr[data-input="result_sha256"]')).toHaveAttribute('data-changed', 'true');
  await expect(binding.locator('tr[data-input="call_id"]')).toHaveAttribute('data-changed', 'false');
});

test('the attack lab’s digests: A3’s call binding inputs mark the idempotency key, the request’s mark nothing', async ({
  pg,
  page,
}) => {
  await pg.goto('/?scenario=create_refund_draft.created&attack=A3');
  const verdict = page.getByTestId('attack-verdict');
  await expect(verdict).toBeVisible();
  await verdict.getByTestId('attack-inputs-call_binding_sha256').click();
  const binding = verdict.getByTestId('digest-inputs-call_binding_sha256');
  await expect(binding.locator('tr[data-input="idempotency_key"]')).toHaveAttribute('data-changed', 'true');
  await expect(binding.locator('tr[data-input="call_id"]')).toHaveAttribute('data-changed', 'false');
  await verdict.getByTestId('attack-inputs-request_sha256').click();
  await expect(verdict.getByTestId('digest-inputs-request_sha256')).toHaveAttribute('data-changed-count', '0');
});

test('an attack as a lab, in Chinese: hints in order before the answer; solved only after the learner runs it', async ({
  pg,
  page,
}) => {
  const T = LAB_FRAME_TEXT.zh;
  const C = ATTACK_LAB_CASES.zh.A5;
  await prefsAtStart(page, 'zh');
  await pg.goto('/?scenario=get_order.paid&attack=A5');
  const frame = page.getByTestId('lab-frame');
  await expect(frame).toHaveAttribute('data-case', 'A5');
  await expect(frame.getByTestId('lab-goal')).toContainText(C.goal);
  // Opened by its address, with its verdict drawn: not solved.
  await expect(page.getByTestId('attack-verdict')).toBeVisible();
  await expect(frame.getByTestId('lab-status')).toHaveAttribute('data-solved', 'false');
  await expect(frame.getByTestId('lab-solved')).toHaveCount(0);

  // The ladder: one hint at a time, in order; the answer only after the last.
  await expect(frame.getByTestId('lab-hint-1')).toHaveCount(0);
  await expect(frame.getByTestId('lab-show-answer')).toHaveCount(0);
  await frame.getByTestId('lab-next-hint').click();
  await expect(frame.getByTestId('lab-hint-1')).toContainText(C.hints[0] as string);
  await expect(frame.getByTestId('lab-hint-1')).toBeFocused();
  await expect(frame.getByTestId('lab-hint-2')).toHaveCount(0);
  await expect(frame.getByTestId('lab-next-hint')).toHaveText(T.nextHint(2, 2));
  await frame.getByTestId('lab-next-hint').press('Enter');
  await expect(frame.getByTestId('lab-hint-2')).toContainText(C.hints[1] as string);
  await expect(frame.getByTestId('lab-answer')).toHaveCount(0);
  await frame.getByTestId('lab-show-answer').click();
  await expect(frame.getByTestId('lab-answer')).toContainText(C.answer);
  await expect(frame.getByTestId('lab-checks')).toContainText('RESULT_DIGEST_MISMATCH');
  await expect(frame.getByTestId('lab-solved')).toHaveCount(0);

  // The learner runs it: solved.
  await page.getByTestId('attack-A5').click();
  await expect(frame.getByTestId('lab-solved')).toHaveText(`✓ ${T.solvedAttack}`);

  // Reloaded, with A5 in the learner's progress: the page load solves nothing.
  await page.reload();
  await expect(page.getByTestId('attack-verdict')).toBeVisible();
  await expect(page.getByTestId('lab-frame')).toHaveAttribute('data-case', 'A5');
  await expect(page.getByTestId('lab-solved')).toHaveCount(0);
});

test('an attack that does not apply here is solved by running it on its own scenario, not by opening it', async ({
  pg,
  page,
}) => {
  await pg.goto('/?scenario=get_order.paid&attack=A7');
  await expect(page.getByTestId('attack-inapplicable')).toBeVisible();
  const frame = page.getByTestId('lab-frame');
  await expect(frame).toHaveAttribute('data-case', 'A7');
  await page.getByTestId('attack-run-default').click();
  await expect(page.getByTestId('attack-verdict')).toBeVisible();
  await expect(page.getByTestId('lab-solved')).toHaveText(`✓ ${LAB_FRAME_TEXT.en.solvedAttack}`);
});

test('a recovery case as a lab, in Chinese: solved by the learner’s retry, not by the replay of a reload', async ({
  pg,
  page,
}) => {
  const T = LAB_FRAME_TEXT.zh;
  await openIn(page, pg, 'zh', '/?mode=recovery&case=lost_response');
  const frame = page.getByTestId('lab-frame');
  await expect(frame.getByTestId('lab-goal')).toContainText(RECOVERY_LAB_CASES.zh.lost_response.goal);
  await expect(frame.getByTestId('lab-solved')).toHaveCount(0);
  await frame.getByTestId('lab-next-hint').click();
  await expect(frame.getByTestId('lab-hint-1')).toContainText(RECOVERY_LAB_CASES.zh.lost_response.hints[0] as string);

  // Half the way (the response lost) is not the goal.
  await page.getByTestId('recovery-fault').selectOption('lose_response');
  await page.getByTestId('recovery-status-answer').selectOption('silent');
  await page.getByTestId('recovery-dispatch').click();
  await expect(answer(page)).toHaveAttribute('data-code', 'OUTCOME_UNKNOWN');
  await expect(frame.getByTestId('lab-solved')).toHaveCount(0);
  // In the middle of the lab's scroll: at its top edge the sticky clock would cover it.
  const retry = page.getByTestId('recovery-retry-same_key');
  await retry.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await retry.click();
  await expect(answer(page)).toHaveAttribute('data-delivery', 'receipt_reconciled');
  await expect(frame.getByTestId('lab-solved')).toHaveText(`✓ ${T.solved}`);

  // A reload replays the learner's log onto a fresh stage: the goal is met again, but not by a hand of this visit.
  await page.reload();
  await expect(page.getByTestId('recovery-mode')).toHaveAttribute('data-replaying', 'false');
  await expect(page.getByTestId('recovery-ledger')).toHaveAttribute('data-drafts', '1');
  await expect(page.getByTestId('lab-frame')).toBeVisible();
  await expect(page.getByTestId('lab-solved')).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const)
  test(`no axe findings (${theme}): a solved attack lab with its hints, answer and inputs open; the digest map after an edit`, async ({
    pg,
    page,
  }) => {
    await prefsAtStart(page, 'zh', theme);
    await pg.goto('/?scenario=create_refund_draft.created&attack=A3');
    await page.getByTestId('attack-A3').click();
    const frame = page.getByTestId('lab-frame');
    await frame.getByTestId('lab-next-hint').click();
    await frame.getByTestId('lab-next-hint').click();
    await frame.getByTestId('lab-show-answer').click();
    await expect(frame.getByTestId('lab-solved')).toBeVisible();
    await page.getByTestId('attack-inputs-call_binding_sha256').click();
    await expect(page.getByTestId('input-changed')).toBeVisible();
    const lines = (r: Awaited<ReturnType<ReturnType<typeof axeOf>['analyze']>>) =>
      r.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(lines(await axeOf(page, '[data-testid="attack-detail"]').analyze())).toEqual([]);

    await pg.goto('/?mode=playground&scenario=get_order.paid');
    await page.getByTestId('digest-pick-result_sha256').click();
    await setHandler(page, { ...PAID, data: { ...PAID.data, status: 'pending' } });
    await expect(page.locator('tr[data-input="model_result.data"]')).toHaveAttribute('data-changed', 'true');
    await page.locator('[data-field="model_result.data"]').focus();
    expect(lines(await axeOf(page, '[data-testid="digest-map"]').analyze())).toEqual([]);
  });

test.describe('screenshots of the frames', () => {
  test.skip(process.env.SCREENSHOTS === undefined, 'set SCREENSHOTS=1 to take the lab frames’ screenshots');
  for (const size of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ])
    for (const theme of ['light', 'dark'] as const)
      test(`at ${size.width}×${size.height}, ${theme}`, async ({ pg, page }) => {
        await page.setViewportSize(size);
        await prefsAtStart(page, 'zh', theme);
        const name = (what: string) => `test-results/lab-framing/${what}-${theme}-${size.width}x${size.height}.png`;
        await pg.goto('/?scenario=get_order.paid&attack=A3');
        await page.getByTestId('attack-A3').click();
        const frame = page.getByTestId('lab-frame');
        await frame.getByTestId('lab-next-hint').click();
        await frame.scrollIntoViewIfNeeded();
        await page.screenshot({ path: name('attack') });
        await page.getByTestId('attack-inputs-call_binding_sha256').click();
        await page.getByTestId('digest-inputs-call_binding_sha256').scrollIntoViewIfNeeded();
        await page.screenshot({ path: name('attack-inputs') });
        await pg.goto('/?scenario=get_order.paid');
        await page.getByTestId('digest-pick-result_sha256').click();
        await setHandler(page, { ...PAID, data: { ...PAID.data, status: 'refunded' } });
        await expect(page.locator('tr[data-input="model_result.data"]')).toHaveAttribute('data-changed', 'true');
        await page.locator('[data-field="model_result.data"]').focus();
        await page.getByTestId('digest-map').scrollIntoViewIfNeeded();
        await page.screenshot({ path: name('digests') });
        await openIn(page, pg, 'zh', '/?mode=recovery&case=revoked');
        await page.getByTestId('lab-next-hint').click();
        await page.screenshot({ path: name('recovery') });
      });
});
