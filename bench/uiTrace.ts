/**
 * Chromium's performance trace, read for `npm run bench:ui` (bench/ui.ts):
 * the renderer's main-thread tasks with their wall time and their thread
 * (CPU) time, and where the time inside given windows goes by trace event
 * (script, style, layout, paint, garbage collection). Thread time is what a
 * shared machine disturbs least: a task that waited for a core shows a long
 * wall time and its own thread time.
 */
import type { Browser, Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'blink.user_timing',
];

export async function traced<T>(
  browser: Browser,
  page: Page,
  run: () => Promise<T>,
): Promise<{ result: T; events: TraceEvent[] }> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const result = await run();
  const buffer = await browser.stopTracing();
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  return { result, events: Array.isArray(parsed) ? parsed : parsed.traceEvents };
}

/** The page's main thread: the renderer main thread that ran the most task time. */
function mainThread(events: readonly TraceEvent[]): { pid: number; tid: number } | null {
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best: { pid: number; tid: number; busy: number } | null = null;
  for (const t of names) {
    const busy = events
      .filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask')
      .reduce((s, e) => s + (e.dur ?? 0), 0);
    if (best === null || busy > best.busy) best = { pid: t.pid, tid: t.tid, busy };
  }
  return best;
}

/** Every top-level task of the page's main thread: wall and thread time in ms. */
export function mainThreadTasks(events: readonly TraceEvent[]): { ts: number; wall: number; cpu: number }[] {
  const main = mainThread(events);
  if (main === null) return [];
  return events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask')
    .map((e) => ({ ts: e.ts, wall: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? 0) / 1000 }));
}

/** Self wall time by trace event name on the page's main thread, inside the windows (µs, trace clock), in ms. */
export function selfTimeByName(
  events: readonly TraceEvent[],
  windows: readonly { from: number; to: number }[],
): Map<string, number> {
  const main = mainThread(events);
  const out = new Map<string, number>();
  if (main === null) return out;
  const spans = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const clip = (a: number, b: number) =>
    windows.reduce((s, w) => s + Math.max(0, Math.min(b, w.to) - Math.max(a, w.from)), 0);
  // Walk the nesting: a span's self time is its clipped time minus its children's.
  const stack: { e: TraceEvent; end: number }[] = [];
  const add = (name: string, us: number) => out.set(name, (out.get(name) ?? 0) + us / 1000);
  for (const e of spans) {
    const end = e.ts + (e.dur ?? 0);
    while (stack.length > 0 && (stack.at(-1) as { end: number }).end <= e.ts) stack.pop();
    const parent = stack.at(-1);
    const own = clip(e.ts, end);
    add(e.name, own);
    if (parent !== undefined) add(parent.e.name, -own);
    stack.push({ e, end });
  }
  return out;
}

/** The windows between each user-timing measure's start and end named `name` (the probes mark each keystroke). */
export function measureWindows(events: readonly TraceEvent[], name: string): { from: number; to: number }[] {
  const begins = events.filter((e) => e.name === name && (e.ph === 'b' || e.ph === 'B')).sort((a, b) => a.ts - b.ts);
  const ends = events.filter((e) => e.name === name && (e.ph === 'e' || e.ph === 'E')).sort((a, b) => a.ts - b.ts);
  return begins.map((b, i) => ({ from: b.ts, to: ends[i]?.ts ?? b.ts }));
}

/** Script entered from the event loop inside the windows (FunctionCall, with what it called), by script file and function, in ms. */
export function scriptEntries(
  events: readonly TraceEvent[],
  windows: readonly { from: number; to: number }[],
): Map<string, number> {
  const main = mainThread(events);
  const out = new Map<string, number>();
  if (main === null) return out;
  const calls = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'FunctionCall')
    .sort((a, b) => a.ts - b.ts);
  let outerEnd = -1;
  for (const e of calls) {
    const end = e.ts + (e.dur ?? 0);
    if (e.ts < outerEnd) continue;
    outerEnd = end;
    const us = windows.reduce((s, w) => s + Math.max(0, Math.min(end, w.to) - Math.max(e.ts, w.from)), 0);
    if (us === 0) continue;
    const file =
      (e.args?.data?.url ?? '')
        .split('/')
        .pop()
        ?.replace(/-[\w-]{8}\.js$/, '.js') ?? '';
    const key = `${e.args?.data?.functionName || '(anonymous)'} ${file || '(no script)'}`;
    out.set(key, (out.get(key) ?? 0) + us / 1000);
  }
  return out;
}

/** Where each keystroke's time went, keydown to painted (the probes' `bench:key` measures), by trace event: ms per key. */
export function printBreakdown(
  rate: number,
  events: readonly TraceEvent[],
  windows = measureWindows(events, 'bench:key'),
  what = 'keys, keydown → painted',
): void {
  const by = selfTimeByName(events, windows);
  const total = windows.reduce((s, w) => s + (w.to - w.from) / 1000, 0);
  const busy = [...by.values()].reduce((s, v) => s + v, 0);
  const per = (ms: number) => (ms / Math.max(1, windows.length)).toFixed(1);
  console.log(
    `[${rate}×] trace of ${windows.length} ${what}: ${per(total)} ms each, main thread busy ${per(busy)} ms of it; by event (self, ms each):`,
  );
  for (const [name, ms] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 18))
    console.log(`  ${per(ms).padStart(6)}  ${name}`);
  console.log(
    `[${rate}×] script entered from the event loop in those windows (with all it called), by function and file (ms each):`,
  );
  for (const [name, ms] of [...scriptEntries(events, windows)].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`  ${per(ms).padStart(6)}  ${name}`);
}

/** The functions with the most self time in a CPU profile, by file and name. */
export function printProfile(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  samples?: number[];
  timeDeltas?: number[];
}): void {
  const self = new Map<number, number>();
  (profile.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
  const byName = new Map<string, number>();
  let total = 0;
  for (const n of profile.nodes) {
    const us = self.get(n.id) ?? 0;
    total += us;
    const file = n.callFrame.url.split('/').pop() ?? '';
    const name = `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
    byName.set(name, (byName.get(name) ?? 0) + us);
  }
  const byFile = new Map<string, number>();
  for (const n of profile.nodes) {
    const file = (n.callFrame.url.split('/').pop() ?? '').replace(/-[\w-]{8}\.js$/, '.js') || n.callFrame.functionName;
    byFile.set(file, (byFile.get(file) ?? 0) + (self.get(n.id) ?? 0));
  }
  console.log(
    `[profile] by script: ${[...byFile]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([f, us]) => `${f} ${(us / 1000).toFixed(0)} ms`)
      .join(', ')}`,
  );
  console.log(`[profile] ${(total / 1000).toFixed(0)} ms sampled; most self time:`);
  for (const [name, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${(us / 1000).toFixed(1).padStart(7)} ms  ${name}`);
}

/**
 * A few keystrokes' main-thread tasks in order (`--trace --timeline`), each with its offset from the keydown, its
 * length and its larger parts: how many frames a key takes and what runs between them, which the sums above hide
 * (it showed the page's render waiting for a scheduler task after the editor's frame).
 */
export function printTimeline(events: readonly TraceEvent[], windows = measureWindows(events, 'bench:key')): void {
  const main = mainThread(events);
  if (main === null) return;
  const spans = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const ms = (us: number) => (us / 1000).toFixed(1);
  const label = (e: TraceEvent) => {
    const data = e.args?.data as { functionName?: string; type?: string } | undefined;
    return [e.name, data?.functionName, data?.type].filter((x) => x !== undefined && x !== '').join(':');
  };
  // The first keys warm up; six after them are enough to see the pattern.
  for (const w of windows.slice(3, 9)) {
    console.log(`  key: keydown → painted ${ms(w.to - w.from)} ms; tasks (+start, length: parts over 0.3 ms)`);
    const tasks = spans
      .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 300 && e.ts + (e.dur ?? 0) > w.from && e.ts < w.to)
      .sort((a, b) => a.ts - b.ts);
    for (const t of tasks) {
      const end = t.ts + (t.dur ?? 0);
      const parts = spans
        .filter((e) => e !== t && e.name !== 'RunTask' && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end)
        .filter((e) => (e.dur ?? 0) > 300)
        .sort((a, b) => a.ts - b.ts)
        .slice(0, 12)
        .map((e) => `${label(e)} ${ms(e.dur ?? 0)}`);
      console.log(`  +${ms(t.ts - w.from).padStart(6)} ${ms(t.dur ?? 0).padStart(5)}  ${parts.join(' | ')}`);
    }
  }
}
