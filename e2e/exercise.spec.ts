/**
 * The hands-on exercise in the browser (issue 18): a fresh learner finds a
 * scaffold and 0 / 5; designs or opens the five results, seals them, and
 * shows each proof by a named action of their own; a reload keeps it, a reset
 * clears it, and the learning path's count follows. The fixtures fail every
 * test on a page error, a console error, or a request that leaves localhost.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { findScenario } from '../src/core/index.ts';
import { serializeWork } from '../src/playground/codecs/savedWork.ts';
import { initialWork, workedAnswer, type Doc } from '../src/playground/work.ts';
import { expect, test, type PlaygroundPage } from './fixtures.ts';

const TEXT = {
  en: { summary: (n: number) => `${n} / 5 proofs shown`, learnTab: 'Learn' },
  zh: { summary: (n: number) => `已证明 ${n} / 5`, learnTab: '学习路径' },
} as const;

const handlerOf = (id: string): unknown => findScenario(id)?.handler_output;

async function openIn(page: Page, pg: PlaygroundPage, lang: 'en' | 'zh', address = '/?mode=exercise'): Promise<void> {
  await page.addInitScript(
    (l) => localStorage.setItem('tool-result-playground/prefs/v1', JSON.stringify({ lang: l, theme: 'system' })),
    lang,
  );
  await pg.goto(address);
}

const slot = (page: Page, n: number) => page.getByTestId(`exercise-slot-${n}`);
const proof = (page: Page, n: number) => page.getByTestId(`proof-${n}`);

for (const lang of ['zh', 'en'] as const) {
  test(`a fresh learner (${lang}) designs and seals five results and shows all five proofs by hand; reload keeps them, reset clears them`, async ({
    pg,
    page,
  }) => {
    test.setTimeout(90_000);
    const T = TEXT[lang];
    await openIn(page, pg, lang);
    const summary = page.getByTestId('exercise-summary');
    await expect(summary).toHaveText(T.summary(0));
    for (let n = 1; n <= 5; n++) {
      await expect(slot(page, n)).toHaveAttribute('data-shows', 'false');
      await expect(slot(page, n).getByTestId('slot-seal')).toBeDisabled();
      await expect(proof(page, n)).toHaveAttribute('data-shown', 'false');
    }

    // Result 2 designed by hand in the editor: its requirement ticks as soon as the text meets it.
    await slot(page, 2).getByTestId('slot-open').click();
    await pg.editorReady();
    await pg.pasteEditorText(JSON.stringify(handlerOf('search_kb.empty')));
    await expect(slot(page, 2)).toHaveAttribute('data-shows', 'true');
    // The other four from their worked answers, opened one by one.
    for (const n of [1, 3, 4, 5]) {
      await slot(page, n).getByTestId('slot-worked').click();
      await expect(slot(page, n).getByTestId('slot-worked-answer')).toBeVisible();
      await slot(page, n).getByTestId('slot-use-worked').click();
      await expect(slot(page, n)).toHaveAttribute('data-shows', 'true');
    }
    for (let n = 1; n <= 5; n++) {
      await slot(page, n).getByTestId('slot-seal').click();
      await expect(slot(page, n)).toHaveAttribute('data-sealed', 'true');
      await expect(slot(page, n).getByTestId('presented-verdict')).toHaveText(
        lang === 'en' ? '✓ accepted: it is the package that was sealed' : '✓ 通过：正是封存时的 package',
      );
    }
    // Worked answers and seals prove nothing by themselves.
    await expect(summary).toHaveText(T.summary(0));

    await proof(page, 1).getByTestId('action-scan-projection').click();
    await expect(proof(page, 1)).toHaveAttribute('data-shown', 'true');
    await expect(proof(page, 1).getByTestId('part-scan_projection')).toContainText('1, 2, 3, 4, 5');

    await proof(page, 5).getByTestId('action-scan-payloads').click();
    await expect(proof(page, 5)).toHaveAttribute('data-shown', 'true');
    await expect(proof(page, 5).getByTestId('part-scan_payloads')).toContainText('15');

    await proof(page, 3).getByTestId('action-swap').click();
    const swapped = proof(page, 3).getByTestId('outcome-presented');
    await expect(swapped).toHaveCount(2);
    for (const p of await swapped.all()) {
      await expect(p).toContainText('CALL_BINDING_MISMATCH');
      await expect(p).toContainText('RESULT_DIGEST_MISMATCH');
      await expect(p.locator('[data-digest="call_binding_sha256"]')).toHaveAttribute('data-match', 'false');
    }
    await expect(proof(page, 3).getByTestId('part-swap')).toContainText(
      lang === 'en' ? 'you swapped 1 and 2 → ' : '你交换了结果 1 和 2 → ',
    );
    await expect(proof(page, 3)).toHaveAttribute('data-shown', 'false');
    await slot(page, 1).getByTestId('slot-open').click();
    await proof(page, 3).getByTestId('action-replace-key').click();
    const moved = proof(page, 3).getByTestId('outcome-presented');
    await expect(moved).toContainText('CALL_BINDING_MISMATCH');
    await expect(moved.locator('[data-digest="request_sha256"]')).toHaveAttribute('data-match', 'true');
    await expect(proof(page, 3)).toHaveAttribute('data-shown', 'true');

    for (const [k, code] of [
      ['status', 'DATA_SCHEMA'],
      ['token', 'SENSITIVE_FIELD'],
      ['extra', 'DATA_SCHEMA'],
    ] as const) {
      await proof(page, 4).getByTestId(`action-inject-${k}`).click();
      await expect(proof(page, 4).getByTestId('proof-outcome')).toContainText(code);
      await expect(proof(page, 4).getByTestId(`part-inject_${k}`)).toHaveAttribute('data-shown', 'true');
    }
    await expect(proof(page, 4)).toHaveAttribute('data-shown', 'true');
    await expect(summary).toHaveText(T.summary(4));

    // Proof 2: the learner changes a business field of sealed result 1 in the editor.
    const raw = structuredClone(handlerOf('search_kb.hits')) as { data: { hits: { title: string }[] } };
    (raw.data.hits[0] as { title: string }).title = 'Refunds are never possible';
    await pg.pasteEditorText(JSON.stringify(raw));
    const presented = slot(page, 1).getByTestId('slot-presented');
    await expect(presented.getByTestId('presented-verdict')).toContainText('RESULT_DIGEST_MISMATCH');
    const digest = presented.getByTestId('presented-result_sha256');
    await expect(digest.getByTestId('digest-stored')).not.toHaveText(
      await digest.getByTestId('digest-recomputed').innerText(),
    );
    expect(await digest.locator('mark').count()).toBeGreaterThan(0);
    await expect(proof(page, 2)).toHaveAttribute('data-shown', 'true');
    await expect(proof(page, 2).getByTestId('part-edit_sealed')).toContainText('/data/hits/0/title');
    await expect(summary).toHaveText(T.summary(5));

    await page.reload();
    await expect(summary).toHaveText(T.summary(5));
    await expect(slot(page, 3)).toHaveAttribute('data-sealed', 'true');
    await page.getByRole('link', { name: T.learnTab, exact: true }).click();
    await expect(page.getByTestId('progress-proofs')).toHaveAttribute('data-count', '5');

    // A progress reset forgets the proofs; opening the exercise again, its edited seal still there, shows none.
    await page.getByTestId('progress-reset').click();
    await expect(page.getByTestId('progress-proofs')).toHaveAttribute('data-count', '0');
    await page.goBack();
    await expect(slot(page, 1).getByTestId('presented-verdict')).toContainText('RESULT_DIGEST_MISMATCH');
    await expect(summary).toHaveText(T.summary(0));
    await page.getByTestId('exercise-reset').click();
    await expect(summary).toHaveText(T.summary(0));
    await expect(slot(page, 1)).toHaveAttribute('data-sealed', 'false');
    await page.getByRole('link', { name: T.learnTab, exact: true }).click();
    await expect(page.getByTestId('progress-proofs')).toHaveAttribute('data-count', '0');
  });
}

test('unsealing returns to live projection; a swap needs both results sealed', async ({ pg, page }) => {
  await openIn(page, pg, 'en');
  await expect(proof(page, 3).getByTestId('action-swap')).toBeDisabled();
  await expect(proof(page, 3).getByTestId('proof-needs')).toHaveText(
    'Seal results 1 and 2 first. Seal result 1 (the open one) first.',
  );
  await slot(page, 1).getByTestId('slot-worked').click();
  await slot(page, 1).getByTestId('slot-use-worked').click();
  await slot(page, 1).getByTestId('slot-seal').click();
  await expect(slot(page, 1).getByTestId('slot-presented')).toBeVisible();
  await slot(page, 1).getByTestId('slot-unseal').click();
  await expect(slot(page, 1).getByTestId('slot-presented')).toHaveCount(0);
  await expect(slot(page, 1)).toHaveAttribute('data-shows', 'true');
});

test('a result that is not JSON shows where, and is not checked', async ({ pg, page }) => {
  await openIn(page, pg, 'en');
  await pg.editorReady();
  await slot(page, 2).getByTestId('slot-open').click();
  await expect(slot(page, 2).getByTestId('slot-open')).toHaveAttribute('aria-pressed', 'true');
  await pg.pasteEditorText('{"kind": "success", "data": {"query": "refund policy", "hits": [],}}');
  await expect(slot(page, 2).getByTestId('slot-parse-error')).toContainText('Not JSON at 1:');
  await expect(slot(page, 2)).toHaveAttribute('data-shows', 'false');
  await expect(slot(page, 2).getByTestId('slot-seal')).toBeDisabled();
});

test('slots open with the keyboard; an error result has nothing to inject into', async ({ pg, page }) => {
  await openIn(page, pg, 'en');
  const open = slot(page, 3).getByTestId('slot-open');
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(open).toHaveAttribute('aria-pressed', 'true');
  await pg.pasteEditorText(JSON.stringify(handlerOf('search_kb.no_access')));
  await expect(slot(page, 3).getByTestId('slot-error')).toHaveText('NOT_FOUND');
  await expect(slot(page, 3)).toHaveAttribute('data-shows', 'true');
  await expect(proof(page, 4).getByTestId('action-inject-token')).toBeDisabled();
});

test('old saved work with the shipped five opens as the scaffold, edits kept; old proofs are recounted with a notice', async ({
  pg,
  page,
}) => {
  const old = JSON.parse(serializeWork({ ...initialWork(), mode: 'exercise' })) as {
    exercise: { items: Doc[]; active: number; sealed?: unknown };
  };
  const mine = '{"kind": "success", "data": {"query": "mine", "hits": []}}';
  old.exercise = {
    items: [0, 1, 2, 3, 4].map((i) =>
      i === 1 ? { ...(workedAnswer(i) as Doc), handlerText: mine } : (workedAnswer(i) as Doc),
    ),
    active: 0,
  };
  const progress = {
    format: 'tool-result-playground-progress-v1',
    proofs: ['no_principal_or_receipt', 'injections_rejected'],
    attacks: ['A3'],
    questions: [1],
    mistakes: [],
  };
  // Seeded once, before the app's first load (a reload would otherwise seed it again).
  await page.addInitScript(
    ([work, prog]) => {
      if (sessionStorage.getItem('seeded') !== null) return;
      localStorage.setItem('tool-result-playground/work/v1', work as string);
      localStorage.setItem('tool-result-playground/progress/v1', prog as string);
      sessionStorage.setItem('seeded', '1');
    },
    [JSON.stringify(old), JSON.stringify(progress)],
  );
  await pg.goto('/?mode=exercise');
  await expect(pg.notice('progress-recounted')).toBeVisible();
  await expect(page.getByTestId('exercise-summary')).toHaveText('0 / 5 proofs shown');
  await expect(slot(page, 1)).toHaveAttribute('data-shows', 'false');
  await slot(page, 2).getByTestId('slot-open').click();
  await pg.editorReady();
  await expect.poll(() => pg.editorValue()).toBe(mine);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the exercise has no axe violations, with outcomes shown (${theme})`, async ({ pg, page }) => {
    await openIn(page, pg, 'en');
    await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme);
    for (const n of [1, 2]) {
      await slot(page, n).getByTestId('slot-worked').click();
      await slot(page, n).getByTestId('slot-use-worked').click();
      await slot(page, n).getByTestId('slot-seal').click();
    }
    await slot(page, 3).getByTestId('slot-worked').click();
    await proof(page, 3).getByTestId('action-swap').click();
    await proof(page, 4).getByTestId('action-inject-token').click();
    await expect(proof(page, 3).getByTestId('outcome-presented')).toHaveCount(2);
    const result = await new AxeBuilder({ page }).include('[data-testid="exercise"]').analyze();
    expect(result.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
