/**
 * What a call meets after it waited (docs/control-plane.md#execute): access
 * asked for again before whatever follows the wait, and a caller's clock whose
 * aborted sleeps reject, as Node's own `timers/promises` does.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createControlPlane,
  memoryStore,
  virtualClock,
  type Clock,
  type ToolRuntime,
} from '../../src/control/index.ts';
import { billingWorld, dispatcher, refundCall } from './billing.ts';

let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => {
  unhandled.push(reason);
};
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

describe('access is asked for again after a wait', () => {
  it('a principal revoked while it waited for another owner is NOT_FOUND, and its refund never runs', async () => {
    const world = billingWorld();
    const clock = virtualClock();
    let allowed = true;
    // The owner's run takes a second; meanwhile the principal's access is revoked, then the run is refused with a 429.
    const refund: ToolRuntime = {
      ...world.runtimes.issue_refund,
      async run(args, ctx) {
        await clock.sleep(1_000);
        allowed = false;
        if (ctx.attempt === 1) return { kind: 'error', error: { code: 'RATE_LIMIT', retry_after_ms: 45_000 } };
        return world.runtimes.issue_refund.run(args, ctx);
      },
    };
    const plane = createControlPlane({
      dispatcher,
      store: memoryStore(),
      runtimes: { ...world.runtimes, issue_refund: refund },
      clock,
      authorize: () => allowed,
    });
    const [owner, waiter] = await Promise.all([plane.execute(refundCall()), plane.execute(refundCall())]);
    const runs =
      owner.attempts.filter((a) => a.kind === 'run').length + waiter.attempts.filter((a) => a.kind === 'run').length;
    expect(owner.pkg.model_result.error?.code).toBe('RATE_LIMIT');
    expect(waiter.pkg.model_result.error?.code).toBe('NOT_FOUND');
    expect(waiter.attempts.map((a) => a.kind)).toEqual(['wait']);
    expect(runs).toBe(1);
    expect(world.sideEffects()).toBe(0);
  });
});

describe('a clock whose aborted sleeps reject', () => {
  it('ten concurrent executes on one key: one refund, every answer a catalog answer, no unhandled rejection', async () => {
    const world = billingWorld();
    const inner = virtualClock();
    const rejecting: Clock = {
      now: () => inner.now(),
      sleep: (ms, signal) =>
        new Promise<void>((resolve, reject) => {
          if (signal?.aborted) return reject(new DOMException('The operation was aborted', 'AbortError'));
          signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted', 'AbortError')));
          void inner.sleep(ms, signal).then(() => {
            if (!signal?.aborted) resolve();
          });
        }),
    };
    const slow: ToolRuntime = {
      ...world.runtimes.issue_refund,
      async run(args, ctx) {
        await inner.sleep(200);
        return world.runtimes.issue_refund.run(args, ctx);
      },
    };
    const plane = createControlPlane({
      dispatcher,
      store: memoryStore(),
      runtimes: { ...world.runtimes, issue_refund: slow },
      clock: rejecting,
      authorize: () => true,
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => plane.execute(refundCall())));
    // A macrotask later: a rejection nobody handled has been reported by then.
    await new Promise((r) => setTimeout(r, 0));
    expect(unhandled).toEqual([]);
    expect(answers.map((a) => a.pkg.model_result.status)).toEqual(answers.map(() => 'succeeded'));
    expect(answers.filter((a) => a.delivery === 'fresh')).toHaveLength(1);
    expect(world.sideEffects()).toBe(1);
  });
});
