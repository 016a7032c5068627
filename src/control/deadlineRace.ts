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

export type RaceResult<T> = { kind: 'value'; value: T } | { kind: 'threw' } | { kind: 'deadline' };

export async function raceDeadline<T>(
  clock: Clock,
  ms: number,
  work: (signal: AbortSignal) => Promise<T> | T,
): Promise<RaceResult<T>> {
  if (ms <= 0) return { kind: 'deadline' };
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
  const answered = new Promise<RaceResult<T>>((resolve) => {
    try {
      Promise.resolve(pending).then(
        (value) => resolve({ kind: 'value', value }),
        () => resolve({ kind: 'threw' }),
      );
    } catch {
      resolve({ kind: 'threw' });
    }
  });
  const timedOut = clock.sleep(ms, timerSignal.signal).then((): RaceResult<T> => ({ kind: 'deadline' }));
  const result = await Promise.race([answered, timedOut]);
  if (result.kind === 'deadline') runtimeSignal.abort();
  // A reason of its own: the default one is a DOMException, built with its stack each time, for a signal no one reads.
  else timerSignal.abort(ANSWERED);
  return result;
}

const ANSWERED = 'answered';
