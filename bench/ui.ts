/**
 * `npm run bench:ui`: the page's own speed, measured in Chromium on the built
 * page. It builds the page (the `e2e` mode: the production build
 * plus the read-only test hook the browser tests use), serves it with `vite
 * preview`, and drives Debian's Chromium with the flags of playwright.config.ts,
 * each figure on a phone — CPU throttling (Chromium's `Emulation.setCPUThrottlingRate`)
 * at the rate that makes this host score Lighthouse's BenchmarkIndex 500, found
 * again before each part (bench/uiCalibration.ts says why not a fixed 4×) — with
 * the unthrottled figure beside it.
 *
 * Targets (first set at a fixed 4×; on the calibrated phone now):
 * - keystroke → verdict, problem count, editor markers and result digest painted:
 *   p90 ≤ 100 ms (unthrottled p90 ≤ 32 ms); every other panel consistent ≤ 250 ms.
 *   Measured typing one character at a time at the end of a hit's title on
 *   ?scenario=search_kb.hits at 1366×768, from the keydown to the frame after
 *   the result digest's text changes;
 * - no key or input event over 200 ms (Event Timing);
 * - not a target but how the first is met, and load-independent, so gated exactly: the page renders in
 *   the keystroke's own task, no animation frame between the keydown and the result digest's change (the render
 *   once waited for a scheduler task after the editor's frame, one frame later);
 * - load → verdict visible: median ≤ 1.2 s; load → editor ready ≤ 4 s;
 *   no layout shift when the editor arrives;
 * - typing into a 64 KiB handler output: no long task (> 50 ms) — gated at 1×
 *   (e2e/longTask.spec.ts checks the same typing keeps every key); the phone's figure is printed;
 * - stepping the Model turn through a 1 MiB stream: no task over 50 ms.
 *
 * `--gate` exits 1 when a count is over its budget: the frames between a keydown and the page's update (0) and
 * the layout shift as the editor arrives. Times are printed beside their targets and regression budgets (BUDGETS
 * in bench/uiFigures.ts), MISSED or OVER BUDGET said in the table, and never fail the run: they move with the
 * host (docs/performance.md#gates). It calibrates the phone once, where the figures alone do it before each part.
 * The figures at the fixed 4× the targets were first set at: `--rates=4`.
 *
 * Options: --gate, --no-build (reuse the last build), --keys=N, --loads=N,
 * --only=loads,keys,big,stream (a part of the figures; not with --gate), --rates=1,phone (or fixed rates: --rates=4);
 * --trace: the keystrokes under Chromium's performance trace, printing where
 * keydown → painted goes by trace event (script, style, layout, paint, GC); with --timeline, also a few keys'
 * tasks in order (how many frames a key takes, and what runs between them);
 * --profile: only the keystrokes (or --only=stream: the stepping), on the phone (or --rates=N), under Chromium's sampling profiler,
 * printing the functions with the most self time (build with --minify=false
 * for readable names: `npm run bench:ui -- --profile --minify=false`).
 * Port: BENCH_UI_PORT (default 4179).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chromium, type Browser, type Page } from '@playwright/test';
import config from '../playwright.config.ts';
import { bigHandlerOutput } from '../e2e/bigHandlerOutput.ts';
import { armKey, installProbes, KEEP_NAMES, mainThreadQuiet, type KeyMeasure, type LoadMarks } from './uiProbes.ts';
import { bigStream } from './bigStream.ts';
import { calibratePhone, PHONE, PHONE_INDEX, type Calibration } from './uiCalibration.ts';
import { BUDGETS, median, print, quantile, type Figure } from './uiFigures.ts';
import { mainThreadTasks, printBreakdown, printProfile, printTimeline, traced } from './uiTrace.ts';

const arg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const GATE = process.argv.includes('--gate');
const BUILD = !process.argv.includes('--no-build');
// 24 keys: the p90 of 12 was the second-slowest key, so one key a busy host delayed decided it.
const KEYS = Number(arg('keys') ?? 24);
const LOADS = Number(arg('loads') ?? 3);
const PORT = Number(process.env.BENCH_UI_PORT ?? 4179);
const OUT = `node_modules/.bench-ui-build-${PORT}`;
const BASE = `http://127.0.0.1:${PORT}`;
/** A fixed rate, or the calibrated phone (bench/uiCalibration.ts), found again before each part it measures (once under --gate). */
type RateSpec = number | typeof PHONE;
const PROFILE = process.argv.includes('--profile');
const TRACE = process.argv.includes('--trace');
const TIMELINE = process.argv.includes('--timeline');
const MINIFY = arg('minify') !== 'false';
const PARTS = new Set((arg('only') ?? 'loads,keys,big,stream').split(','));
const RATES: RateSpec[] = (arg('rates') ?? `1,${PHONE}`).split(',').map((x) => (x === PHONE ? PHONE : Number(x)));
if (GATE && (PARTS.size < 4 || arg('rates') !== undefined))
  throw new Error('--gate measures every figure unthrottled and on the phone: no --only or --rates with it');
if (RATES.some((x) => x !== PHONE && !(x >= 1))) throw new Error(`--rates: 1 or more, or "${PHONE}"`);

async function throttle(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

async function newPage(browser: Browser, rate: number): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await ctx.addInitScript(KEEP_NAMES);
  await ctx.addInitScript(installProbes);
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.text().startsWith('bench:')) console.log(m.text());
  });
  await throttle(page, rate);
  return page;
}

const quiet = (page: Page, quietMs = 500, maxMs = 15_000) => page.evaluate(mainThreadQuiet, { quietMs, maxMs });

async function editorReady(page: Page): Promise<void> {
  await page.locator('#editor .monaco-editor .view-lines .view-line').first().waitFor();
}

/** Puts the caret at line:column through Monaco's "go to line". */
async function goTo(page: Page, line: number, column: number): Promise<void> {
  // On the first line, inside the editor's box: `.view-lines` is as tall as the whole text, its centre below the editor.
  await page.locator('#editor .monaco-editor').click({ position: { x: 96, y: 8 } });
  await page.keyboard.press('Control+G');
  await page.keyboard.insertText(`${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    ({ line, column }) => {
      const p = (
        window as unknown as { __playgroundEditor: { getPosition(): { lineNumber: number; column: number } } }
      ).__playgroundEditor.getPosition();
      return p.lineNumber === line && p.column === column;
    },
    { line, column },
  );
}

async function loads(
  browser: Browser,
  rate: number,
): Promise<{ verdict: number[]; editor: number[]; shift: number[] }> {
  const out = { verdict: [] as number[], editor: [] as number[], shift: [] as number[] };
  for (let i = 0; i < LOADS; i++) {
    const page = await newPage(browser, rate);
    await page.goto(`${BASE}/?scenario=search_kb.hits`);
    await page.waitForFunction(
      () => (window.__bench?.marks.editor ?? -1) > 0 && (window.__bench?.marks.verdict ?? -1) > 0,
      null,
      { timeout: 60_000 },
    );
    // Shifts are counted until the main thread has been quiet for 1 s after the editor arrived.
    await quiet(page, 1_000);
    const m = (await page.evaluate(() => window.__bench?.marks)) as LoadMarks;
    out.verdict.push(m.verdict as number);
    out.editor.push(m.editor as number);
    out.shift.push(m.shifts.reduce((s, x) => s + x.value, 0));
    await page.context().close();
  }
  return out;
}

async function keystrokes(browser: Browser, rate: number): Promise<{ keys: KeyMeasure[]; slowestEvent: number }> {
  const page = await newPage(browser, rate);
  await page.goto(`${BASE}/?scenario=search_kb.hits`);
  await editorReady(page);
  const text = await page.evaluate(() =>
    (window as unknown as { __playgroundEditor: { getValue(): string } }).__playgroundEditor.getValue(),
  );
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.includes('"title"'));
  const titleLine = lines[at] as string;
  let title = /"title": "([^"]*)"/.exec(titleLine)?.[1] ?? '';
  await goTo(page, at + 1, titleLine.lastIndexOf('"') + 1);
  await quiet(page);
  await page.evaluate(() => (window.__bench as { events: unknown[] }).events.splice(0));
  const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp !== null) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const keys: KeyMeasure[] = [];
  const typed = ' and the returns window for the new season'.slice(0, KEYS);
  if (typed.length < KEYS) throw new Error(`--keys: at most ${typed.length}`);
  const type = async () => {
    for (const ch of typed) {
      title += ch;
      await page.evaluate(armKey, title);
      await page.keyboard.press(ch === ' ' ? 'Space' : ch);
      keys.push(await page.evaluate(() => (window as unknown as { __benchKey: Promise<KeyMeasure> }).__benchKey));
      await quiet(page, 200, 3_000);
    }
  };
  if (TRACE) {
    const ev = (await traced(browser, page, type)).events;
    printBreakdown(rate, ev);
    if (TIMELINE) printTimeline(ev);
  } else await type();
  const events = await page.evaluate(() => window.__bench?.events ?? []);
  if (cdp !== null) printProfile((await cdp.send('Profiler.stop')).profile);
  await page.context().close();
  const slowestEvent = Math.max(
    0,
    ...events.filter((e) => /^(key|input|beforeinput|composition)/.test(e.name)).map((e) => e.duration),
  );
  return { keys, slowestEvent };
}

async function typingBig(browser: Browser, rate: number): Promise<number> {
  const typedText = ' (updated for the 2026 returns season)';
  const { text, title0 } = bigHandlerOutput(typedText);
  const page = await newPage(browser, rate);
  await page.goto(`${BASE}/?scenario=search_kb.hits`);
  await editorReady(page);
  await page.evaluate(
    (t) => (window as unknown as { __playground: { setHandlerText(t: string): void } }).__playground.setHandlerText(t),
    text,
  );
  await page.locator('#bottom-tabs li.problem').first().waitFor();
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.includes(JSON.stringify(title0)));
  await goTo(page, i + 1, (lines[i] as string).lastIndexOf('"') + 1);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await quiet(page, 1_000, 20_000);
  const from = await page.evaluate(() => performance.now());
  await page.keyboard.type(typedText, { delay: 30 });
  await page.locator('#bottom-tabs li.problem').nth(1).waitFor({ timeout: 30_000 });
  await quiet(page, 1_000, 20_000);
  const tasks = await page.evaluate((from) => (window.__bench?.longTasks ?? []).filter((t) => t.start >= from), from);
  await page.context().close();
  return Math.max(0, ...tasks.map((t) => t.duration));
}

async function streamStepping(browser: Browser, rate: number): Promise<number> {
  const page = await newPage(browser, rate);
  await page.goto(`${BASE}/?mode=turn&provider=anthropic&stream=anthropic.one_call`);
  await page.getByRole('tab', { name: /Stream text/ }).click();
  const { text, stream } = bigStream();
  const events = stream.length;
  // One input event with the whole text (as a paste would be; `fill` types it through the accessibility layer, far slower).
  await page.getByTestId('stream-text').waitFor();
  await page.evaluate((t) => {
    const area = document.querySelector('[data-testid="stream-text"]') as HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, t);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
  await page
    .getByTestId('stream-text-status')
    .filter({ hasText: `Read: ${events} events` })
    .waitFor({ timeout: 60_000 });
  await page.getByRole('tab', { name: /This step/ }).click();
  await quiet(page, 1_000, 30_000);
  const from = await page.evaluate(() => performance.now());
  const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp !== null) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const steps = async () => {
    // A stream opens at its end: the first step is taken back to its start, and is measured like the others.
    await page.getByTestId('step-start').click();
    const next = page.getByTestId('step-next');
    const count = page.getByTestId('step-count');
    for (let i = 0; i < 8; i++) {
      const before = await count.textContent();
      await next.click();
      await page.waitForFunction(
        (b) => document.querySelector('[data-testid="step-count"]')?.textContent !== b,
        before,
      );
    }
    await page.getByTestId('step-end').click();
    await quiet(page, 1_000, 30_000);
  };
  if (cdp === null) {
    // Thread (CPU) time per task as well: on a shared machine a task's wall time includes its wait for a core.
    const { events } = await traced(browser, page, steps);
    const tasks = mainThreadTasks(events).filter((t) => t.wall > 50);
    console.log(
      `[${rate}×] stepping through 1 MiB, trace: tasks over 50 ms wall [${tasks.map((t) => Math.round(t.wall)).join(', ')}], their thread time [${tasks.map((t) => Math.round(t.cpu)).join(', ')}] ms`,
    );
    if (TRACE)
      printBreakdown(
        rate,
        events,
        tasks.map((t) => ({ from: t.ts, to: t.ts + t.wall * 1000 })),
        'long tasks of the stepping',
      );
  } else await steps();
  if (cdp !== null) printProfile((await cdp.send('Profiler.stop')).profile);
  const tasks = await page.evaluate((from) => (window.__bench?.longTasks ?? []).filter((t) => t.start >= from), from);
  await page.context().close();
  console.log(
    `[${rate}×] stepping through 1 MiB: long tasks [${tasks.map((t) => Math.round(t.duration)).join(', ')}] ms`,
  );
  return Math.max(0, ...tasks.map((t) => t.duration));
}

function logKeys(rate: number, keys: Awaited<ReturnType<typeof keystrokes>>): void {
  const k = keys.keys;
  console.log(
    `[${rate}×] keys: painted [${k.map((x) => Math.round(x.painted)).join(', ')}] ms; consistent [${k.map((x) => Math.round(x.consistent)).join(', ')}] ms; ` +
      `verdict "${k.at(-1)?.verdict}", problems ${k.at(-1)?.problemCount}, markers ${k.at(-1)?.markers}; slowest event ${keys.slowestEvent} ms; ` +
      `DOM mutations per key outside the editor [${k.map((x) => x.mutations).join(', ')}]; ` +
      `frames before the page's update [${k.map((x) => x.framesBefore).join(', ')}]`,
  );
}

function build(): void {
  if (!BUILD) return;
  const r = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--mode',
      'e2e',
      '--outDir',
      OUT,
      '--emptyOutDir',
      '--logLevel',
      'warn',
      ...(MINIFY ? [] : ['--minify', 'false']),
    ],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('vite build failed');
}

async function serve(): Promise<ChildProcess> {
  const server = spawn(
    'npx',
    ['vite', 'preview', '--outDir', OUT, '--port', String(PORT), '--strictPort', '--host', '127.0.0.1'],
    { stdio: 'ignore', detached: true },
  );
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(BASE)).ok) return server;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`vite preview did not start on ${BASE}`);
}

interface Measured {
  load: Awaited<ReturnType<typeof loads>>;
  keys: Awaited<ReturnType<typeof keystrokes>>;
  big: number;
  stream: number;
}

/**
 * The rate for the next part: a fixed one, or the phone's, calibrated again (the host's speed drifts). Under --gate
 * the phone is calibrated once: what it gates are counts, which do not move with the rate, and each calibration
 * took 20 s of a CI run's 20 minutes (2026-12-04).
 */
async function rateFor(browser: Browser, spec: RateSpec, found: Calibration[]): Promise<number> {
  if (spec !== PHONE) return spec;
  const last = found.at(-1);
  if (GATE && last !== undefined) return last.rate;
  const c = await calibratePhone(browser);
  found.push(c);
  console.log(
    c.host <= PHONE_INDEX
      ? `[${PHONE}] this host scores ${Math.round(c.host)} unthrottled, below the phone's ${PHONE_INDEX}: measured unthrottled`
      : `[${PHONE}] ${c.rate}× throttling: BenchmarkIndex ${c.index} (the host unthrottled: ${Math.round(c.host)}; the phone: ${PHONE_INDEX})`,
  );
  return c.rate;
}

async function main(): Promise<void> {
  build();
  const server = await serve();
  const launch = config.use?.launchOptions ?? {};
  const browser = await chromium.launch({ executablePath: launch.executablePath, args: launch.args });
  try {
    const found: Calibration[] = [];
    if (PROFILE) {
      // One part (--only=keys, the default, or --only=stream) at one rate (the phone, the default), under the profiler.
      const rate = await rateFor(browser, RATES.length === 1 ? (RATES[0] as RateSpec) : PHONE, found);
      if (PARTS.has('stream') && PARTS.size === 1)
        console.log(`[${rate}×] stepping through 1 MiB: longest task ${await streamStepping(browser, rate)} ms`);
      else logKeys(rate, await keystrokes(browser, rate));
      return;
    }
    const r = new Map<RateSpec, Measured>();
    for (const spec of RATES) {
      const at = () => rateFor(browser, spec, found);
      /** One part at the rate it is measured at (the phone's found again), printed as it comes. */
      const part = async <T>(
        name: string,
        none: T,
        measure: (rate: number) => Promise<T>,
        say: (rate: number, v: T) => void,
      ) => {
        if (!PARTS.has(name)) return none;
        const rate = await at();
        const v = await measure(rate);
        say(rate, v);
        return v;
      };
      r.set(spec, {
        load: await part(
          'loads',
          { verdict: [], editor: [], shift: [] },
          (rate) => loads(browser, rate),
          (rate, l) =>
            console.log(
              `[${rate}×] loads: verdict [${l.verdict.map(Math.round).join(', ')}] ms, editor [${l.editor.map(Math.round).join(', ')}] ms, shift [${l.shift.map((s) => s.toFixed(4)).join(', ')}]`,
            ),
        ),
        keys: await part('keys', { keys: [], slowestEvent: NaN }, (rate) => keystrokes(browser, rate), logKeys),
        big: await part(
          'big',
          NaN,
          (rate) => typingBig(browser, rate),
          (rate, ms) => console.log(`[${rate}×] typing into 64 KiB: longest task ${ms} ms`),
        ),
        stream: await part(
          'stream',
          NaN,
          (rate) => streamStepping(browser, rate),
          (rate, ms) => console.log(`[${rate}×] stepping through 1 MiB: longest task ${ms} ms`),
        ),
      });
    }
    // A part of the figures (--only, --rates) is printed above; the table and the gate need them all.
    if (PARTS.size < 4 || !r.has(1) || !r.has(PHONE)) return;
    const both = (
      name: string,
      unit: Figure['unit'],
      target: number,
      budget: number,
      of: (x: Measured) => number,
      gateOn: Figure['gateOn'] = PHONE,
    ): Figure => ({
      name,
      unit,
      target,
      budget,
      at1: of(r.get(1) as Measured),
      atPhone: of(r.get(PHONE) as Measured),
      gateOn,
    });
    const painted = (x: Measured) => x.keys.keys.map((k) => k.painted);
    const figures: Figure[] = [
      both('keystroke → verdict, count, markers, digest painted, median', 'ms', 100, Infinity, (x) =>
        median(painted(x)),
      ),
      both('keystroke → verdict, count, markers, digest painted, p90', 'ms', 100, BUDGETS.keyP90, (x) =>
        quantile(painted(x), 0.9),
      ),
      both(
        'keystroke → painted, p90, unthrottled',
        'ms',
        32,
        BUDGETS.keyP90Unthrottled,
        (x) => quantile(painted(x), 0.9),
        1,
      ),
      both(
        'frames from a keystroke to the page’s update (max)',
        'frames',
        0,
        BUDGETS.framesBefore,
        (x) => Math.max(...x.keys.keys.map((k) => k.framesBefore)),
        1,
      ),
      both('keystroke → every other panel consistent, p90', 'ms', 250, BUDGETS.consistent, (x) =>
        quantile(
          x.keys.keys.map((k) => k.consistent),
          0.9,
        ),
      ),
      both(
        'keystrokes after which a panel never showed the text',
        'keys',
        0,
        BUDGETS.staleKeys,
        (x) => x.keys.keys.filter((k) => Number.isNaN(k.consistent)).length,
      ),
      both('slowest key or input event (Event Timing)', 'ms', 200, BUDGETS.event, (x) => x.keys.slowestEvent),
      both('load → verdict visible, median', 'ms', 1_200, BUDGETS.loadVerdict, (x) => median(x.load.verdict)),
      both('load → editor ready, median', 'ms', 4_000, BUDGETS.loadEditor, (x) => median(x.load.editor)),
      both('layout shift as the editor arrives (max)', '', 0, BUDGETS.shift, (x) => Math.max(...x.load.shift)),
      both('typing into 64 KiB: longest task', 'ms', 50, BUDGETS.bigTyping, (x) => x.big, 1),
      both('stepping through a 1 MiB stream: longest task', 'ms', 50, BUDGETS.streamStep, (x) => x.stream),
    ];
    const rates = found.map((c) => c.rate);
    const ok = print(
      figures,
      `BenchmarkIndex ${PHONE_INDEX}: throttled ${Math.min(...rates)}–${Math.max(...rates)}× on this host, which scored ` +
        `${Math.round(Math.min(...found.map((c) => c.host)))}–${Math.round(Math.max(...found.map((c) => c.host)))} unthrottled (bench/uiCalibration.ts)`,
    );
    if (GATE && !ok) {
      console.error('\nbench:ui: a count is over its budget');
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    if (server.pid !== undefined) process.kill(-server.pid);
  }
}

await main();
