/**
 * A 64 KiB handler output in the editor: the paste is evaluated, and while a
 * learner types no keystroke is lost and the final text is what the panels
 * show. The long tasks of each phase (Chromium's PerformanceObserver
 * `longtask`) are printed for the CI log; the target (no task over 50 ms) is
 * measured and gated where timings belong, in `npm run bench:ui` (bench/ui.ts):
 * a browser test on a busy machine would fail on the machine, not the page.
 *
 * The 64 KiB text is the search_kb.hits handler output, pretty-printed with a
 * 2-space indent as a learner would paste it, with many hits. More hits than
 * the call's top_k (5) is a contract breach (DATA_SCHEMA at /data/hits/5), so
 * the page shows OUTPUT_CONTRACT_VIOLATION for it: the page must still parse,
 * check and show all of it while the learner types. (64 KiB cannot be reached
 * with top_k hits or fewer: a hit's strings are bounded to 120 + 500 + 2048.)
 *
 * The learner then types ~40 characters at the end of the first hit's title.
 * The title is sized so that only the final text makes it 121 code points
 * long, one over its limit: the DATA_SCHEMA problem at /data/hits/0/title is
 * the UI's signal that the final text (and no earlier one) was evaluated.
 *
 * Long tasks are recorded per phase and printed: the paste, the cursor move
 * (Ctrl+G) and the typing (a keystroke every 30 ms, and all trailing work
 * until the main thread has been quiet for 1 s). Between the phases the main thread is let go quiet, and before
 * the typing the paste's garbage is collected, so that each phase is billed
 * for its own work.
 */
import type { Page } from '@playwright/test';
import { bigHandlerOutput, bytes, TARGET_BYTES } from './bigHandlerOutput.ts';
import { expect, test } from './fixtures.ts';
import { mainThreadQuiet as quietInPage } from '../bench/uiProbes.ts';

const TOLERANCE_BYTES = 300;
const TYPED = ' (updated for the 2026 returns season)';

interface LongTask {
  start: number;
  duration: number;
}

/**
 * Starts recording long tasks on window.__longTasks[key] (buffered: false, so
 * only tasks from now on). Entries are { start, duration } in ms.
 */
async function recordLongTasks(page: Page, key: string): Promise<void> {
  await page.evaluate((k) => {
    const w = window as unknown as {
      __longTasks?: Record<string, { start: number; duration: number }[]>;
      __longTaskObservers?: Record<string, PerformanceObserver>;
    };
    w.__longTasks ??= {};
    w.__longTaskObservers ??= {};
    const list: { start: number; duration: number }[] = [];
    w.__longTasks[k] = list;
    const obs = new PerformanceObserver((entries) => {
      for (const e of entries.getEntries())
        list.push({ start: Math.round(e.startTime), duration: Math.round(e.duration * 10) / 10 });
    });
    obs.observe({ type: 'longtask', buffered: false });
    w.__longTaskObservers[k] = obs;
  }, key);
}

/** Stops recording under `key` and returns what was recorded (pending entries included). */
async function stopLongTasks(page: Page, key: string): Promise<LongTask[]> {
  return page.evaluate((k) => {
    const w = window as unknown as {
      __longTasks: Record<string, { start: number; duration: number }[]>;
      __longTaskObservers: Record<string, PerformanceObserver>;
    };
    const obs = w.__longTaskObservers[k] as PerformanceObserver;
    const list = w.__longTasks[k] as { start: number; duration: number }[];
    for (const e of obs.takeRecords())
      list.push({ start: Math.round(e.startTime), duration: Math.round(e.duration * 10) / 10 });
    obs.disconnect();
    return list;
  }, key);
}

/**
 * Resolves once the main thread has gone `quietMs` without a long task (or
 * after `maxMs`): trailing work (deferred renders, the debounced save, Monaco's
 * background tokenization) has then run. Not a correctness wait: what must be
 * on screen is checked by its own signal before this.
 */
async function mainThreadQuiet(page: Page, quietMs = 1_000, maxMs = 10_000): Promise<void> {
  await page.evaluate(quietInPage, { quietMs, maxMs });
}

const summary = (tasks: LongTask[]) => {
  const durations = tasks.map((t) => t.duration);
  const max = durations.length === 0 ? 0 : Math.max(...durations);
  return { count: durations.length, max, durations };
};

test('typing into a 64 KiB handler output: every keystroke kept, the final text evaluated (long tasks printed)', async ({
  pg,
  page,
}) => {
  test.setTimeout(120_000);
  const { text, hitCount, title0 } = bigHandlerOutput(TYPED);
  expect(Math.abs(bytes(text) - TARGET_BYTES), `the pasted text is ${bytes(text)} bytes`).toBeLessThanOrEqual(
    TOLERANCE_BYTES,
  );
  expect(hitCount).toBeGreaterThan(5);

  await pg.goto('/?scenario=search_kb.hits');
  await pg.editorReady();

  // 1. Paste it; the panels show its evaluation: the one problem is the hit count, and model_result the contract breach.
  await recordLongTasks(page, 'paste');
  await pg.pasteEditorText(text);
  const tooMany = pg.problem('DATA_SCHEMA').filter({ hasText: `${hitCount} hits but top_k is 5` });
  await expect(tooMany).toBeVisible();
  await expect(tooMany).toContainText('/data/hits/5');
  await expect(pg.problems).toHaveCount(1);
  await expect(pg.modelResult).toContainText('OUTPUT_CONTRACT_VIOLATION');
  await expect.poll(async () => (await pg.markers()).map((m) => m.code)).toEqual(['DATA_SCHEMA']);
  await mainThreadQuiet(page);
  const paste = summary(await stopLongTasks(page, 'paste'));
  console.log(
    `[longtask] paste of ${bytes(text)} bytes (${hitCount} hits): ${paste.count} long task(s), max ${paste.max} ms, durations [${paste.durations.join(', ')}]`,
  );

  // 2. Type like a learner at the end of the first hit's title (Monaco's "go to line:column", then keystrokes).
  const lines = text.split('\n');
  const lineIndex = lines.findIndex((l) => l.includes(JSON.stringify(title0)));
  expect(lineIndex).toBeGreaterThan(0);
  const line = lineIndex + 1;
  const column = (lines[lineIndex] as string).lastIndexOf('"') + 1; // just before the closing quote

  // (Opening Monaco's quick input the first time is itself a long task: measured and printed, not asserted.)
  await recordLongTasks(page, 'navigation');
  await page.keyboard.press('Control+G');
  await page.keyboard.insertText(`${line}:${column}`);
  await page.keyboard.press('Enter');
  await expect
    .poll(() =>
      page.evaluate(() =>
        (
          window as unknown as { __playgroundEditor: { getPosition(): { lineNumber: number; column: number } } }
        ).__playgroundEditor.getPosition(),
      ),
    )
    .toEqual({ lineNumber: line, column });
  await mainThreadQuiet(page);
  const nav = summary(await stopLongTasks(page, 'navigation'));
  console.log(
    `[longtask] go to line ${line}:${column} (Ctrl+G): ${nav.count} long task(s), max ${nav.max} ms, durations [${nav.durations.join(', ')}]`,
  );

  // The paste leaves garbage behind (Monaco's model, tokens and view of 64 KiB; the evaluation's copy from the
  // worker). Unless it is collected first, V8 may collect it during the first keystrokes and bill the paste to them
  // (seen: a 62 ms task 0.17 s into typing, a garbage collection in Monaco's keystroke work). With the CPU slowed
  // 1.25×: 1 run in 10 had a task over 50 ms without this collection, 0 in 10 with it. Garbage that typing itself
  // makes is still collected while typing, and measured.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.detach();
  await mainThreadQuiet(page);

  await recordLongTasks(page, 'typing');
  const typingStart = await page.evaluate(() => performance.now());
  await page.keyboard.type(TYPED, { delay: 30 });

  // The final text is in the editor, and its evaluation is on screen: the title is now one over its limit.
  const finalText = text.replace(JSON.stringify(title0), JSON.stringify(title0 + TYPED));
  await expect.poll(() => pg.editorValue(), { message: 'the editor holds exactly the typed text' }).toBe(finalText);
  const titleTooLong = pg
    .problem('DATA_SCHEMA')
    .filter({ has: page.locator('code.problem-path', { hasText: /^\/data\/hits\/0\/title$/ }) });
  await expect(titleTooLong, 'the final text was evaluated').toBeVisible();
  await expect(titleTooLong).toContainText(`line ${line}`);
  await expect(pg.problems).toHaveCount(2);
  // Past 32 Ki characters the panels are recomputed on a pause; the editor says so only while they lag.
  await expect(page.getByTestId('eval-status')).toHaveCount(0);
  await mainThreadQuiet(page);
  const tasks = await stopLongTasks(page, 'typing');
  const typing = summary(tasks);
  console.log(
    `[longtask] typing ${TYPED.length} characters: ${typing.count} long task(s), max ${typing.max} ms, durations [${typing.durations.join(', ')}], ` +
      `at ms after typing began [${tasks.map((t) => Math.round(t.start - typingStart)).join(', ')}]`,
  );
});
