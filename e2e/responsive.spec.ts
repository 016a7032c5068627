/**
 * The playground on a tablet and a phone. Every mode at the three
 * windows of e2e/devices.ts, in English with the light theme and in Chinese
 * with the dark one: nothing cut off, every panel reachable, touch targets of
 * 44 px, the verdict and the problem count in sight, axe clean. The model
 * turn mode has its own tests below: its parts are a stream and tabs. Each
 * test looks at one combination (and one tab), so none nears its timeout.
 *
 * A mode's tests look at one page in turn (fixtures.ts, sharedPage): opened in
 * English with the light theme, audited, switched to Chinese and the dark
 * theme as a learner would, audited again, then its jumps followed. That is
 * the state each of them used to reach on a page of its own. The groups run
 * side by side in both workers.
 */
import { expect, sharedPage, test, type PlaygroundPage } from './fixtures.ts';
import { seriousFindings } from './axe.ts';
import { NARROW_DEVICES } from './devices.ts';
import { cutOff, smallTargets } from './layoutAudit.ts';

test.describe.configure({ mode: 'parallel' });

/** Each mode's address and its panels (the element each jump lands on), in the order the narrow column shows them. */
const MODES = [
  {
    mode: 'playground',
    address: '/?scenario=create_refund_draft.status_injected',
    panels: [
      'panel-editor',
      'bottom-tabs',
      'bottom-tabs',
      'panel-model-result',
      'panel-protected-audit',
      'panel-digests',
      'panel-payloads',
    ],
  },
  // The attack lab's bar carries the attack's verdict, and its first jump goes straight to it.
  {
    mode: 'attack lab',
    address: '/?scenario=search_kb.hits&attack=A11',
    panels: ['attack-verdict', 'panel-editor', 'bottom-tabs', 'bottom-tabs', 'panel-attack'],
  },
  {
    mode: 'exercise',
    address: '/?mode=exercise',
    panels: [
      'panel-editor',
      'bottom-tabs',
      'bottom-tabs',
      'panel-exercise',
      'panel-model-result',
      'panel-protected-audit',
    ],
  },
  {
    mode: 'learn',
    address: '/?mode=learn&scenario=get_order.paid&mistake=2',
    panels: ['panel-editor', 'bottom-tabs', 'bottom-tabs', 'panel-learn'],
  },
] as const;

const COMBOS = ['en light', 'zh dark'] as const;
type Combo = (typeof COMBOS)[number];

const TURN_ADDRESS = '/?mode=turn&provider=anthropic&stream=anthropic.parallel_calls';
// No injection story here: its tab is the follow-up stream's only.
const TURN_TABS = ['step', 'handler', 'continuation', 'text'] as const;
const TURN_TABS_EDITOR_LAST = ['step', 'continuation', 'text', 'handler'] as const;

/** Opens the address in English with the light theme, then switches to Chinese and the dark theme as a learner would. */
async function openIn(pg: PlaygroundPage, address: string, combo: Combo): Promise<void> {
  await pg.page.emulateMedia({ colorScheme: 'light' });
  await pg.goto(address);
  if (combo === 'zh dark') await toZhDark(pg);
}

async function toZhDark(pg: PlaygroundPage): Promise<void> {
  const page = pg.page;
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('lang', /^zh/);
}

/** Nothing cut off, no touch target under 44 px, no serious or critical axe finding. */
async function audited(pg: PlaygroundPage, what: string): Promise<void> {
  expect(await cutOff(pg.page), `${what}: cut off`).toEqual([]);
  expect(await smallTargets(pg.page), `${what}: touch targets under 44 px`).toEqual([]);
  await axeClean(pg);
}

async function axeClean(pg: PlaygroundPage): Promise<void> {
  expect(await seriousFindings(pg.page)).toEqual([]);
}

for (const device of NARROW_DEVICES) {
  test.describe(device.name, () => {
    test.use(device.use);

    // Each mode's checks are split by what they look at: one test per combination, one for the jumps,
    // so no test comes near its timeout on a busy two-core machine.
    for (const m of MODES) {
      test.describe(() => {
        const shared = sharedPage(device.use);

        test(`${m.mode}, en light: nothing cut off, 44 px targets, axe clean`, async () => {
          const pg = shared();
          await openIn(pg, m.address, 'en light');
          await pg.settled();
          await audited(pg, 'en light');
        });

        // The page the test before opened in English, switched here as openIn would.
        test(`${m.mode}, zh dark: nothing cut off, 44 px targets, axe clean`, async () => {
          const pg = shared();
          await toZhDark(pg);
          await pg.settled();
          await audited(pg, 'zh dark');
        });

        test(`${m.mode}: every panel reachable, the verdict and the count in sight`, async () => {
          const pg = shared();
          const page = pg.page;
          await expect(page.locator('html')).toHaveAttribute('lang', /^zh/);
          await pg.settled();
          // Where the page stood when it opened: the jumps are followed from the top.
          await page.evaluate(() => window.scrollTo(0, 0));
          const nav = page.getByRole('navigation', { name: '结论与面板' });
          if (!device.narrow) {
            // Wide enough for the grid: no bar, and every panel is on screen at once.
            await expect(nav).toBeHidden();
            // (The attack's verdict is inside its panel, which scrolls on its own there.)
            for (const id of m.panels.filter((p) => p !== 'attack-verdict'))
              await expect(page.locator(`#${id}`)).toBeInViewport();
            return;
          }
          // Narrow: one button per panel, in column order; each brings its panel to the screen, below the bar.
          const jumps = nav.getByRole('group').getByRole('button');
          await expect(jumps).toHaveCount(m.panels.length);
          for (const [i, id] of m.panels.entries()) {
            await jumps.nth(i).click();
            await expect(page.locator(`#${id}`)).toBeInViewport();
            await expect(page.locator(':focus')).toBeInViewport();
          }
          // The verdict and the count stay in sight wherever the page is scrolled, and agree with the problems tab.
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const status = page.getByTestId('narrow-status');
          await expect(status).toBeInViewport();
          const count = (await pg.problemsTab.locator('.count').textContent())?.trim();
          if (m.mode === 'exercise') {
            // The exercise opens on its empty template: not started, judged neither way, and the tab says so too.
            expect(count).toBe('–');
            await expect(status).toContainText('○ 尚未开始');
            return;
          }
          await expect(status).toContainText(`问题：${count}`);
          await expect(status).toContainText(
            m.mode === 'attack lab' ? 'A11 ✗ sha256 · ✓ 密钥模式' : count === '0' ? '通过' : '被拒绝',
          );
        });
      });
    }

    test('the header holds its six modes in both languages, nothing cut off', async ({ pg, page }) => {
      await pg.goto('/?scenario=search_kb.hits');
      for (const [button, label] of [
        ['中文', '恢复实验室'],
        ['English', 'Recovery lab'],
      ] as const) {
        await page.getByRole('button', { name: button }).click();
        await expect(page.locator('.modes a')).toHaveCount(6);
        await expect(page.locator('.modes a').last()).toHaveText(label);
        expect(await cutOff(page), label).toEqual([]);
      }
    });

    // The model turn mode: one page per combination, one test per tab on it, and the jumps last on the Chinese one
    // (their fault switch changes the turn). The handler tab comes last in each: the editor loads there, in the page's
    // language, as it did when each tab had a page of its own.
    for (const combo of COMBOS) {
      test.describe(() => {
        const shared = sharedPage(device.use);

        for (const [i, k] of TURN_TABS_EDITOR_LAST.entries()) {
          test(`model turn, ${combo}, ${k} tab: nothing cut off, 44 px targets, axe clean`, async () => {
            const pg = shared();
            const page = pg.page;
            if (i === 0) await openIn(pg, TURN_ADDRESS, combo);
            await expect(page.getByTestId('turn-mode')).toBeVisible();
            await page.locator(`#turn-tabs-tab-${k}`).click();
            await expect(page.locator(`#turn-tabs-tab-${k}`)).toHaveAttribute('aria-selected', 'true');
            if (k === 'handler') await pg.editorReady();
            await audited(pg, `${combo} ${k}`);
          });
        }

        if (combo === 'zh dark')
          test('model turn: the verdict in sight, every part reachable, a fault switch by touch', async () => {
            const pg = shared();
            const page = pg.page;
            await expect(page.getByTestId('turn-mode')).toBeVisible();
            await page.evaluate(() => window.scrollTo(0, 0));
            const nav = page.getByRole('navigation', { name: '结论与面板' });
            if (!device.narrow) {
              await expect(nav).toBeHidden();
              await expect(page.locator('#panel-turn-stream')).toBeInViewport();
              await expect(page.locator('#turn-tabs')).toBeInViewport();
              return;
            }
            // One button for the stream and one per tab; each brings its part to the screen and selects the tab.
            const jumps = nav.getByRole('group').getByRole('button');
            await expect(jumps).toHaveCount(1 + TURN_TABS.length);
            await jumps.nth(0).click();
            await expect(page.locator('#panel-turn-stream')).toBeInViewport();
            for (const [i, k] of TURN_TABS.entries()) {
              await jumps.nth(i + 1).click();
              await expect(page.locator(`#turn-tabs-tab-${k}`)).toHaveAttribute('aria-selected', 'true');
              await expect(page.locator(`#turn-tabs-tab-${k}`)).toBeInViewport();
            }
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            await expect(page.getByTestId('narrow-status')).toBeInViewport();
            await expect(page.getByTestId('narrow-status')).toContainText('2 个调用执行');
            // A fault switch by touch: the verdict in the bar follows it.
            await jumps.nth(0).click();
            // On a phone the switches fold under their title, so that the step buttons are on the first screen.
            if (device.use.viewport.width < 720) await page.getByTestId('turn-faults').locator('summary').tap();
            await page.locator('[data-fault="duplicate_call_id"]').tap();
            await expect(page.getByTestId('narrow-status')).toContainText('DUPLICATE_CALL_ID');
          });
      });
    }

    if (device.narrow) {
      test('the editor takes a small edit by touch, and the verdict and the count follow it', async ({ pg, page }) => {
        await pg.goto('/?scenario=get_order.paid');
        const status = page.getByTestId('narrow-status');
        await expect(status).toContainText('✓ ok');
        await pg.clickEditor('tap');
        // The last line is the closing brace (lines wrap on a phone, so arrows move by screen rows): a member goes in before it.
        await page.keyboard.press('ControlOrMeta+End');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('Home');
        await page.keyboard.insertText(',"access_token":"sk_live_51H8xQ2"');
        await expect(status).toContainText('✗ rejected');
        await expect(status).toContainText(/problems: [1-9]/);
        await expect(pg.problem('SENSITIVE_FIELD')).toHaveCount(1);
      });
    } else {
      test('a splitter takes a finger: its hit area is 44 px across, though it draws 8', async ({ pg, page }) => {
        await pg.goto('/?scenario=search_kb.hits');
        const splitter = page.getByRole('separator', { name: 'Resize the editor and result columns' });
        const box = await splitter.boundingBox();
        expect(box?.width).toBeLessThan(10);
        const x = (box?.x ?? 0) + (box?.width ?? 0) / 2;
        // Near its top: lower down, the row splitters beside it have hit areas of their own.
        const y = (box?.y ?? 0) + 30;
        for (const dx of [-21, 21]) {
          expect(
            await page.evaluate(({ px, py }) => document.elementFromPoint(px, py)?.getAttribute('role'), {
              px: x + dx,
              py: y,
            }),
            `${dx} px from its middle`,
          ).toBe('separator');
        }
        // Grabbed 20 px beside its line, it still moves.
        const before = Number(await splitter.getAttribute('aria-valuenow'));
        await page.mouse.move(x + 20, y);
        await page.mouse.down();
        await page.mouse.move(x + 120, y, { steps: 4 });
        await page.mouse.up();
        expect(Number(await splitter.getAttribute('aria-valuenow'))).toBeGreaterThan(before + 5);
      });
    }
  });
}
