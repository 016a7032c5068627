/**
 * State that travels: share links (exact round trip; hostile ones refused
 * with a reason and the work untouched), saved state (a corrupt copy set
 * aside and reported), addresses with unknown ids, history (the Model turn's
 * step too), and the scenario file export / import.
 */
import { readFileSync } from 'node:fs';
import lz from 'lz-string';
import { expect, test, WORK_KEY, type PlaygroundPage } from './fixtures.ts';

/** An edited state worth sharing: edited text, an edited context field, attack mode with A3. */
async function makeEditedState(pg: PlaygroundPage): Promise<void> {
  const page = pg.page;
  await pg.goto('/?scenario=create_refund_draft.created');
  const s = JSON.parse(readFileSync('src/chapter/scenarios/create_refund_draft.created.json', 'utf8')) as {
    handler_output: { data: { reason: string } };
  };
  await pg.typeEditorText(
    JSON.stringify({ ...s.handler_output, data: { ...s.handler_output.data, draft_ref: 'DRAFT-4242' } }),
  );
  await expect(pg.modelResult).toContainText('DRAFT-4242');
  await pg.contextTab.click();
  await page.getByLabel('idempotency_key').fill('idem_shared_link_1');
  await expect(pg.protectedAudit).toContainText('idem_shared_link_1');
  await page.getByRole('link', { name: 'Attack lab' }).click();
  await page.getByTestId('attack-A3').click();
  await expect(page).toHaveURL(/attack=A3/);
}

/** Puts a saved state in place before the page's own scripts run, on the next load only. */
async function corruptOnce(page: import('@playwright/test').Page, text: string): Promise<void> {
  await page.addInitScript(
    ([k, v]) => {
      if (sessionStorage.getItem('corrupted-once') !== null) return;
      sessionStorage.setItem('corrupted-once', '1');
      localStorage.setItem(k as string, v as string);
    },
    [WORK_KEY, text],
  );
}

async function shareUrl(pg: PlaygroundPage): Promise<string> {
  await pg.page.getByRole('button', { name: 'Share link' }).click();
  await expect(pg.page.getByRole('dialog', { name: 'Share this exact state' })).toBeVisible();
  await expect(pg.page.getByTestId('share-url')).toHaveValue(/#s=/);
  const url = await pg.page.getByTestId('share-url').inputValue();
  await pg.page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  return url;
}

test('a share link restores exactly the state it was made from, for another learner', async ({ pg, freshPage }) => {
  await makeEditedState(pg);
  const before = await pg.snapshot();
  const url = await shareUrl(pg);
  expect(url).toMatch(/#s=/);
  const other = await freshPage();
  await other.page.goto(url);
  await expect(other.notice('share-opened')).toBeVisible();
  expect(await other.snapshot()).toEqual(before);
  await expect(other.page).toHaveURL(/\?scenario=create_refund_draft\.created&attack=A3$/);
  await expect(other.page.getByTestId('attack-A3')).toHaveAttribute('aria-pressed', 'true');
  await other.editorReady();
  expect(await other.editorValue()).toContain('DRAFT-4242');
  await other.page.getByRole('link', { name: 'Playground' }).click();
  await expect(other.protectedAudit).toContainText('idem_shared_link_1');
  await expect(other.modelResult).toContainText('DRAFT-4242');
});

test('a share link pasted into an open playground (only the fragment changes) opens too', async ({ pg, page }) => {
  await makeEditedState(pg);
  const before = await pg.snapshot();
  const url = await shareUrl(pg);
  await page.getByRole('link', { name: 'Playground' }).click();
  await pg.selectScenario('search_kb.empty');
  await page.goto(url.replace(/\?[^#]*/, '?scenario=search_kb.empty'));
  await expect(pg.notice('share-opened')).toBeVisible();
  expect(await pg.snapshot()).toEqual(before);
  await expect(page).not.toHaveURL(/#/);
});

test('a share link of the place already open changes nothing, and the next move still writes its address', async ({
  pg,
  page,
}) => {
  await pg.goto('/?scenario=search_kb.empty');
  const url = await shareUrl(pg);
  // The same place with its fragment: a history move that changes no place.
  await page.goto(url);
  await expect(pg.notice('share-opened')).toBeVisible();
  await page.getByRole('link', { name: 'Attack lab' }).click();
  await expect(page).toHaveURL(/[?&]mode=attack(&|$)/);
});

test('opening a link over someone’s own edits sets their work aside, and it can be restored', async ({ pg, page }) => {
  await makeEditedState(pg);
  const url = await shareUrl(pg);
  await page.goto('/?scenario=create_refund_draft.created');
  await pg.typeEditorText('{"kind": "exception", "detail": "my own work"}');
  await expect(pg.modelResult).toContainText('TOOL_ERROR');
  await pg.saved('create_refund_draft.created');
  await page.goto(url);
  await expect(pg.notice('share-opened')).toContainText('set aside');
  await pg.notice('share-opened').getByRole('button', { name: 'Restore previous work' }).click();
  await expect(pg.modelResult).toContainText('TOOL_ERROR');
});

const hostile: [string, string, RegExp][] = [
  ['over 256 KiB', `s=${'A'.repeat(300 * 1024)}`, /TOO_LARGE/],
  [
    'a decompression bomb',
    `s=${lz.compressToEncodedURIComponent('{"a":"' + 'x'.repeat(1100 * 1024) + '"}')}`,
    /TOO_LARGE/,
  ],
  ['not lz-string', 's=%%%not-lz', /NOT_COMPRESSED/],
  ['not JSON', `s=${lz.compressToEncodedURIComponent('{"format": "tool-result-playground-share-v1",}')}`, /NOT_JSON/],
  ['a duplicate member', `s=${lz.compressToEncodedURIComponent('{"format": "a", "format": "b"}')}`, /DUPLICATE_KEY/],
  // (format, mode and scenario alone are a valid link since 2026-12-01, bfdc135: an unedited built-in scenario carries no document.)
  [
    'the wrong schema',
    `s=${lz.compressToEncodedURIComponent(JSON.stringify({ format: 'tool-result-playground-share-v1', mode: 'nope', scenario: 'search_kb.hits' }))}`,
    /WRONG_SCHEMA/,
  ],
];

for (const [what, fragment, reason] of hostile) {
  test(`a share link with ${what} is refused with a reason, and the learner’s work is untouched`, async ({
    pg,
    page,
  }) => {
    await pg.goto('/?scenario=get_order.paid');
    await pg.typeEditorText('{"kind": "error", "error": {"code": "NOT_FOUND"}}');
    await expect(pg.modelResult).toContainText('NOT_FOUND');
    await pg.saved('get_order.paid');
    // A full load (another address): the link is decoded at start-up.
    await page.goto(`/?scenario=search_kb.empty#${fragment}`);
    const notice = pg.notice('share-refused');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(reason);
    await expect(notice).toContainText('Your work is untouched');
    await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('search_kb.empty');
    await pg.selectScenario('get_order.paid');
    await expect(pg.modelResult).toContainText('NOT_FOUND');
    await expect(page).not.toHaveURL(/#/);
    // The same link pasted into the open page (a fragment change only) is refused the same way.
    await page.goto(`/?scenario=get_order.paid#${fragment}`);
    await expect(pg.notice('share-refused')).toContainText(reason);
    await expect(pg.modelResult).toContainText('NOT_FOUND');
    // Still works.
    await pg.selectScenario('search_kb.empty');
    await expect(pg.modelResult).toContainText('"hits": []');
  });
}

test('a corrupt saved state is set aside under another key, reported, and the page starts from the default scenario', async ({
  pg,
  page,
}) => {
  const corrupt = '{"format": "tool-result-playground-work-v1", "mode": "playground", "scenario": ';
  await corruptOnce(page, corrupt);
  await page.goto('/');
  const notice = pg.notice('corrupt-saved');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('tool-result-playground/corrupt/');
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('search_kb.hits');
  await expect(pg.modelResult).toContainText('"status": "succeeded"');
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('tool-result-playground/corrupt/'))
      .map((k) => localStorage.getItem(k)),
  );
  expect(kept).toEqual([corrupt]);
  // Still works, and saves again.
  await pg.typeEditorText('{"kind": "exception"}');
  await expect(pg.modelResult).toContainText('TOOL_ERROR');
  await pg.saved('search_kb.hits');
  await page.reload();
  await expect(pg.modelResult).toContainText('TOOL_ERROR');
  await expect(pg.notice('corrupt-saved')).toHaveCount(0);
});

test('a saved state of the wrong shape is treated as corrupt, not trusted', async ({ pg, page }) => {
  await corruptOnce(
    page,
    JSON.stringify({
      format: 'tool-result-playground-work-v1',
      mode: 'playground',
      scenario: '__proto__',
      docs: {},
      attack: null,
      exercise: { items: [], active: 0 },
    }),
  );
  await page.goto('/');
  await expect(pg.notice('corrupt-saved')).toContainText('WRONG_SCHEMA');
  await expect(pg.modelResult).toContainText('"status": "succeeded"');
});

test('unknown ids in the address are reported and fall back, never crash', async ({ pg, page }) => {
  await pg.goto('/?scenario=no_such.scenario');
  await expect(pg.notice('unknown-scenario')).toContainText('no_such.scenario');
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('search_kb.hits');
  await expect(page).toHaveURL(/\?scenario=search_kb\.hits$/);
  await pg.goto('/?scenario=get_order.paid&attack=A99');
  await expect(pg.notice('unknown-attack')).toContainText('A99');
  await expect(page.getByTestId('attack-lab')).toBeVisible();
  await pg.goto('/?mode=<script>');
  await expect(pg.notice('unknown-mode')).toContainText('<script>');
  await expect(pg.modelResult).toBeVisible();
});

test('addresses: each mode and attack has its own, and Back returns to the previous one', async ({ pg, page }) => {
  await pg.goto('/?mode=exercise');
  await expect(page.getByTestId('exercise')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Exercise' })).toHaveAttribute('aria-current', 'page');
  await pg.goto('/?scenario=get_order.paid&attack=A4');
  await expect(page.getByTestId('attack-A4')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('attack-A5').click();
  await expect(page).toHaveURL(/\?scenario=get_order\.paid&attack=A5$/);
  await page.goBack();
  await expect(page).toHaveURL(/attack=A4$/);
  await expect(page.getByTestId('attack-A4')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: 'Playground' }).click();
  await pg.selectScenario('search_kb.truncated');
  await expect(page).toHaveURL(/\?scenario=search_kb\.truncated$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?scenario=get_order\.paid$/);
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('get_order.paid');
});

test('edits stay with their scenario when switching away and back, and Reset brings the built-in back (undoably)', async ({
  pg,
  page,
}) => {
  await pg.goto('/?scenario=get_order.paid');
  await pg.typeEditorText('{"kind": "exception"}');
  await expect(page.getByText('edited', { exact: true })).toBeVisible();
  await pg.selectScenario('search_kb.hits');
  await expect(pg.modelResult).toContainText('refund policy');
  await pg.selectScenario('get_order.paid');
  await expect(pg.modelResult).toContainText('TOOL_ERROR');
  await page.getByRole('button', { name: 'Reset to built-in' }).click();
  await expect(pg.modelResult).toContainText('"status": "paid"');
  await pg.notice('scenario-reset').getByRole('button', { name: 'Restore previous work' }).click();
  await expect(pg.modelResult).toContainText('TOOL_ERROR');
});

test('export writes the CLI’s scenario file with the edits; import reads one back; a bad file is refused', async ({
  pg,
  page,
}, info) => {
  await pg.goto('/?scenario=get_order.paid');
  await pg.typeEditorText('{"kind": "error", "error": {"code": "RATE_LIMIT", "retry_after_ms": 1500}}');
  await expect(pg.modelResult).toContainText('RATE_LIMIT');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export scenario' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('get_order.paid.json');
  const path = info.outputPath('exported.json');
  await download.saveAs(path);
  const file = JSON.parse(readFileSync(path, 'utf8')) as {
    format: string;
    id: string;
    handler_output: unknown;
    context: { tool: string };
  };
  expect(file.format).toBe('tool-result-scenario-v1');
  expect(file.id).toBe('get_order.paid');
  expect(file.handler_output).toEqual({ kind: 'error', error: { code: 'RATE_LIMIT', retry_after_ms: 1500 } });
  expect(file.context.tool).toBe('get_order');

  // Import it as a new scenario of its own.
  const imported = { ...file, id: 'get_order.my_copy', title: { en: 'My copy', zh: '我的副本' } };
  await page.getByTestId('import-file').setInputFiles({
    name: 'my_copy.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(imported)),
  });
  await expect(pg.notice('import-ok')).toContainText('get_order.my_copy');
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('get_order.my_copy');
  await expect(pg.modelResult).toContainText('RATE_LIMIT');

  // A bad file: refused with the reason, nothing changes.
  await page.getByTestId('import-file').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format": "tool-result-scenario-v1", "id": "x.y",}'),
  });
  await expect(pg.notice('import-refused')).toContainText('NOT_JSON');
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('get_order.my_copy');
  await page.getByTestId('import-file').setInputFiles({
    name: 'wrong.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format": "tool-result-scenario-v1"}'),
  });
  await expect(pg.notice('import-refused').last()).toContainText('WRONG_SCHEMA');
});

test('the step is in the address: a link opens at it, a reload keeps it, Back and Forward bring it back; a bad one falls back', async ({
  pg,
  page,
  freshPage,
}) => {
  const count = page.getByTestId('step-count');
  await pg.goto('/?mode=turn&provider=openai&stream=openai.one_call');
  await expect(count).toHaveText('step 12 of 12');
  // Where a stream opens the address names no step; once the learner steps it does, in the same history entry.
  await expect(page).toHaveURL(/stream=openai\.one_call$/);
  const entries = await page.evaluate(() => history.length);
  await page.getByTestId('event-list').focus();
  await page.keyboard.press('Home');
  await expect(page).toHaveURL(/stream=openai\.one_call&step=1$/);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(count).toHaveText('step 4 of 12');
  await expect(page).toHaveURL(/stream=openai\.one_call&step=4$/);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await page.reload();
  await expect(count).toHaveText('step 4 of 12');
  // Another stream is a history entry, opened where it opens; Back returns to the stream before at its step.
  await page.getByTestId('turn-stream').selectOption('openai.parallel_calls');
  await expect(page).toHaveURL(/stream=openai\.parallel_calls$/);
  await page.getByTestId('step-start').click();
  await page.getByTestId('step-next').click();
  await expect(page).toHaveURL(/stream=openai\.parallel_calls&step=2$/);
  await page.goBack();
  await expect(page.getByTestId('turn-stream')).toHaveValue('openai.one_call');
  await expect(count).toHaveText('step 4 of 12');
  await expect(page).toHaveURL(/stream=openai\.one_call&step=4$/);
  await page.goForward();
  await expect(page.getByTestId('turn-stream')).toHaveValue('openai.parallel_calls');
  await expect(page.getByTestId('step-count')).toHaveText(/^step 2 of \d+$/);
  // A fault switch goes to the end, and the address says which step that is.
  await page.locator('[data-fault="cut_before_terminal"]').click();
  await expect(page.getByTestId('step-count')).toHaveText(/^step (\d+) of \1$/);
  const end = (await page.getByTestId('step-count').innerText()).split(' ')[1];
  await expect(page).toHaveURL(new RegExp(`stream=openai\\.parallel_calls&step=${end}$`));

  // Someone else opens the link: at that step, in the injection story too.
  const other = await freshPage();
  await other.goto('/?mode=turn&provider=openai&stream=openai.one_call&step=7');
  await expect(other.page.getByTestId('step-count')).toHaveText('step 7 of 12');
  await other.goto('/?mode=turn&provider=openai&stream=openai.injection_follow_up&step=3');
  await expect(other.page.getByTestId('injection-story').locator('[data-reached="true"]')).not.toHaveCount(0);
  await expect(other.page.getByTestId('step-start')).toBeEnabled();
  await other.page.getByRole('tab', { name: /This step/ }).click();
  await expect(other.page.getByTestId('step-count')).toHaveText(/^step 3 of \d+$/);
  // Past the end: the last event, and the address says so.
  await other.goto('/?mode=turn&provider=openai&stream=openai.one_call&step=99');
  await expect(other.page.getByTestId('step-count')).toHaveText('step 12 of 12');
  await expect(other.page).toHaveURL(/stream=openai\.one_call&step=12$/);
  // Not a step: where the stream opens (its outcome; the story's first step), said in a notice, the address cleaned.
  for (const [stream, bad, shown] of [
    ['openai.one_call', 'abc', 'step 12 of 12'],
    ['openai.one_call', '-1', 'step 12 of 12'],
    ['openai.one_call', '0', 'step 12 of 12'],
  ] as const) {
    await other.goto(`/?mode=turn&provider=openai&stream=${stream}&step=${bad}`);
    await expect(other.notice('unknown-step')).toContainText(`“${bad}”`);
    await expect(other.page.getByTestId('step-count')).toHaveText(shown);
    await expect(other.page).toHaveURL(new RegExp(`stream=${stream.replace('.', '\\.')}$`));
  }
  await other.goto('/?mode=turn&provider=openai&stream=openai.injection_follow_up&step=abc');
  await expect(other.notice('unknown-step')).toBeVisible();
  await other.page.getByRole('tab', { name: /This step/ }).click();
  await expect(other.page.getByTestId('step-start')).toBeDisabled();
});
