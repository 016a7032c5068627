/**
 * The shell around the contract: language, theme, keyboard-only use, the
 * trusted-context form (located errors, providers, keyed mode), and an axe
 * scan of every mode in both themes.
 */
import { seriousFindings } from './axe.ts';
import { expect, sharedPage, test } from './fixtures.ts';

test('language: switching to 中文 translates the page and keeps the contract’s own names', async ({ pg, page }) => {
  await pg.goto('/?scenario=search_kb.hits');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tool results: the dispatcher’s contract');
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('工具结果：dispatcher 的合同');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('#panel-model-result-title')).toHaveText('model_result');
  await expect(page.locator('#panel-protected-audit-title')).toHaveText('protected_audit');
  await expect(pg.modelResult).toContainText('模型下一回合可以读取的内容');
  await expect(pg.protectedAudit).toContainText('绝不发送给 provider');
  await expect(page.getByRole('combobox', { name: '场景' }).locator('option:checked')).toHaveText(
    '搜索：有结果 (search_kb.hits)',
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('工具结果：dispatcher 的合同');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test("a violation's specifics read in the learner's language, from the core's typed data", async ({ pg, page }) => {
  await pg.goto('/?scenario=create_refund_draft.status_injected');
  await pg.problemsTab.click();
  const detail = pg.problem('DATA_SCHEMA').first().locator('.problem-detail');
  await expect(detail).toContainText('unexpected member "status"');
  await page.getByRole('button', { name: '中文' }).click();
  await expect(detail).toContainText('多出的成员 「status」');
  await expect(detail).not.toContainText('unexpected member');
});

test.describe('a browser that prefers Chinese', () => {
  test.use({ locale: 'zh-CN' });
  test('opens in Chinese', async ({ pg, page }) => {
    await pg.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('工具结果：dispatcher 的合同');
    await expect(page.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true');
  });
});

test('theme: light, dark and system; Monaco follows', async ({ pg, page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await pg.goto('/');
  const editor = await pg.editorReady();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(editor).toHaveClass(/vs-dark/);
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).toBe('rgb(11, 14, 19)');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('system');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(editor).toHaveClass(/vs-dark/);
});

test('keyboard: skip link, Alt+1…6 to the panels, ? for help, Escape to close', async ({ pg, page }) => {
  await pg.goto('/?scenario=create_refund_draft.status_injected');
  await pg.editorReady();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the editor' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#editor .monaco-editor')).toHaveClass(/focused/);

  await page.keyboard.press('Alt+2');
  await expect(pg.problem('DATA_SCHEMA').getByRole('button')).toBeFocused();
  await page.keyboard.press('Alt+3');
  await expect(page.getByLabel('tenant', { exact: true })).toBeFocused();
  await page.keyboard.press('Alt+4');
  await expect(page.locator('#panel-model-result-title')).toBeFocused();
  await page.keyboard.press('Alt+5');
  await expect(page.locator('#panel-digests-title')).toBeFocused();
  await page.keyboard.press('Alt+6');
  await expect(page.locator('#panel-payloads-title')).toBeFocused();
  await page.keyboard.press('Alt+1');
  await expect(page.locator('#editor .monaco-editor')).toHaveClass(/focused/);

  // "?" outside a text field opens the help; Escape closes it and gives focus back.
  await page.locator('#panel-digests-title').focus();
  await page.keyboard.press('Shift+Slash');
  const dialog = page.getByRole('dialog', { name: 'Help and keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Alt');
  await expect(dialog).toContainText('Focus the editor');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('#panel-digests-title')).toBeFocused();

  // Tabs of the lower-left panel move with the arrow keys.
  await pg.problemsTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(pg.contextTab).toBeFocused();
  await expect(pg.contextTab).toHaveAttribute('aria-selected', 'true');

  // A splitter moves with the keyboard.
  const splitter = page.getByRole('separator', { name: 'Resize the editor and result columns' });
  const before = Number(await splitter.getAttribute('aria-valuenow'));
  // Locator.press focuses the splitter itself right before the key: on CI (2026-12-05) a focus() then a page-wide
  // press once left the value unmoved, the key gone elsewhere; this checks the splitter's keys, not focus timing.
  await splitter.press('ArrowRight');
  await expect(splitter).toBeFocused();
  await expect(splitter).toHaveAttribute('aria-valuenow', String(before + 2));
  await splitter.press('Home');
  await expect(splitter).toHaveAttribute('aria-valuenow', '20');

  // Alt+4 reaches the attack lab and the exercise in their modes.
  await pg.goto('/?scenario=get_order.paid&attack=A4');
  await page.keyboard.press('Alt+4');
  await expect(page.locator('#panel-attack-title')).toBeFocused();
  await pg.goto('/?mode=exercise');
  await expect(page.getByTestId('exercise')).toBeVisible();
  await page.keyboard.press('Alt+4');
  await expect(page.locator('.exercise-host')).toBeFocused();
});

test('trusted context: a bad field is refused at that field, and nothing is projected until it is fixed', async ({
  pg,
  page,
}) => {
  await pg.goto('/?scenario=search_kb.hits');
  await pg.contextTab.click();
  const tenant = page.getByLabel('tenant', { exact: true });
  await tenant.fill('');
  await expect(tenant).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#ctx-tenant-err')).toBeVisible();
  await expect(pg.contextTab).toContainText('1 invalid');
  await expect(pg.modelResult).toContainText('The trusted context is invalid');
  // The problem in the list takes the learner to the field.
  await pg.problemsTab.click();
  await pg.problem('CONTEXT_INVALID').getByRole('button').click();
  await expect(tenant).toBeFocused();
  await tenant.fill('tenant-acme-retail');
  await expect(pg.modelResult).toContainText('"status": "succeeded"');

  const now = page.getByLabel('now', { exact: true });
  await now.fill('2026-02-30T00:00:00Z');
  await expect(page.locator('#ctx-now-err')).toBeVisible();
  await now.fill('2026-07-19T00:00:05Z');
  await expect(page.locator('#ctx-now-err')).toHaveCount(0);

  const args = page.getByLabel('arguments', { exact: true });
  await args.fill('{"query": "refund rules", "top_k": 5}');
  await expect(pg.problem('INPUT_BINDING')).toContainText('/data/query');
});

test('trusted context: choosing a provider sets its registered triple; an unregistered revision is refused by every adapter', async ({
  pg,
  page,
}) => {
  await pg.goto('/?scenario=get_order.paid');
  await pg.contextTab.click();
  await page.getByLabel('provider', { exact: true }).selectOption('anthropic');
  await expect(page.locator('.context-form')).toContainText('messages · anthropic-messages-2026-07-19');
  await expect(pg.payload('Anthropic Messages')).toContainText('this call');
  await expect(pg.protectedAudit).toContainText('"adapter_revision": "anthropic-messages-2026-07-19"');
  await page.getByLabel(/Advanced/).check();
  await page.getByLabel('adapter_revision', { exact: true }).fill('anthropic-messages-2024-01-01');
  await expect(page.locator('.context-form')).toContainText('Not a registered triple');
  const own = page.locator('#panel-payloads li.payload-refused');
  await expect(own).toContainText('UNREGISTERED_ADAPTER');
  await expect(pg.problem('UNREGISTERED_ADAPTER')).toContainText('in the package, not in the editor text');
  await page.getByLabel(/Advanced/).uncheck();
  await expect(page.locator('#panel-payloads li.payload-refused')).toHaveCount(0);
});

test('keyed mode: every digest becomes HMAC-SHA-256, and WebCrypto still agrees', async ({ pg, page }) => {
  await pg.goto('/?scenario=search_kb.hits');
  const plain = await pg.digestValue('result_sha256').textContent();
  await pg.contextTab.click();
  await page.getByLabel(/hmac-sha256/).check();
  await expect(page.locator('#panel-digests')).toContainText('HMAC-SHA-256 with key “audit-key-demo”');
  await expect(pg.digestValue('result_sha256')).not.toHaveText(plain ?? '');
  for (const d of ['request_sha256', 'result_sha256', 'call_binding_sha256'] as const)
    await expect(pg.digest(d)).toContainText('✓ noble = WebCrypto');
  await expect(pg.protectedAudit).toContainText('"algorithm": "hmac-sha256"');
  await page.getByLabel('secret', { exact: true }).fill('abc');
  await expect(page.locator('#ctx-key_secret-err')).toContainText('hex');
});

test('the preimage of a digest is the exact canonical text hashed', async ({ pg }) => {
  await pg.goto('/?scenario=get_order.paid');
  const row = pg.digest('request_sha256');
  await row.getByText('Preimage').click();
  await expect(row.locator('.preimage-text')).toHaveText(
    '{"arguments":{"order_ref":"ORDER-7"},"effect_revision":"get_order.effect.read.v1","input_revision":"get_order.input.v1","output_revision":"get_order.output.v2","purpose":"tool-request/v1","subject":"user-7f3a9c21","tenant":"tenant-acme-retail","tool":"get_order"}',
  );
});

// A mode's two themes look at one page in turn: the theme is the system's, emulated light and then dark, and the
// page follows it as it does at load.
for (const [mode, address] of [
  ['playground', '/?scenario=create_refund_draft.status_injected'],
  ['attack lab', '/?scenario=search_kb.hits&attack=A11'],
  ['exercise', '/?mode=exercise'],
] as const) {
  test.describe(() => {
    const shared = sharedPage({});
    for (const theme of ['light', 'dark'] as const) {
      test(`axe: ${mode}, ${theme} theme — no serious or critical violations`, async () => {
        const pg = shared();
        const page = pg.page;
        await page.emulateMedia({ colorScheme: theme });
        if (theme === 'light') await pg.goto(address);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await pg.settled();
        expect(await seriousFindings(page, 3)).toEqual([]);
      });
    }
  });
}
