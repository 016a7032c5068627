/**
 * The chapter's examples are JSONC: a Chinese learner's first paste has a comment in it. The problems list says
 * why in Chinese (the parser's reason, not its English), and one click rewrites the text without comments, as an
 * ordinary edit that Undo takes back.
 */
import { expect, prefsAtStart, test } from './fixtures.ts';

test('a JSONC paste on the Chinese page: the reason in Chinese, and one click removes the comments', async ({
  pg,
  page,
}) => {
  await prefsAtStart(page, 'zh');
  await pg.goto('/?scenario=search_kb.hits');
  await pg.editorReady();
  await expect(page.locator('.problems-none')).toBeVisible();
  const strict = await pg.editorValue();
  const jsonc = `// 章节示例：handler 的输出\n${strict.replace(/^\{\n/, '{\n  // 结果的种类\n')}`;
  expect(jsonc).not.toBe(strict);
  await pg.pasteEditorText(jsonc);

  const problem = pg.problem('SYNTAX');
  await expect(problem).toContainText('注释不是 JSON：严格 JSON（RFC 8259）不允许 // 或 /* */ 注释');
  await expect(problem).toContainText('第 1 行第 1 列');
  await expect(problem).not.toContainText('comments are not JSON');
  await expect(page.locator('.problems-none')).toHaveCount(0);

  await problem.getByRole('button', { name: '删除注释', exact: true }).click();
  await expect.poll(() => pg.editorValue()).toBe(strict);
  await expect(page.locator('.problems-none')).toBeVisible();
  await expect(pg.problems).toHaveCount(0);

  // An ordinary edit: Undo brings the comments back.
  await pg.clickEditor();
  await page.keyboard.press('ControlOrMeta+Z');
  await expect.poll(() => pg.editorValue()).toBe(jsonc);
  await expect(pg.problem('SYNTAX')).toContainText('注释不是 JSON');
});
