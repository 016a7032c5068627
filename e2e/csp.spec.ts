/**
 * The built app runs under its Content-Security-Policy — Monaco, its
 * workers and every mode — and no violation is reported; eval is refused.
 */
import { test, expect, type Page } from '@playwright/test';
import { bigHandlerOutput } from './bigHandlerOutput.ts';

declare global {
  interface Window {
    __cspViolations: string[];
    /** Messages each worker sent back, by the worker script's file name: a worker that answered has run under the policy. */
    __workerAnswers: Record<string, number>;
  }
}

/** Waits until a worker whose script name starts with `name` has answered the page. */
async function answered(page: Page, name: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          (n) => Object.entries(window.__workerAnswers).some(([file, count]) => file.startsWith(n) && count > 0),
          name,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    window.__workerAnswers = {};
    const PageWorker = window.Worker;
    window.Worker = class extends PageWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        const file = String(url).split('/').pop() ?? '';
        this.addEventListener(
          'message',
          () => (window.__workerAnswers[file] = (window.__workerAnswers[file] ?? 0) + 1),
        );
      }
    };
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    return url.hostname === '127.0.0.1' ||
      url.hostname === 'localhost' ||
      url.protocol === 'data:' ||
      url.protocol === 'blob:'
      ? route.continue()
      : route.abort();
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

for (const address of [
  '/?scenario=search_kb.injection',
  '/?scenario=search_kb.hits&attack=A14',
  '/?mode=exercise',
  '/?scenario=get_order.keyed',
]) {
  test(`no violation with Monaco and its workers running: ${address}`, async ({ page }) => {
    await page.goto(address);
    await expect(page.locator('#editor .monaco-editor .view-lines')).toBeVisible({ timeout: 30_000 });
    // The JSON worker (folding ranges, asked for as the model opens) and the editor worker have answered: both ran under the policy.
    await answered(page, 'json.worker');
    await answered(page, 'editor.worker');
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  });
}

test('no violation when a large text is evaluated in the evaluation worker', async ({ page }) => {
  await page.goto('/?scenario=search_kb.hits');
  await expect(page.locator('#editor .monaco-editor .view-lines')).toBeVisible({ timeout: 30_000 });
  const { text, hitCount } = bigHandlerOutput('');
  await page.evaluate(
    (t) => (window as unknown as { __playground: { setHandlerText(t: string): void } }).__playground.setHandlerText(t),
    text,
  );
  // Only the worker's evaluation of the large text draws this problem (the page keeps the small text's until it answers).
  await expect(
    page.locator('li.problem[data-code="DATA_SCHEMA"]').filter({ hasText: `${hitCount} hits but top_k is 5` }),
  ).toBeVisible({ timeout: 30_000 });
  await answered(page, 'evaluate.worker');
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
});

test('no violation in the Model turn mode: its chunk, the stream views and the handler editor', async ({ page }) => {
  await page.goto('/?mode=turn&provider=anthropic&stream=anthropic.parallel_calls');
  await expect(page.getByTestId('turn-mode')).toBeVisible();
  for (const name of [/Next request/, /Stream text/, /Handler output/]) await page.getByRole('tab', { name }).click();
  await expect(page.locator('#editor .monaco-editor .view-lines')).toBeVisible({ timeout: 30_000 });
  await answered(page, 'json.worker');
  await answered(page, 'editor.worker');
  // The injection story is the follow-up stream's tab only.
  await page.getByTestId('turn-stream').selectOption('anthropic.injection_follow_up');
  await page.getByRole('tab', { name: /Injection story/ }).click();
  await expect(page.getByTestId('injection-story')).toBeVisible();
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
});
