/**
 * Screenshots of every mode at 1280×720 and 1600×900, and on the phone
 * and tablets of e2e/devices.ts, light and dark, for looking at the layout
 * (test-results/screenshots/) and for the README (docs/screenshots/, the few
 * chosen below). Not part of the normal run:
 * `SCREENSHOTS=1 npx playwright test e2e/screenshots.spec.ts`.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { NARROW_DEVICES } from './devices.ts';
import { expect, test, type PlaygroundPage, prefsAtStart } from './fixtures.ts';

test.skip(process.env.SCREENSHOTS === undefined, 'set SCREENSHOTS=1 to take the screenshots');

const SIZES = [
  { w: 1280, h: 720 },
  { w: 1600, h: 900 },
] as const;

/** The README's pictures (each under 300 KB): the smallest desktop window, Chinese, the attack lab, the exercise, the model turn, a phone's column after the jump to the problems. */
const CHOSEN = new Set([
  'playground-token-light-1280x720-en',
  'playground-token-dark-1280x720-zh',
  'attack-A11-dark-1600x900-en',
  'exercise-light-1600x900-en',
  'turn-truncated-light-1280x720-en',
  'playground-token-light-390x844-en-problems',
]);

/** Waits until the page stands still: its fonts loaded, no finite animation or transition running, nothing moved between two frames. */
async function still(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const where = () =>
          `${scrollX} ${scrollY} ${document.documentElement.scrollHeight} ${[...document.querySelectorAll('[id^="panel-"]')].map((p) => p.scrollTop).join(' ')}`;
        const before = where();
        const moving = () =>
          document
            .getAnimations()
            .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(!moving() && where() === before)));
      }),
  );
}

async function settle(pg: PlaygroundPage): Promise<void> {
  await pg.settled();
  await still(pg.page);
}

const withToken = (): string => {
  const s = JSON.parse(readFileSync('src/chapter/scenarios/search_kb.hits.json', 'utf8')) as {
    handler_output: { data: { hits: Record<string, unknown>[] } };
  };
  const out = structuredClone(s.handler_output);
  (out.data.hits[1] as Record<string, unknown>).access_token = 'sk_live_51H8xQ2eZvKYlo2C';
  return `${JSON.stringify(out, null, 2)}\n`;
};

const VIEWS = [
  { name: 'playground-hits', address: '/?scenario=search_kb.hits' },
  { name: 'playground-token', address: '/?scenario=search_kb.hits', text: withToken },
  { name: 'attack-A11', address: '/?scenario=get_order.paid&attack=A11' },
  // The learner's work under way: three results sealed, 1 and 2 swapped, a business field of result 1 changed.
  { name: 'exercise', address: '/?mode=exercise', exercise: true },
  { name: 'learn', address: '/?mode=learn&scenario=get_order.paid&mistake=2' },
  // The Anthropic stream cut by max_tokens inside the arguments, stepped to its end: the decision and the SDK helper's {}.
  { name: 'turn-truncated', address: '/?mode=turn&provider=anthropic&stream=anthropic.truncated', steps: 6 },
  {
    name: 'turn-continuation',
    address: '/?mode=turn&provider=anthropic&stream=anthropic.parallel_calls',
    tab: /Next request|下一次请求/,
  },
] as const;

type View = (typeof VIEWS)[number];

/** The exercise as a learner leaves it halfway: worked answers used and sealed, a swap shown, a sealed result edited. */
async function exerciseUnderWay(pg: PlaygroundPage, page: Page): Promise<void> {
  const slot = (n: number) => page.getByTestId(`exercise-slot-${n}`);
  await pg.editorReady();
  for (const n of [1, 2, 3]) {
    await slot(n).getByTestId('slot-worked').click();
    await slot(n).getByTestId('slot-use-worked').click();
    await slot(n).getByTestId('slot-seal').click();
  }
  await page.getByTestId('proof-3').getByTestId('action-swap').click();
  await slot(1).getByTestId('slot-open').click();
  const s = JSON.parse(readFileSync('src/chapter/scenarios/search_kb.hits.json', 'utf8')) as {
    handler_output: { data: { hits: Record<string, unknown>[] } };
  };
  (s.handler_output.data.hits[0] as Record<string, unknown>).title = 'Refunds are never possible';
  await page.evaluate(
    (t) => (window as unknown as { __playground: { setHandlerText(t: string): void } }).__playground.setHandlerText(t),
    `${JSON.stringify(s.handler_output, null, 2)}\n`,
  );
  await expect(page.getByTestId('proof-2')).toHaveAttribute('data-shown', 'true');
  // Result 2 open in the editor: short, so the picture stays small.
  await slot(2).getByTestId('slot-open').click();
  await page.evaluate(() => document.querySelector('.exercise-host')?.scrollTo(0, 0));
}

/** Opens a view in a language and a theme, and waits until it has settled. */
async function open(
  pg: PlaygroundPage,
  page: Page,
  view: View,
  lang: 'en' | 'zh',
  theme: 'light' | 'dark',
): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await prefsAtStart(page, lang);
  await pg.goto(view.address);
  if ('text' in view) {
    await page.evaluate(
      (t) =>
        (window as unknown as { __playground: { setHandlerText(t: string): void } }).__playground.setHandlerText(t),
      view.text(),
    );
    await expect(pg.problem('SENSITIVE_FIELD')).toBeVisible();
  }
  if ('steps' in view) {
    await page.getByTestId('event-list').focus();
    for (let i = 0; i < view.steps; i++) await page.keyboard.press('ArrowRight');
  }
  if ('tab' in view) await page.getByRole('tab', { name: view.tab }).click();
  if ('exercise' in view) await exerciseUnderWay(pg, page);
  // The turn mode opens on its stream, not on an editor: it has settled once its verdict is drawn.
  if (view.name.startsWith('turn-')) {
    await expect(page.getByTestId('turn-verdict')).toBeVisible();
    await still(page);
  } else await settle(pg);
}

async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage });
  if (CHOSEN.has(name)) await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage });
}

for (const lang of ['en', 'zh'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    for (const size of SIZES) {
      for (const view of VIEWS) {
        const name = `${view.name}-${theme}-${size.w}x${size.h}-${lang}`;
        test(name, async ({ pg, page }) => {
          await page.setViewportSize({ width: size.w, height: size.h });
          await open(pg, page, view, lang, theme);
          await shoot(page, name);
        });
      }
    }
  }
}

// The phone and the tablets: the top of the page, the whole page, and (narrow) the column after the jump to the problems.
for (const device of NARROW_DEVICES) {
  test.describe(device.name, () => {
    test.use(device.use);
    const { width, height } = device.use.viewport;
    for (const lang of ['en', 'zh'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        for (const view of VIEWS) {
          const name = `${view.name}-${theme}-${width}x${height}-${lang}`;
          test(name, async ({ pg, page }) => {
            await open(pg, page, view, lang, theme);
            await shoot(page, name);
            await shoot(page, `${name}-full`, true);
            // The turn mode's bar jumps to its stream and tabs, not to a problems list.
            if (!device.narrow || view.name.startsWith('turn-')) return;
            await page
              .getByRole('navigation', { name: /Verdict and panels|结论与面板/ })
              .getByRole('button', { name: lang === 'zh' ? '问题' : 'Problems', exact: true })
              .click();
            await expect(page.locator('#bottom-tabs')).toBeInViewport();
            await still(page);
            await shoot(page, `${name}-problems`);
          });
        }
      }
    }
  });
}
