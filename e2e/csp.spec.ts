/**
 * Issue 5: the built app runs under its Content-Security-Policy — Monaco, its
 * workers and every mode — and no violation is reported; eval is refused.
 */
import { test, expect } from '@playwright/test';

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.protocol === 'data:' || url.protocol === 'blob:' ? route.continue() : route.abort();
  });
});

test('the built page carries the policy, and eval is refused', async ({ page }) => {
  await page.goto('/?scenario=search_kb.hits');
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("connect-src 'self'");
  expect(policy).not.toContain('unsafe-eval');
  const evalResult = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.head.append(s);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true ? 'inline ran' : 'inline blocked';
  });
  expect(evalResult).toBe('inline blocked');
  await expect.poll(() => page.evaluate(() => window.__cspViolations.length)).toBeGreaterThan(0); // the blocked inline script above was reported
});

for (const address of ['/?scenario=search_kb.injection', '/?scenario=search_kb.hits&attack=A14', '/?mode=exercise', '/?scenario=get_order.keyed']) {
  test(`no violation with Monaco and its workers running: ${address}`, async ({ page }) => {
    await page.goto(address);
    await expect(page.locator('#editor .monaco-editor .view-lines')).toBeVisible({ timeout: 30_000 });
    // Give the JSON worker time to validate and the panels time to render.
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  });
}

test('no violation in the Model turn mode: its chunk, the stream views and the handler editor', async ({ page }) => {
  await page.goto('/?mode=turn&provider=anthropic&stream=anthropic.parallel_calls');
  await expect(page.getByTestId('turn-mode')).toBeVisible();
  for (const name of [/Next request/, /Stream text/, /Handler output/]) await page.getByRole('tab', { name }).click();
  await expect(page.locator('#editor .monaco-editor .view-lines')).toBeVisible({ timeout: 30_000 });
  // The injection story is the follow-up stream's tab only.
  await page.getByTestId('turn-stream').selectOption('anthropic.injection_follow_up');
  await page.getByRole('tab', { name: /Injection story/ }).click();
  await expect(page.getByTestId('injection-story')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
});
