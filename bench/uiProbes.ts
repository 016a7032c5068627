/**
 * What `npm run bench:ui` (bench/ui.ts) runs inside the page. Each function is
 * passed to Playwright's `page.evaluate` / `addInitScript`, so it must be
 * self-contained: no imports, no closures over this module.
 *
 * "Painted" is measured as the task after the next animation frame that
 * follows a change: the frame's rendering runs right after its rAF callbacks,
 * so a message posted from the rAF callback is delivered after that paint.
 */

/** Run first in every page the bench opens: tsx keeps function names with a `__name` helper the page does not have. */
export const KEEP_NAMES = 'globalThis.__name = (f) => f;';

export interface LoadMarks {
  verdict: number | null;
  editor: number | null;
  /** Layout-shift entries not caused by input. */
  shifts: { at: number; value: number }[];
}

export interface KeyMeasure {
  /** keydown → the frame after the result digest's text changed. */
  painted: number;
  /** keydown → the frame after every panel on the page showed the new text. */
  consistent: number;
  /** What the urgent path showed at that frame. */
  verdict: string;
  problemCount: string;
  markers: number;
  /** DOM mutation records the keystroke caused outside the editor until every panel was consistent: load-independent. */
  mutations: number;
  /**
   * Animation frames between the keydown and the result digest's change: 0 when the page renders in the keystroke's
   * own task, so that the editor and the verdict paint in one frame. Load-independent, so CI can hold it exactly.
   */
  framesBefore: number;
}

declare global {
  interface Window {
    __bench?: {
      marks: LoadMarks;
      events: { name: string; duration: number }[];
      longTasks: { start: number; duration: number }[];
    };
  }
}

/** Installed before the page's own scripts: load marks, layout shifts, slow events and long tasks, from the start. */
export function installProbes(): void {
  const marks: LoadMarks = { verdict: null, editor: null, shifts: [] };
  const bench = {
    marks,
    events: [] as { name: string; duration: number }[],
    longTasks: [] as { start: number; duration: number }[],
  };
  window.__bench = bench;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!e.hadRecentInput) marks.shifts.push({ at: e.startTime, value: e.value });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) bench.events.push({ name: e.name, duration: e.duration });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const afterPaint = (f: (t: number) => void) => {
    const c = new MessageChannel();
    c.port1.onmessage = () => f(performance.now());
    c.port2.postMessage(0);
  };
  const tick = () => {
    if (marks.verdict === null && document.querySelector('#panel-model-result .result-summary') !== null) {
      marks.verdict = -1;
      afterPaint((t) => (marks.verdict = t));
    }
    if (marks.editor === null && document.querySelector('#editor .monaco-editor .view-lines .view-line') !== null) {
      marks.editor = -1;
      afterPaint((t) => (marks.editor = t));
    }
    if (marks.verdict === null || marks.editor === null || marks.editor < 0 || marks.verdict < 0)
      requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/**
 * Arms the measure of the next keystroke (window.__benchKey): it resolves once
 * every panel shows a text containing `expected` (or after 10 s, with what was seen).
 */
export function armKey(expected: string): void {
  (window as unknown as { __benchKey: Promise<KeyMeasure> }).__benchKey = new Promise((resolve) => {
    const digest = () => document.querySelector('[data-testid="digest-result_sha256"]')?.textContent ?? '';
    const before = digest();
    let down = -1;
    let painted = -1;
    let seen: Omit<KeyMeasure, 'painted' | 'consistent' | 'mutations' | 'framesBefore'> = {
      verdict: '',
      problemCount: '',
      markers: -1,
    };
    let mutations = 0;
    const editor = document.getElementById('editor');
    const afterFrame = (f: (t: number) => void) =>
      requestAnimationFrame(() => {
        const c = new MessageChannel();
        c.port1.onmessage = () => f(performance.now());
        c.port2.postMessage(0);
      });
    let frames = 0;
    let framesBefore = -1;
    const countFrames = () =>
      requestAnimationFrame(() => {
        frames++;
        if (framesBefore === -1) countFrames();
      });
    addEventListener(
      'keydown',
      (e) => {
        down = e.timeStamp;
        countFrames();
      },
      { capture: true, once: true },
    );
    const urgent = () => {
      const ed = (window as unknown as { __playgroundEditor?: { getMarkers(): unknown[] } }).__playgroundEditor;
      seen = {
        verdict: document.querySelector('#panel-model-result .result-summary .chip')?.textContent ?? '',
        problemCount: document.querySelector('#bottom-tabs .count')?.textContent ?? '',
        markers: ed?.getMarkers().length ?? -1,
      };
    };
    // Every panel that shows the result's data: the projections, each payload, the result's preimage when drawn.
    const VIEWS =
      '#panel-model-result pre, #panel-payloads .payload-json, [data-digest="result_sha256"] .preimage-text';
    const consistent = () => {
      const views = [...document.querySelectorAll(VIEWS)];
      return views.length > 0 && views.every((v) => v.textContent?.includes(expected) === true);
    };
    const obs = new MutationObserver((records) => {
      for (const r of records) if (editor === null || !editor.contains(r.target)) mutations++;
      if (painted !== -1 || digest() === before) return;
      painted = -2;
      framesBefore = frames;
      urgent();
      afterFrame((t) => (painted = t));
    });
    obs.observe(document.body, { subtree: true, childList: true, characterData: true });
    const t0 = performance.now();
    const poll = () => {
      const done = painted > 0 && consistent();
      if (done || performance.now() - t0 > 10_000) {
        obs.disconnect();
        const end = performance.now();
        const stale = [...document.querySelectorAll(VIEWS)].filter((v) => v.textContent?.includes(expected) !== true);
        if (!done) console.warn(`bench: not consistent: ${stale.map((v) => v.className).join(', ')}`);
        // For the trace (bench:ui --trace): the keystroke's window, keydown to painted.
        if (painted > 0 && down >= 0) performance.measure('bench:key', { start: down, end: painted });
        resolve({
          painted: painted > 0 ? painted - down : NaN,
          consistent: done ? end - down : NaN,
          mutations,
          framesBefore,
          ...seen,
        });
      } else afterFrame(poll);
    };
    afterFrame(poll);
  });
}

/** Resolves once the main thread has gone `quietMs` without a long task (or after `maxMs`). */
export function mainThreadQuiet({ quietMs, maxMs }: { quietMs: number; maxMs: number }): Promise<void> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let last = t0;
    const obs = new PerformanceObserver((l) => {
      for (const e of l.getEntries()) last = Math.max(last, e.startTime + e.duration);
    });
    obs.observe({ type: 'longtask', buffered: false });
    const tick = () => {
      const now = performance.now();
      if (now - last >= quietMs || now - t0 >= maxMs) {
        obs.disconnect();
        resolve();
      } else setTimeout(tick, 50);
    };
    setTimeout(tick, 50);
  });
}
