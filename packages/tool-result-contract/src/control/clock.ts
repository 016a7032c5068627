/**
 * The plane's time (docs/control-plane.md#time). Every wait the plane makes —
 * a deadline raced against a handler, a retry-after, a poll of another
 * owner's record, a status query's bound — is a `sleep` on its clock, so a
 * virtual clock runs a 30 s retry-after in no real time, and a test can say
 * exactly how far the plane waited.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` of this clock's time, or as soon as `signal` aborts (never rejects). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * The wall clock: `Date.now()` and a `setTimeout` sleep that an abort signal ends early.
 *
 * @example
 * ```ts
 * const timed = createControlPlane({ dispatcher, store: memoryStore(), runtimes, authorize, clock: systemClock });
 * ```
 */
export const systemClock: Clock = Object.freeze({
  now: () => Date.now(),
  sleep: (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      signal?.addEventListener('abort', done, { once: true });
    }),
});

/**
 * The caller's clock as the plane uses it: a `sleep` that rejects when its signal aborts (as Node's own
 * `timers/promises` does) or throws resolves instead. The plane aborts sleeps it no longer needs and never
 * awaits them afterwards, so a rejection there would be unhandled and end the process.
 */
export function forgivingClock(clock: Clock): Clock {
  return {
    now: () => clock.now(),
    sleep(ms, signal) {
      try {
        return Promise.resolve(clock.sleep(ms, signal)).then(noop, noop);
      } catch {
        return Promise.resolve();
      }
    },
  };
}

const noop = (): void => {};

export interface VirtualClock extends Clock {
  /** Move time forward by `ms`, waking every sleep that ends on the way, in order; after any move still under way. */
  advance(ms: number): Promise<void>;
  /** The sleeps still waiting, earliest first (their end times). */
  pending(): number[];
}

interface Timer {
  at: number;
  seq: number;
  wake: () => void;
}

/**
 * A clock whose time moves only when the plane waits. With `auto` (the
 * default), once every promise that can settle has settled and sleeps are
 * still waiting, time jumps to the earliest one's end: a discrete-event
 * simulation, right for handlers that wait on this same clock. Without it,
 * time moves only through `advance` (the recovery lab's learner moves it).
 * A handler that waits on real I/O races an auto clock and loses: give it
 * the system clock.
 *
 * @example
 * ```ts
 * const clock = virtualClock({ start: Date.parse('2026-07-19T09:00:00Z') });
 * await clock.advance(30_000); // every sleep due by then resolves, in order, with no real waiting
 * ```
 */
export function virtualClock(options: { start?: number; auto?: boolean } = {}): VirtualClock {
  let time = options.start ?? Date.parse('2026-07-19T00:00:00Z');
  const auto = options.auto ?? true;
  let timers: Timer[] = [];
  let seq = 0;
  let scheduled = false;

  const wakeDue = () => {
    const due = timers.filter((t) => t.at <= time);
    timers = timers.filter((t) => t.at > time);
    for (const t of due.sort((a, b) => a.at - b.at || a.seq - b.seq)) t.wake();
  };

  /** The move in progress (or the last one): the next waits for it. `move` never rejects. */
  let moving: Promise<void> = Promise.resolve();
  const move = async (ms: number): Promise<void> => {
    const end = time + Math.max(0, ms);
    for (;;) {
      const next = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (next === undefined) break;
      time = Math.max(time, next.at);
      wakeDue();
      // Let the woken code run (and perhaps sleep again) before the next timer is looked at.
      await new Promise<void>((r) => setTimeout(r, 0));
    }
    time = Math.max(time, end);
  };

  const schedule = () => {
    if (!auto || scheduled) return;
    scheduled = true;
    // A macrotask runs after every pending microtask: whatever could answer without the clock has answered.
    setTimeout(() => {
      scheduled = false;
      if (timers.length === 0) return;
      const next = Math.min(...timers.map((t) => t.at));
      if (next > time) time = next;
      wakeDue();
      if (timers.length > 0) schedule();
    }, 0);
  };

  return {
    now: () => time,
    sleep(ms, signal) {
      return new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const timer: Timer = {
          at: time + Math.max(0, ms),
          seq: seq++,
          wake: () => {
            signal?.removeEventListener('abort', cancel);
            resolve();
          },
        };
        const cancel = () => {
          timers = timers.filter((t) => t !== timer);
          resolve();
        };
        signal?.addEventListener('abort', cancel, { once: true });
        timers.push(timer);
        schedule();
      });
    },
    advance(ms) {
      // Moves run one after another, each from where the one before stopped: three quick "+10 s" are 30 s, and
      // time never goes back (a move computed from an older `time` would have set it back when it ended last).
      const run = moving.then(() => move(ms));
      moving = run;
      return run;
    },
    pending: () => timers.map((t) => t.at).sort((a, b) => a - b),
  };
}
