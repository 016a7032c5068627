/**
 * Input under a long member name: does doubling it at most about double the time? (SECURITY.md,
 * review findings; docs/performance.md#gates.) V8 hashes a string of more than 16,383 characters by
 * its length alone, so a Map or a Set keyed by JSON Pointers under such a name degraded to a list:
 * 79 KiB of handler output took 105 s in `project`, 32 KiB of stream text 95 s in `assembleTurn`.
 * And 40 000 denied members were compared, each, with every denied path.
 *
 * Each case is timed at n and at 2n in the same run, interleaved round by round, and the gate is
 * on the ratio of the medians, never on a time: the machine is shared and its speed is not ours to
 * promise. Linear work gives about 2, quadratic work 4; the gate is at 3 (see `LINEAR_GATE`), on the smaller of
 * two doublings (n to 2n, 2n to 4n), so that a step of the engine's at one size is not read as growth.
 */
import { parseStrictJson } from '#lib/core/json/index.ts';
import { project, type Scenario } from '#lib/core/result/index.ts';
import { assembleTurn } from '#lib/core/turn/index.ts';
import { chapterTools, findScenario } from '../src/chapter/index.ts';

/**
 * Doubling the input may at most multiply the time by this. Measured (docs/performance.md#gates):
 * after the fix 1.5–2.9 on a loaded 2-core host (the cases that project copy large objects, and the
 * garbage collector's share grows with them), before it 3.2–8.2 (quadratic work, where the
 * smaller size's own fixed costs pull the ratio under 4). 2.5 failed fixed code on a busy machine
 * (2026-12-06); 3 is above that noise and below every quadratic reading.
 */
export const LINEAR_GATE = 3;

/** A member name V8 hashes by its length alone. */
const LONG = 'k'.repeat(17_000);

interface LinearCase {
  name: string;
  /** The work at size n, already built: only the call is timed. */
  make: (n: number) => () => unknown;
  /** The first size tried (sizeFor). */
  start: number;
}

const search = findScenario('search_kb.hits') as Scenario;

export const LINEAR_CASES: readonly LinearCase[] = [
  {
    // A denied key under each element of an array under a long name: one denied path and one violation each.
    name: 'project, denied keys under a long name',
    // From 1 024: from 512 to 1 024 the time steps up by about 3 once (measured alone: 36.7, 49.5, 145.9, 279.8,
    // 568.1 ms for 256 to 4 096, Node 20, 2026-12-06), then doubles; the old code was quadratic at any size.
    start: 1_024,
    make: (n) => {
      const raw = { ...(search.handler_output as object), [LONG]: Array.from({ length: n }, () => ({ token: 1 })) };
      return () => project(raw, search.context, chapterTools);
    },
  },
  {
    // Denied top-level members, each also an unknown member of the envelope: one zod issue naming them all.
    name: 'project, many denied members',
    // From 16 384: below it V8's own object building (a copy per member, in the untrusted walk) grows by about 2.6
    // per doubling, from 32 768 on by 1.4 (measured alone, Node 20); the old loop over every denied path is 4× at any size.
    start: 16_384,
    make: (n) => {
      const raw: Record<string, unknown> = { ...(search.handler_output as object) };
      for (let i = 0; i < n; i++) raw[`token${i}`] = 1;
      return () => project(raw, search.context, chapterTools);
    },
  },
  {
    // The playground parses with locations on every problem, and so do the stream reader and the editor.
    name: 'strict parse with locations, long name',
    start: 64,
    make: (n) => {
      const text = `{"${LONG}":[${Array(n).fill('0').join(',')}]}`;
      return () => parseStrictJson(text, { locations: true });
    },
  },
  {
    name: 'assembleTurn, JSON array stream, long name',
    start: 64,
    make: (n) => {
      const text = `[{"type":"response.created","${LONG}":[${Array(n).fill('0').join(',')}]}]`;
      return () => assembleTurn('openai', text);
    },
  },
];

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1] as number;

/**
 * The size n is found in the run: doubled from `start` until one call takes `SIZE_MS`, so the
 * timings stand above the timer's noise on a fast host, and quadratic work (4× per doubling) is
 * caught at a small n instead of running for minutes. That time picks the size only; the gate is
 * the ratio.
 */
const SIZE_MS = 40;
const MAX_N = 1 << 18;

function timeOnce(run: () => unknown): number {
  const t = performance.now();
  run();
  return performance.now() - t;
}

function sizeFor(c: LinearCase): number {
  let n = c.start;
  // The second call of each size: the first one compiles.
  for (;;) {
    const run = c.make(n);
    run();
    // 4n is timed too: n stops at a quarter of the largest size a case is built for.
    if (n >= MAX_N / 4 || timeOnce(run) >= SIZE_MS) return n;
    n *= 2;
  }
}

/**
 * Medians at n, 2n and 4n, interleaved round by round, and the smaller of the two doublings' ratios. The engine's
 * own steps (a collector threshold, a string flattened) make one doubling dearer, at a size no test can choose in
 * advance; quadratic work makes every doubling about 4×, so the smaller ratio keeps it and drops the step.
 */
export function measureLinear(c: LinearCase, rounds = 9): { n: number; small: number; large: number; ratio: number } {
  const n = sizeFor(c);
  const runs = [c.make(n), c.make(2 * n), c.make(4 * n)];
  for (const run of runs) run(); // warm-up
  const times: number[][] = [[], [], []];
  for (let r = 0; r < rounds; r++) runs.forEach((run, i) => times[i]?.push(timeOnce(run)));
  const [t1, t2, t4] = times.map(median) as [number, number, number];
  const first = t2 / t1;
  const second = t4 / t2;
  return first <= second
    ? { n, small: t1, large: t2, ratio: first }
    : { n: 2 * n, small: t2, large: t4, ratio: second };
}

/**
 * Every case, printed; a ratio over the gate is measured once more and only a miss both times
 * fails (one reading on a shared host is the neighbours' as much as the code's: bench/turnVsSdk.ts
 * does the same).
 */
export function linearGate(log: (line: string) => void): boolean {
  let ok = true;
  for (const c of LINEAR_CASES) {
    let r = measureLinear(c);
    if (r.ratio > LINEAR_GATE) {
      log(`${c.name}: 2n/n ${r.ratio.toFixed(2)} on the first reading, measured again`);
      r = measureLinear(c);
    }
    const miss = r.ratio > LINEAR_GATE;
    if (miss) ok = false;
    log(
      `${`${c.name} (n=${r.n})`.padEnd(52)} n ${r.small.toFixed(1)} ms  2n ${r.large.toFixed(1)} ms  2n/n ${r.ratio.toFixed(2)}${miss ? `  MISSED (gate ≤ ${LINEAR_GATE})` : ''}`,
    );
  }
  return ok;
}

// Alone (`tsx bench/longKeys.ts`): the same gate, exit 1 on a miss.
if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = linearGate(console.log) ? 0 : 1;
