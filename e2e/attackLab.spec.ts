/**
 * The attack lab in the browser: every attack A1–A15, opened by its address,
 * gives the verdict of the real checks. The fixtures fail every test on a
 * page error, a console error, or a request that leaves localhost.
 */
import { ATTACKS, ATTACK_IDS, type AttackId } from '../src/lessons/attacks.ts';
import { ATTACK_TEXT } from '../src/lessons/attackText.ts';
import { axeOf } from './axe.ts';
import { expect, sharedPage, test, prefsAtStart } from './fixtures.ts';

/** The "stopped by" column of docs/scenarios.md#attacks, as the codes the lab must show. */
const STOPPED_BY: Partial<Record<AttackId, string[]>> = {
  A1: ['RESULT_DIGEST_MISMATCH'],
  A2: ['AUDIT_CONTEXT_MISMATCH', 'CALL_BINDING_MISMATCH'],
  A3: ['CALL_BINDING_MISMATCH'],
  A4: ['RESULT_DIGEST_MISMATCH'],
  A5: ['RESULT_DIGEST_MISMATCH'],
  A6: ['PROVENANCE_MISMATCH', 'RESULT_DIGEST_MISMATCH'],
  A7: ['ERROR_CATALOG_MISMATCH', 'RESULT_DIGEST_MISMATCH'],
  A8: ['DATA_SCHEMA'],
  A9: ['SENSITIVE_FIELD'],
  A10: ['DATA_SCHEMA'],
  A12: ['UNREGISTERED_ADAPTER'],
  A13: ['AUDIT_LEAK'],
  A15: ['MCP_CONTENT_MISMATCH'],
};

/** Handler attacks, and A15's MCP server, one more untrusted handler: a contract error, never the data. */
const HANDLER_ATTACKS = new Set<AttackId>(['A8', 'A9', 'A10', 'A15']);

for (const id of ATTACK_IDS) {
  const scenario = ATTACKS[id].defaultScenario;
  test(`${id} on ${scenario} gives its verdict`, async ({ pg, page }) => {
    await pg.goto(`/?scenario=${scenario}&attack=${id}`);
    const lab = page.getByTestId('attack-lab');
    await expect(lab.getByTestId(`attack-${id}`)).toHaveAttribute('aria-pressed', 'true');
    await expect(lab.getByTestId('attack-detail')).toHaveAttribute('data-attack', id);
    await expect(lab.getByTestId('attack-lesson')).toContainText(ATTACK_TEXT.en[id].lesson);
    const verdict = lab.getByTestId('attack-verdict');

    const codes = STOPPED_BY[id];
    if (codes !== undefined) {
      await expect(verdict).toHaveAttribute('data-verdict', HANDLER_ATTACKS.has(id) ? 'contract_error' : 'stopped');
      for (const code of codes) {
        const row = verdict.locator(`[data-testid="stopped-by"][data-code="${code}"]`);
        await expect(row).toBeVisible();
        await expect(row).toContainText(code);
      }
    }
    if (HANDLER_ATTACKS.has(id)) {
      // The model gets the contract error, never the tampered data.
      await expect(verdict.getByTestId('model-error-code')).toHaveText('OUTPUT_CONTRACT_VIOLATION');
      await expect(lab.getByTestId('diff-handler')).toBeVisible();
    }
    if (id === 'A1' || id === 'A2') {
      const calls = lab.getByTestId('two-calls');
      await expect(calls.getByTestId('call-other')).toHaveAttribute('data-call-id', /_b$/);
      await expect(calls.getByTestId('call-victim')).toHaveAttribute('data-call-id', /^call_/);
    }
    if (id === 'A3') {
      await expect(lab.getByTestId('diff-trusted').locator('li[data-path="/call/idempotency_key"]')).toBeVisible();
      // The request digest leaves the key out: it still matches.
      await expect(verdict.locator('tr[data-digest="request_sha256"]')).toHaveAttribute('data-match', 'true');
      await expect(verdict.locator('tr[data-digest="call_binding_sha256"]')).toHaveAttribute('data-match', 'false');
    }
    if (id === 'A11') {
      await expect(verdict).toHaveAttribute('data-verdict', 'sha256_passes_keyed_stops');
      const plain = verdict.getByTestId('a11-sha256');
      await expect(plain).toContainText('sha256 mode: passes');
      await expect(plain.locator('tr[data-match="false"]')).toHaveCount(0);
      const keyed = verdict.getByTestId('a11-keyed');
      await expect(keyed).toContainText('stopped');
      await expect(keyed.locator('[data-testid="stopped-by"][data-code="RESULT_DIGEST_MISMATCH"]')).toBeVisible();
    }
    if (id === 'A12') {
      await expect(lab.getByTestId('adapter-refusal')).toHaveAttribute('data-refused', 'true');
      await expect(lab.getByTestId('adapter-refusal')).toContainText('refused before serialization');
      await expect(lab.getByTestId('adapter-victim')).toHaveAttribute('data-refused', 'false');
    }
    if (id === 'A14') {
      await expect(verdict).toHaveAttribute('data-verdict', 'nothing_to_reject');
      await expect(verdict).toContainText('Nothing to reject');
      await expect(verdict.getByTestId('inert-text').first()).toContainText('send_email');
      await expect(verdict.locator('[data-testid="stopped-by"]')).toHaveCount(0);
    }
  });
}

test('an attack that does not fit the scenario says why and runs on its default scenario', async ({ pg, page }) => {
  await pg.goto('/?scenario=search_kb.hits&attack=A7');
  const lab = page.getByTestId('attack-lab');
  const why = lab.getByTestId('attack-inapplicable');
  await expect(why).toHaveAttribute('data-why', 'needs_error');
  await expect(why).toContainText('there is no error to rewrite');
  await lab.getByTestId('attack-run-default').click();
  await expect(lab.getByTestId('attack-verdict')).toHaveAttribute('data-verdict', 'stopped');
  await expect(lab.getByTestId('attack-A7')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/scenario=create_refund_draft\.outcome_unknown/);
});

test('attacks are chosen with the keyboard and shown in Chinese', async ({ pg, page }) => {
  await pg.goto('/?scenario=get_order.paid&attack=A4');
  const lab = page.getByTestId('attack-lab');
  await lab.getByTestId('attack-A5').focus();
  await page.keyboard.press('Enter');
  await expect(lab.getByTestId('attack-detail')).toHaveAttribute('data-attack', 'A5');
  await expect(
    lab.getByTestId('diff-package').locator('li[data-kind="changed"][data-path="/model_result/data/status"]'),
  ).toBeVisible();

  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '中文' }).click();
  await expect(lab.getByTestId('attack-lesson')).toContainText(ATTACK_TEXT.zh.A5.lesson);
  await expect(lab.getByTestId('attack-verdict')).toContainText('已拦截');
});

test('untrusted strings stay text: no markup from data reaches the page', async ({ pg, page }) => {
  await pg.goto('/?scenario=search_kb.injection&attack=A14');
  const lab = page.getByTestId('attack-lab');
  await expect(lab.getByTestId('attack-verdict')).toHaveAttribute('data-verdict', 'nothing_to_reject');
  // The scenario's second hit carries "<script>alert(1)</script>" in its title: it is shown, never parsed.
  const diff = lab.getByTestId('diff-handler');
  await diff.getByRole('button', { name: 'Show all lines' }).click();
  await expect(diff.getByText('<script>alert(1)</script>', { exact: false }).first()).toBeVisible();
  await expect(lab.locator('script')).toHaveCount(0);
});

test('the lab runs on the scenario as edited, and shows hidden characters in its data as tokens', async ({
  pg,
  page,
}) => {
  await pg.goto('/?scenario=search_kb.hits&attack=A5');
  await pg.editorReady();
  const raw = JSON.parse(await pg.editorValue()) as { data: { hits: { title: string }[] } };
  const first = raw.data.hits[0];
  if (first === undefined) throw new Error('search_kb.hits has no hit');
  first.title = 'Refund policy\u202E for damaged\u200B items';
  await pg.pasteEditorText(JSON.stringify(raw));

  const change = page.getByTestId('diff-package').locator('li[data-path="/model_result/data/hits/0/title"]');
  await expect(change).toBeVisible();
  await expect(change.locator('abbr[data-hidden-char="U+202E"]')).toHaveText('⟦U+202E⟧');
  await expect(change.locator('abbr[data-hidden-char="U+200B"]')).toHaveText('⟦U+200B⟧');
  await expect(page.getByTestId('attack-verdict')).toHaveAttribute('data-verdict', 'stopped');
});

test('the attack’s verdict and the problems name what each judges: the tampered copy, and the output as typed', async ({
  pg,
  page,
}) => {
  await prefsAtStart(page, 'zh');
  await pg.goto('/?scenario=search_kb.hits&attack=A9');
  const verdict = page.getByTestId('attack-lab').getByTestId('attack-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'contract_error');
  await expect(verdict.getByTestId('verdict-subject')).toHaveText(
    '这里判定的是：攻击篡改后的那份 handler 输出副本，即 dispatcher 收到的样子。编辑器和“问题”面板判定的仍是你自己未被篡改的输出。',
  );
  // Beside a stopped attack, "no problems" is about the learner's own text, and says so.
  await expect(page.locator('.problems-none')).toContainText('按原样输入的 handler 输出没有问题');
  await expect(page.getByTestId('problems-subject')).toContainText('攻击篡改后的副本在攻击实验室中判定');
  await pg.goto('/?scenario=search_kb.hits&attack=A1');
  await expect(verdict).toHaveAttribute('data-verdict', 'stopped');
  await expect(verdict.getByTestId('verdict-subject')).toContainText('攻击篡改后、呈给校验器的 package');
});

// Two calls (A1), an adapter refusal (A12), inert text (A14) and a verdict on a key (A11): one test each, so none nears
// its timeout. An attack's two themes look at one page in turn, the theme switched from the header as before.
for (const [scenario, id] of [
  ['search_kb.hits', 'A1'],
  ['get_order.paid', 'A12'],
  ['search_kb.injection', 'A14'],
  ['get_order.paid', 'A11'],
] as const) {
  test.describe(() => {
    const shared = sharedPage({});
    for (const theme of ['light', 'dark'] as const) {
      test(`the lab has no axe violations (${theme}) with ${id} on show`, async () => {
        const pg = shared();
        const page = pg.page;
        if (theme === 'light') await pg.goto(`/?scenario=${scenario}&attack=${id}`);
        await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.getByTestId('attack-detail')).toHaveAttribute('data-attack', id);
        const result = await axeOf(page, '[data-testid="attack-lab"]').analyze();
        expect(
          result.violations.map((v) => `${id}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      });
    }
  });
}
