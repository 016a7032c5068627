/**
 * MCP scenarios in the playground's editor (docs/scenarios.md#mcp-scenarios), in Chinese: opened by address and
 * from the picker's own group, the editor says it holds an MCP server's raw CallToolResult, a text block that
 * disagrees is MCP_CONTENT_MISMATCH marked on that text, the honest duplicate is named in the audit and absent
 * from model_result, and an edit of structuredContent by keyboard reaches the payloads. Once in English, axe
 * clean, nothing cut off on a phone.
 */
import { axeOf } from './axe.ts';
import { NARROW_DEVICES } from './devices.ts';
import { cutOff } from './layoutAudit.ts';
import { expect, test, prefsAtStart, type PlaygroundPage } from './fixtures.ts';
import type { Page } from '@playwright/test';

const findings = async (page: Page, ...include: string[]) => {
  const axe = include.reduce((b, sel) => b.include(sel), axeOf(page));
  const r = await axe.analyze();
  return r.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

/** The 1-based line of the editor text holding `needle`. */
const lineOf = async (pg: PlaygroundPage, needle: string) =>
  (await pg.editorValue()).split('\n').findIndex((l) => l.includes(needle)) + 1;

test.describe('中文', () => {
  test.beforeEach(async ({ page }) => {
    await prefsAtStart(page, 'zh');
  });

  test('地址打开 get_order.mcp_mismatch：编辑器说明它是原始 CallToolResult，MCP_CONTENT_MISMATCH 标在那段文本上', async ({
    pg,
    page,
  }) => {
    await pg.goto('/?scenario=get_order.mcp_mismatch');
    await pg.settled();
    const editor = pg.editorRegion;
    await expect(editor.getByRole('heading', { level: 2 })).toContainText('MCP 服务器的 CallToolResult');
    await expect(editor.getByTestId('editor-mcp-note')).toContainText(
      'MCP 服务器发来的原始结果，原样呈现，不可信：每个通道都会检查，只有 structuredContent 能到达模型。',
    );
    await expect(editor.getByTestId('editor-mcp-note')).toContainText(
      'packages/tool-result-contract/docs/mcp.md#each-channel',
    );

    // The picker lists it in the MCP group, under its Chinese title.
    const group = page.getByTestId('scenario-select').locator('optgroup[label="MCP 服务器的 CallToolResult"]');
    await expect(group.locator('option')).toHaveCount(5);
    await expect(group.locator('option[value="get_order.mcp_mismatch"]')).toHaveText(
      'MCP：文本说的是另一回事 (get_order.mcp_mismatch)',
    );

    // The problem names the place in the CallToolResult, and the marker sits on the text that says "refunded".
    const line = await lineOf(pg, 'refunded');
    expect(line).toBeGreaterThan(1);
    const item = pg.problem('MCP_CONTENT_MISMATCH');
    await expect(item).toBeVisible();
    await expect(item).toContainText('/content/0/text');
    await expect
      .poll(async () =>
        (await pg.markers()).filter((m) => m.code === 'MCP_CONTENT_MISMATCH').map((m) => m.startLineNumber),
      )
      .toEqual([line]);
    await pg.clickEditor();
    await page.keyboard.press('ControlOrMeta+Home');
    await item.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(pg.cursor).toContainText(`第 ${line} 行`);
    await expect(pg.modelResult).toContainText('OUTPUT_CONTRACT_VIOLATION');
    await expect(pg.protectedAudit).toContainText('"code": "MCP_CONTENT_MISMATCH"');

    expect(await findings(page, '#panel-editor', '#panel-protected-audit', '[role="toolbar"]')).toEqual([]);

    // By keyboard: structuredContent says "refunded" too, the two channels agree, and the payloads carry it.
    const status = await lineOf(pg, '"status": "paid"');
    await pg.clickEditor();
    await page.keyboard.press('Control+G');
    await page.keyboard.insertText(String(status));
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    for (let i = 0; i < '"paid"'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.insertText('"refunded"');
    await expect(pg.problem('MCP_CONTENT_MISMATCH')).toHaveCount(0);
    await expect(pg.modelResult).toContainText('status: succeeded');
    const openai = page.locator('#panel-payloads li[data-provider="openai"]');
    await expect(openai).toContainText('refunded');
    await expect(page.locator('#panel-payloads li[data-provider="mcp"]')).toContainText('refunded');

    // Saved with its source: after a reload it is still read as a CallToolResult.
    await pg.saved('get_order.mcp_mismatch');
    await pg.goto('/');
    await expect(pg.modelResult).toContainText('status: succeeded');
    await expect(editor.getByTestId('editor-mcp-note')).toBeVisible();
  });

  test('get_order.mcp_duplicate：重复文本在审计中记名并说明原因，model_result 里没有它', async ({ pg, page }) => {
    await pg.goto('/?scenario=search_kb.hits');
    await pg.selectScenario('get_order.mcp_duplicate');
    await expect(page).toHaveURL(/scenario=get_order\.mcp_duplicate/);
    const list = pg.protectedAudit.getByTestId('mcp-redactions');
    await expect(list.getByRole('heading')).toHaveText('MCP 服务器发来、但模型拿不到的内容');
    const row = list.locator('li[data-reason="mcp_text_duplicate"]');
    await expect(row).toContainText('/content/0');
    await expect(row).toContainText('以 JSON 重复 structuredContent 的文本块');
    await expect(pg.modelResult).toContainText('status: succeeded');
    await expect(pg.modelResult).toContainText('"status": "paid"');
    // The text block is nowhere in what the model reads: neither the block nor its escaped JSON.
    await expect(pg.modelResult).not.toContainText('\\"order_ref\\"');
    await expect(pg.modelResult).not.toContainText('"type": "text"');
    await expect(pg.modelResult).not.toContainText('mcp_text_duplicate');
    await pg.settled();
    expect(await findings(page, '#panel-protected-audit')).toEqual([]);
  });

  test('MCP 部分加载失败：页面说明这份文档没有被评判，并给出重新加载，而不是一直等待', async ({
    pg,
    page,
    pageErrors,
  }) => {
    await page.route('**/assets/chunk-*.js', (route) => route.abort());
    await pg.goto('/?scenario=get_order.mcp_mismatch');
    const failed = page.getByTestId('mcp-source-failed');
    await expect(failed).toContainText('页面中读取 MCP 服务器 CallToolResult 的部分未能加载，因此这份文档没有被评判。');
    await expect(failed.getByRole('button', { name: '重新加载页面（你的工作会保留）' })).toBeVisible();
    await expect(page.getByTestId('mcp-source-loading')).toHaveCount(0);
    // Nothing of the CallToolResult was judged as a handler output meanwhile.
    await expect(page.locator('#panel-model-result')).toHaveCount(0);
    // The aborted chunk is expected to be reported by the browser; nothing else may be.
    const unexpected = pageErrors.filter((e) => !/Failed to load resource|net::ERR_FAILED/.test(e));
    expect(unexpected).toEqual([]);
    pageErrors.length = 0;
  });
});

test('English: the audit names the MCP redactions and what they mean', async ({ pg, page }) => {
  await prefsAtStart(page, 'en');
  await pg.goto('/?scenario=get_order.mcp_meta_secret');
  const list = pg.protectedAudit.getByTestId('mcp-redactions');
  await expect(list.getByRole('heading')).toHaveText('What the MCP server sent that the model does not get');
  await expect(list.locator('li[data-reason="mcp_meta"]')).toContainText('/_meta');
  await expect(list.locator('li[data-reason="mcp_meta"]')).toContainText('_meta: protocol metadata, never data');
  await expect(pg.modelResult).not.toContainText('sk_live_');
  await expect(pg.editorRegion.getByTestId('editor-mcp-note')).toContainText('Raw, exactly as the MCP server sent it');
});

test.describe('phone 390×844', () => {
  test.use(NARROW_DEVICES[0].use);
  test('an MCP scenario, its editor line and its redactions, cut nothing off', async ({ pg, page }) => {
    await prefsAtStart(page, 'zh');
    await pg.goto('/?scenario=search_kb.mcp_injected_text');
    await pg.settled();
    await expect(pg.protectedAudit.getByTestId('mcp-redactions')).toBeVisible();
    expect(await cutOff(page)).toEqual([]);
  });
});
