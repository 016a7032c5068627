/**
 * The recovery lab in the browser: a fresh learner, in Chinese and in English,
 * opens a case by its address (which proves nothing), causes proofs by hand
 * against the real control plane (a lost response reconciled with one refund
 * draft, a conflicting retry refused and the model asking again in other
 * words refused by the key of its intent, a 429 past the deadline answered at once,
 * a changed audit entry found), moves the virtual clock to let a 429 within
 * the deadline be waited out, and finds the proofs again after a reload; in
 * the audit case rebuilds the plain chain over a change, which plain
 * verification passes and the keyed chain finds; the mode is axe clean. Learn's recovery tab and the first-visit guide
 * link into it. The fixtures fail every test on a page error, a console error, or a request that leaves localhost.
 */
import type { Page } from '@playwright/test';
import { axeOf } from './axe.ts';
import { expect, test, prefsAtStart } from './fixtures.ts';
import { cutOff } from './layoutAudit.ts';
import { answer, axeClean, openIn } from './recoveryPage.ts';

const TEXT = {
  en: { summary: (n: number) => `${n} / 9 proofs shown`, modeLink: 'Recovery lab', guideRow: '错误目录表达恢复协议' },
  zh: { summary: (n: number) => `已证明 ${n} / 9`, modeLink: '恢复实验室', guideRow: '错误目录表达恢复协议' },
} as const;

const proof = (page: Page, id: string) => page.getByTestId(`recovery-proof-${id}`);

for (const lang of ['zh', 'en'] as const) {
  test(`a fresh learner (${lang}) causes recovery proofs by hand on the real plane; a reload keeps them`, async ({
    pg,
    page,
  }) => {
    test.setTimeout(60_000);
    const T = TEXT[lang];
    await openIn(page, pg, lang, '/?mode=recovery&case=lost_response');
    await expect(page).toHaveURL(/mode=recovery&case=lost_response/);
    const summary = page.getByTestId('recovery-summary');
    // Opening a case proves nothing.
    await expect(summary).toHaveText(T.summary(0));
    await expect(page.getByTestId('recovery-ledger')).toHaveAttribute('data-drafts', '0');

    // A lost response: the handler commits, the answer never comes; the plane asks the status, never runs again.
    await page.getByTestId('recovery-fault').selectOption('lose_response');
    await page.getByTestId('recovery-status-answer').selectOption('silent');
    await page.getByTestId('recovery-dispatch').click();
    await expect(answer(page)).toHaveAttribute('data-code', 'OUTCOME_UNKNOWN');
    await expect(page.getByTestId('recovery-record')).toHaveAttribute('data-state', 'unknown');
    await expect(proof(page, 'lost_response_reconciled')).toHaveAttribute('data-shown', 'false');
    await page.getByTestId('recovery-retry-same_key').click();
    await expect(answer(page)).toHaveAttribute('data-delivery', 'receipt_reconciled');
    await expect(page.getByTestId('recovery-attempt')).toHaveCount(1);
    await expect(page.getByTestId('recovery-attempt')).toHaveAttribute('data-kind', 'status_query');
    await expect(page.getByTestId('recovery-ledger')).toHaveAttribute('data-drafts', '1');
    await expect(proof(page, 'lost_response_reconciled')).toHaveAttribute('data-shown', 'true');

    // The same key with other arguments: refused, nothing ran, still one draft.
    await page.getByTestId('recovery-retry-other_args').click();
    await expect(answer(page)).toHaveAttribute('data-code', 'IDEMPOTENCY_CONFLICT');
    await expect(page.getByTestId('recovery-no-attempts')).toBeVisible();
    await expect(page.getByTestId('recovery-ledger')).toHaveAttribute('data-drafts', '1');
    await expect(proof(page, 'conflict_refused')).toHaveAttribute('data-shown', 'true');

    // The model asks again in a new turn, its reason reworded and no key: the plane's key from the intent finds the record.
    await expect(proof(page, 'reworded_ask_refused')).toHaveAttribute('data-shown', 'false');
    await page.getByTestId('recovery-retry-model_again').click();
    await expect(answer(page)).toHaveAttribute('data-code', 'IDEMPOTENCY_CONFLICT');
    await expect(answer(page).getByTestId('recovery-answer-args')).toContainText('It was broken when it arrived');
    await expect(page.getByTestId('recovery-no-attempts')).toBeVisible();
    await expect(page.getByTestId('recovery-ledger')).toHaveAttribute('data-drafts', '1');
    await expect(proof(page, 'reworded_ask_refused')).toHaveAttribute('data-shown', 'true');

    // Another case, by its link: a 429 for search_kb within the deadline waits on the clock until the learner moves it.
    await page.getByTestId('recovery-case-rate_limit').click();
    await expect(page).toHaveURL(/case=rate_limit/);
    await expect(page.getByTestId('recovery-tool')).toHaveValue('search_kb');
    const now = page.getByTestId('recovery-now');
    await expect(now).toHaveText('09:00:00 UTC');
    await page.getByTestId('recovery-fault').selectOption('rate_limit');
    await page.getByTestId('recovery-retry-after').selectOption('10000');
    await page.getByTestId('recovery-dispatch').click();
    await expect(page.getByTestId('recovery-dispatch')).toBeDisabled();
    await expect(page.getByTestId('recovery-clock')).toContainText('09:00:10');
    await page.getByTestId('recovery-advance-10000').click();
    await expect(answer(page)).toHaveAttribute('data-status', 'succeeded');
    await expect(now).toHaveText('09:00:10 UTC');
    await expect(page.getByTestId('recovery-attempt')).toHaveCount(3);
    await expect(proof(page, 'retry_after_waited_out')).toHaveAttribute('data-shown', 'true');
    await expect(proof(page, 'retry_after_past_deadline')).toHaveAttribute('data-shown', 'false');
    // Past the 30 s deadline: answered at once, the clock does not move.
    await page.getByTestId('recovery-fault').selectOption('rate_limit');
    await page.getByTestId('recovery-retry-after').selectOption('45000');
    await page.getByTestId('recovery-retry-new_key').click();
    await expect(answer(page)).toHaveAttribute('data-code', 'RATE_LIMIT');
    await expect(now).toHaveText('09:00:10 UTC');
    await expect(proof(page, 'retry_after_past_deadline')).toHaveAttribute('data-shown', 'true');
    await expect(summary).toHaveText(T.summary(5));

    // A reload keeps the proofs (the stage itself starts again: it lives in the page).
    await page.reload();
    await expect(page.getByTestId('recovery-mode')).toHaveAttribute('data-case', 'rate_limit');
    await expect(summary).toHaveText(T.summary(5));
    await expect(page.getByTestId('recovery-ledger')).toHaveAttribute('data-drafts', '0');

    // The audit chain: a change in the store, found by verifying.
    await page.getByTestId('recovery-case-audit').click();
    await page.getByTestId('recovery-dispatch').click();
    await page.getByTestId('recovery-retry-same_key').click();
    await expect(page.getByTestId('recovery-entry')).toHaveCount(2);
    await page.getByTestId('recovery-verify-plain').click();
    await expect(page.getByTestId('recovery-verdict-plain')).toHaveAttribute('data-ok', 'true');
    await expect(proof(page, 'audit_change_found')).toHaveAttribute('data-shown', 'false');
    await page.getByTestId('recovery-change-1').click();
    await page.getByTestId('recovery-verify-plain').click();
    await expect(page.getByTestId('recovery-verdict-plain')).toHaveAttribute('data-ok', 'false');
    await expect(page.getByTestId('recovery-verdict-plain')).toHaveAttribute('data-seq', '1');
    await expect(proof(page, 'audit_change_found')).toHaveAttribute('data-shown', 'true');
    await expect(summary).toHaveText(T.summary(6));

    const result = await axeOf(page, '[data-testid="recovery-mode"]').analyze();
    expect(result.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('the mode is a header link; Learn’s recovery tab and the first-visit guide open the lab; approval declined sends nothing', async ({
  pg,
  page,
}) => {
  await prefsAtStart(page, 'zh', 'dark');
  await pg.goto('/?mode=learn&scenario=search_kb.hits');
  await page.getByRole('tab', { name: /恢复/ }).click();
  await page.getByTestId('recovery-lab-link-lost_response').click();
  await expect(page).toHaveURL(/mode=recovery&case=lost_response/);
  await expect(
    page.getByRole('navigation', { name: '模式' }).getByRole('link', { name: '恢复实验室' }),
  ).toHaveAttribute('aria-current', 'page');
  // An answer of the real plane, as the provider's adapter serialized it: the model_result as text.
  await page.getByTestId('recovery-dispatch').click();
  const payload = answer(page).getByTestId('recovery-answer-payload');
  await payload.getByText('OpenAI function_call_output').click();
  await expect(payload).toContainText('function_call_output');
  await expect(payload).toContainText('里面没有主体、key 或摘要');
  await expect(payload.getByTestId('recovery-payload-refused')).toHaveCount(0);
  await page.getByTestId('recovery-case-approval').click();
  await page.getByTestId('recovery-dispatch').click();
  await expect(answer(page)).toHaveAttribute('data-code', 'APPROVAL_REQUIRED');
  await expect(page.getByTestId('recovery-approval-recipient')).toHaveText('customer@example.com');
  await page.getByTestId('recovery-decline').click();
  await expect(page.getByTestId('recovery-ledger')).toHaveAttribute('data-emails', '0');
  const result = await axeOf(page, '[data-testid="recovery-mode"]').analyze();
  expect(result.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The guide's row for the chapter's section links here.
  await page.getByRole('button', { name: '帮助与快捷键' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /从这里开始|指南/ })
    .first()
    .click();
  const guide = page.getByTestId('start-guide');
  await expect(guide.getByRole('rowheader', { name: TEXT.zh.guideRow })).toBeVisible();
  await guide.getByRole('link', { name: '恢复实验室' }).click();
  await expect(page).toHaveURL(/mode=recovery&case=lost_response/);
});

test('on a phone (390×844) nothing is cut off, and the keyboard alone dispatches and moves the clock', async ({
  pg,
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openIn(page, pg, 'en', '/?mode=recovery&case=rate_limit');
  await page.getByTestId('recovery-fault').selectOption('rate_limit');
  await page.getByTestId('recovery-retry-after').selectOption('10000');
  await page.getByTestId('recovery-dispatch').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('recovery-clock')).toContainText('09:00:10');
  await page.getByTestId('recovery-advance-10000').focus();
  await page.keyboard.press('Enter');
  await expect(answer(page)).toHaveAttribute('data-status', 'succeeded');
  expect(await cutOff(page)).toEqual([]);
});

test('the audit case on a phone (zh, 390×844), by keyboard: a change found plain, the plain chain rebuilt passes plain and the keyed chain finds it; the proofs survive a reload', async ({
  pg,
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openIn(page, pg, 'zh', '/?mode=recovery&case=audit');
  const summary = page.getByTestId('recovery-summary');
  const press = async (id: string, key = 'Enter') => {
    await page.getByTestId(id).focus();
    await page.keyboard.press(key);
  };
  const verdict = (by: string) => page.getByTestId(`recovery-verdict-${by}`);
  await press('recovery-dispatch');
  await press('recovery-retry-new_key');
  await expect(page.getByText(/新 key：对控制面来说是新的意图/).first()).toBeVisible(); // a new key: a new intent
  await expect(page.getByTestId('recovery-entry')).toHaveCount(2);
  await expect(page.getByTestId('recovery-rebuild')).toBeDisabled();
  await press('recovery-change-1');
  await expect(page.locator('[data-testid="recovery-entry"][data-seq="1"]')).toHaveAttribute('data-changed', 'true');
  await press('recovery-verify-plain');
  await expect(verdict('plain')).toHaveAttribute('data-seq', '1');
  await expect(verdict('plain')).toContainText('在第 1 条发现（CHAIN_MISMATCH）');
  await expect(proof(page, 'audit_rebuild_passes_plain')).toHaveAttribute('data-shown', 'false');
  // The attacker relinks the plain chain: the same check now passes.
  await press('recovery-rebuild', ' ');
  await expect(page.locator('[data-testid="recovery-entry"][data-seq="2"]')).toHaveAttribute('data-relinked', 'true');
  await expect(verdict('plain')).toContainText('请再运行一次');
  await press('recovery-verify-plain', ' ');
  await expect(verdict('plain')).toHaveAttribute('data-ok', 'true');
  await expect(verdict('plain')).toContainText('通过：2 条记录首尾相链');
  await expect(proof(page, 'audit_rebuild_passes_plain')).toHaveAttribute('data-shown', 'true');
  await expect(proof(page, 'audit_rebuild_found')).toHaveAttribute('data-shown', 'false');
  await press('recovery-verify-keyed');
  await expect(verdict('keyed')).toHaveAttribute('data-ok', 'false');
  await expect(verdict('keyed')).toContainText('在第 1 条发现（CHAIN_MISMATCH）');
  await expect(proof(page, 'audit_rebuild_found')).toHaveAttribute('data-shown', 'true');
  await expect(proof(page, 'audit_rebuild_found')).toContainText('带密钥的链在第 1 条发现了它');
  await expect(summary).toHaveText(TEXT.zh.summary(3));
  await press('recovery-reconcile');
  await expect(page.getByTestId('recovery-reconciliation')).toHaveAttribute('data-ok', 'true');
  // A proxy rewrites what the model received for the newest answer: reconciliation finds that entry, the log is not at fault.
  await press('recovery-alter');
  await press('recovery-reconcile');
  await expect(page.getByTestId('recovery-reconciliation')).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId('recovery-finding')).toHaveText('第 2 条：RESULT_DIGEST_MISMATCH · call_lab_2');
  expect(await cutOff(page)).toEqual([]);

  // A reload replays the stage from the saved log: the same verdicts, the proofs kept and not counted twice.
  await page.reload();
  await expect(verdict('plain')).toHaveAttribute('data-ok', 'true');
  await expect(verdict('keyed')).toHaveAttribute('data-seq', '1');
  await expect(page.getByTestId('recovery-finding')).toHaveAttribute('data-code', 'RESULT_DIGEST_MISMATCH');
  await expect(summary).toHaveText(TEXT.zh.summary(3));
  await axeClean(page);
});
const side = (page: Page, which: 'real' | 'broken') => page.getByTestId(`recovery-side-${which}`);
const harm = (page: Page, id: string) => page.locator(`[data-testid="recovery-harm"][data-harm="${id}"]`);

test('the owner process dies after the commit (zh): the record stays started; a retry within the lease waits, then OUTCOME_UNKNOWN; after it, receipt_reconciled; a reload replays it', async ({
  pg,
  page,
}) => {
  await openIn(page, pg, 'zh', '/?mode=recovery&case=lost_response');
  await page.getByTestId('recovery-fault').selectOption('owner_dies');
  await expect(page.getByTestId('recovery-owner-dies-why')).toContainText('不能凭猜测再派发一次');
  await page.getByTestId('recovery-dispatch').click();
  const death = page.getByTestId('recovery-owner-death');
  await expect(death).toHaveAttribute('data-committed', 'DRAFT-1001');
  await expect(death).toContainText(/模型没有收到任何回答[^]*租约在 09:01:00 UTC 到期/);
  await expect(page.getByTestId('recovery-answer')).toHaveCount(0);
  await expect(page.getByTestId('recovery-dispatch')).toBeEnabled();
  await expect(page.getByTestId('recovery-record')).toHaveAttribute('data-state', 'started');
  await axeClean(page);
  // Within the lease the retry waits for the owner, and its deadline answers OUTCOME_UNKNOWN; nothing runs (each move
  // of the clock waited for: a click while it still moves would start from where it then stands).
  await page.getByTestId('recovery-retry-same_key').click();
  await expect(page.getByTestId('recovery-dispatch')).toBeDisabled();
  await expect(page.getByTestId('recovery-clock-note')).toContainText('deadline 09:00:30 UTC（还有 30 s）');
  for (const at of ['09:00:10', '09:00:20', '09:00:30']) {
    await page.getByTestId('recovery-advance-10000').click();
    await expect(page.getByTestId('recovery-now')).toHaveText(`${at} UTC`);
  }
  await expect(answer(page)).toHaveAttribute('data-code', 'OUTCOME_UNKNOWN');
  await expect(page.getByTestId('recovery-attempt')).toHaveAttribute('data-kind', 'wait');
  await expect(page.getByTestId('recovery-record')).toHaveAttribute('data-state', 'started');
  // Past the lease: the retry takes the key over and the status query finds the draft.
  await page.getByTestId('recovery-advance-60000').click();
  await page.getByTestId('recovery-retry-same_key').click();
  await expect(answer(page)).toHaveAttribute('data-delivery', 'receipt_reconciled');
  await expect(page.getByTestId('recovery-draft')).toContainText('请求数 1');
  await expect(page.getByTestId('recovery-record')).toHaveAttribute('data-state', 'completed');
  // A reload replays the log onto a fresh plane: the same death, the same answers.
  await page.reload();
  await expect(page.getByTestId('recovery-mode')).toHaveAttribute('data-replaying', 'false');
  await expect(page.getByTestId('recovery-owner-death')).toHaveAttribute('data-committed', 'DRAFT-1001');
  await expect(page.getByTestId('recovery-answer')).toHaveCount(2);
  await expect(answer(page)).toHaveAttribute('data-delivery', 'receipt_reconciled');
});

test('broken planes beside the real one (zh): a re-dispatch on OUTCOME_UNKNOWN makes two refund drafts, the real plane one; a broken plane proves nothing', async ({
  pg,
  page,
}) => {
  await openIn(page, pg, 'zh', '/?mode=recovery&case=lost_response');
  await expect(page.getByTestId('recovery-no-harm')).toHaveCount(0);
  await page.getByTestId('recovery-broken-plane').selectOption('redispatch_unknown');
  await expect(page.getByTestId('recovery-broken')).toHaveAttribute('data-plane', 'redispatch_unknown');
  await expect(page.getByTestId('recovery-broken-try')).toContainText('handler 已提交，响应丢失');
  await expect(page.getByTestId('recovery-no-harm')).toBeVisible();
  await page.getByTestId('recovery-fault').selectOption('lose_response');
  await page.getByTestId('recovery-dispatch').click();
  await expect(side(page, 'broken')).toHaveAttribute('data-drafts', '2');
  await expect(side(page, 'real')).toHaveAttribute('data-drafts', '1');
  await expect(page.getByTestId('recovery-side-real-answer')).toHaveAttribute('data-delivery', 'receipt_reconciled');
  await expect(harm(page, 'duplicate_write')).toContainText('写操作发生了两次');
  // The real plane's answer is the one that proves; the main ledger is the real plane's.
  await expect(page.getByTestId('recovery-ledger')).toHaveAttribute('data-drafts', '1');
  await expect(proof(page, 'lost_response_reconciled')).toHaveAttribute('data-shown', 'true');
  await axeClean(page);

  // Another mistake: the fingerprint not compared. The same key with other arguments: the old result.
  await page.getByTestId('recovery-case-conflict').click();
  await page.getByTestId('recovery-broken-plane').selectOption('no_fingerprint');
  await page.getByTestId('recovery-dispatch').click();
  await page.getByTestId('recovery-retry-other_args').click();
  await expect(page.getByTestId('recovery-side-real-answer')).toHaveAttribute('data-code', 'IDEMPOTENCY_CONFLICT');
  await expect(page.getByTestId('recovery-side-broken-answer')).toHaveAttribute('data-delivery', 'local_replay');
  await expect(harm(page, 'old_result')).toContainText('Item arrived damaged');
});

test('broken planes beside the real one (en): keys scoped globally hand another principal’s draft to the model; a replay without authorization serves revoked access', async ({
  pg,
  page,
}) => {
  await openIn(page, pg, 'en', '/?mode=recovery&case=conflict');
  await page.getByTestId('recovery-broken-plane').selectOption('global_keys');
  await page.getByTestId('recovery-dispatch').click();
  await page.getByTestId('recovery-principal').selectOption('1');
  await page.getByTestId('recovery-retry-same_key').click();
  await expect(harm(page, 'other_principal')).toContainText('DRAFT-1001, which belongs to user-7f3a9c21');
  await expect(page.getByTestId('recovery-side-real-answer')).toHaveAttribute('data-delivery', 'fresh');
  await expect(side(page, 'real')).toContainText('DRAFT-1002 (account user-9d04e6b2)');
  await expect(side(page, 'broken').getByTestId('recovery-payload-refused')).toHaveCount(0);
  await expect(side(page, 'real').getByTestId('recovery-payload-refused')).toHaveCount(0);

  await page.getByTestId('recovery-case-revoked').click();
  await page.getByTestId('recovery-broken-plane').selectOption('replay_no_authz');
  await page.getByTestId('recovery-dispatch').click();
  await page.getByTestId('recovery-access-toggle').click();
  await page.getByTestId('recovery-retry-same_key').click();
  await expect(page.getByTestId('recovery-side-real-answer')).toHaveAttribute('data-code', 'NOT_FOUND');
  await expect(harm(page, 'revoked_served')).toBeVisible();
  await expect(side(page, 'broken').getByTestId('recovery-payload-refused')).toHaveCount(0);
  // Keyboard: the chooser is reachable and its choice starts both stages over.
  await page.getByTestId('recovery-broken-plane').focus();
  await page.getByTestId('recovery-broken-plane').selectOption('none');
  await expect(page.getByTestId('recovery-side-broken')).toHaveCount(0);
  await axeClean(page);
});

for (const lang of ['zh', 'en'] as const) {
  test(`the injection story one step further (${lang}): from A14 and the turn's story into the lab, where send_email exists; declined, no email; a link back`, async ({
    pg,
    page,
  }) => {
    await prefsAtStart(page, lang);
    await pg.goto('/?mode=turn&provider=openai&stream=openai.injection_follow_up');
    await expect(page.getByTestId('injection-story').getByTestId('injection-recovery-link')).toBeVisible();
    await pg.goto('/?scenario=search_kb.injection&attack=A14');
    await page.getByTestId('injection-recovery-link').click();
    await expect(page).toHaveURL(/mode=recovery&case=injected_email/);
    await expect(page.getByTestId('recovery-tool')).toHaveValue('send_email');
    await expect(page.getByTestId('recovery-args')).toHaveValue(/attacker@example\.net/);
    // The recipient policy first: refused as if nothing existed.
    await page.getByTestId('recovery-dispatch').click();
    await expect(answer(page)).toHaveAttribute('data-code', 'NOT_FOUND');
    // Relaxed, approval is the last check: the preview shows the recipient the injected text chose.
    await page.getByTestId('recovery-recipients').selectOption('any');
    await page.getByTestId('recovery-dispatch').click();
    await expect(answer(page)).toHaveAttribute('data-code', 'APPROVAL_REQUIRED');
    await expect(page.getByTestId('recovery-approval-recipient')).toHaveText('attacker@example.net');
    await page.getByTestId('recovery-decline').click();
    await expect(page.getByTestId('recovery-approval-state')).toHaveAttribute('data-state', 'declined');
    await expect(page.getByTestId('recovery-ledger')).toHaveAttribute('data-emails', '0');
    await axeClean(page);
    await page.getByTestId('recovery-back-to-story').click();
    await expect(page).toHaveURL(/mode=turn&provider=openai&stream=openai\.injection_follow_up/);
    await expect(page.getByTestId('injection-story')).toBeVisible();
  });
}

const EXPIRED = {
  zh: '控制面拒绝批准：什么也没有批准，什么也没有发送',
  en: 'refused by the plane: nothing was approved, nothing sent',
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`an approval asked for after the preview expired is refused by the plane (${lang}): nothing sent, the call waits again`, async ({
    pg,
    page,
  }) => {
    await openIn(page, pg, lang, '/?mode=recovery&case=approval');
    await page.getByTestId('recovery-dispatch').click();
    await expect(page.getByTestId('recovery-approval-state')).toHaveAttribute('data-state', 'pending');
    await page.getByTestId('recovery-advance-900000').click();
    await expect(page.getByTestId('recovery-now')).toHaveText('09:15:00 UTC');
    await page.getByTestId('recovery-approve').click();
    const state = page.getByTestId('recovery-approval-state');
    await expect(state).toHaveAttribute('data-state', 'refused');
    await expect(state).toHaveAttribute('data-reason', 'expired');
    await expect(state).toContainText(EXPIRED[lang]);
    await expect(page.getByTestId('recovery-approve')).toHaveCount(0);
    await page.getByTestId('recovery-retry-same_key').click();
    await expect(answer(page)).toHaveAttribute('data-code', 'APPROVAL_REQUIRED');
    await expect(page.getByTestId('recovery-ledger')).toHaveAttribute('data-emails', '0');
  });
}

test('the lab’s reset clears its proofs after a confirmation, and the learning path counts them', async ({
  pg,
  page,
}) => {
  await openIn(page, pg, 'en', '/?mode=recovery&case=conflict');
  await expect(page.getByTestId('recovery-reset')).toBeDisabled();
  await page.getByTestId('recovery-dispatch').click();
  await page.getByTestId('recovery-retry-other_args').click();
  await expect(page.getByTestId('recovery-summary')).toHaveText(TEXT.en.summary(1));
  await pg.goto('/?mode=learn&scenario=search_kb.hits');
  await expect(page.getByTestId('progress-recovery')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('progress-recovery')).toContainText('1/9');
  await pg.goto('/?mode=recovery&case=conflict');
  // Asked first; "keep" keeps them.
  await page.getByTestId('recovery-reset').click();
  await expect(page.getByTestId('recovery-reset-confirm')).toContainText('Clear the 1 recovery lab proof');
  await page.getByTestId('recovery-reset-no').click();
  await expect(page.getByTestId('recovery-reset')).toBeFocused();
  await expect(page.getByTestId('recovery-summary')).toHaveText(TEXT.en.summary(1));
  await page.getByTestId('recovery-reset').click();
  await expect(page.getByTestId('recovery-reset-yes')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('recovery-summary')).toHaveText(TEXT.en.summary(0));
  await page.reload();
  await expect(page.getByTestId('recovery-summary')).toHaveText(TEXT.en.summary(0));
  await pg.goto('/?mode=learn&scenario=search_kb.hits');
  await expect(page.getByTestId('progress-recovery')).toHaveAttribute('data-count', '0');
});

test('on a phone (390×844) the broken plane beside the real one is not cut off', async ({ pg, page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openIn(page, pg, 'zh', '/?mode=recovery&case=lost_response');
  await page.getByTestId('recovery-broken-plane').selectOption('rerun_not_started');
  await page.getByTestId('recovery-fault').selectOption('commit_then_refuse');
  await page.getByTestId('recovery-dispatch').click();
  await expect(harm(page, 'told_not_started')).toBeVisible();
  expect(await cutOff(page)).toEqual([]);
});

test('screenshots of the broken planes, the injected email and the reset (zh, 1366×768 and 390×844)', async ({
  pg,
  page,
}) => {
  test.skip(process.env.RECOVERY_SHOTS === undefined, 'set RECOVERY_SHOTS=1 to write /tmp/recovery2-shots/');
  await prefsAtStart(page, 'zh', 'light');
  for (const [w, h] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await pg.goto('/?mode=recovery&case=lost_response');
    await page.getByTestId('recovery-broken-plane').selectOption('redispatch_unknown');
    await page.getByTestId('recovery-fault').selectOption('lose_response');
    await page.getByTestId('recovery-dispatch').click();
    await expect(harm(page, 'duplicate_write')).toBeVisible();
    await page.screenshot({ path: `/tmp/recovery2-shots/zh-broken-${w}x${h}.png` });
    await page.locator('#recovery-broken').screenshot({ path: `/tmp/recovery2-shots/zh-broken-panel-${w}.png` });
    await pg.goto('/?mode=recovery&case=injected_email');
    await page.getByTestId('recovery-recipients').selectOption('any');
    await page.getByTestId('recovery-dispatch').click();
    await expect(answer(page)).toHaveAttribute('data-code', 'APPROVAL_REQUIRED');
    await page.screenshot({ path: `/tmp/recovery2-shots/zh-injected-${w}x${h}.png` });
    await page.locator('#recovery-call').screenshot({ path: `/tmp/recovery2-shots/zh-injected-call-${w}.png` });
    await page.getByTestId('recovery-decline').click();
    await page.getByTestId('recovery-case-conflict').click();
    await page.getByTestId('recovery-dispatch').click();
    await page.getByTestId('recovery-retry-other_args').click();
    await page.getByTestId('recovery-reset').click();
    await page.locator('#recovery-proofs').screenshot({ path: `/tmp/recovery2-shots/zh-reset-${w}.png` });
  }
});

test('screenshots of the lab (zh, 1366×768 and 390×844), for looking at', async ({ pg, page }) => {
  test.skip(process.env.RECOVERY_SHOTS === undefined, 'set RECOVERY_SHOTS=1 to write /tmp/recovery-shots/');
  for (const theme of ['light', 'dark'] as const) {
    await prefsAtStart(page, 'zh', theme);
    for (const [w, h] of [
      [1366, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await pg.goto('/?mode=recovery&case=lost_response');
      await page.getByTestId('recovery-fault').selectOption('lose_response');
      await page.getByTestId('recovery-status-answer').selectOption('silent');
      await page.getByTestId('recovery-dispatch').click();
      await page.getByTestId('recovery-retry-same_key').click();
      await expect(answer(page)).toHaveAttribute('data-delivery', 'receipt_reconciled');
      await page.screenshot({ path: `/tmp/recovery-shots/zh-${theme}-${w}x${h}.png`, fullPage: w < 1024 });
      if (w > 1024) await page.screenshot({ path: `/tmp/recovery-shots/zh-${theme}-${w}x${h}-viewport.png` });
      else {
        await page.screenshot({ path: `/tmp/recovery-shots/zh-${theme}-${w}x${h}-top.png` });
        for (const id of ['recovery-call', 'recovery-proofs', 'recovery-model', 'recovery-audit'])
          await page.locator(`#${id}`).screenshot({ path: `/tmp/recovery-shots/zh-${theme}-${w}-${id}.png` });
      }
    }
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  await pg.goto('/?mode=recovery&case=approval');
  await page.getByTestId('recovery-dispatch').click();
  await expect(answer(page)).toHaveAttribute('data-code', 'APPROVAL_REQUIRED');
  await page.screenshot({ path: '/tmp/recovery-shots/zh-dark-approval-1366x768.png' });
});
