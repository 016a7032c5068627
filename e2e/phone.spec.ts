/**
 * The first visit and the classroom (docs/decisions.md#the-first-visit-the-classroom-and-the-phone) on a phone (390×844): the sticky bar carries the verdict of what
 * is open (the attack's, with its id, and a jump straight to it), no jump
 * label is cut, problem cards align left, typing after a tap outside the
 * editor logs no error, focus never lands under the bar, and opening the
 * Model turn leaves the page at its top. The bar switches modes, and with the
 * header takes a quarter of the screen at most; the Model turn's step buttons
 * are on the first screen. Screenshots go to test-results/classroom/.
 */
import AxeBuilder from '@axe-core/playwright';
import { devices } from '@playwright/test';
import { findTurnFixture } from '../src/chapter/index.ts';
import { fixtureText } from '../src/ui/features/turn/fixtureTexts.ts';
import { NARROW_DEVICES } from './devices.ts';
import { expect, test, prefsAtStart } from './fixtures.ts';

const phone = NARROW_DEVICES[0];
test.use(phone.use);

test('a teacher’s A14 link: the bar says the attack’s verdict with its id, and jumps straight to it', async ({
  pg,
  page,
}) => {
  await prefsAtStart(page, 'zh');
  await pg.goto('/?scenario=search_kb.injection&attack=A14');
  const status = page.getByTestId('narrow-status');
  await expect(status).toContainText('A14 ○ 没有可拒绝的');
  await expect(status.locator('.mark-neutral')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/classroom/phone-A14-bar-zh.png' });
  const nav = page.getByRole('navigation', { name: '结论与面板' });
  await nav.getByRole('button', { name: 'A14 结论' }).click();
  const verdict = page.getByTestId('attack-verdict');
  await expect(verdict).toBeFocused();
  await expect(verdict.locator('h4')).toBeInViewport();
  // Below the bar, not under it.
  const bar = await nav.boundingBox();
  const top = await verdict.boundingBox();
  expect(top!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);
  await page.screenshot({ path: 'test-results/classroom/phone-A14-jumped-zh.png' });
});

for (const address of [
  '/?scenario=search_kb.hits',
  '/?scenario=search_kb.injection&attack=A14',
  '/?mode=turn&provider=openai&stream=openai.one_call',
]) {
  test(`no jump label is cut: ${address}`, async ({ pg, page }) => {
    await prefsAtStart(page, 'zh');
    await pg.goto(address);
    const jumps = page.getByRole('navigation', { name: '结论与面板' }).getByRole('group').getByRole('button');
    await expect(jumps.first()).toBeVisible();
    // The jumps are one row that scrolls sideways: each, scrolled to within its row, is whole and on screen.
    const cut = await jumps.evaluateAll((els) =>
      els
        .filter((e) => {
          e.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          const r = e.getBoundingClientRect();
          return e.scrollWidth > e.clientWidth + 1 || r.left < -1 || r.right > window.innerWidth + 1;
        })
        .map((e) => e.textContent),
    );
    expect(cut).toEqual([]);
  });
}

test('the first screen shows the work: the header, the scenario row and the bar leave the editor’s first line in the screen’s top half', async ({
  pg,
  page,
}) => {
  // Before: the title, six modes on two rows, a row of tools, the scenario with its description and three buttons,
  // and a bar of four rows of jumps put the editor's first line at about 610 of 844 px.
  await prefsAtStart(page, 'zh');
  await pg.goto('/?scenario=search_kb.hits');
  const ed = await pg.editorReady();
  const first = ed.locator('.view-line').first();
  await expect(first).toBeInViewport();
  expect((await first.boundingBox())!.y).toBeLessThan(844 / 2);
  const nav = page.getByRole('navigation', { name: '结论与面板' });
  expect((await nav.boundingBox())!.height, 'the bar: the verdict and one row of jumps').toBeLessThan(100);
  // The modes are one row, the open one in view; the description is a button away, and says itself when asked.
  const modes = page.getByRole('navigation', { name: /模式/ });
  const boxes = await modes
    .getByRole('link')
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(new Set(boxes).size).toBe(1);
  await page.getByRole('link', { name: '模型回合' }).click();
  await expect(page.getByTestId('turn-mode')).toBeVisible();
  await expect(modes.locator('[aria-current="page"]')).toBeInViewport({ ratio: 1 });
  await page.getByRole('link', { name: '演练场' }).click();
  const about = page.getByTestId('scenario-about');
  await expect(about).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#scenario-summary')).toBeHidden();
  await about.click();
  await expect(page.locator('#scenario-summary')).toBeVisible();
  await expect(page.locator('#scenario-summary')).toContainText('成功且有结果');
  await page.screenshot({ path: 'test-results/classroom/phone-first-screen-zh.png' });
});

test('the verdict jump lands with the attack’s title and its lesson below the bar, and the digests are cards', async ({
  pg,
  page,
}) => {
  await prefsAtStart(page, 'zh');
  await pg.goto('/?scenario=search_kb.hits&attack=A1');
  const nav = page.getByRole('navigation', { name: '结论与面板' });
  await nav.getByRole('button', { name: 'A1 结论' }).click();
  await expect(page.getByTestId('attack-verdict')).toBeFocused();
  // Before: the jump put the verdict at the bar's edge, the title and the lesson above it, under the bar.
  const bar = (await nav.boundingBox())!;
  for (const el of [page.locator('#attack-lab-title'), page.getByTestId('attack-lesson')]) {
    await expect(el).toBeInViewport({ ratio: 1 });
    await expect.poll(async () => (await el.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
  }
  await expect(page.getByTestId('attack-verdict').locator('h4')).toBeInViewport();
  // The digest table, cropped sideways before: each digest is a card the screen's width, its values whole.
  const table = page.getByTestId('attack-verdict').locator('table').first();
  await table.scrollIntoViewIfNeeded();
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(
    1,
  );
  for (const cell of await table.locator('tbody th, tbody td').all()) {
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await expect(table.locator('tr[data-digest="result_sha256"] td').nth(1)).toHaveAttribute('data-label', '存储值');
  await page.screenshot({ path: 'test-results/classroom/phone-A1-digests-zh.png' });
});

test('the turn’s verdict pill wraps rather than run past its panel, at the presenter’s size too', async ({
  pg,
  page,
}) => {
  await prefsAtStart(page, 'zh');
  await pg.goto('/?mode=turn&provider=openai&stream=openai.one_call&present=1');
  const pill = page.getByTestId('turn-verdict');
  await expect(pill).toHaveText('1 个调用执行 · 0 个由关卡作答');
  const [box, panel] = [(await pill.boundingBox())!, (await page.locator('#panel-turn-stream').boundingBox())!];
  expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
  expect(await pill.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
});

test('a mode switch starts the new mode at the top, and the shared state’s notice goes with the first one', async ({
  pg,
  page,
}) => {
  await prefsAtStart(page, 'zh');
  await pg.goto('/?scenario=search_kb.injection&attack=A3');
  await page.getByRole('button', { name: '分享链接' }).click();
  const url = await page.getByTestId('share-url').inputValue();
  await page.getByRole('dialog').getByRole('button', { name: /关闭/ }).click();
  // Opened as a link is, a page load (another query): a fragment-only change of an open page is e2e/state.spec.ts's.
  await pg.goto(url.replace(/\?[^#]*/, '?scenario=search_kb.empty'));
  const notice = pg.notice('share-opened');
  await expect(notice).toBeVisible();
  // Before: the notice stayed through three mode switches, and each mode opened where the last one was scrolled to.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole('navigation', { name: /模式/ }).getByRole('link', { name: '演练场' }).click();
  await expect(page).not.toHaveURL(/attack=/);
  await expect(notice).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByRole('navigation', { name: /模式/ }).getByRole('link', { name: '动手实践' }).click();
  await expect(page.locator('#panel-exercise, [data-testid="exercise-panel"]').first()).toBeAttached();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('problem cards align their lines left', async ({ pg, page }) => {
  await pg.goto('/?scenario=create_refund_draft.status_injected');
  const card = pg.problems.first().locator('button');
  await expect(card).toBeVisible();
  const lefts = await card.evaluate((b) =>
    [...b.children].map((c) => Math.round(c.getBoundingClientRect().left - b.getBoundingClientRect().left)),
  );
  expect(new Set(lefts).size).toBe(1);
  await pg.problems.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/classroom/phone-problems.png' });
});

test.describe('as an iPhone says it is', () => {
  // With Safari's user agent Monaco installed a clipboard workaround that logged "Canceled" on every tap and key press
  // (ui/features/editor/clipboard.ts): this test fails without the fix (15 errors for this sequence, measured).
  test.use({ userAgent: devices['iPhone 13'].userAgent });

  test('a tap outside the editor, typing, then typing in the editor: no console error', async ({ pg, page }) => {
    // The page fixture fails the test on any console error or page error.
    await pg.goto('/?scenario=search_kb.hits');
    const ed = await pg.editorReady();
    // A tap reaches Monaco as touch events it handles in its own time, and the space typed outside the editor scrolls
    // the page (an animated scroll in Chromium): tap once the page is still, and again until the editor has the focus
    // (a tap that lands while the page still moves reaches whatever scrolled under it; CI saw that once in 250 runs).
    const pageStill = () =>
      expect
        .poll(() =>
          page.evaluate(
            () =>
              new Promise<boolean>((resolve) => {
                const y = scrollY;
                requestAnimationFrame(() => requestAnimationFrame(() => resolve(scrollY === y)));
              }),
          ),
        )
        .toBe(true);
    const tapIntoEditor = async (line: number) => {
      await expect(async () => {
        await pageStill();
        await ed.locator('.view-line').nth(line).tap({ force: true });
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.closest('.monaco-editor') != null), { timeout: 3000 })
          .toBe(true);
      }).toPass({ intervals: [250], timeout: 20_000 });
    };
    await tapIntoEditor(2);
    await page.keyboard.type('x');
    await page.locator('#panel-editor-title').tap();
    await page.keyboard.type('abc def');
    await tapIntoEditor(1);
    await page.keyboard.type('"abc", ');
    await expect.poll(() => pg.editorValue()).toContain('"abc", ');
  });
});

test('an element that gets the focus while under the sticky bar comes out from under it', async ({ pg, page }) => {
  // Before: a fixed scroll margin of 64 px, and the bar is 78–174 px tall on this phone. Tabbing onto a control that
  // sat under the bar left it there, hidden (WCAG 2.4.11, focus not obscured): to the browser it was on screen. Now
  // the bar sets the page's scroll padding to its own height, and the browser scrolls the control out from under it.
  await prefsAtStart(page, 'zh');
  await pg.goto('/?scenario=search_kb.hits');
  await pg.settled();
  const nav = page.getByRole('navigation', { name: '结论与面板' });
  for (const target of [
    page.getByRole('tab', { name: /受信任上下文/ }),
    page.locator('#panel-payloads-title'),
    page.locator('#panel-digests-title'),
  ]) {
    // Put the target under the bar (stuck to the top once the page scrolls), then give it the focus as Tab would.
    await target.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 40));
    const bar = (await nav.boundingBox())!;
    expect(bar.y).toBe(0);
    expect(bar.height).toBeGreaterThan(64);
    expect((await target.boundingBox())!.y).toBeLessThan(bar.height);
    await target.focus();
    await expect
      .poll(async () => (await target.boundingBox())!.y, 'the focused element’s top, below the bar')
      .toBeGreaterThanOrEqual(bar.y + bar.height - 1);
  }
});

test('the Model turn opens at the top of the page; stepping scrolls the event list, not the page', async ({
  pg,
  page,
}) => {
  // Before: the list brought its current event into view with scrollIntoView, which scrolls the page as well. A
  // stream opens at its last event, so on a phone the learner landed halfway down the page, the header out of sight.
  await pg.goto('/?mode=turn&provider=anthropic&stream=anthropic.parallel_calls');
  const list = page.getByRole('listbox');
  const current = list.locator('[aria-selected="true"]');
  await expect(current).toContainText('message_stop');
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const inList = async () => {
    const [row, box] = [(await current.boundingBox())!, (await list.boundingBox())!];
    return row.y >= box.y - 1 && row.y + row.height <= box.y + box.height + 1;
  };
  await expect.poll(inList, 'the last event, shown inside the list').toBe(true);
  const scrolled = await list.evaluate((el) => el.scrollTop);
  expect(scrolled).toBeGreaterThan(0);
  await page.getByTestId('step-start').click();
  await expect(current).toContainText('message_start');
  await expect.poll(inList, 'the first event, shown inside the list').toBe(true);
  expect(await list.evaluate((el) => el.scrollTop)).toBeLessThan(scrolled);
});

/** The header and the sticky bar, their heights added: what of the first screen is not the work. */
const chrome = async (page: import('@playwright/test').Page) => {
  const header = (await page.getByRole('banner').boundingBox())!.height;
  const bar = (await page.getByRole('navigation', { name: /结论与面板|Verdict and panels/ }).boundingBox())!.height;
  return header + bar;
};

test('the sticky bar switches modes from deep in a page, by keyboard too, and with the header takes a quarter of the screen at most', async ({
  pg,
  page,
}) => {
  // Before: the modes were in the header only, out of sight once the page scrolled; header and bar took 213 px.
  await prefsAtStart(page, 'zh');
  for (const address of [
    '/?scenario=search_kb.hits',
    '/?scenario=search_kb.injection&attack=A14',
    '/?mode=turn&provider=openai&stream=openai.one_call',
    '/?mode=recovery',
  ]) {
    await pg.goto(address);
    await expect(page.getByTestId('bar-mode-switch')).toBeVisible();
    expect(await chrome(page), `header + bar, ${address}`).toBeLessThanOrEqual(844 / 4);
  }
  await pg.goto('/?scenario=search_kb.hits');
  await pg.settled();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const nav = page.getByRole('navigation', { name: '结论与面板' });
  const toggle = nav.getByRole('button', { name: '切换模式（当前：演练场）' });
  await expect(toggle).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('navigation', { name: '模式' })).not.toBeInViewport();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // The same modes as the header's, by the same names and addresses.
  await toggle.click();
  const list = nav.getByRole('list', { name: '所有模式' });
  const header = page.getByRole('navigation', { name: '模式' }).getByRole('link');
  expect(await list.getByRole('link').allInnerTexts()).toEqual(await header.allInnerTexts());
  expect(await list.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
    await header.evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
  );
  await expect(list.getByRole('link', { name: '演练场' })).toHaveAttribute('aria-current', 'page');
  for (const link of await list.getByRole('link').all()) await expect(link).toBeInViewport({ ratio: 1 });
  // Escape folds it and gives the focus back.
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(toggle).toBeFocused();
  // By keyboard: open, Tab to a mode, Enter. The new mode starts at its top, its own bar's switch focused.
  await page.keyboard.press('Enter');
  await expect(list).toBeVisible();
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
  await expect(list.getByRole('link', { name: '模型回合' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('turn-mode')).toBeVisible();
  await expect(page).toHaveURL(/mode=turn/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const turnToggle = nav.getByRole('button', { name: '切换模式（当前：模型回合）' });
  await expect(turnToggle).toBeFocused();
  // From the turn's bar, deep in the page, back to the attack lab.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await turnToggle.click();
  await list.getByRole('link', { name: '攻击实验室' }).click();
  await expect(page.getByTestId('attack-lab')).toBeVisible();
  await expect(nav.getByRole('button', { name: '切换模式（当前：攻击实验室）' })).toBeVisible();
  // Its name in English too.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(
    page
      .getByRole('navigation', { name: 'Verdict and panels' })
      .getByRole('button', { name: 'Switch mode (now: Attack lab)' }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/classroom/phone-mode-switch-en.png' });
});

test('the recovery lab has the sticky bar too: its ledger in sight, a jump per panel landing below the bar, the modes', async ({
  pg,
  page,
}) => {
  // Before: the lab had no bar; deep in its stacked panels, the modes and the ledger were a long scroll away.
  await prefsAtStart(page, 'zh');
  await pg.goto('/?mode=recovery');
  await expect(page.getByTestId('recovery-mode')).toBeVisible();
  const nav = page.getByRole('navigation', { name: '结论与面板' });
  await expect(nav.getByTestId('narrow-status')).toHaveText('账本：退款草稿 0 个，邮件 0 封');
  const jumps = nav.getByRole('group', { name: '跳到面板' });
  const labels = await jumps.getByRole('button').allInnerTexts();
  // One per panel, in the column's order, each in its panel's own words: a long title shortened (the whole one cut the
  // row's third button at 390 px), never renamed.
  const titles = await page.getByTestId('recovery-mode').locator('section[data-panel] > header > h2').allInnerTexts();
  expect(labels).toHaveLength(titles.length);
  labels.forEach((label, i) => expect(titles[i]).toContain(label));
  expect(labels.join('').length).toBeLessThan(titles.join('').length);
  await jumps.getByRole('button', { name: '调用' }).click();
  const call = page.getByRole('heading', { name: '调用', level: 2 });
  await expect(call).toBeFocused();
  const box = (await nav.boundingBox())!;
  const barBottom = box.y + box.height;
  await expect
    .poll(async () => (await call.boundingBox())!.y, 'the call’s title lands just below the bar')
    .toBeGreaterThanOrEqual(barBottom);
  expect((await call.boundingBox())!.y).toBeLessThan(barBottom + 40);
  // The last panel, where the page cannot scroll as far: in the screen, still not under the bar.
  await jumps.getByRole('button', { name: '审计链' }).click();
  const audit = page.getByRole('heading', { name: '审计链', level: 2 });
  await expect(audit).toBeFocused();
  await expect(audit).toBeInViewport({ ratio: 1 });
  expect((await audit.boundingBox())!.y).toBeGreaterThanOrEqual(barBottom);
  // Dispatch, and the bar's ledger follows the lab's.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('recovery-dispatch').click();
  await expect(nav.getByTestId('narrow-status')).toHaveText('账本：退款草稿 1 个，邮件 0 封');
  // From the bottom of the lab, another mode.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await nav.getByRole('button', { name: '切换模式（当前：恢复实验室）' }).click();
  await nav.getByRole('list', { name: '所有模式' }).getByRole('link', { name: '攻击实验室' }).click();
  await expect(page.getByTestId('attack-lab')).toBeVisible();
  await page.goto('/?mode=recovery');
  await page.getByTestId('recovery-dispatch').click();
  await nav.getByRole('button', { name: '模型看到' }).click();
  await expect(page.getByRole('heading', { name: '模型看到的内容', level: 2 })).toBeFocused();
  await page.screenshot({ path: 'test-results/classroom/phone-recovery-bar-zh.png' });
});

test('the Model turn on a phone: the stream’s description is a button away, and the step buttons are on the first screen', async ({
  pg,
  page,
}) => {
  // Before: the description was hidden with no way to open it, and the seven fault switches put the step buttons
  // below the first screen.
  await prefsAtStart(page, 'zh');
  await pg.goto('/?mode=turn&provider=openai&stream=openai.one_call');
  await expect(page.getByTestId('turn-mode')).toBeVisible();
  for (const id of ['step-start', 'step-next', 'step-end', 'step-count'])
    await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
  const about = page.getByTestId('turn-about');
  await expect(about).toHaveAccessibleName('说明');
  await expect(about).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#turn-summary')).toBeHidden();
  await about.focus();
  await page.keyboard.press('Enter');
  await expect(about).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#turn-summary')).toBeVisible();
  await expect(page.locator('#turn-summary')).toContainText(
    fixtureText(findTurnFixture('openai.one_call')!, 'zh').summary,
  );
  await page.keyboard.press('Enter');
  await expect(page.locator('#turn-summary')).toBeHidden();
  // The switches are a tap away, and stay open once one is on.
  const faults = page.getByTestId('turn-faults');
  await expect(faults.locator('[data-fault]').first()).toBeHidden();
  await faults.locator('summary').click();
  await page.locator('[data-fault="cut_before_terminal"]').click();
  await expect(page.getByTestId('narrow-status')).toContainText('STREAM_UNTERMINATED');
  await expect(page.locator('[data-fault="cut_before_terminal"]')).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe: the bar’s mode switch unfolded, ${theme} theme — no serious or critical violations`, async ({
    pg,
    page,
  }) => {
    await prefsAtStart(page, 'zh');
    await page.emulateMedia({ colorScheme: theme });
    await pg.goto('/?mode=turn&provider=openai&stream=openai.one_call');
    await page.getByTestId('turn-about').click();
    // A click elsewhere folds the switch: it is unfolded last.
    await page.getByTestId('bar-mode-switch').click();
    await expect(page.getByRole('list', { name: '所有模式' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  });
}
