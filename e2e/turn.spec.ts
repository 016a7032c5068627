/**
 * The Model turn mode: every fixture by its address, stepping by
 * buttons and keys, each fault switch and the code it shows, the handler
 * output of a call that runs under the context the gate built, the next
 * request's pairing and its no-audit line, the injection story and the links
 * to it, the stream edited as text (a bad one is a located error), kept
 * across reloads, shared, exported and imported; both languages, both
 * themes, axe, and nothing cut off at 1280×720. The streams recorded from
 * the live APIs open by their address too, with their source, and step.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { findRecording } from '../src/chapter/recordings/index.ts';
import { readTurnStream } from '#lib/core/turn/index.ts';
import { faultsFor } from '../src/playground/turn/faults.ts';
import { seriousFindings } from './axe.ts';
import { expect, sharedPage, test } from './fixtures.ts';
import { turnFixtures } from '../src/chapter/index.ts';

const address = (id: string) => `/?mode=turn&provider=${id.split('.')[0]}&stream=${id}`;
const verdict = (page: Page) => page.getByTestId('turn-verdict');
const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

// One test per provider's fixtures, so none nears its timeout.
for (const provider of [...new Set(turnFixtures.map((f) => f.provider))]) {
  test(`every ${provider} fixture opens by its address, and the verdict at the end is the fixture’s own`, async ({
    pg,
    page,
  }) => {
    for (const f of turnFixtures.filter((x) => x.provider === provider)) {
      await pg.goto(address(f.id));
      await expect(page.getByTestId('turn-mode')).toBeVisible();
      await expect(page.getByTestId('turn-stream')).toHaveValue(f.id);
      await expect(page.getByTestId('turn-provider')).toHaveValue(f.provider);
      await expect(page.getByTestId('event-list').getByRole('option').first()).toBeVisible();
      if (f.expect.problems.length > 0) {
        for (const code of f.expect.problems) await expect(verdict(page), f.id).toContainText(code);
      } else {
        const runs = Object.values(f.expect.gates).filter((g) => g === 'handler').length;
        await expect(verdict(page), f.id).toContainText(`${runs} call(s) run`);
      }
      await expect(page.getByTestId('event-list').getByRole('option')).toHaveCount(f.stream.length);
    }
  });
}

test('an unknown stream in the address falls back and says so', async ({ pg, page }) => {
  await pg.goto('/?mode=turn&provider=openai&stream=openai.nope');
  await expect(pg.notice('unknown-stream')).toBeVisible();
  await expect(page.getByTestId('turn-stream')).toHaveValue('openai.one_call');
  await expect(page).toHaveURL(/\?mode=turn&provider=openai&stream=openai\.one_call$/);
});

test('stepping: buttons and keys; each step shows the new fragment, the ids as they appear, and the decision if the stream ended there', async ({
  pg,
  page,
}) => {
  await pg.goto(address('openai.one_call'));
  const count = page.getByTestId('step-count');
  // A stream opens on its outcome, at its end.
  await expect(count).toHaveText('step 12 of 12');
  await expect(page.getByTestId('step-detail').getByTestId('turn-decision')).toHaveAttribute('data-kind', 'gated');
  await page.getByTestId('event-list').focus();
  await page.keyboard.press('Home');
  await expect(count).toHaveText('step 1 of 12');
  // Before the terminal event nothing runs, and nothing is decided yet: a neutral card, not a refusal.
  const pending = page.getByTestId('step-detail').getByTestId('turn-decision');
  await expect(pending).toHaveAttribute('data-kind', 'pending');
  await expect(pending).toContainText('Not decided yet');
  await expect(pending.locator('.chip-error')).toHaveCount(0);
  await page.getByTestId('step-next').click();
  await expect(count).toHaveText('step 2 of 12');
  const list = page.getByTestId('event-list');
  await list.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  await expect(count).toHaveText('step 8 of 12');
  // Event 7 is an arguments delta: its fragment is marked, after the text before it.
  await expect(page.getByTestId('call-arguments').locator('mark')).toHaveCount(1);
  const marked = await page.getByTestId('call-arguments').locator('mark').innerText();
  expect(marked.length).toBeGreaterThan(0);
  await page.keyboard.press('ArrowLeft');
  await expect(count).toHaveText('step 7 of 12');
  await page.keyboard.press('End');
  await expect(count).toHaveText('step 12 of 12');
  await expect(page.getByTestId('step-terminal')).toContainText('asks for tools');
  await expect(page.getByTestId('step-detail').getByTestId('turn-decision')).toHaveAttribute('data-kind', 'gated');
  await expect(
    page.getByTestId('step-detail').getByTestId('turn-decision').locator('[data-gate="handler"]'),
  ).toHaveCount(1);
  await page.keyboard.press('Home');
  await expect(count).toHaveText('step 1 of 12');
  await expect(page.getByTestId('step-response-id')).toContainText('new at this event');
});

for (const id of ['openai.parallel_calls', 'anthropic.parallel_calls', 'gemini.parallel_calls']) {
  test(`${id}: each fault switch shows its problem code, with its rule and what would have gone wrong; off again, the calls run`, async ({
    pg,
    page,
  }) => {
    await pg.goto(address(id));
    for (const sw of faultsFor(id.split('.')[0] as 'openai')) {
      const button = page.locator(`[data-fault="${sw.id}"]`);
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      await expect(verdict(page), sw.id).toContainText(sw.code);
      const problem = page
        .getByTestId('step-detail')
        .getByTestId('turn-decision')
        .locator(`li[data-code="${sw.code}"]`)
        .first();
      await expect(problem).toContainText('Rule:');
      await expect(problem).toContainText('Without it:');
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'false');
      await expect(verdict(page)).toContainText('2 call(s) run');
    }
  });
}

test('a call that runs: its handler output under the context the gate built, ids taken from the stream', async ({
  pg,
  page,
}) => {
  await pg.goto(address('anthropic.parallel_calls'));
  await tab(page, /Handler output/).click();
  const bench = page.getByTestId('call-workbench');
  await expect(bench).toHaveAttribute('data-call', 'toolu_FIXTURE_an02a');
  await expect(page.getByTestId('gate-response-id')).toContainText('msg_FIXTURE_an02');
  await expect(page.getByTestId('gate-response-id')).toContainText('from the stream');
  await expect(page.getByTestId('gate-call-id')).toContainText('toolu_FIXTURE_an02a');
  await page.getByRole('button', { name: /toolu_FIXTURE_an02b/ }).click();
  await expect(bench).toHaveAttribute('data-call', 'toolu_FIXTURE_an02b');
  // The learner's edit is checked like any handler output, and is what the next request carries.
  await pg.typeEditorText('{"kind": "error", "error": {"code": "RATE_LIMIT", "retry_after_ms": 1500}}');
  await page.getByRole('tab', { name: /model_result/ }).click();
  await expect(pg.modelResult).toContainText('RATE_LIMIT');
  await tab(page, /Next request/).click();
  await expect(page.locator('[data-testid="result-pair"][data-call="toolu_FIXTURE_an02b"]')).toContainText(
    'RATE_LIMIT',
  );
  await expect(page.getByTestId('no-audit-line')).toContainText('none found');
  // Kept across a reload.
  await page.reload();
  await tab(page, /Next request/).click();
  await expect(page.locator('[data-testid="result-pair"][data-call="toolu_FIXTURE_an02b"]')).toContainText(
    'RATE_LIMIT',
  );
});

test('the next request pairs each result with its call by id, stateless and stateful, and proves no audit value is in it', async ({
  pg,
  page,
}) => {
  await pg.goto(address('openai.parallel_calls'));
  await tab(page, /Next request/).click();
  const pairs = page.getByTestId('result-pair');
  await expect(pairs).toHaveCount(2);
  for (const p of await pairs.all()) {
    const call = await p.getAttribute('data-call');
    // The call and its result, side by side, name the same id.
    await expect(p.locator('div').first()).toContainText(`"${call}"`);
    await expect(p.locator('div').nth(1)).toContainText(`"${call}"`);
  }
  await expect(page.getByTestId('no-audit-line')).toHaveText(
    /^✓ \d+ audit values searched for in the serialized body: none found\.$/,
  );
  await page.getByRole('button', { name: /Stateful/ }).click();
  await expect(pairs.first()).toContainText('Not replayed');
  await expect(page.getByTestId('turn-continuation')).toContainText('previous_response_id');
  await pg.goto(address('anthropic.one_call'));
  await tab(page, /Next request/).click();
  await expect(page.getByRole('region', { name: /Why the tool results come first/ })).toBeVisible();
  // A stream with problems has no next request, and says why.
  await pg.goto(address('anthropic.truncated'));
  await tab(page, /Next request/).click();
  await expect(page.getByTestId('continuation-blocked')).toHaveText(
    'No next request: the turn has problems (NOT_A_TOOL_TURN), so no call runs and no result goes back.',
  );
});

test('the injection story: from search_kb.injection and from A14 to the turn where the gate answers UNKNOWN_TOOL', async ({
  pg,
  page,
}) => {
  await pg.goto('/?scenario=search_kb.injection');
  await page.getByTestId('next-turn-link').click();
  await expect(page).toHaveURL(/\?mode=turn&provider=openai&stream=openai\.injection_follow_up$/);
  const story = page.getByTestId('injection-story');
  await expect(story).toBeVisible();
  await expect(story.locator('[data-step]')).toHaveCount(4);
  await expect(story.locator('[data-step="gate_answers"]')).toContainText('UNKNOWN_TOOL');
  await expect(story.locator('[data-step="continuation_carries"]')).toContainText('UNKNOWN_TOOL');
  await expect(verdict(page)).toContainText('0 call(s) run · 1 answered by the gate');
  await tab(page, /This step/).click();
  // The story is told from its first step: the follow-up stream opens at its first event; End goes to the outcome.
  await expect(page.getByTestId('step-start')).toBeDisabled();
  await page.getByTestId('step-end').click();
  await expect(page.getByTestId('step-end')).toBeDisabled();
  await expect(
    page.getByTestId('step-detail').getByTestId('turn-decision').locator('[data-gate="UNKNOWN_TOOL"]'),
  ).toContainText('send_email');
  await pg.goto('/?scenario=search_kb.injection&attack=A14');
  await page.getByTestId('injection-turn-link').click();
  await expect(page.getByTestId('injection-story')).toBeVisible();
  await expect(page).toHaveURL(/mode=turn/);
});

test('the stream as text: a bad edit is a located error, never a crash; fixed, it reads again; kept across a reload', async ({
  pg,
  page,
}) => {
  await pg.goto(address('gemini.one_call'));
  await tab(page, /Stream text/).click();
  const area = page.getByTestId('stream-text');
  // The page keeps the text, never the browser's form state: that copied up to 1 MiB into every step's history write.
  await expect(area).toHaveAttribute('autocomplete', 'off');
  const original = await area.inputValue();
  await area.fill(original.replace('"interaction.created"', '"interaction.created",'));
  await expect(page.getByTestId('stream-text-status')).toContainText(/Line 3, column \d+/);
  await expect(area).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Go to the error' }).click();
  await expect(area).toBeFocused();
  await expect(verdict(page)).toContainText('—');
  await page.reload();
  await tab(page, /Stream text/).click();
  await expect(page.getByTestId('stream-text-status')).toContainText(/Line 3/);
  // JSON Lines read too, and the edit is the stream every view uses.
  const fixture = turnFixtures.find((f) => f.id === 'gemini.one_call');
  if (fixture === undefined) throw new Error('fixture');
  await area.fill(
    fixture.stream
      .slice(0, 3)
      .map((e) => JSON.stringify(e))
      .join('\n'),
  );
  await expect(page.getByTestId('stream-text-status')).toContainText('Read: 3 events (json_lines)');
  await expect(verdict(page)).toContainText('STREAM_UNTERMINATED');
  await expect(page.getByRole('button', { name: 'Reset this stream' })).toBeVisible();
  await page.getByRole('button', { name: 'Reset this stream' }).click();
  await expect(verdict(page)).toContainText('1 call(s) run');
  await pg.notice('scenario-reset').getByRole('button', { name: 'Restore previous work' }).click();
  await expect(verdict(page)).toContainText('STREAM_UNTERMINATED');
});

test('share, export and import a stream', async ({ pg, page, freshPage }, info) => {
  await pg.goto(address('openai.parallel_calls'));
  await page.locator('[data-fault="duplicate_call_id"]').click();
  await expect(verdict(page)).toContainText('DUPLICATE_CALL_ID');
  await page.getByRole('button', { name: 'Share link' }).click();
  await expect(page.getByTestId('share-url')).toHaveValue(/#s=/);
  const url = await page.getByTestId('share-url').inputValue();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  const other = await freshPage();
  await other.page.goto(url);
  await expect(other.notice('share-opened')).toBeVisible();
  await expect(other.page.getByTestId('turn-verdict')).toContainText('DUPLICATE_CALL_ID');
  await expect(other.page.locator('[data-fault="duplicate_call_id"]')).toHaveAttribute('aria-pressed', 'true');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export stream' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('openai.parallel_calls.stream.json');
  const path = info.outputPath('exported.stream.json');
  await download.saveAs(path);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain('"format": "tool-turn-stream-v1"');
  // The export carries the stream the dispatcher read: the fault is in it.
  await other.page
    .getByTestId('turn-import-file')
    .setInputFiles({ name: 'mine.stream.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(other.notice('import-ok')).toBeVisible();
  await expect(other.page.locator('[data-fault="duplicate_call_id"]')).toHaveAttribute('aria-pressed', 'false');
  await expect(other.page.getByTestId('turn-verdict')).toContainText('DUPLICATE_CALL_ID');
  await other.page.getByTestId('turn-import-file').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format": "tool-turn-stream-v1", "provider": "openai",}'),
  });
  await expect(other.notice('import-refused')).toContainText('line 1');
});

test('Chinese, keyboard to the mode, and nothing cut off at 1280×720', async ({ pg, page }) => {
  await pg.goto(address('anthropic.parallel_calls'));
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('link', { name: '模型回合' })).toHaveAttribute('aria-current', 'page');
  await expect(verdict(page)).toContainText('2 个调用执行');
  // The injection story's tab is the follow-up stream's only.
  await expect(tab(page, /注入的故事/)).toHaveCount(0);
  for (const name of [/这一步/, /Handler 输出/, /下一次请求/, /流文本/]) {
    await tab(page, name).click();
    const overflow = await page.evaluate(() => ({
      x: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      y: document.documentElement.scrollHeight - document.documentElement.clientHeight,
    }));
    expect(overflow).toEqual({ x: 0, y: 0 });
    for (const box of await page
      .locator('button:visible, [role="tab"]:visible, select:visible, h2:visible')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(1280);
    }
  }
  // The tabs are reached and switched by keyboard.
  await tab(page, /这一步/).focus();
  await page.keyboard.press('End');
  await expect(tab(page, /流文本/)).toHaveAttribute('aria-selected', 'true');
  // A turn with problems says why there is no next request in the learner's language.
  await pg.goto(address('anthropic.truncated'));
  await tab(page, /下一次请求/).click();
  await expect(page.getByTestId('continuation-blocked')).toHaveText(
    '没有下一次请求：这一轮有问题（NOT_A_TOOL_TURN），所以不运行任何调用，也不送回任何结果。',
  );
});

// One test per theme and tab, so none nears its timeout; a theme's tabs look at one page in turn (a fresh page for
// each was most of their time). Its fault switch goes on and off once, before the first; the injection story,
// the follow-up stream's tab only, comes last, since it opens another stream.
for (const theme of ['light', 'dark'] as const) {
  test.describe(() => {
    const shared = sharedPage({});
    for (const [i, name] of [
      /This step/,
      /Handler output/,
      /Next request/,
      /Stream text/,
      /Injection story/,
    ].entries()) {
      test(`axe: the turn mode, ${theme} theme, ${name.source} tab — no serious or critical violations`, async () => {
        const pg = shared();
        const page = pg.page;
        if (i === 0) {
          await page.emulateMedia({ colorScheme: theme });
          await pg.goto(address('anthropic.parallel_calls'));
          await page.locator('[data-fault="cut_before_terminal"]').click();
          await page.locator('[data-fault="cut_before_terminal"]').click();
        }
        if (String(name).includes('Injection'))
          await page.getByTestId('turn-stream').selectOption('anthropic.injection_follow_up');
        await tab(page, name).click();
        await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
        if (String(name).includes('Handler')) await pg.editorReady();
        expect(await seriousFindings(page, 3), String(name)).toEqual([]);
      });
    }
  });
}

test('each stream is a history entry: Back returns to the stream before, and its edits are still there', async ({
  pg,
  page,
}) => {
  await pg.goto(address('openai.one_call'));
  await page.locator('[data-fault="cut_before_terminal"]').click();
  await expect(verdict(page)).toContainText('STREAM_UNTERMINATED');
  await page.getByTestId('turn-stream').selectOption('openai.parallel_calls');
  await expect(page).toHaveURL(/stream=openai\.parallel_calls$/);
  await page.getByTestId('turn-provider').selectOption('gemini');
  await expect(page).toHaveURL(/\?mode=turn&provider=gemini&stream=gemini\.one_call$/);
  await page.goBack();
  await expect(page.getByTestId('turn-stream')).toHaveValue('openai.parallel_calls');
  await page.goBack();
  await expect(page.getByTestId('turn-stream')).toHaveValue('openai.one_call');
  await expect(verdict(page)).toContainText('STREAM_UNTERMINATED');
  await expect(page.locator('[data-fault="cut_before_terminal"]')).toHaveAttribute('aria-pressed', 'true');
});

/** A recorded stream's events, counted as the core reads its file. */
const recordedEvents = (id: string): number => {
  const r = findRecording(id);
  if (r === null) throw new Error(`no recording ${id}`);
  const read = readTurnStream(readFileSync(`src/chapter/recordings/${r.file}`, 'utf8'));
  if (!read.ok) throw new Error(read.error.message);
  return read.events.length;
};

for (const id of [
  'openai.rec_server_tool_search',
  'anthropic.rec_tool_without_parameters',
  'gemini.rec_docs_search_then_function',
]) {
  test(`${id}: a recorded stream opens by its address with its source, steps to its end, and its call is answered by the gate`, async ({
    pg,
    page,
  }) => {
    const r = findRecording(id);
    const n = recordedEvents(id);
    await pg.goto(address(id));
    await expect(page.getByTestId('turn-mode')).toBeVisible();
    await expect(page.getByTestId('turn-stream')).toHaveValue(id);
    await expect(page.getByTestId('turn-recorded-group').locator(`option[value="${id}"]`)).toHaveCount(1);
    await expect(page.getByTestId('turn-recorded-group')).toHaveAttribute('label', 'Recorded from the live APIs');
    const source = r !== null && 'repository' in r.source ? r.source.repository : 'ai.google.dev';
    await expect(page.getByTestId('turn-recording-source')).toContainText(source);
    await expect(page.getByTestId('event-list').getByRole('option')).toHaveCount(n);
    // The recorded tool is not in the registry: the gate answers it, nothing runs, and the next request carries the answer.
    await expect(verdict(page)).toContainText('0 call(s) run');
    const count = page.getByTestId('step-count');
    // A stream opens on its outcome, at its end (a link shows the turn's outcome first); Home goes back to its first event.
    await expect(count).toHaveText(`step ${n} of ${n}`);
    await page.getByTestId('event-list').focus();
    await page.keyboard.press('Home');
    await expect(count).toHaveText(`step 1 of ${n}`);
    await page.getByTestId('step-next').click();
    await expect(count).toHaveText(`step 2 of ${n}`);
    await page.getByTestId('event-list').focus();
    await page.keyboard.press('End');
    await expect(count).toHaveText(`step ${n} of ${n}`);
    await expect(page.getByTestId('step-terminal')).toContainText('asks for tools');
    await tab(page, /Handler output/).click();
    await expect(page.getByText('No call runs in this turn')).toBeVisible();
    await tab(page, /Next request/).click();
    await expect(page.getByRole('tabpanel')).toContainText(r?.expect.calls[0]?.call_id ?? 'no call');
    // A fault switch applies to a healthy recorded tool turn, and comes off again.
    await page.locator('[data-fault="cut_before_terminal"]').click();
    await expect(verdict(page)).toContainText('STREAM_UNTERMINATED');
    await page.locator('[data-fault="cut_before_terminal"]').click();
    await expect(verdict(page)).toContainText('0 call(s) run');
  });
}

test('recorded streams in Chinese: the group and the source read in the learner’s language, axe-clean', async ({
  pg,
  page,
}) => {
  await pg.goto(address('openai.rec_local_shell_call'));
  await expect(verdict(page)).toContainText('UNSUPPORTED_CALL');
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByTestId('turn-recorded-group')).toHaveAttribute('label', '来自真实 API 的录制');
  await expect(page.getByTestId('turn-recording-source')).toContainText('真实录制的流。来源：');
  await expect(page.getByTestId('turn-stream').locator('option:checked')).toContainText(
    'local_shell_call：要客户端执行',
  );
  expect(await seriousFindings(page, 0)).toEqual([]);

  // A source cut from a longer file says which lines in Chinese too.
  await page.getByTestId('turn-stream').selectOption('openai.rec_reasoning_encrypted_final');
  const source = page.getByTestId('turn-recording-source');
  await expect(source).toContainText('(第 95–110 行，共 110 行)');
  await expect(source).not.toContainText('lines');
});
