/**
 * The virtual clock the recovery lab's learner moves (docs/control-plane.md#time): moves made while one is still
 * under way add up, in order, and time never goes back.
 */
import { describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/control/clock.ts';

const START = Date.parse('2026-07-19T09:00:00Z');

describe('virtualClock.advance', () => {
  it('three moves made at once add up, each from where the one before stopped', async () => {
    const clock = virtualClock({ start: START, auto: false });
    // A sleep on the way makes the first move yield, so the other two start while it is still under way.
    const woke: number[] = [];
    void clock.sleep(1_000).then(() => woke.push(clock.now()));
    await Promise.all([clock.advance(10_000), clock.advance(10_000), clock.advance(10_000)]);
    expect(clock.now() - START).toBe(30_000);
    expect(woke).toEqual([START + 1_000]);
  });

  it('never goes back, and wakes the sleeps of later moves in their order', async () => {
    const clock = virtualClock({ start: START, auto: false });
    const seen: number[] = [];
    const order: string[] = [];
    for (const [name, ms] of [
      ['a', 5_000],
      ['b', 12_000],
      ['c', 25_000],
    ] as const)
      void clock.sleep(ms).then(() => order.push(name));
    const watch = (async () => {
      for (let i = 0; i < 20; i++) {
        seen.push(clock.now());
        await new Promise((r) => setTimeout(r, 0));
      }
    })();
    const moves = [clock.advance(10_000), clock.advance(10_000), clock.advance(10_000)];
    await Promise.all([...moves, watch]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(clock.now() - START).toBe(30_000);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1] as number);
  });

  it('a move resolves once its own part is done, before the moves queued after it', async () => {
    const clock = virtualClock({ start: START, auto: false });
    const first = clock.advance(10_000).then(() => clock.now());
    const second = clock.advance(5_000).then(() => clock.now());
    expect((await first) - START).toBe(10_000);
    expect((await second) - START).toBe(15_000);
  });
});
