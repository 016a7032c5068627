/**
 * The learning path in the browser: every mistake switch shows its
 * consequence and turning it off restores the correct verdict; every recovery
 * path shows the delivery and outcome the core produces at each step; every
 * self-test question can be answered, compared with its key points and
 * demonstrated; progress is counted (points covered, proofs shown by the
 * learner), kept and reset. The fixtures fail every test on a page error, a
 * console error, or a request that leaves localhost.
 */
import { type Scenario } from '#lib/core/index.ts';
import { MISTAKES } from '../src/mistakes/index.ts';
import { consequenceOf } from '../src/mistakes/mistakeText.ts';
import { recoveryTimeline, RECOVERY_PATH_IDS } from '../src/playground/recoveryTimeline.ts';
import { QUESTIONS } from '../src/playground/selfTest.ts';
import { SELF_TEST_TEXT } from '../src/playground/selfTestText.ts';
import { axeOf } from './axe.ts';
import { expect, test, prefsAtStart } from './fixtures.ts';
import { findScenario } from '../src/chapter/index.ts';

const queryOf = (url: string) => new URL(url).searchParams;

for (const m of MISTAKES) {
  test(`mistake ${m.id} on ${m.scenario} shows its consequence; off restores the correct verdict`, async ({
    pg,
    page,
  }) => {
    await pg.goto(`/?mode=learn&scenario=${m.scenario}&mistake=${m.id}`);
    const learn = page.getByTestId('learn');
    const sw = learn.getByRole('switch', { name: new RegExp(`^${m.id}`) });
    await expect(sw).toHaveAttribute('aria-checked', 'true');
    const detail = learn.getByTestId('mistake-detail');
    await expect(detail).toHaveAttribute('data-mistake', String(m.id));
    await expect(detail).toHaveAttribute('data-shows', 'true');
    const expected = m.run(findScenario(m.scenario) as Scenario);
    await expect(detail.getByTestId('mistake-consequence')).toHaveText(consequenceOf('en', expected));
    await expect(detail.getByTestId('mistake-correct')).toBeVisible();
    await expect(detail.getByTestId('mistake-mistaken')).toBeVisible();
    await expect(learn.getByTestId('correct-verdict')).toHaveCount(0);

    await sw.click();
    await expect(sw).toHaveAttribute('aria-checked', 'false');
    await expect(learn.getByTestId('mistake-detail')).toHaveCount(0);
    await expect(learn.getByTestId('correct-verdict')).toBeVisible();
    await expect(page).toHaveURL(
      (u) => queryOf(u.href).get('mistake') === null && queryOf(u.href).get('mode') === 'learn',
    );
  });
}

test('a mistake the input cannot show offers its best scenario; the address follows the switches', async ({
  pg,
  page,
}) => {
  await pg.goto('/?mode=learn&scenario=get_order.paid&mistake=2');
  const detail = page.getByTestId('mistake-detail');
  await expect(detail).toHaveAttribute('data-shows', 'false');
  await expect(detail.getByTestId('mistake-not-shown')).toBeVisible();
  await detail.getByTestId('mistake-run-best').click();
  await expect(page).toHaveURL(/scenario=create_refund_draft\.status_injected/);
  await expect(page.getByTestId('mistake-detail')).toHaveAttribute('data-shows', 'true');
  await expect(page.getByTestId('mistake-evidence')).toContainText('status');
  // Switching another one on replaces it, with its own address.
  await page.getByTestId('mistake-switch-5').click();
  await expect(page).toHaveURL(/mistake=5/);
  await expect(page.getByTestId('mistake-switch-2')).toHaveAttribute('aria-checked', 'false');
  // Chinese: the same consequence in the learner's language.
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('tab', { name: '常见错误' })).toBeVisible();
  await expect(page.getByTestId('mistake-consequence')).toContainText('目录规定');
});

test('an unknown mistake number is reported and every switch stays off', async ({ pg, page }) => {
  await pg.goto('/?mode=learn&mistake=12');
  await expect(pg.notice('unknown-mistake')).toBeVisible();
  await expect(page.getByTestId('correct-verdict')).toBeVisible();
  await expect(page.getByRole('switch', { checked: true })).toHaveCount(0);
});

for (const id of RECOVERY_PATH_IDS) {
  test(`recovery path ${id}: each step with its delivery, outcome and next step`, async ({ pg, page }) => {
    await pg.goto('/?mode=learn');
    await page.getByRole('tab', { name: 'Recovery' }).click();
    await page.getByTestId(`recovery-path-${id}`).click();
    const tl = page.getByTestId('recovery-timeline');
    await expect(tl).toHaveAttribute('data-path', id);
    await expect(page.getByTestId('learn')).toContainText('never by the message text');
    const expected = recoveryTimeline(id, 'en');
    await expect(tl.locator('li[data-kind]')).toHaveCount(expected.steps.length);
    for (const s of expected.steps) {
      const step = tl.getByTestId(`step-${s.id}`);
      await expect(step).toContainText(s.title);
      if (s.result === null) await expect(step.getByTestId('step-no-result')).toBeVisible();
      else {
        const r = step.getByTestId('step-result');
        await expect(r).toHaveAttribute('data-delivery', s.result.delivery);
        await expect(r).toHaveAttribute('data-outcome', s.result.outcome);
        await expect(step.getByTestId('step-delivery')).toHaveText(`delivery: ${s.result.delivery}`);
      }
      await expect(step.getByTestId('step-next')).toHaveAttribute('data-action', s.next.action);
    }
  });
}

test('the OUTCOME_UNKNOWN step says query_status, never a second dispatch, and comes from the catalog', async ({
  pg,
  page,
}) => {
  await pg.goto('/?mode=learn');
  await page.getByRole('tab', { name: 'Recovery' }).click();
  const next = page.getByTestId('step-timeout').getByTestId('step-next');
  await expect(next).toContainText('Never dispatch create_refund_draft again');
  await expect(next).toContainText('from ERROR_CATALOG[OUTCOME_UNKNOWN].recovery, not the message');
  await page
    .getByTestId('step-timeout')
    .getByRole('button', { name: /Open in the playground/ })
    .click();
  await expect(page).toHaveURL(/scenario=create_refund_draft\.outcome_unknown/);
  await expect(page.locator('.app')).toHaveAttribute('data-mode', 'playground');
});

test('the status query cites the code whose catalog entry chose it, not the action (zh), and the attacks read n of n', async ({
  pg,
  page,
}) => {
  await prefsAtStart(page, 'zh');
  await pg.goto('/?mode=learn');
  await expect(page.getByTestId('progress-attacks')).toContainText('/15');
  await page.getByRole('tab', { name: '恢复流程' }).click();
  const next = page.getByTestId('step-query').getByTestId('step-next');
  await expect(next).toContainText('来自 ERROR_CATALOG[OUTCOME_UNKNOWN].recovery');
  await expect(next).not.toContainText('ERROR_CATALOG[query_status]');
});

const DEMO_CHECK: Record<number, (url: URLSearchParams) => boolean> = {
  1: (q) => q.get('attack') === 'A3' && q.get('scenario') === 'create_refund_draft.created',
  2: (q) =>
    q.get('scenario') === 'create_refund_draft.status_injected' && q.get('mode') === null && q.get('attack') === null,
  3: (q) => q.get('scenario') === 'get_order.local_replay' && q.get('mode') === null,
  4: (q) => q.get('mode') === null && q.get('attack') === null,
  5: (q) => q.get('attack') === 'A14' && q.get('scenario') === 'search_kb.injection',
};

for (const q of QUESTIONS) {
  test(`self-test Q${q.id}: answer, reveal, open the demonstration`, async ({ pg, page }) => {
    const words = SELF_TEST_TEXT.en[q.id];
    await pg.goto('/?mode=learn');
    await page.getByRole('tab', { name: 'Self-test' }).click();
    const card = page.getByTestId(`question-${q.id}`);
    await expect(card).toContainText(words.question);
    const reveal = card.getByTestId('reveal');
    await expect(reveal).toBeDisabled();
    await card.getByRole('textbox', { name: 'Your answer' }).fill('My own answer first.');
    await reveal.click();
    const explanation = card.getByTestId('explanation');
    await expect(explanation).toBeVisible();
    await expect(explanation).toContainText((words.explanation[0] as string).slice(0, 40));
    // Written is not answered: only a key point the learner ticks as covered makes it so.
    await expect(card).toHaveAttribute('data-answered', 'false');
    await expect(card.getByTestId('answered')).toHaveCount(0);
    await expect(card.getByTestId('key-points').getByRole('checkbox')).toHaveCount(words.points.length);
    await card.getByTestId('point-1').check();
    await expect(card).toHaveAttribute('data-answered', 'true');
    await expect(card.getByTestId('answered')).toHaveText(`✓ answered · 1 of ${words.points.length} key points`);
    await explanation.getByTestId('demo').click();
    await expect(page).toHaveURL((u) => (DEMO_CHECK[q.id] as (x: URLSearchParams) => boolean)(queryOf(u.href)));
    if (q.id === 1) await expect(page.getByTestId('attack-detail')).toHaveAttribute('data-attack', 'A3');
    if (q.id === 5)
      await expect(page.getByTestId('attack-verdict')).toHaveAttribute('data-verdict', 'nothing_to_reject');
    if (q.id === 2) await expect(pg.modelResult).toContainText('OUTPUT_CONTRACT_VIOLATION');
    if (q.id === 3) await expect(pg.modelResult).toContainText('local_replay');
    if (q.id === 4) await expect(page.locator('#panel-payloads-title')).toBeFocused();
    // Back from the demonstration: the self-test is where the learner left it, answer and explanation included.
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Self-test' })).toHaveAttribute('aria-selected', 'true');
    await expect(card.getByRole('textbox', { name: 'Your answer' })).toHaveValue('My own answer first.');
    await expect(card.getByTestId('explanation')).toBeVisible();
  });
}

test('a one-letter answer opens nothing and gets no ✓; unticking every point un-answers a question', async ({
  pg,
  page,
}) => {
  await pg.goto('/?mode=learn');
  await page.getByRole('tab', { name: 'Self-test' }).click();
  const card = page.getByTestId('question-2');
  await card.getByRole('textbox', { name: 'Your answer' }).fill('x');
  await expect(card.getByTestId('reveal')).toBeDisabled();
  await expect(card).toContainText('Write an answer first (at least 8 characters).');
  await expect(card).not.toContainText('✓');
  await card
    .getByRole('textbox', { name: 'Your answer' })
    .fill('data.status is business data, the top level is the dispatcher’s.');
  await card.getByTestId('reveal').click();
  await card.getByTestId('point-1').check();
  await card.getByTestId('point-2').check();
  await expect(page.getByTestId('progress-points')).toHaveAttribute('data-count', '2');
  await card.getByTestId('point-1').uncheck();
  await card.getByTestId('point-2').uncheck();
  await expect(card).toHaveAttribute('data-answered', 'false');
  await expect(card.getByTestId('points-verdict')).toHaveText(
    'No key point ticked yet: the question is not answered until your answer covers one.',
  );
  await expect(page.getByTestId('progress-points')).toHaveAttribute('data-count', '0');
});

test('progress counts mistakes, key points, attacks and proofs, survives a reload, and resets; opening the exercise counts no proof', async ({
  pg,
  page,
}) => {
  await pg.goto('/?mode=learn');
  const count = (k: string) => page.getByTestId(`progress-${k}`);
  for (const k of ['proofs', 'attacks', 'points', 'mistakes'])
    await expect(count(k)).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('progress-reset')).toBeDisabled();

  await page.getByTestId('mistake-switch-1').click();
  await page.getByTestId('mistake-switch-4').click();
  // Mistake 4 loses nothing on the default result: it is explored once it shows, on its own scenario.
  await expect(page.getByTestId('mistake-detail')).toHaveAttribute('data-shows', 'false');
  await expect(count('mistakes')).toHaveAttribute('data-count', '1');
  await page.getByTestId('mistake-run-best').click();
  await expect(page.getByTestId('mistake-detail')).toHaveAttribute('data-shows', 'true');
  await expect(count('mistakes')).toHaveAttribute('data-count', '2');

  await page.getByRole('tab', { name: 'Self-test' }).click();
  const card = page.getByTestId('question-3');
  await card.getByRole('textbox').fill('delivery evidence');
  await card.getByTestId('reveal').click();
  await expect(count('points')).toHaveAttribute('data-count', '0');
  await card.getByTestId('point-2').check();
  await expect(count('points')).toHaveAttribute('data-count', '1');
  // Its answer can be caused by hand: the link is a real address of the lab's case.
  await expect(card.getByTestId('selftest-lab')).toHaveAttribute('href', /mode=recovery&case=lost_response/);

  // Progress is saved by an effect after the render that records it: each navigation below waits for the
  // saved copy, so a loaded machine cannot navigate away between the click and the save.
  const saved = (k: 'attacks' | 'proofs') =>
    page.evaluate((key) => {
      const raw = localStorage.getItem('tool-result-playground/progress/v1');
      const p = raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
      return p !== null && Array.isArray(p[key]) ? (p[key] as unknown[]).length : 0;
    }, k);
  await pg.goto('/?scenario=create_refund_draft.created&attack=A3');
  await expect.poll(() => saved('attacks')).toBe(1);
  await page.getByTestId('attack-A5').click();
  await expect(page.getByTestId('attack-detail')).toHaveAttribute('data-attack', 'A5');
  await expect.poll(() => saved('attacks')).toBe(2);
  await pg.goto('/?mode=exercise');
  await expect(page.getByTestId('exercise-summary')).toHaveText('0 / 5 proofs shown');
  await pg.goto('/?mode=learn');
  await expect(count('attacks')).toHaveAttribute('data-count', '2');
  await expect(count('proofs')).toHaveAttribute('data-count', '0');
  expect(await saved('proofs')).toBe(0);
  await expect(count('mistakes')).toContainText('2/8');

  await page.reload();
  await expect(count('points')).toHaveAttribute('data-count', '1');
  // The answer itself is kept too, and the question opens with its key points and explanation.
  await page.getByRole('tab', { name: 'Self-test' }).click();
  await expect(page.getByTestId('question-3').getByRole('textbox')).toHaveValue('delivery evidence');
  await expect(page.getByTestId('question-3').getByTestId('explanation')).toBeVisible();
  await page.getByTestId('progress-reset').click();
  for (const k of ['proofs', 'attacks', 'points', 'mistakes'])
    await expect(count(k)).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('question-3').getByRole('textbox')).toHaveValue('');
  await page.reload();
  for (const k of ['proofs', 'attacks', 'points', 'mistakes'])
    await expect(count(k)).toHaveAttribute('data-count', '0');
});

test('corrupt progress is set aside and reported, never a crash', async ({ pg, page }) => {
  await pg.goto('/?mode=learn');
  await page.evaluate(() =>
    localStorage.setItem(
      'tool-result-playground/progress/v1',
      '{"format":"tool-result-playground-progress-v1","attacks":["A99"]',
    ),
  );
  await page.reload();
  await expect(pg.notice('corrupt-progress')).toBeVisible();
  await expect(page.getByTestId('progress-attacks')).toHaveAttribute('data-count', '0');
  const kept = await page.evaluate(
    () => Object.keys(localStorage).filter((k) => k.startsWith('tool-result-playground/corrupt/progress-')).length,
  );
  expect(kept).toBe(1);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the learn view has no serious or critical axe violations (${theme})`, async ({ pg, page }) => {
    await pg.goto('/?mode=learn&scenario=create_refund_draft.status_injected&mistake=2');
    await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme);
    const check = async (label: string) => {
      const result = await axeOf(page, '[data-testid="learn"]').analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    await expect(page.getByTestId('mistake-detail')).toBeVisible();
    await check('mistakes');
    await page.getByRole('tab', { name: 'Recovery' }).click();
    await check('recovery');
    await page.getByRole('tab', { name: 'Self-test' }).click();
    const card = page.getByTestId('question-1');
    await card.getByRole('textbox').fill('request and binding answer different questions');
    await card.getByTestId('reveal').click();
    await card.getByTestId('point-1').check();
    await check('self-test');
  });
}

test('the self-test’s question on local_replay and receipt_reconciled opens the recovery case that shows both (zh)', async ({
  pg,
  page,
}) => {
  await prefsAtStart(page, 'zh');
  await pg.goto('/?mode=learn');
  await page.getByRole('tab', { name: '自测' }).click();
  const card = page.getByTestId('question-3');
  // Beside the explanation, which opens once the learner has answered.
  await card.getByRole('textbox').fill('一个来自本地记录，一个来自下游回执');
  await card.getByTestId('reveal').click();
  const link = card.getByTestId('selftest-lab');
  await expect(link).toBeVisible();
  await expect(link).toContainText('在恢复实验室里亲手造出两者');
  await expect(page.getByTestId('selftest-lab')).toHaveCount(1);
  await link.click();
  await expect(page).toHaveURL(/mode=recovery&case=lost_response/);
  await expect(page.getByTestId('recovery-mode')).toHaveAttribute('data-case', 'lost_response');
});
