/**
 * MCP in the playground, in Chinese: beside the MCP tools/call payload, the tool as the
 * dispatcher's MCP server lists it in tools/list, with its audit proof; and attack A15, a server
 * whose text block says something other than its structuredContent, stopped by its named check
 * with its rule and place. Keyboard only, axe clean in both themes, nothing cut off on a phone.
 */
import { ATTACK_TEXT } from '../src/lessons/attackText.ts';
import { axeOf } from './axe.ts';
import { NARROW_DEVICES } from './devices.ts';
import { cutOff } from './layoutAudit.ts';
import { expect, test, prefsAtStart } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await prefsAtStart(page, 'zh');
});

test('tools/list 条目紧跟 MCP tools/call 载荷：输入与输出 schema，且证明其中没有审计材料', async ({ pg, page }) => {
  await pg.goto('/?scenario=create_refund_draft.created');
  const panel = page.locator('#panel-payloads');
  const listing = panel.getByTestId('mcp-tools-list');
  await expect(listing).toBeVisible();
  // Right after the MCP payload, in the same list.
  await expect(panel.locator('li[data-provider="mcp"] + li[data-testid="mcp-tools-list"]')).toHaveCount(1);
  await expect(listing).toContainText('调度器的 MCP 服务器如何列出这个工具');
  await expect(listing).toContainText('"name": "create_refund_draft"');
  await expect(listing).toContainText('"inputSchema"');
  await expect(listing.getByTestId('mcp-tools-list-proof')).toHaveText(/^✓ 无审计材料（已检查 \d+ 个值）$/);
  // The receipt is audit material only: not in the payloads, not in the listing.
  await expect(listing).not.toContainText('protected_audit');
  await expect(panel).not.toContainText('tenant-acme-retail');

  // outputSchema opens from the keyboard, and is the whole model_result's (status, error, provenance beside data).
  const summary = listing.locator('summary');
  await expect(summary).toHaveText('outputSchema：整个 model_result 的 JSON Schema');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(listing.locator('details')).toHaveAttribute('open', '');
  for (const member of ['"status"', '"error"', '"provenance"', '"data"'])
    await expect(listing.locator('details')).toContainText(member);
});

test('A15：文本块与 structuredContent 说法不一，被 MCP_CONTENT_MISMATCH 拦下，写明规则与位置', async ({ pg, page }) => {
  await pg.goto('/?scenario=get_order.paid&attack=A15');
  const lab = page.getByTestId('attack-lab');
  await expect(lab.getByTestId('attack-detail')).toHaveAttribute('data-attack', 'A15');
  await expect(lab.getByTestId('attack-lesson')).toContainText(ATTACK_TEXT.zh.A15.lesson);
  await expect(lab.getByTestId('attack-detail')).toContainText('MCP 服务器应答');
  const verdict = lab.getByTestId('attack-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'contract_error');
  await expect(verdict.getByTestId('verdict-subject')).toContainText('MCP 服务器的应答');
  await expect(verdict.getByTestId('model-error-code')).toHaveText('OUTPUT_CONTRACT_VIOLATION');
  const row = verdict.locator('[data-testid="stopped-by"][data-code="MCP_CONTENT_MISMATCH"]');
  await expect(row).toContainText('位置 /content/0/text');
  await expect(row).toContainText('规则: 是 JSON 的文本块必须与 structuredContent 规范化后相等');
  // The two answers side by side: only the text block differs.
  const diff = lab.getByTestId('diff-handler');
  await expect(diff).toContainText('MCP 服务器的 CallToolResult：诚实与恶意');
  await expect(diff.locator('li[data-kind="changed"][data-path="/content/0/text"]')).toBeVisible();
  await expect(diff.locator('li[data-path^="/structuredContent"]')).toHaveCount(0);

  // Chosen from the keyboard too: away to A14 and back.
  await lab.getByTestId('attack-A14').focus();
  await page.keyboard.press('Enter');
  await expect(lab.getByTestId('attack-detail')).toHaveAttribute('data-attack', 'A14');
  await lab.getByTestId('attack-A15').focus();
  await page.keyboard.press('Enter');
  await expect(lab.getByTestId('attack-detail')).toHaveAttribute('data-attack', 'A15');
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe: the tools/list entry and A15 have no violations (${theme})`, async ({ pg, page }) => {
    await pg.goto('/?scenario=get_order.paid');
    await page.getByRole('combobox', { name: '主题' }).selectOption(theme);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.getByTestId('mcp-tools-list').locator('summary').click();
    const listing = await axeOf(page, '#panel-payloads').analyze();
    expect(listing.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await pg.goto('/?scenario=get_order.paid&attack=A15');
    await expect(page.getByTestId('attack-verdict')).toHaveAttribute('data-verdict', 'contract_error');
    const lab = await axeOf(page, '[data-testid="attack-lab"]').analyze();
    expect(lab.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test.describe('phone 390×844', () => {
  test.use(NARROW_DEVICES[0].use);
  test('the tools/list entry, its outputSchema open, and A15 cut nothing off', async ({ pg, page }) => {
    await pg.goto('/?scenario=search_kb.hits');
    const listing = page.getByTestId('mcp-tools-list');
    await listing.locator('summary').click();
    await expect(listing.locator('details')).toHaveAttribute('open', '');
    expect(await cutOff(page)).toEqual([]);
    await pg.goto('/?scenario=search_kb.hits&attack=A15');
    await expect(page.getByTestId('attack-verdict')).toHaveAttribute('data-verdict', 'contract_error');
    expect(await cutOff(page)).toEqual([]);
  });
});

test('model_result 的警示说出是谁违反了合同：MCP 服务器的结果，而不是 handler', async ({ pg, page }) => {
  await pg.goto('/?scenario=get_order.mcp_mismatch');
  const model = page.locator('#panel-model-result');
  await expect(model.locator('.inline-warning')).toHaveText(
    'MCP 服务器的结果违反了工具的合同：模型得到 OUTPUT_CONTRACT_VIOLATION，审计记录原因。',
  );
  // A handler's output that breaks its contract is still the handler's.
  await pg.goto('/?scenario=create_refund_draft.status_injected');
  await expect(model.locator('.inline-warning')).toHaveText(
    'handler 违反了合同：模型得到 OUTPUT_CONTRACT_VIOLATION，审计记录原因。',
  );
});
