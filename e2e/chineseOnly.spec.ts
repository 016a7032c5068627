/**
 * The Chinese page says everything in Chinese: the library reports codes with params and the page words them
 * through the Chinese locale, never by printing the English `detail`. Each test drives the page into states where a
 * problem is on screen (a duplicate key, a handler output that breaks a refinement, a bad trusted context, a bad
 * stream text, a refused stream file, corrupt saved work and progress), then reads the page's visible text outside
 * code and fails on any run of English words. Code, identifiers, pointers, CAPS_SNAKE codes, URLs and numbers are
 * not prose and are left out.
 */
import type { Page } from '@playwright/test';
import { expect, prefsAtStart, test, WORK_KEY, type PlaygroundPage } from './fixtures.ts';

const PROGRESS_KEY = 'tool-result-playground/progress/v1';

/**
 * The visible text of the page outside code (`code`, `kbd`, `pre`, `[data-code]`, the editor, form controls),
 * one entry per element with text of its own.
 */
async function visibleProse(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const SKIP = 'code, kbd, pre, samp, [data-code], .monaco-editor, textarea, input, select, script, style, svg';
    const out: string[] = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const byParent = new Map<Element, string>();
    for (let n = walk.nextNode(); n !== null; n = walk.nextNode()) {
      const el = n.parentElement;
      if (el === null || el.closest(SKIP) !== null) continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      byParent.set(el, `${byParent.get(el) ?? ''}${n.textContent ?? ''}`);
    }
    for (const t of byParent.values()) if (t.trim() !== '') out.push(t.replace(/\s+/g, ' ').trim());
    return out;
  });
}

/** Three or more lowercase English words in a row (once identifiers, URLs, pointers and numbers are out): a sentence. */
const SENTENCE = /\b[a-z]{2,}(?:[ ,'’]+[a-z]{2,}){2,}\b/;

function english(texts: readonly string[]): string[] {
  return texts.filter((t) => {
    const prose = t
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/「[^」]*」|“[^”]*”|"[^"]*"/g, ' ')
      .replace(/(?:^|\s)\/[\w~./-]*/g, ' ')
      .replace(/\b[A-Za-z][\w]*[_.:@/-][\w.:@/-]*\b/g, ' ')
      .replace(/\b[A-Z][A-Z0-9]+\b/g, ' ')
      .replace(/\b[a-z]+[A-Z]\w*\b/g, ' ')
      .replace(/\d+/g, ' ');
    return SENTENCE.test(prose);
  });
}

async function expectChineseOnly(page: Page, what: string): Promise<void> {
  expect(english(await visibleProse(page)), `English sentences in the Chinese page: ${what}`).toEqual([]);
}

test('the detector sees English: the English page fails it', async ({ pg, page }) => {
  await prefsAtStart(page, 'en');
  await pg.goto('/');
  await pg.settled();
  expect(english(await visibleProse(page)).length).toBeGreaterThan(0);
});

test('a duplicate key and a handler output that breaks a refinement: the problems say it in Chinese', async ({
  pg,
  page,
}) => {
  await prefsAtStart(page, 'zh');
  await pg.goto('/?scenario=search_kb.hits');
  await pg.settled();
  const text = await pg.editorValue();
  expect(text).toContain('https://kb.example.com');
  await pg.pasteEditorText(text.replace('https://kb.example.com', 'http://evil.example'));
  await pg.problemsTab.click();
  await expect(pg.problem('DATA_SCHEMA')).toBeVisible();
  // The refinement's specifics, not "does not meet the constraint".
  await expect(pg.problem('DATA_SCHEMA')).toContainText('kb.example.com');
  await expectChineseOnly(page, 'a url off the knowledge base');

  await pg.typeEditorText('{"kind":"ok","kind":"ok"}');
  await expect(pg.problems.first()).toContainText('成员名 "kind" 重复');
  await expectChineseOnly(page, 'a duplicate key');
});

test('a bad trusted context: each field says what is wrong in Chinese', async ({ pg, page }) => {
  await prefsAtStart(page, 'zh');
  await pg.goto('/?scenario=get_order.paid');
  await pg.settled();
  await pg.contextTab.click();
  await page.locator('#ctx-now').fill('yesterday');
  await page.locator('#ctx-call_id').fill('call\u0001x');
  await expect(page.locator('#ctx-now-err')).toContainText('必须是以 Z 结尾的 UTC RFC 3339 时间');
  await expect(page.locator('#ctx-call_id-err')).toContainText('标识符里不能有控制字符');
  await expectChineseOnly(page, 'a bad now and a control character in call_id');
  await page.locator('#ctx-arguments_text').fill('{"order_ref":"ORDER-1","order_ref":"ORDER-2"}');
  await expect(page.locator('#ctx-arguments_text-err')).toContainText('成员名 "order_ref" 重复');
  await expectChineseOnly(page, 'arguments with a duplicate key');
});

async function turnPage(pg: PlaygroundPage, page: Page): Promise<void> {
  await prefsAtStart(page, 'zh');
  await pg.goto('/?mode=turn&provider=openai&stream=openai.one_call');
  await page.getByRole('tab', { name: '流文本' }).click();
}

test('a bad stream text and a refused stream file: the turn mode says why in Chinese', async ({ pg, page }) => {
  await turnPage(pg, page);
  const area = page.getByTestId('stream-text');
  const whole = await area.inputValue();
  await area.fill(whole.slice(0, Math.floor(whole.length / 2)));
  await expect(page.getByTestId('stream-text-status')).toContainText('字符串没有结束');
  await expectChineseOnly(page, 'a truncated stream text');
  await area.fill('   ');
  await expect(page.getByTestId('stream-text-status')).toContainText('流文件是空的');
  await expectChineseOnly(page, 'an empty stream text');

  // Each refused document, and the Chinese words its notice must carry.
  const refused: [string, string][] = [
    ['[]', '流文档必须是 JSON 对象'],
    ['{"format":"tool-turn-stream-v1","provider":"openai","base":null,"stream":"","extra":1}', '未知成员'],
    ['{"format":"tool-turn-stream-v9","provider":"openai","base":null,"stream":""}', '本演练场不读取的版本'],
    ['{"provider":"openai","base":null,"stream":""}', '缺少 "format"'],
    ['{"format":"tool-turn-stream-v1","provider":"nobody","base":null,"stream":""}', 'provider 必须是'],
    ['{"format":"tool-turn-stream-v1","provider":"openai","base":"gemini.one_call","stream":""}', 'base 必须是 null'],
    ['{"format":"tool-turn-stream-v1","provider":"openai","base":null,"stream":1}', 'stream 必须是流文件的文本'],
    ['{"format":"tool-turn-stream-v1","format":"x"}', '成员名 "format" 重复'],
  ];
  for (const [i, [body, words]] of refused.entries()) {
    await page.getByTestId('turn-import-file').setInputFiles({
      name: `bad-${i}.stream.json`,
      mimeType: 'application/json',
      buffer: Buffer.from(body),
    });
    await expect(pg.notice('import-refused').filter({ hasText: `bad-${i}.stream.json` })).toContainText(words);
    await expectChineseOnly(page, `a refused stream file: ${body}`);
  }
});

test('corrupt saved work and unreadable saved progress: the notices say why in Chinese', async ({ pg, page }) => {
  await prefsAtStart(page, 'zh');
  await page.addInitScript(
    ([work, progress]) => {
      localStorage.setItem(work, '{"docs": {');
      localStorage.setItem(progress, JSON.stringify({ format: 'nope', attacks: 'all of them' }));
    },
    [WORK_KEY, PROGRESS_KEY] as const,
  );
  await pg.goto('/');
  await expect(pg.notice('corrupt-saved')).toContainText('第 1 行第 11 列：此处应为用双引号括起的成员名');
  await expect(pg.notice('corrupt-progress')).toContainText('/proofs：类型不对：应为 array');
  await expectChineseOnly(page, 'corrupt saved work and progress');
});

test('saved work of the wrong shape: the notice names what is wrong in Chinese', async ({ pg, page }) => {
  await prefsAtStart(page, 'zh');
  await page.addInitScript(
    (work) => localStorage.setItem(work, JSON.stringify({ v: 1, docs: 'none', extra: true })),
    WORK_KEY,
  );
  await pg.goto('/');
  await expect(pg.notice('corrupt-saved')).toContainText('/scenario：类型不对：应为 string');
  await expectChineseOnly(page, 'saved work of the wrong shape');
});

test('a refused share link and refused scenario files: the notices say why in Chinese', async ({ pg, page }) => {
  await prefsAtStart(page, 'zh');
  await pg.goto('/#s=not-lz-data!!');
  await expect(pg.notice('share-refused')).toContainText('NOT_COMPRESSED：不是 lz-string 压缩的 URL 安全数据');
  await expectChineseOnly(page, 'a share link that is not compressed');
  // Each refused file, and the Chinese words its notice must carry.
  const files: [string, string, string][] = [
    ['bad.json', '{"format": "tool-result-scenario-v1", "id": "x.y",}', 'JSON 不允许尾随逗号'],
    ['wrong.json', '{"format": "tool-result-scenario-v1"}', '结构与约定的格式不符'],
  ];
  for (const [name, body, words] of files) {
    await page.getByTestId('import-file').setInputFiles({
      name,
      mimeType: 'application/json',
      buffer: Buffer.from(body),
    });
    await expect(pg.notice('import-refused').filter({ hasText: name })).toContainText(words);
    await expectChineseOnly(page, `a refused scenario file: ${body}`);
  }
});
