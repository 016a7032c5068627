/**
 * Screenshots of every mode at 1280×720 and 1600×900, light and dark, for
 * looking at the layout (test-results/screenshots/) and for the README
 * (docs/screenshots/, the few chosen below). Not part of the normal run:
 * `SCREENSHOTS=1 npx playwright test e2e/screenshots.spec.ts`.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type PlaygroundPage } from './fixtures.ts';

test.skip(process.env.SCREENSHOTS === undefined, 'set SCREENSHOTS=1 to take the screenshots');

const SIZES = [
  { w: 1280, h: 720 },
  { w: 1600, h: 900 },
] as const;

/** The README's pictures (each under 300 KB): the smallest supported window, Chinese, the attack lab, the exercise. */
const CHOSEN = new Set(['playground-token-light-1280x720-en', 'playground-token-dark-1280x720-zh', 'attack-A11-dark-1600x900-en', 'exercise-light-1600x900-en', 'turn-truncated-light-1280x720-en']);

async function settle(pg: PlaygroundPage): Promise<void> {
  await pg.editorReady();
  await expect(pg.page.locator('.mark-pending')).toHaveCount(0);
  await pg.page.waitForTimeout(600);
}

const withToken = (): string => {
  const s = JSON.parse(readFileSync('src/core/scenarios/search_kb.hits.json', 'utf8')) as { handler_output: { data: { hits: Record<string, unknown>[] } } };
  const out = structuredClone(s.handler_output);
  (out.data.hits[1] as Record<string, unknown>).access_token = 'sk_live_51H8xQ2eZvKYlo2C';
  return `${JSON.stringify(out, null, 2)}\n`;
};

const VIEWS = [
  { name: 'playground-hits', address: '/?scenario=search_kb.hits' },
  { name: 'playground-token', address: '/?scenario=search_kb.hits', text: withToken },
  { name: 'attack-A11', address: '/?scenario=get_order.paid&attack=A11' },
  { name: 'exercise', address: '/?mode=exercise' },
  // The Anthropic stream cut by max_tokens inside the arguments, stepped to its end: the decision and the SDK helper's {}.
  { name: 'turn-truncated', address: '/?mode=turn&provider=anthropic&stream=anthropic.truncated', steps: 6 },
  { name: 'turn-continuation', address: '/?mode=turn&provider=anthropic&stream=anthropic.parallel_calls', tab: /Next request|下一次请求/ },
] as const;

for (const lang of ['en', 'zh'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    for (const size of SIZES) {
      for (const view of VIEWS) {
        const name = `${view.name}-${theme}-${size.w}x${size.h}-${lang}`;
        test(name, async ({ pg, page }) => {
          await page.setViewportSize({ width: size.w, height: size.h });
          await page.emulateMedia({ colorScheme: theme });
          await page.addInitScript((l) => localStorage.setItem('tool-result-playground/prefs/v1', JSON.stringify({ lang: l, theme: 'system' })), lang);
          await pg.goto(view.address);
          if ('text' in view) {
            await page.evaluate((t) => (window as unknown as { __playground: { setHandlerText(t: string): void } }).__playground.setHandlerText(t), view.text());
            await expect(pg.problem('SENSITIVE_FIELD')).toBeVisible();
          }
          if ('steps' in view) {
            await page.getByTestId('event-list').focus();
            for (let i = 0; i < view.steps; i++) await page.keyboard.press('ArrowRight');
          }
          if ('tab' in view) await page.getByRole('tab', { name: view.tab }).click();
          if (view.name.startsWith('turn-')) {
            await expect(page.getByTestId('turn-verdict')).toBeVisible();
            await page.waitForTimeout(600);
          } else await settle(pg);
          await page.screenshot({ path: `test-results/screenshots/${name}.png` });
          if (CHOSEN.has(name)) await page.screenshot({ path: `docs/screenshots/${name}.png` });
        });
      }
    }
  }
}
