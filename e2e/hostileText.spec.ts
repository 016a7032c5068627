/**
 * Attacker text (HTML, <script>, <img onerror>, javascript: targets,
 * a bidi override, zero-width characters) is valid data in search_kb.hostile_text.
 * In every mode it is shown as inert text with the invisible characters made
 * visible; no dialog opens, no script runs, no request leaves (the fixture's
 * guard fails the test on any request off localhost and on any page error).
 */
import { expect, test } from './fixtures.ts';

const ADDRESSES = [
  '/?scenario=search_kb.hostile_text',
  '/?scenario=search_kb.hostile_text&attack=A14',
  '/?scenario=search_kb.hostile_text&attack=A5',
];

for (const address of ADDRESSES) {
  test(`hostile text stays inert: ${address}`, async ({ pg, page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await pg.goto(address);
    await pg.settled();
    if (!address.includes('attack=')) {
      // The markup is there as text, and the bidi override and zero-width characters are shown as tokens
      // (the attack views fold unchanged members of their diffs, so this is checked where all data shows).
      await expect(page.locator('main')).toContainText('<script>fetch(');
      await expect(page.locator('main abbr[data-hidden-char="U+202E"]').first()).toBeVisible();
      await expect(page.locator('main abbr[data-hidden-char="U+200B"]').first()).toBeVisible();
    } else await expect(page.getByTestId('attack-verdict')).toBeVisible();
    // Once the data is drawn: nothing it describes became an element, and nothing it scripted ran.
    await expect(
      page
        .locator(
          'main img[onerror], main iframe, main a[href^="javascript:"], main script, main style:not([data-vite-dev-id])',
        )
        .filter({ hasNot: page.locator('.monaco-editor') }),
    ).toHaveCount(0);
    expect(await page.evaluate(() => document.body.style.display)).not.toBe('none');
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(dialogs).toEqual([]);
  });
}

test('in the playground, model_result and every payload panel mark the hidden characters', async ({ pg, page }) => {
  await pg.goto('/?scenario=search_kb.hostile_text');
  await pg.editorReady();
  await expect(pg.modelResult.locator('abbr[data-hidden-char="U+202E"]').first()).toBeVisible();
  const payloads = page.locator('#panel-payloads');
  await expect(payloads.locator('abbr[data-hidden-char="U+202E"]')).not.toHaveCount(0);
});
