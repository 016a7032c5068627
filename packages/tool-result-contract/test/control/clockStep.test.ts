/**
 * A wall clock stepped back after a claim (docs/control-plane.md#in-flight-writes): leases are written on the
 * owner's clock, so a step back must not stretch the owner's run past the lease other processes read. The owner's
 * run is bounded by its deadline's length whatever its clock then says: the request it had not sent by then is not
 * sent, and another process that settles the key after the lease meets no second side effect.
 */
import { describe, expect, it } from 'vitest';
import {
  createControlPlane,
  memoryStore,
  virtualClock,
  type Clock,
  type Store,
  type ToolRuntime,
} from '../../src/control/index.ts';
import { billingWorld, dispatcher, provenance, refundCall, type RefundArgs } from './billing.ts';

describe('a wall clock stepped back after the claim', () => {
  it('the owner\u2019s run still ends at its deadline: one refund, where an unbounded run made two', async () => {
    // Moved by hand: each process's steps happen where the test puts them.
    const base = virtualClock({ auto: false });
    let offset = 0;
    const stepped: Clock = { now: () => base.now() - offset, sleep: (ms, signal) => base.sleep(ms, signal) };
    const shared = memoryStore();
    // The owner's store: right after its claim wins, its machine's clock is stepped back 5 s (an NTP correction).
    const stepping: Store = {
      ...shared,
      claim: async (c) => {
        const r = await shared.claim(c);
        if (r.outcome === 'won') offset = 5_000;
        return r;
      },
    };
    const rows: string[] = [];
    const land = (key: string, after: number) => base.sleep(after).then(() => rows.push(key));
    const output = (args: RefundArgs, n: number) => ({
      kind: 'success',
      data: { refund_ref: `RF-${n}`, ...args },
      provenance: provenance(),
    });
    const common = {
      queryStatus: (ctx: { idempotency_key: string }) =>
        rows.includes(ctx.idempotency_key) ? { state: 'unknown' as const } : { state: 'not_started' as const },
      landing_ms: 1_000,
      idempotency_fields: ['invoice_ref', 'amount_cents'],
    };
    // The owner looks something up for 2 s before it sends, and sends only while its signal has not aborted.
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const slowToSend: ToolRuntime = {
      ...common,
      async run(args, ctx) {
        started();
        await base.sleep(2_000);
        if (ctx.signal.aborted) throw new Error('not sent: the deadline passed');
        await land(ctx.idempotency_key, 400);
        return output(args as RefundArgs, rows.length);
      },
    };
    const quick: ToolRuntime = {
      ...common,
      async run(args, ctx) {
        await land(ctx.idempotency_key, 400);
        return output(args as RefundArgs, rows.length);
      },
    };
    const policy = { deadline_ms: 500, lease_ms: 1_500 };
    const world = billingWorld();
    const owner = createControlPlane({
      dispatcher,
      store: stepping,
      clock: stepped,
      policy,
      runtimes: { get_invoice: world.runtimes.get_invoice, issue_refund: slowToSend },
      authorize: () => true,
    });
    const other = createControlPlane({
      dispatcher,
      store: shared,
      clock: base,
      // Time enough for its own request, whenever the test's moves of the clock let it start.
      policy: { deadline_ms: 1_000, lease_ms: 2_000 },
      runtimes: { get_invoice: world.runtimes.get_invoice, issue_refund: quick },
      authorize: () => true,
    });
    const first = owner.execute(refundCall());
    await running;
    // After the lease (1.5 s on the clock every other process reads), another process asks for the same intent.
    await base.advance(1_600);
    const asked = other.execute(refundCall());
    await base.advance(5_000);
    const [answer, second] = await Promise.all([first, asked]);
    expect(rows).toEqual(['refund-key-0001']);
    expect(answer.pkg.model_result.error?.code).toBe('OUTCOME_UNKNOWN');
    expect(second.pkg.model_result.status).toBe('succeeded');
  });
});
