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
  const timerSignal = new AbortController();
  const answered = new Promise<RaceResult<T>>((resolve) => {
    try {
      Promise.resolve(work(runtimeSignal.signal)).then(
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
  else timerSignal.abort();
  return result;
}
