/**
 * Large handler texts (over 32 Ki characters) are evaluated in a worker once
 * typing pauses; small ones on the page as they are typed. A worker that
 * cannot load, fails, or never answers is dropped and the page evaluates
 * instead: the learner sees the same problems, projections and digests either
 * way, and no edit is lost. (`window.__playground.evaluations()` counts where
 * evaluations ran; it exists in the `e2e` build only.)
 */
import type { Page } from '@playwright/test';
import { bigHandlerOutput } from './bigHandlerOutput.ts';
import { expect, test, type PlaygroundPage } from './fixtures.ts';

const TYPED = ' (revised)';

interface Counts {
  main: number;
  worker: number;
  workerFailures: number;
}

const counts = (page: Page): Promise<Counts> =>
  page.evaluate(() => (window as unknown as { __playground: { evaluations(): Counts } }).__playground.evaluations());

interface Shown {
  problems: string[];
  modelResult: string;
  audit: string;
  digests: string;
}

/** What the panels show: the problems, both projections and the digests. */
async function shown(pg: PlaygroundPage): Promise<Shown> {
  return {
    problems: await pg.problems.allInnerTexts(),
    modelResult: await pg.modelResult.innerText(),
    audit: await pg.protectedAudit.innerText(),
    digests: await pg.page.locator('#panel-digests').innerText(),
  };
}

/** Pastes the 64 KiB text, then types at the end of the first title; waits until the typed text's evaluation is on screen. */
async function pasteAndType(pg: PlaygroundPage): Promise<void> {
  const { text, hitCount, title0 } = bigHandlerOutput(TYPED);
  await pg.pasteEditorText(text);
  await expect(pg.problem('DATA_SCHEMA').filter({ hasText: `${hitCount} hits but top_k is 5` })).toBeVisible();
  await expect(pg.problems).toHaveCount(1);
  const lines = text.split('\n');
  const lineIndex = lines.findIndex((l) => l.includes(JSON.stringify(title0)));
  const column = (lines[lineIndex] as string).lastIndexOf('"') + 1;
  await pg.page.keyboard.press('Control+G');
  await pg.page.keyboard.insertText(`${lineIndex + 1}:${column}`);
  await pg.page.keyboard.press('Enter');
  await pg.page.keyboard.type(TYPED, { delay: 10 });
  await expect(
    pg
      .problem('DATA_SCHEMA')
      .filter({ has: pg.page.locator('code.problem-path', { hasText: /^\/data\/hits\/0\/title$/ }) }),
  ).toBeVisible();
  await expect(pg.problems).toHaveCount(2);
  await expect(pg.page.getByTestId('eval-status')).toHaveCount(0);
  expect(await pg.editorValue()).toBe(text.replace(JSON.stringify(title0), JSON.stringify(title0 + TYPED)));
}

/**
 * What a page whose worker works shows after pasteAndType: the first test keeps it, and a broken-worker test run
 * without it (alone, or in another worker) makes it in a fresh page. Three fresh pages doing the same 64 KiB edit were
 * a third of this file's time.
 */
let workingWorkerShows: Shown | undefined;

test('a large text is evaluated in the worker, a small one on the page', async ({ pg, page }) => {
  await pg.goto('/?scenario=search_kb.hits');
  await pg.editorReady();
  const before = await counts(page);

  await pasteAndType(pg);
  const large = await counts(page);
  expect(large.worker, 'evaluations in the worker').toBeGreaterThanOrEqual(before.worker + 2);
  expect(large.main, 'no large text was evaluated on the page').toBe(before.main);
  expect(large.workerFailures).toBe(0);
  workingWorkerShows = await shown(pg);

  await pg.typeEditorText('{"kind": "error", "error": {"code": "NOT_FOUND"}}');
  await expect(pg.modelResult).toContainText('NOT_FOUND');
  const small = await counts(page);
  expect(small.main, 'the small text was evaluated on the page').toBeGreaterThan(large.main);
  expect(small.worker).toBe(large.worker);
});

// Each way a worker can let the page down; the page must then show what the worker would have shown.
const BROKEN_WORKERS: { name: string; route: Parameters<Page['route']>[1] }[] = [
  { name: 'cannot load', route: (route) => route.abort() },
  {
    name: 'replies with a failure',
    route: (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'self.onmessage = (e) => self.postMessage({ id: e.data.id, ok: false, error: "broken on purpose" });',
      }),
  },
  {
    name: 'never answers',
    route: (route) => route.fulfill({ contentType: 'text/javascript', body: 'self.onmessage = () => {};' }),
  },
];

for (const broken of BROKEN_WORKERS) {
  test(`a worker that ${broken.name} is dropped: the page evaluates, and shows what the worker shows`, async ({
    pg,
    page,
    pageErrors,
    freshPage,
  }) => {
    test.setTimeout(90_000);
    // The reference: the same edits in a page whose worker works.
    if (workingWorkerShows === undefined) {
      const reference = await freshPage();
      await reference.goto('/?scenario=search_kb.hits');
      await reference.editorReady();
      await pasteAndType(reference);
      expect((await counts(reference.page)).workerFailures).toBe(0);
      workingWorkerShows = await shown(reference);
      await reference.page.close();
    }
    const expected = workingWorkerShows;

    await page.route('**/assets/evaluate.worker-*.js', broken.route);
    await pg.goto('/?scenario=search_kb.hits');
    await pg.editorReady();
    await pasteAndType(pg);
    const c = await counts(page);
    expect(c.workerFailures, 'the worker was dropped once').toBe(1);
    expect(c.worker).toBe(0);
    expect(await shown(pg)).toEqual(expected);

    // The aborted script is reported by the browser; nothing else may be.
    const unexpected = pageErrors.filter((e) => !/evaluate\.worker|Failed to load resource|net::ERR_FAILED/.test(e));
    expect(unexpected).toEqual([]);
    pageErrors.length = 0;
  });
}

test('a large MCP CallToolResult is evaluated in the worker by the MCP projection: the same verdict as on the page', async ({
  pg,
  page,
}) => {
  await pg.goto('/?scenario=get_order.mcp_mismatch');
  await pg.editorReady();
  const mismatch = pg.problem('MCP_CONTENT_MISMATCH');
  await expect(mismatch).toBeVisible();
  const onPage = { problems: await pg.problems.allInnerTexts(), modelResult: await pg.modelResult.innerText() };
  const before = await counts(page);
  // The same CallToolResult, past the worker's threshold: whitespace after the JSON value changes nothing in it.
  const text = await pg.editorValue();
  await pg.pasteEditorText(`${text}${' '.repeat(40 * 1024)}`);
  await expect.poll(async () => (await counts(page)).worker).toBeGreaterThan(before.worker);
  await expect(page.getByTestId('eval-status')).toHaveCount(0);
  await expect(mismatch).toBeVisible();
  const after = await counts(page);
  expect(after.main, 'the large text was not evaluated on the page').toBe(before.main);
  expect(after.workerFailures).toBe(0);
  expect({ problems: await pg.problems.allInnerTexts(), modelResult: await pg.modelResult.innerText() }).toEqual(
    onPage,
  );
});
