/**
 * One bounded call into a runtime (docs/control-plane.md#hostile-runtimes):
 * the runtime's promise raced against the clock, its signal aborted when the
 * bound passes, the clock's sleep aborted when the runtime answers first (so a
 * virtual clock moves only as far as the plane really waited). Whatever the
 * runtime does — throw synchronously, reject with a string, hand back a
 * thenable that calls back twice, never settle — the race settles once and
 * nothing it does later reaches the caller as an unhandled rejection.
 */
import type { Clock } from './clock.ts';

export type Settled<T> = { kind: 'value'; value: T } | { kind: 'threw' };

/**
 * `late`, on a deadline that came before the work settled: how the work settles after all (never rejects). A write's
 * owner watches it, since the request it sent may still land (docs/control-plane.md#in-flight-writes).
 */
export type RaceResult<T> = Settled<T> | { kind: 'deadline'; late?: Promise<Settled<T>> };

/**
 * `outer`, the caller's own signal (`execute(call, { signal })`): its abort ends the race as the deadline would.
 */
export async function raceDeadline<T>(
  clock: Clock,
  ms: number,
  work: (signal: AbortSignal) => Promise<T> | T,
  outer?: AbortSignal,
): Promise<RaceResult<T>> {
  if (ms <= 0 || outer?.aborted === true) return { kind: 'deadline' };
  const runtimeSignal = new AbortController();
  let pending: Promise<T> | T;
  try {
    pending = work(runtimeSignal.signal);
  } catch {
    return { kind: 'threw' };
  }
  // A primitive (an authorize's boolean) has answered already: no timer to set and cancel on every execute.
  // An object is raced even when it came back at once, since only Promise.resolve may read its `then`.
  if ((typeof pending !== 'object' && typeof pending !== 'function') || pending === null)
    return { kind: 'value', value: pending };
  const timerSignal = new AbortController();
  const answered = new Promise<Settled<T>>((resolve) => {
    try {
      Promise.resolve(pending).then(
        (value) => resolve({ kind: 'value', value }),
        () => resolve({ kind: 'threw' }),
      );
    } catch {
      resolve({ kind: 'threw' });
    }
  });
  const abortedByCaller = () => timerSignal.abort(CALLER);
  outer?.addEventListener('abort', abortedByCaller, { once: true });
  // The work itself may have aborted the caller's signal (synchronously, before the listener was there).
  if (aborted(outer)) abortedByCaller();
  const timedOut = clock
    .sleep(ms, timerSignal.signal)
    .then((): RaceResult<T> => ({ kind: 'deadline', late: answered }));
  const result = await Promise.race([answered, timedOut]);
  outer?.removeEventListener('abort', abortedByCaller);
  if (result.kind === 'deadline') runtimeSignal.abort();
  // A reason of its own: the default one is a DOMException, built with its stack each time, for a signal no one reads.
  else timerSignal.abort(ANSWERED);
  return result;
}

/** Read through a call: the work may have aborted the signal since it was last looked at. */
const aborted = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;

const ANSWERED = 'answered';
const CALLER = 'aborted by the caller';
