/**
 * The hands-on exercise in the browser (docs/decisions.md#the-exercises-proofs): a fresh learner finds a
 * scaffold and 0 / 5; designs or opens the five results, seals them, and
 * shows each proof by a named action of their own; a reload keeps it, a reset
 * clears it, and the learning path's count follows. The fixtures fail every
 * test on a page error, a console error, or a request that leaves localhost.
 */
import type { Page } from '@playwright/test';
import { serializeWork } from '../src/playground/codecs/savedWork.ts';
import { initialWork, workedAnswer, type Doc } from '../src/playground/work.ts';
import { axeOf } from './axe.ts';
import { expect, test, type PlaygroundPage, prefsAtStart } from './fixtures.ts';
import { findScenario } from '../src/chapter/index.ts';

const TEXT = {
  en: { summary: (n: number) => `${n} / 5 proofs shown`, learnTab: 'Learn' },
  zh: { summary: (n: number) => `已证明 ${n} / 5`, learnTab: '学习路径' },
} as const;

const handlerOf = (id: string): unknown => findScenario(id)?.handler_output;

async function openIn(page: Page, pg: PlaygroundPage, lang: 'en' | 'zh', address = '/?mode=exercise'): Promise<void> {
  await prefsAtStart(page, lang);
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
    // Nothing written yet: the app's own check of the statements has nothing of the learner's to speak of.
    await expect(page.getByTestId('proof-app-checks')).toHaveCount(0);

    // Result 2 designed by hand in the editor: its requirement ticks as soon as the text meets it.
    await slot(page, 2).getByTestId('slot-open').click();
    await pg.editorReady();
    await pg.pasteEditorText(JSON.stringify(handlerOf('search_kb.empty')));
    await expect(slot(page, 2)).toHaveAttribute('data-shows', 'true');
    await expect(page.getByTestId('proof-app-checks').first()).toBeVisible();
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
        lang === 'en'
          ? '✓ presented package accepted: it is the package that was sealed'
          : '✓ 呈上的 package 通过：正是封存时的 package',
      );
    }
    // Worked answers and seals prove nothing by themselves.
    await expect(summary).toHaveText(T.summary(0));

    await proof(page, 1).getByTestId('action-scan-projection').click();
    await expect(proof(page, 1)).toHaveAttribute('data-shown', 'true');
    await expect(proof(page, 1).getByTestId('part-scan_projection')).toContainText('1, 2, 3, 4, 5');

    await proof(page, 5).getByTestId('action-scan-payloads').click();
    await expect(proof(page, 5)).toHaveAttribute('data-shown', 'true');
    await expect(proof(page, 5).getByTestId('part-scan_payloads')).toContainText('20');

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

    // Each button writes its injection into the editor; taken back, the next one can go in.
    const sealedText = await pg.editorValue();
    for (const [k, code] of [
      ['status', 'DATA_SCHEMA'],
      ['token', 'SENSITIVE_FIELD'],
      ['extra', 'DATA_SCHEMA'],
    ] as const) {
      await proof(page, 4).getByTestId(`action-inject-${k}`).click();
      await expect(proof(page, 4).getByTestId('proof-outcome')).toContainText(code);
      await expect(proof(page, 4).getByTestId(`part-inject_${k}`)).toHaveAttribute('data-shown', 'true');
      await expect.poll(() => pg.editorValue()).not.toBe(sealedText);
      // The page checks the new text 150 ms later and says why the other buttons wait: nothing moves the take-back
      // from under the pointer (it once moved 38 px down, and a click meant for it landed on nothing).
      const takeBack = proof(page, 4).getByTestId('action-take-back');
      const before = await takeBack.boundingBox();
      await expect(page.getByTestId('exercise')).toHaveAttribute('aria-busy', 'false');
      await expect(proof(page, 4).getByTestId('proof-needs')).toBeVisible();
      expect(Math.abs(((await takeBack.boundingBox())?.y ?? 0) - (before?.y ?? -100))).toBeLessThan(2);
      await takeBack.click();
      await expect.poll(() => pg.editorValue()).toBe(sealedText);
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
    const result = await axeOf(page, '[data-testid="exercise"]').analyze();
    expect(result.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

/** Puts slot n's worked answer in, which opens it in the editor. */
async function useWorked(page: Page, n: number): Promise<void> {
  await slot(page, n).getByTestId('slot-worked').click();
  await slot(page, n).getByTestId('slot-use-worked').click();
  await expect(slot(page, n)).toHaveAttribute('data-shows', 'true');
}

const hitsOutput = () =>
  structuredClone(handlerOf('search_kb.hits')) as {
    data: { hits: Record<string, unknown>[] } & Record<string, unknown>;
  } & Record<string, unknown>;

test('proof 4 counts an injection typed by hand: a top-level status, then a nested token; the buttons then say truly why they wait', async ({
  pg,
  page,
}) => {
  await openIn(page, pg, 'zh');
  await useWorked(page, 1);
  await pg.editorReady();
  const p4 = proof(page, 4);

  await pg.pasteEditorText(JSON.stringify({ ...hitsOutput(), status: 'succeeded' }));
  await expect(pg.problem('RESULT_SCHEMA')).toHaveCount(1);
  await expect(p4.getByTestId('part-inject_status')).toHaveAttribute('data-shown', 'true');
  await expect(p4.getByTestId('part-inject_status')).toContainText('你向结果 1 加入了 /status → RESULT_SCHEMA');

  const out = hitsOutput();
  (out.data.hits[0] as Record<string, unknown>).token = 'tok_live_0123456789';
  await pg.pasteEditorText(JSON.stringify(out));
  await expect(pg.problem('SENSITIVE_FIELD')).toHaveCount(1);
  await expect(p4.getByTestId('part-inject_token')).toHaveAttribute('data-shown', 'true');
  await expect(p4.getByTestId('part-inject_token')).toContainText('/data/hits/0/token');
  // The open result has data: it is refused for the token the learner typed, and the reason says that.
  await expect(p4.getByTestId('action-inject-extra')).toBeDisabled();
  const needs = p4.getByTestId('proof-needs');
  await expect(needs).toContainText('已带有嵌套 token（/data/hits/0/token → SENSITIVE_FIELD）');
  await expect(needs).not.toContainText('错误结果');

  // The third by hand too: all three parts, shown by typing alone.
  await pg.pasteEditorText(JSON.stringify({ ...hitsOutput(), data: { ...hitsOutput().data, internal_note: 'x' } }));
  await expect(p4.getByTestId('part-inject_extra')).toHaveAttribute('data-shown', 'true');
  await expect(p4).toHaveAttribute('data-shown', 'true');
});

test('the injection buttons are named for what they write, write it into the editor, and take it back', async ({
  pg,
  page,
}) => {
  await openIn(page, pg, 'zh');
  await useWorked(page, 1);
  await pg.editorReady();
  const p4 = proof(page, 4);
  const before = await pg.editorValue();
  const cases = [
    ['status', '在 /data 中写入 "status"（冒充顶层 status）', '/data/status', 'DATA_SCHEMA'],
    ['token', '在 /data/hits/0 中写入 "token"', '/data/hits/0/token', 'SENSITIVE_FIELD'],
    ['extra', '在 /data 中写入额外字段 "internal_note"', '/data/internal_note', 'DATA_SCHEMA'],
  ] as const;
  for (const [k, label, path, code] of cases) {
    const button = p4.getByTestId(`action-inject-${k}`);
    await expect(button).toHaveText(label);
    await button.click();
    // In the editor, where the learner sees it, the rest of the text as it was: one line more.
    await expect.poll(async () => (await pg.editorValue()).split('\n').length).toBe(before.split('\n').length + 1);
    await expect(pg.problem(code)).toHaveCount(1);
    await expect(pg.problem(code).locator('.problem-path')).toHaveText(path);
    await expect(p4.getByTestId('proof-outcome')).toContainText(
      `已写入编辑器中的结果 1："${path.split('/').pop()}" 位于 ${path} →`,
    );
    await expect(p4.getByTestId(`part-inject_${k}`)).toContainText(path);
    await p4.getByTestId('action-take-back').click();
    await expect.poll(() => pg.editorValue()).toBe(before);
  }
  await expect(p4).toHaveAttribute('data-shown', 'true');
});

test('proof 3 by the key typed in the trusted context: beside another change it does not count, and the card says why', async ({
  pg,
  page,
}) => {
  await openIn(page, pg, 'zh');
  await useWorked(page, 1);
  await slot(page, 1).getByTestId('slot-seal').click();
  await pg.editorReady();
  const p3 = proof(page, 3);
  const sealedText = await pg.editorValue();
  const edited = hitsOutput();
  (edited.data.hits[0] as Record<string, unknown>).title = 'Refunds are never possible';
  await pg.pasteEditorText(JSON.stringify(edited));
  await pg.contextTab.click();
  await page.getByLabel('idempotency_key', { exact: true }).fill('idem_typed_by_the_learner');
  await expect(p3.getByTestId('proof-key-why')).toContainText(
    '你修改了结果 1 的幂等键，但同时还改了 /data/hits/0/title',
  );
  await expect(p3.getByTestId('part-replace_key')).toHaveAttribute('data-shown', 'false');
  // The title put back, the key alone differs: it counts, and the reason goes.
  await pg.pasteEditorText(sealedText);
  await expect(p3.getByTestId('part-replace_key')).toHaveAttribute('data-shown', 'true');
  await expect(p3.getByTestId('part-replace_key')).toContainText('你只替换了结果 1 的幂等键 → ');
  await expect(p3.getByTestId('proof-key-why')).toHaveCount(0);
});

test('after a sealed result is edited, the problems name the typed output and the slot the presented package: they never read as one verdict', async ({
  pg,
  page,
}) => {
  await openIn(page, pg, 'zh');
  await useWorked(page, 1);
  await slot(page, 1).getByTestId('slot-seal').click();
  await pg.editorReady();
  const edited = hitsOutput();
  (edited.data.hits[0] as Record<string, unknown>).title = 'Refunds are never possible';
  await pg.pasteEditorText(JSON.stringify(edited));
  await expect(slot(page, 1).getByTestId('presented-verdict')).toContainText(
    '✗ 呈上的 package 被拒绝: RESULT_DIGEST_MISMATCH',
  );
  await expect(slot(page, 1).getByTestId('slot-presented')).toContainText(
    '呈上的 package：你文本的 model_result 配上封存的 protected_audit',
  );
  await expect(slot(page, 1).getByTestId('slot-typed')).toContainText('你输入的 handler 输出：');
  await expect(page.locator('.problems-none')).toHaveText(
    '✓ 按原样输入的 handler 输出没有问题：它遵守合同，由它投影出的 package 通过校验。',
  );
  await expect(page.getByTestId('problems-subject')).toContainText(
    '与封存审计对照的“呈上的 package”在结果 1 一栏中判定',
  );
});

test('slot 5 asks for what the handler returns; the extra member it is refused for is said with the UI’s one word, 合同', async ({
  pg,
  page,
}) => {
  await openIn(page, pg, 'zh');
  await slot(page, 5).getByTestId('slot-open').click();
  await expect(slot(page, 5).getByTestId('slot-verdict')).toContainText(
    '在输出顶层、与 kind 并列写上 "truncated": true（model_result 随之给出 complete: false）',
  );
  await pg.editorReady();
  const truncated = structuredClone(handlerOf('search_kb.truncated')) as Record<string, unknown>;
  await pg.pasteEditorText(JSON.stringify(truncated));
  await expect(slot(page, 5)).toHaveAttribute('data-shows', 'true');
  // Writing model_result's own word into the handler output is the extra member the chapter warns of.
  await pg.pasteEditorText(JSON.stringify({ ...truncated, complete: false }));
  const problem = pg.problem('RESULT_SCHEMA');
  await expect(problem).toContainText('多出的成员 「complete」：合同列出了所有允许的成员');
  await expect(page.locator('#bottom-tabs-panel-problems')).not.toContainText('契约');
});

test('the exercise opens neutral on its empty template: not started, nothing red, no markers', async ({ pg, page }) => {
  await openIn(page, pg, 'zh');
  await pg.editorReady();
  await expect(page.getByTestId('problems-not-started')).toHaveText(
    '○ 尚未开始：结果 1 仍是空模板。在编辑器中写出它的 handler 输出（或打开参考答案）后，这里才会列出它的问题。',
  );
  await expect(pg.problems).toHaveCount(0);
  await expect(pg.problemsTab.locator('.count')).toHaveClass(/count-neutral/);
  await expect(slot(page, 1).getByTestId('slot-not-started')).toHaveText('○ 尚未开始：仍是空模板');
  await expect(slot(page, 1).getByTestId('slot-violations')).toHaveCount(0);
  await expect(pg.modelResult.getByTestId('projection-not-started')).toBeVisible();
  await expect(page.locator('.count-bad, .chip-error')).toHaveCount(0);
  expect(await pg.markers()).toEqual([]);
  // The first keystroke starts it: then its problems are the learner's to see.
  await pg.typeEditorText('{"kind": "success"}');
  await expect(pg.problems.first()).toBeVisible();
  await expect(page.getByTestId('problems-not-started')).toHaveCount(0);
});

test('two sealed results with one request digest say why: the same intent', async ({ pg, page }) => {
  await openIn(page, pg, 'zh');
  for (const n of [1, 2]) {
    await useWorked(page, n);
    await slot(page, n).getByTestId('slot-seal').click();
  }
  const note = slot(page, 2).getByTestId('slot-same-request');
  await expect(note).toContainText('与结果 1 的 request_sha256 相同：请求摘要绑定的是意图');
  // Result 2 leaves top_k out: the same request once normalized.
  await expect(note).toContainText('top_k: 5');
  await expect(note).toContainText('call_binding_sha256');
  await expect(slot(page, 1).getByTestId('slot-same-request')).toContainText('与结果 2 的 request_sha256 相同');
});

test('at 5 / 5 the exercise says it is done and offers the next step, Learn’s recovery walk-through', async ({
  pg,
  page,
}) => {
  const steps = [
    { step: 'scan_projection', slots: [1, 2, 3, 4, 5] },
    { step: 'edit_sealed', slot: 1, path: '/data/hits/0/title', codes: ['RESULT_DIGEST_MISMATCH'] },
    { step: 'swap', a: 1, b: 2, codes: ['CALL_BINDING_MISMATCH'] },
    { step: 'replace_key', slot: 1, codes: ['CALL_BINDING_MISMATCH'] },
    // As progress saved before an injection's place was kept: it still counts.
    { step: 'inject', slot: 1, injection: 'status', code: 'DATA_SCHEMA' },
    { step: 'inject', slot: 1, injection: 'token', code: 'SENSITIVE_FIELD' },
    { step: 'inject', slot: 1, injection: 'extra', code: 'DATA_SCHEMA' },
    { step: 'scan_payloads', slots: [1, 2, 3, 4, 5], payloads: 15 },
  ];
  const progress = {
    format: 'tool-result-playground-progress-v2',
    proofs: steps,
    points: {},
    attacks: [],
    mistakes: [],
  };
  await page.addInitScript(
    (p) => localStorage.setItem('tool-result-playground/progress/v1', p),
    JSON.stringify(progress),
  );
  await openIn(page, pg, 'zh');
  await expect(page.getByTestId('exercise-summary')).toHaveText(TEXT.zh.summary(5));
  const done = page.getByTestId('exercise-complete');
  await expect(done).toContainText('✓ 完成：五项证明全部由你自己的操作给出。');
  await expect(done).toContainText('下一步：恢复流程');
  await expect(done.getByTestId('exercise-next')).toHaveText('打开恢复流程 →');
  await done.getByTestId('exercise-next').click();
  await expect(page).toHaveURL(/mode=learn/);
  await expect(page.getByTestId('progress-proofs')).toHaveAttribute('data-count', '5');
  // Opened on the recovery tab, not on the tab Learn opens with.
  await expect(page.getByTestId('recovery-timeline')).toBeVisible();
});
