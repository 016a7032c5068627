/**
 * One side effect per intent without the downstream's help
 * (docs/control-plane.md#in-flight-writes): a downstream whose ledger has no
 * unique key, requests that outlive their deadline on the wire, handlers that
 * throw, and a caller that does what each answer says. The ledger is the
 * witness: two rows for one key is money moved twice.
 */
import { describe, expect, it } from 'vitest';
import {
  ControlPlaneConfigError,
  PlaneCallError,
  createControlPlane,
  memoryStore,
  virtualClock,
  type Execution,
  type PlaneCall,
  type Policy,
  type ToolRuntime,
} from '../../src/control/index.ts';
import { principalRef } from '../../src/core/index.ts';
import { alice, billingWorld, dispatcher, refundCall } from './billing.ts';
import { askUntilSettled } from './obedientCaller.ts';
import { seeded, wireLedger, type WireLedgerOptions } from './wireLedger.ts';

const DEADLINE = 500;
const LANDING = 1_000;

function setup(ledger: Omit<WireLedgerOptions, 'clock' | 'landing_ms'>, policy: Partial<Policy> = {}) {
  const clock = virtualClock();
  const store = memoryStore();
  const wire = wireLedger({ clock, landing_ms: LANDING, ...ledger });
  const plane = createControlPlane({
    dispatcher,
    store,
    runtimes: { get_invoice: billingWorld().runtimes.get_invoice, issue_refund: wire.runtime },
    clock,
    policy: { deadline_ms: DEADLINE, lease_ms: DEADLINE + LANDING, ...policy },
    authorize: () => true,
  });
  const run = async (call: PlaneCall, options?: { signal?: AbortSignal }) => {
    const ex = await plane.execute(call, options);
    expect(dispatcher.validateResult(ex.pkg, ex.trusted)).toEqual({ ok: true, violations: [] });
    return ex;
  };
  const recordOf = (key: string) => store.read({ principal_ref: principalRef(alice, undefined), idempotency_key: key });
  return { clock, store, wire, plane, run, recordOf };
}

const code = (ex: Execution) => ex.pkg.model_result.error?.code ?? null;
const kinds = (ex: Execution) => ex.attempts.map((a) => `${a.kind}:${a.code ?? '-'}`);

describe('a write still in flight at its deadline', () => {
  it('is OUTCOME_UNKNOWN with no status query, and its late success completes the record: one refund, the next ask replays it', async () => {
    const { clock, wire, run } = setup({ latency: () => 700 });
    const first = await run(refundCall());
    expect(code(first)).toBe('OUTCOME_UNKNOWN');
    expect(first.pkg.model_result.execution.outcome).toBe('unknown');
    expect(first.pkg.model_result.error?.recovery).toBe('query_status');
    expect(kinds(first)).toEqual(['run:OUTCOME_UNKNOWN']);
    // The request lands at 700 ms, after the answer: the owner's late success completes the record.
    await clock.advance(300);
    const again = await run(refundCall());
    expect(again.delivery).toBe('local_replay');
    expect(wire.rows).toHaveLength(1);
    expect(wire.runs()).toBe(1);
  });

  it('a handler that gives up at its abort while its request is on the wire: the record stays unknown until the request can no longer land, then the status query finds it', async () => {
    const { clock, wire, run, recordOf } = setup({ latency: () => 700, gives_up: true });
    const t0 = clock.now();
    const first = await run(refundCall());
    expect(code(first)).toBe('OUTCOME_UNKNOWN');
    // At 600 ms the request has not landed; a status query would say not_started. None is asked.
    await clock.advance(100);
    const during = await run(refundCall());
    expect(code(during)).toBe('OUTCOME_UNKNOWN');
    expect(kinds(during)).toEqual([]);
    expect((await recordOf('refund-key-0001'))?.state).toBe('unknown');
    // After the deadline plus landing_ms, no request of that run can still land: the status query settles it.
    await clock.advance(t0 + DEADLINE + LANDING - clock.now());
    const after = await run(refundCall());
    expect(after.delivery).toBe('receipt_reconciled');
    expect(kinds(after)).toEqual(['status_query:-']);
    expect(wire.rows).toHaveLength(1);
    expect(wire.runs()).toBe(1);
  });

  it('a caller that follows every answer, one intent: one refund', async () => {
    const { clock, wire, run } = setup({ latency: () => 700, gives_up: true });
    const settled = await askUntilSettled(
      () => run(refundCall()),
      (ms) => clock.sleep(ms),
    );
    expect(settled.final.pkg.model_result.status).toBe('succeeded');
    expect(wire.rows).toHaveLength(1);
  });
});

describe('a write the handler says failed', () => {
  it('runs once, and its answer is TOOL_ERROR, never a TIMEOUT_BEFORE_EXECUTE it did not have', async () => {
    const { wire, run, recordOf } = setup({ latency: () => 10, declines: true });
    const ex = await run(refundCall());
    expect(code(ex)).toBe('TOOL_ERROR');
    expect(ex.pkg.model_result.error?.recovery).toBe('human_review');
    expect(kinds(ex)).toEqual(['run:TOOL_ERROR', 'status_query:-']);
    expect(wire.runs()).toBe(1);
    expect(wire.rows).toHaveLength(0);
    // The downstream said nothing started, and the handler has settled: the record is released.
    expect(await recordOf('refund-key-0001')).toBeNull();
  });

  it('garbage from a write handler is answered OUTPUT_CONTRACT_VIOLATION, and the write is not run again', async () => {
    const world = billingWorld();
    const clock = virtualClock();
    const plane = createControlPlane({
      dispatcher,
      store: memoryStore(),
      runtimes: world.runtimes,
      clock,
      authorize: () => true,
    });
    world.next('garbage');
    const ex = await plane.execute(refundCall());
    expect(code(ex)).toBe('OUTPUT_CONTRACT_VIOLATION');
    expect(kinds(ex)).toEqual(['run:OUTPUT_CONTRACT_VIOLATION', 'status_query:-']);
    expect(world.runs()).toBe(1);
  });
});

describe('a context the dispatcher would refuse is refused before any handler runs', () => {
  it('an unregistered adapter revision: a PlaneCallError at /call/adapter_revision, and no run', async () => {
    const { wire, plane, store } = setup({ latency: () => 10 });
    const c = refundCall();
    const bad = { ...c, call: { ...c.call, adapter_revision: 'openai-responses-2026-07-91' } };
    const thrown = await plane.execute(bad).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(PlaneCallError);
    expect((thrown as PlaneCallError).issues.map((i) => i.path)).toEqual(['/call/adapter_revision']);
    expect(wire.runs()).toBe(0);
    expect(await store.entries()).toEqual([]);
  });

  it('a malformed call block: a PlaneCallError naming each place, and no run', async () => {
    const { wire, plane } = setup({ latency: () => 10 });
    const c = refundCall();
    const bad = { ...c, call: { ...c.call, call_id: 7 } } as unknown as PlaneCall;
    await expect(plane.execute(bad)).rejects.toBeInstanceOf(PlaneCallError);
    expect(wire.runs()).toBe(0);
  });
});

describe('the lease must outlast the deadline plus a write\u2019s landing time', () => {
  it('a write runtime without landing_ms is refused by name', () => {
    const { runtime } = wireLedger({ clock: virtualClock(), latency: () => 1, landing_ms: 1 });
    const { landing_ms: _, ...without } = runtime;
    expect(() =>
      createControlPlane({
        dispatcher,
        store: memoryStore(),
        runtimes: { get_invoice: billingWorld().runtimes.get_invoice, issue_refund: without as ToolRuntime },
        authorize: () => true,
      }),
    ).toThrow(/runtimes\.issue_refund\.landing_ms/);
  });

  it('lease_ms shorter than the deadline plus landing_ms is refused, naming both numbers', () => {
    const { runtime } = wireLedger({ clock: virtualClock(), latency: () => 1, landing_ms: 40_000 });
    let thrown: unknown;
    try {
      createControlPlane({
        dispatcher,
        store: memoryStore(),
        runtimes: { get_invoice: billingWorld().runtimes.get_invoice, issue_refund: runtime },
        authorize: () => true,
      });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ControlPlaneConfigError);
    expect((thrown as ControlPlaneConfigError).at).toBe('policy.lease_ms');
    expect((thrown as Error).message).toMatch(/60000.*30000.*40000/);
  });
});

describe('execute(call, { signal })', () => {
  it('an abort before the claim runs nothing: TIMEOUT_BEFORE_EXECUTE, outcome not_started', async () => {
    const { wire, run } = setup({ latency: () => 10 });
    const ac = new AbortController();
    ac.abort();
    const ex = await run(refundCall(), { signal: ac.signal });
    expect(code(ex)).toBe('TIMEOUT_BEFORE_EXECUTE');
    expect(ex.pkg.model_result.execution.outcome).toBe('not_started');
    expect(wire.runs()).toBe(0);
  });

  it('an abort while the write runs reads as its deadline: OUTCOME_UNKNOWN at once, one refund', async () => {
    const ac = new AbortController();
    // The framework's run is cancelled just as the request leaves: the abort comes while the handler runs.
    const { clock, wire, run } = setup({
      latency: () => {
        ac.abort();
        return 300;
      },
    });
    const t0 = clock.now();
    const ex = await run(refundCall(), { signal: ac.signal });
    expect(code(ex)).toBe('OUTCOME_UNKNOWN');
    expect(kinds(ex)).toEqual(['run:OUTCOME_UNKNOWN']);
    expect(clock.now() - t0).toBe(0);
    await clock.advance(1_000);
    expect((await run(refundCall())).delivery).toBe('local_replay');
    expect(wire.rows).toHaveLength(1);
  });
});

describe('the engineer\u2019s run under load, on the memory store', () => {
  it('24 intents, two callers racing each, latency drawn around the deadline, a caller that follows every answer: no intent paid twice', async () => {
    const { clock, wire, run, recordOf } = setup({
      // 250–750 ms around a 500 ms deadline, the same draw on every run.
      latency: (() => {
        const r = seeded(20261206);
        return () => 250 + Math.floor(r() * 500);
      })(),
      gives_up: true,
    });
    const INTENTS = 24;
    let executes = 0;
    const keys = Array.from({ length: INTENTS }, (_, i) => `intent-${i}`);
    const settled = await Promise.all(
      keys.flatMap((key, i) =>
        [0, 1].map(() =>
          askUntilSettled(
            () => {
              executes++;
              return run(refundCall({ invoice_ref: `INV-${100 + i}` }, key));
            },
            (ms) => clock.sleep(ms),
          ),
        ),
      ),
    );
    const moved = wire.keysMoved();
    console.log(
      `[inFlightWrites] memory store: ${INTENTS} intents × 2 callers: executes ${executes}, ` +
        `side effects ${wire.rows.length}, intents moved ${moved}, duplicates ${wire.duplicates()}; ` +
        `answers: ${tallyOf(settled.flatMap((s) => s.answers))}`,
    );
    expect(wire.duplicates()).toBe(0);
    // Every intent whose money moved is on record, completed or unknown: never released to run again.
    for (const key of new Set(wire.rows.map((r) => r.key)))
      expect(['completed', 'unknown']).toContain((await recordOf(key))?.state);
    // Every caller ends on a success: the caller's patience outlasts the lease.
    expect(settled.filter((s) => s.final.pkg.model_result.status !== 'succeeded')).toEqual([]);
  });
});

function tallyOf(answers: readonly string[]): string {
  const out = new Map<string, number>();
  for (const a of answers) out.set(a, (out.get(a) ?? 0) + 1);
  return [...out.entries()]
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}
