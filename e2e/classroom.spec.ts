/**
 * The first visit, the classroom and the Chinese UI (docs/decisions.md#the-first-visit-the-classroom-and-the-phone). A first visit
 * opens on "Start here"; the Model turn opens on a stream's outcome; the
 * Chinese turn mode shows no literal backticks; `&present=1` sizes; the
 * attack list at 1920×1080. Each test leaves a screenshot in
 * test-results/classroom/ for looking at.
 */
import type { Page } from '@playwright/test';
import { expect, sharedPage, test, prefsAtStart } from './fixtures.ts';
import { smallestFont } from './layoutAudit.ts';

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/classroom/${name}.png` });

test('a first visit opens on "Start here", mapping the chapter to the modes; closed, it stays closed; Help reopens it', async ({
  freshPage,
}) => {
  const pg = await freshPage();
  const page = pg.page;
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  const guide = page.getByTestId('start-guide');
  await expect(guide).toBeVisible();
  for (const section of ['一个结果不应同时服务所有读者', '动手实践', '常见错误', '自测', 'Prompt Injection 反例'])
    await expect(guide).toContainText(section);
  await expect(guide.getByRole('link', { name: 'Attack lab A14' })).toHaveAttribute('href', /attack=A14/);
  await expect(guide.getByRole('link', { name: 'Model turn' })).toHaveAttribute(
    'href',
    /stream=openai\.injection_follow_up/,
  );
  await shot(page, 'guide-1366x768-en');
  // The subtitle is in sight at a laptop's width.
  await page.keyboard.press('Escape');
  await expect(guide).toBeHidden();
  await expect(page.locator('.tagline')).toBeVisible();
  await expect(page.locator('.tagline')).toBeInViewport({ ratio: 1 });
  await page.reload();
  await expect(page.locator('.app')).toBeVisible();
  await expect(page.getByTestId('start-guide')).toHaveCount(0);
  // Help: how to read the page first, the shortcuts after, and the guide again.
  await page.getByRole('button', { name: 'Help and keyboard shortcuts' }).click();
  await expect(page.locator('.help-dialog h3')).toHaveText(['How to read the page', 'Keyboard shortcuts']);
  await page.getByTestId('open-guide').click();
  await expect(page.getByTestId('start-guide')).toBeVisible();
  // A link in the guide opens its mode and closes the guide.
  await page.getByTestId('start-guide').getByRole('link', { name: 'Model turn' }).click();
  await expect(page.getByTestId('start-guide')).toHaveCount(0);
  await expect(page).toHaveURL(/stream=openai\.injection_follow_up/);
  await expect(page.getByTestId('injection-story')).toBeVisible();
});

test('a first visit in Chinese: the guide speaks the chapter’s words', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto('/');
  const guide = page.getByTestId('start-guide');
  await expect(page.getByRole('dialog', { name: '从这里开始' })).toBeVisible();
  await expect(guide).toContainText('一个结果不应同时服务所有读者');
  await expect(guide.getByRole('link', { name: '动手实践' })).toHaveAttribute('href', '?mode=exercise');
  await shot(page, 'guide-1366x768-zh');
  await context.close();
});

test('a link someone sent opens on what it points to, with no guide in front of it', async ({ freshPage }) => {
  const pg = await freshPage();
  await pg.page.goto('/?scenario=search_kb.injection&attack=A14');
  await expect(pg.page.getByTestId('attack-verdict')).toBeVisible();
  await expect(pg.page.getByTestId('start-guide')).toHaveCount(0);
});

test('the injection story opens at its step 1 and follows the stepper, its steps in words, its tab only where it applies; other streams open on the outcome', async ({
  pg,
  page,
}) => {
  await pg.goto('/?mode=turn&provider=openai&stream=openai.injection_follow_up');
  const story = page.getByTestId('injection-story');
  await expect(story).toBeVisible();
  // Before: it opened at the stream's last event, the whole story told, and narrating it needed a rewind first.
  await expect(story.locator('[data-reached="true"]')).toHaveCount(1);
  await expect(story.locator('[aria-current="step"]')).toHaveAttribute('data-step', 'injected_hit');
  await shot(page, 'turn-injection-start-en');
  await page.getByTestId('event-list').focus();
  await page.keyboard.press('End');
  // At the end, the whole story has happened.
  await expect(story.locator('[data-reached="true"]')).toHaveCount(4);
  await expect(story.locator('[data-step="gate_answers"] h3')).toHaveText(
    'Step 3: The gate answers UNKNOWN_TOOL; no handler runs',
  );
  await expect(story.locator('h3 code')).toHaveCount(0);
  await shot(page, 'turn-injection-end-en');
  await page.keyboard.press('Home');
  await expect(story.locator('[data-reached="true"]')).toHaveCount(1);
  // Another stream: no story tab, and the step tab opens on the outcome, at the end.
  await page.getByTestId('turn-stream').selectOption('openai.parallel_calls');
  await expect(page.getByRole('tab', { name: /Injection story/ })).toHaveCount(0);
  await expect(page.getByTestId('step-detail').getByTestId('turn-decision')).toHaveAttribute('data-kind', 'gated');
  await expect(page.getByTestId('step-count')).toHaveText(/^step (\d+) of \1$/);
});

// One test per stream, so none nears its timeout; the streams are looked at in one page in turn, opened in Chinese by
// the saved preference (a fresh page for each was most of their time).
test.describe(() => {
  const shared = sharedPage({});
  test.beforeAll(async () => {
    await prefsAtStart(shared().page, 'zh');
  });
  for (const id of [
    'openai.truncated',
    'anthropic.truncated',
    'gemini.truncated',
    'openai.done_disagrees',
    'anthropic.parallel_calls',
    'openai.injection_follow_up',
  ]) {
    test(`the Chinese Model turn, ${id}: no literal backtick in its own texts, and the chapter’s terms`, async () => {
      const pg = shared();
      const page = pg.page;
      await pg.goto(`/?mode=turn&provider=${id.split('.')[0]}&stream=${id}`);
      await expect(page.getByTestId('turn-mode')).toBeVisible();
      // The page is in Chinese: English text would pass the checks below without showing anything.
      await expect(page.getByRole('link', { name: '模型回合' })).toHaveAttribute('aria-current', 'page');
      for (const t of await page.getByRole('tab').all()) {
        await t.click();
        // Prose only: code blocks, JSON views and editors show text as it is.
        const prose = await page.locator('[data-testid="turn-mode"]').evaluate((root) => {
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          const found: string[] = [];
          for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
            const el = n.parentElement;
            if (
              el === null ||
              el.closest('pre, code, textarea, .monaco-editor, .json-view, [data-testid="event-list"]') !== null
            )
              continue;
            if (n.textContent?.includes('`') === true) found.push(n.textContent);
          }
          return found;
        });
        expect(prose, `${id}, tab ${await t.innerText()}`).toEqual([]);
        const text = await page.locator('[data-testid="turn-mode"]').innerText();
        for (const drift of ['调度器', '处理函数', '服务商']) expect(text, `${id}: ${drift}`).not.toContain(drift);
      }
      if (id !== 'anthropic.truncated') return;
      await pg.goto('/?mode=turn&provider=anthropic&stream=anthropic.truncated');
      await shot(page, 'turn-truncated-zh');
    });
  }
});

test.describe('the classroom, at 1920×1080', () => {
  test.use({ viewport: { width: 1920, height: 1080 }, colorScheme: 'dark' });

  test('&present=1: verdicts at 24 px, body and editor text at 18 px, the digests and payloads folded; kept in the address, off from the header', async ({
    pg,
    page,
  }) => {
    await pg.goto('/?scenario=create_refund_draft.status_injected&present=1');
    await expect(page.locator('.app')).toHaveAttribute('data-present', 'on');
    await expect(page.getByTestId('present-toggle')).toHaveAttribute('aria-pressed', 'true');
    const editor = await pg.editorReady();
    // Monaco redraws its lines when its font changes: read the size from the lines' container, until it is set.
    await expect
      .poll(async () => parseFloat(await editor.locator('.view-lines').evaluate((e) => getComputedStyle(e).fontSize)))
      .toBeGreaterThanOrEqual(18);
    expect(
      await smallestFont(page, '.workspace :is(p, li, span, code, button, dd, dt, td, th, label)'),
    ).toBeGreaterThanOrEqual(18);
    await expect(page.locator('#panel-digests')).toHaveCount(0);
    await expect(page.getByTestId('folded-note')).toBeVisible();
    await expect(page.locator('#panel-model-result')).toBeVisible();
    await shot(page, 'present-playground-1920x1080-dark');
    // Moving to the attack lab keeps it.
    await page.getByRole('link', { name: 'Attack lab' }).click();
    await expect(page).toHaveURL(/mode=attack.*present=1|present=1.*mode=attack/);
    await page.getByRole('combobox', { name: 'Scenario' }).selectOption('search_kb.injection');
    await page.getByTestId('attack-A14').click();
    await expect(page).toHaveURL(/attack=A14/);
    await expect(page).toHaveURL(/present=1/);
    const verdict = page.getByTestId('attack-verdict').locator('h4');
    expect(parseFloat(await verdict.evaluate((e) => getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(24);
    // Presenting too, A1–A15 are all in sight without scrolling.
    for (const id of ['A1', 'A7', 'A15']) await expect(page.getByTestId(`attack-${id}`)).toBeInViewport({ ratio: 1 });
    // A14's link to the Model turn presents too, even opened in a new tab.
    await expect(page.getByTestId('injection-turn-link')).toHaveAttribute(
      'href',
      /mode=turn.*present=1|present=1.*mode=turn/,
    );
    await shot(page, 'present-attack-A14-1920x1080-dark');
    await page.getByRole('link', { name: 'Model turn', exact: true }).click();
    await expect(page.getByTestId('turn-verdict')).toBeVisible();
    expect(
      parseFloat(await page.getByTestId('turn-verdict').evaluate((e) => getComputedStyle(e).fontSize)),
    ).toBeGreaterThanOrEqual(24);
    await shot(page, 'present-turn-1920x1080-dark');
    await page.getByTestId('present-toggle').click();
    await expect(page.locator('.app')).not.toHaveAttribute('data-present', 'on');
    await expect(page).not.toHaveURL(/present=1/);
  });

  test('the attack list shows A1–A15 without scrolling', async ({ pg, page }) => {
    await pg.goto('/?scenario=search_kb.injection&attack=A14');
    await expect(page.getByTestId('attack-verdict')).toBeVisible();
    for (let i = 1; i <= 15; i++) await expect(page.getByTestId(`attack-A${i}`)).toBeInViewport({ ratio: 1 });
    await shot(page, 'attack-A14-1920x1080-dark');
  });

  test('the share dialog shows the link as a QR code, and an unedited scenario’s link is short', async ({
    pg,
    page,
  }) => {
    await pg.goto('/?scenario=search_kb.injection&attack=A14&present=1');
    await page.getByRole('button', { name: 'Share link' }).click();
    const url = await page.getByTestId('share-url').inputValue();
    expect(url.length).toBeLessThan(300);
    // The presenter's large print is not the students' business, and a loopback address says what a phone would open.
    expect(url).not.toMatch(/present=1/);
    await expect(page.getByTestId('share-loopback')).toContainText(`names this computer (${new URL(url).host})`);
    await expect(page.getByTestId('share-qr')).toBeVisible();
    const box = await page.getByTestId('share-qr').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(300);
    // Unless the teacher asks: then the link, its length and its QR code open presenting, the state's part unchanged.
    const qrOff = await page.getByTestId('share-qr').innerHTML();
    await page.getByTestId('share-presenting').check();
    const asked = await page.getByTestId('share-url').inputValue();
    expect(new URL(asked).searchParams.get('present')).toBe('1');
    expect(new URL(asked).hash).toBe(new URL(url).hash);
    await expect(page.getByTestId('share-length')).toContainText(String(asked.length));
    expect(await page.getByTestId('share-qr').innerHTML()).not.toBe(qrOff);
    await page.getByTestId('share-presenting').uncheck();
    await expect(page.getByTestId('share-url')).toHaveValue(url);
    await shot(page, 'share-qr-1920x1080-dark');
  });
});

test.describe('the classroom, at 1280×720 (a common projector)', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('presenting, the attacks (ids and names) take three columns above, and the verdict and its digest table the detail’s whole width', async ({
    pg,
    page,
  }) => {
    await pg.goto('/?scenario=search_kb.hits&attack=A1&present=1');
    const verdict = page.getByTestId('attack-verdict');
    await expect(verdict).toBeVisible();
    for (let i = 1; i <= 15; i++) {
      const item = page.getByTestId(`attack-A${i}`);
      await expect(item).toBeInViewport({ ratio: 1 });
      // Each shows its name beside its id (e2e/presentingLayout.spec.ts measures it); the title is its tooltip too.
      await expect(item).toHaveAttribute('title', /.+/);
    }
    await expect(page.getByTestId('attack-A5')).toHaveAccessibleName(/^A5\s*\S/);
    expect((await verdict.boundingBox())?.width ?? 0).toBeGreaterThan(700);
    const table = verdict.locator('table');
    await table.scrollIntoViewIfNeeded();
    for (const cell of await table.locator('th, td').all()) {
      const box = await cell.boundingBox();
      expect(box === null ? 0 : box.x + box.width).toBeLessThanOrEqual(1280);
    }
    await shot(page, 'attack-A1-1280x720-present');
  });

  test('presenting, the editor’s title is whole, the small print scales with the rest, and the turn’s step buttons are on the first screen', async ({
    pg,
    page,
  }) => {
    await prefsAtStart(page, 'zh');
    await pg.goto('/?scenario=search_kb.hits&attack=A1&present=1');
    await pg.editorReady();
    // Before: "Handler 输出 searc…", cut by an ellipsis, the cursor position wrapping beside it.
    const title = page.locator('#panel-editor-title');
    await expect(title).toContainText('search_kb');
    expect(await title.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
    await expect(page.getByTestId('cursor-status')).toBeHidden();
    // Before: the verdict's "拦截者" at 13.6 px and the digest table's caption at 12.8 px.
    const verdict = page.getByTestId('attack-verdict');
    await expect(verdict.locator('caption').first()).toBeAttached();
    const small = await page
      .locator('.workspace :is(h5, h6, caption, small, .small)')
      .evaluateAll((els) => els.map((e) => parseFloat(getComputedStyle(e).fontSize)));
    expect(small.length).toBeGreaterThan(0);
    expect(Math.min(...small)).toBeGreaterThanOrEqual(18);
    // Before: seven fault switches on four rows put the step buttons below the fold; they fold, one click away.
    await pg.goto('/?mode=turn&provider=openai&stream=openai.one_call&present=1');
    for (const id of ['step-start', 'step-next', 'step-end'])
      await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('step-count')).toBeInViewport({ ratio: 1 });
    const faults = page.getByTestId('turn-faults');
    await expect(faults.locator('[data-fault]').first()).toBeHidden();
    await faults.locator('summary').click();
    await faults.locator('[data-fault="cut_before_terminal"]').click();
    await expect(page.getByTestId('turn-verdict')).toContainText('STREAM_UNTERMINATED');
    await shot(page, 'turn-1280x720-present-zh');
  });
});

test('Monaco’s own menus speak Chinese when the page does; switching the language with the editor open keeps it working and offers a reload', async ({
  pg,
  page,
}) => {
  await prefsAtStart(page, 'zh');
  await pg.goto('/?scenario=search_kb.hits');
  const ed = await pg.editorReady();
  await ed.locator('.view-line').first().click();
  await page.keyboard.press('F1');
  const palette = page.locator('.quick-input-widget');
  await expect(palette).toBeVisible();
  await page.keyboard.type('转到行');
  await expect(palette.locator('.monaco-list-row').first()).toContainText('转到行');
  await shot(page, 'monaco-palette-zh');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('editor-language-note')).toHaveCount(0);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('editor-language-note')).toContainText('keep the language the page had');
  // Still an editor: typing reaches it.
  await pg.typeEditorText('{"kind": "exception"}');
  await expect(pg.modelResult).toContainText('TOOL_ERROR');
  await page.getByTestId('editor-language-note').getByRole('button').click();
  await pg.editorReady();
  await expect(page.getByTestId('editor-language-note')).toHaveCount(0);
  await expect(pg.modelResult).toContainText('TOOL_ERROR');
});
