/**
 * Bad things that must not break the page: a bug in one panel stays in that
 * panel; a Monaco that is slow to arrive or never arrives leaves results on
 * screen and the text editable; the smallest supported window has nothing
 * cut off.
 */
import { expect, test } from './fixtures.ts';

test('a bug in one panel shows a message there; the rest works and the editor text survives', async ({ pg, page }) => {
  await pg.goto('/?scenario=get_order.paid');
  await pg.editorReady();
  await page.evaluate(() => {
    (window as unknown as { __crashPanels: string[] }).__crashPanels = ['panel-digests'];
  });
  await pg.typeEditorText('{"kind": "exception", "detail": "kept text"}');
  const digests = page.locator('#panel-digests');
  await expect(digests.getByRole('alert')).toContainText('This panel failed: test crash in panel-digests');
  await expect(pg.modelResult).toContainText('TOOL_ERROR');
  await expect(pg.payload('OpenAI Responses')).toContainText('✓ no audit material');
  expect(await pg.editorValue()).toBe('{"kind": "exception", "detail": "kept text"}');
  await page.evaluate(() => {
    (window as unknown as { __crashPanels: string[] }).__crashPanels = [];
  });
  await digests.getByRole('button', { name: 'Try again' }).click();
  await expect(pg.digest('result_sha256')).toContainText('✓ stored = recomputed');
});

test('results are on screen before Monaco arrives; the text is shown read-only meanwhile', async ({ pg, page }) => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/assets/HandlerMonaco-*.js', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/?scenario=create_refund_draft.created');
  await expect(pg.modelResult).toContainText('"draft_ref": "DRAFT-1001"');
  await expect(pg.digest('call_binding_sha256')).toContainText('✓ noble = WebCrypto');
  const preview = page.locator('#editor .editor-preview');
  await expect(preview).toBeVisible();
  await expect(preview).toContainText('"receipt_ref": "rcpt_9f8e7d6c5b4a"');
  await expect(page.locator('#editor .monaco-editor')).toHaveCount(0);
  release();
  await pg.editorReady();
  await expect(preview).toHaveCount(0);
});

test('if the editor cannot load at all, a plain text area takes over and editing still works', async ({
  pg,
  page,
  pageErrors,
}) => {
  await page.route('**/assets/HandlerMonaco-*.js', (route) => route.abort());
  await page.goto('/?scenario=get_order.paid');
  const fallback = page.getByRole('textbox', { name: /Handler output, JSON/ });
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveValue(/"order_ref": "ORDER-7"/);
  await fallback.fill('{"kind": "error", "error": {"code": "NOT_FOUND"}}');
  await expect(pg.modelResult).toContainText('NOT_FOUND');
  // The aborted chunk is expected to be reported by the browser; nothing else may be.
  const unexpected = pageErrors.filter(
    (e) => !/HandlerMonaco|Failed to load resource|dynamically imported module|net::ERR_FAILED/.test(e),
  );
  expect(unexpected).toEqual([]);
  pageErrors.length = 0;
});

for (const size of [
  { width: 1280, height: 720 },
  { width: 1600, height: 900 },
]) {
  test(`at ${size.width}×${size.height} nothing is cut off: no page scrollbars, every panel inside the window`, async ({
    pg,
    page,
  }) => {
    await page.setViewportSize(size);
    for (const address of ['/?scenario=search_kb.hits', '/?scenario=get_order.paid&attack=A3', '/?mode=exercise']) {
      await pg.goto(address);
      await pg.editorReady();
      const overflow = await page.evaluate(() => ({
        x: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        y: document.documentElement.scrollHeight - document.documentElement.clientHeight,
      }));
      expect(overflow).toEqual({ x: 0, y: 0 });
      for (const box of await page
        .locator('.panel, .exercise-host')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(size.width);
        expect(box.bottom).toBeLessThanOrEqual(size.height);
        expect(box.width).toBeGreaterThan(200);
        expect(box.height).toBeGreaterThan(100);
      }
    }
  });
}

test('panels resize with the mouse', async ({ pg, page }) => {
  await pg.goto('/?scenario=search_kb.hits');
  const splitter = page.getByRole('separator', { name: 'Resize the editor and result columns' });
  const editor = page.locator('#panel-editor');
  const before = (await editor.boundingBox())?.width ?? 0;
  const box = await splitter.boundingBox();
  if (box === null) throw new Error('no splitter');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  const after = (await editor.boundingBox())?.width ?? 0;
  expect(after).toBeGreaterThan(before + 150);
  await page.reload();
  expect((await editor.boundingBox())?.width ?? 0).toBeGreaterThan(before + 150);
});
