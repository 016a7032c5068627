/**
 * The exercise's chapter track in the browser (docs/scenarios.md#the-chapter-track), in Chinese at 1366×768: a
 * learner writes the five model_results and protected_audits by hand, takes the three digests off the field table
 * as the app recomputed them, seals the five, and shows each proof by an action of their own. No proof may be
 * shown over nothing: the scans need all five sealed, and each part names what it was shown by.
 */
import type { Page } from '@playwright/test';
import { project } from '#lib/core/result/index.ts';
import { chapterTools, EXERCISE_SCENARIO_IDS, findScenario } from '../src/chapter/index.ts';
import { axeOf } from './axe.ts';
import { expect, prefsAtStart, test } from './fixtures.ts';

/** A chapter-shaped attempt: each result written from the contract, each audit from the trusted context. */
const attempt = EXERCISE_SCENARIO_IDS.map((id) => {
  const s = findScenario(id);
  if (s === null) throw new Error(id);
  return project(s.handler_output, s.context, chapterTools);
});

const tab = (page: Page, n: number) => page.getByTestId(`chapter-tab-${n}`);
const openCase = (page: Page, n: number) => page.getByTestId(`chapter-case-${n}`);
const proof = (page: Page, n: number) => page.getByTestId(`chapter-proof-${n}`);
const expected = (page: Page, n: number, field: string) =>
  openCase(page, n).locator(`tr[data-field="${field}"]`).getByTestId('field-expected');

test('the chapter track in Chinese at 1366×768: five hand-written packages sealed, five proofs shown by hand, none over nothing', async ({
  pg,
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await prefsAtStart(page, 'zh');
  await pg.goto('/?mode=exercise');
  // The handler-output track explains its format before it asks for it.
  await expect(page.getByTestId('handler-format')).toContainText('handler 输出');
  await page.getByTestId('track-chapter').click();
  await expect(page.getByTestId('track-chapter')).toHaveAttribute('aria-pressed', 'true');
  const summary = page.getByTestId('chapter-summary');
  await expect(summary).toHaveText('本练习已证明 0 / 5');
  // The reference pane names what the contract fixes, so nothing is found out from a refusal.
  await expect(openCase(page, 1).getByTestId('chapter-reference')).toContainText('kb-mock-v1');
  await expect(openCase(page, 1).getByTestId('chapter-reference')).toContainText('knowledge_base');
  // The skeleton is refused, and the scans cannot run over fewer than five.
  await expect(openCase(page, 1).getByTestId('chapter-verdict')).toHaveAttribute('data-ok', 'false');
  await expect(openCase(page, 1).getByTestId('chapter-seal')).toBeDisabled();
  await expect(proof(page, 1).getByRole('button')).toBeDisabled();

  for (let n = 1; n <= 5; n++) {
    await tab(page, n).click();
    const c = openCase(page, n);
    const pkg = attempt[n - 1]!;
    await c.getByTestId('chapter-model').fill(JSON.stringify(pkg.model_result, null, 2));
    // The audit written from the trusted context, its digests left blank: the table says each one is wrong.
    const audit = structuredClone(pkg.protected_audit);
    audit.binding.request_sha256 = '';
    audit.binding.result_sha256 = '';
    audit.binding.call_binding_sha256 = '';
    await c.getByTestId('chapter-audit').fill(JSON.stringify(audit, null, 2));
    await expect(c.locator('tr[data-field="/provider_context/call_id"]')).toHaveAttribute('data-ok', 'true');
    await expect(c.locator('tr[data-field="/binding/result_sha256"]')).toHaveAttribute('data-ok', 'false');
    await expect(c.getByTestId('chapter-seal')).toBeDisabled();
    // Each digest taken off the table as the app recomputed it from the trusted context and the model_result.
    for (const d of ['request_sha256', 'result_sha256', 'call_binding_sha256'] as const)
      audit.binding[d] = (await expected(page, n, `/binding/${d}`).textContent()) ?? '';
    await c.getByTestId('chapter-audit').fill(JSON.stringify(audit, null, 2));
    await expect(c.getByTestId('chapter-verdict')).toHaveAttribute('data-ok', 'true');
    await expect(c.locator('tr[data-ok="false"]')).toHaveCount(0);
    await c.getByTestId('chapter-seal').click();
    await expect(tab(page, n)).toHaveAttribute('data-sealed', 'true');
  }
  // Sealing proves nothing by itself.
  await expect(summary).toHaveText('本练习已证明 0 / 5');

  await proof(page, 1).getByRole('button', { name: '搜索我的 model_result' }).click();
  await expect(proof(page, 1)).toHaveAttribute('data-shown', 'true');
  await expect(proof(page, 1).getByTestId('chapter-outcome')).toContainText('已在 5 个 model_result 中搜索');

  await proof(page, 5).getByRole('button', { name: '构建并搜索我的 payload' }).click();
  await expect(proof(page, 5)).toHaveAttribute('data-shown', 'true');
  await expect(proof(page, 5).getByTestId('chapter-part-scan_payloads')).toContainText('5 payloads');

  await page.getByTestId('chapter-swap').click();
  await expect(proof(page, 3).getByTestId('chapter-part-swap')).toHaveAttribute('data-shown', 'true');
  await expect(proof(page, 3).getByTestId('chapter-part-swap')).toContainText('CALL_BINDING_MISMATCH');
  await page.getByTestId('chapter-replace-key').click();
  await expect(proof(page, 3)).toHaveAttribute('data-shown', 'true');

  // Proof 2 and 4 in the open sealed success (call 5, truncated: it has hits): edit, then take it back each time.
  const c = openCase(page, 5);
  const model = c.getByTestId('chapter-model');
  const sealedText = await model.inputValue();
  const withEdit = (edit: (mr: Record<string, unknown> & { data: Record<string, unknown> }) => void) => {
    const mr = JSON.parse(sealedText) as Record<string, unknown> & { data: Record<string, unknown> };
    edit(mr);
    return JSON.stringify(mr, null, 2);
  };
  const firstHit = (mr: { data: Record<string, unknown> }) => (mr.data.hits as Record<string, unknown>[])[0]!;
  await model.fill(withEdit((mr) => (firstHit(mr).title = '退款帮助（已改）')));
  await expect(c.getByTestId('chapter-presented')).toContainText('RESULT_DIGEST_MISMATCH');
  await expect(proof(page, 2)).toHaveAttribute('data-shown', 'true');
  for (const [part, edit] of [
    ['inject_status', (mr: { data: Record<string, unknown> }) => (mr.data.status = 'succeeded')],
    ['inject_token', (mr: { data: Record<string, unknown> }) => (firstHit(mr).token = 'tok_live_0123456789')],
    ['inject_extra', (mr: { data: Record<string, unknown> }) => (mr.data.internal_note = 'VIP')],
  ] as const) {
    await model.fill(withEdit(edit));
    await expect(proof(page, 4).getByTestId(`chapter-part-${part}`)).toHaveAttribute('data-shown', 'true');
    await model.fill(sealedText);
    await expect(c.getByTestId('chapter-presented')).toContainText('封存后未改动');
  }

  await expect(summary).toHaveText('本练习已证明 5 / 5');
  // No vacuous proof: every part of every proof names the learner's step that showed it.
  const parts = page.locator('[data-testid^="chapter-part-"]');
  await expect(parts).toHaveCount(8);
  for (const p of await parts.all()) {
    await expect(p).toHaveAttribute('data-shown', 'true');
    await expect(p).not.toContainText('尚未');
  }
  await page.screenshot({ path: 'test-results/chapter-track-1366.png', fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await tab(page, 1).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/chapter-track-390.png', fullPage: false });
  // Nothing in the track is wider than a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

for (const theme of ['light', 'dark'] as const)
  test(`the chapter track has no axe violations, its refusals and field table shown (${theme}, en, keyboard)`, async ({
    pg,
    page,
  }) => {
    await prefsAtStart(page, 'en', theme);
    await pg.goto('/?mode=exercise');
    await page.getByTestId('track-chapter').click();
    // The calls' tabs move with the arrow keys.
    await page.getByTestId('chapter-tab-1').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('chapter-tab-2')).toBeFocused();
    await expect(page.getByTestId('chapter-tab-2')).toHaveAttribute('aria-selected', 'true');
    await expect(openCase(page, 2).getByTestId('chapter-fields')).toBeVisible();
    const result = await axeOf(page, '[data-testid="chapter-track"]').analyze();
    expect(result.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

test('a reload loses nothing the learner wrote in the chapter track: each case’s texts and its seal come back', async ({
  pg,
  page,
}) => {
  await prefsAtStart(page, 'zh');
  await pg.goto('/?mode=exercise');
  await page.getByTestId('track-chapter').click();
  const pkg = attempt[0]!;
  const c = openCase(page, 1);
  await c.getByTestId('chapter-model').fill(JSON.stringify(pkg.model_result, null, 2));
  const audit = structuredClone(pkg.protected_audit);
  for (const d of ['request_sha256', 'result_sha256', 'call_binding_sha256'] as const)
    audit.binding[d] = (await expected(page, 1, `/binding/${d}`).textContent()) ?? '';
  await c.getByTestId('chapter-audit').fill(JSON.stringify(audit, null, 2));
  await c.getByTestId('chapter-seal').click();
  await expect(tab(page, 1)).toHaveAttribute('data-sealed', 'true');
  await tab(page, 2).click();
  const halfWritten = '{ "status": "succeeded", "data": { "hits": [';
  await openCase(page, 2).getByTestId('chapter-model').fill(halfWritten);

  await page.reload();
  await page.getByTestId('track-chapter').click();
  await expect(tab(page, 1)).toHaveAttribute('data-sealed', 'true');
  await expect(openCase(page, 1).getByTestId('chapter-model')).toHaveValue(JSON.stringify(pkg.model_result, null, 2));
  await tab(page, 2).click();
  await expect(openCase(page, 2).getByTestId('chapter-model')).toHaveValue(halfWritten);
  // Start over forgets it, and a reload after that starts from the skeletons.
  await page.getByTestId('chapter-reset').click();
  await page.reload();
  await page.getByTestId('track-chapter').click();
  await expect(tab(page, 1)).toHaveAttribute('data-sealed', 'false');
});
