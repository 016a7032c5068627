/**
 * A store that never answers (docs/control-plane.md#a-store-that-fails-or-hangs): every store
 * call of execute, executeTurn and approve is raced against the call's
 * deadline on the plane's clock, so a call whose store hangs still settles,
 * with the catalog answer of the step it hung at — TIMEOUT_BEFORE_EXECUTE
 * while no write of the intent may have committed, OUTCOME_UNKNOWN once one
 * may have — and the ledger moves at most once. Once the store answers
 * again, the next call settles the key: a replay, the status query, or a
 * first run. A stalled call that is applied late changes nothing a later call
 * settled, and the driver's eventual rejection reaches no one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ApprovalRefusedError,
  createControlPlane,
  memoryStore,
  verifyAuditChain,
  virtualClock,
  type Execution,
  type PlaneCall,
  type ToolRuntime,
} from '../../src/control/index.ts';
import { billingWorld, dispatcher, invoiceCall, refundCall } from './billing.ts';
import { stallingStore, type StallMode } from './stallingStore.ts';

const DEADLINE = 30_000;
const LEASE = 60_000;
const manager = { tenant: 'tenant-acme', subject: 'manager-bob' };

let unhandled = 0;
const onUnhandled = () => {
  unhandled++;
};
beforeEach(() => {
  unhandled = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(async () => {
  // A macrotask later: a rejection nobody handled has been reported by then.
  await new Promise((r) => setTimeout(r, 0));
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toBe(0);
});

function setup(opts: { approval?: boolean; slow?: boolean } = {}) {
  const world = billingWorld();
  const clock = virtualClock();
  const st = stallingStore(memoryStore());
  const refund: ToolRuntime = {
    ...world.runtimes.issue_refund,
    ...(opts.approval ? { approval: 'required' as const } : {}),
    ...(opts.slow
      ? {
          run: async (args: unknown, ctx: Parameters<ToolRuntime['run']>[1]) => {
            await clock.sleep(1_000);
            return world.runtimes.issue_refund.run(args, ctx);
          },
        }
      : {}),
  };
  const plane = createControlPlane({
    dispatcher,
    store: st.store,
    runtimes: { ...world.runtimes, issue_refund: refund },
    clock,
    authorize: () => true,
  });
  const run = async (call: PlaneCall) => {
    const ex = await plane.execute(call);
    expect(dispatcher.validateResult(ex.pkg, ex.trusted)).toEqual({ ok: true, violations: [] });
    return ex;
  };
  /** The execute, with how far the plane's clock moved while it ran. */
  const timed = async (call: PlaneCall) => {
    const t0 = clock.now();
    const ex = await run(call);
    return { ex, waited: clock.now() - t0 };
  };
  return { world, clock, st, plane, run, timed };
}

const code = (ex: Execution) => ex.pkg.model_result.error?.code ?? null;
const kinds = (ex: Execution) => ex.attempts.map((a) => `${a.kind}:${a.code ?? '-'}`);
const MODES: StallMode[] = ['lost', 'landed', 'late'];

/** Nothing ran for this call, and the model is told so: retry later. */
function nothingExecuted(ex: Execution) {
  expect(code(ex)).toBe('TIMEOUT_BEFORE_EXECUTE');
  expect(ex.pkg.model_result.execution.outcome).toBe('not_started');
  expect(ex.pkg.model_result.error?.retry_after_ms).toBe(1_000);
  expect(ex.delivery).toBe('fresh');
  expect(ex.audit_seq).toBeNull();
}

/** A write that may have committed: the model is told to have its status queried, never to run it again. */
function outcomeUnknown(ex: Execution) {
  expect(code(ex)).toBe('OUTCOME_UNKNOWN');
  expect(ex.pkg.model_result.execution.outcome).toBe('unknown');
  expect(ex.pkg.model_result.error?.recovery).toBe('query_status');
  expect(ex.audit_seq).toBeNull();
}

describe('before the handler ran: TIMEOUT_BEFORE_EXECUTE, nothing executed', () => {
  it.each(MODES)(
    'a claim that never answers (%s) settles at the deadline; after the store recovers the write runs once',
    async (mode) => {
      const { world, clock, st, run, timed } = setup();
      st.stall('claim', { mode });
      const { ex, waited } = await timed(refundCall());
      nothingExecuted(ex);
      expect(waited).toBe(DEADLINE);
      expect(world.runs()).toBe(0);
      await st.recover();
      // A claim that reached the store stands as a dead owner's would: the key waits out its lease.
      await clock.advance(LEASE);
      const next = await run(refundCall());
      expect(next.delivery).toBe('fresh');
      expect(kinds(next)).toEqual(mode === 'lost' ? ['run:-'] : ['status_query:-', 'run:-']);
      expect(world.sideEffects()).toBe(1);
    },
  );

  it('the look-up of a tool that needs approval never answers: no preview, nothing run; then APPROVAL_REQUIRED', async () => {
    const { world, st, run, timed } = setup({ approval: true });
    st.stall('read');
    const { ex, waited } = await timed(refundCall());
    nothingExecuted(ex);
    expect(ex.preview).toBeUndefined();
    expect(waited).toBe(DEADLINE);
    await st.recover();
    const held = await run(refundCall());
    expect(code(held)).toBe('APPROVAL_REQUIRED');
    expect(held.preview).toBeDefined();
    expect(world.runs()).toBe(0);
  });

  it('a preview that is never saved is never shown; the next call issues it', async () => {
    const { st, run, timed } = setup({ approval: true });
    st.stall('savePreview', { mode: 'landed' });
    const { ex, waited } = await timed(refundCall());
    nothingExecuted(ex);
    expect(ex.preview).toBeUndefined();
    expect(waited).toBe(DEADLINE);
    await st.recover();
    expect(code(await run(refundCall()))).toBe('APPROVAL_REQUIRED');
  });

  it('an approval whose read never answers is not used up: the same approval runs the write once afterwards', async () => {
    const { world, st, plane, run, timed } = setup({ approval: true });
    const held = await run(refundCall());
    const approval = await plane.approve(held.preview!, manager);
    st.stall('readApproval');
    const { ex, waited } = await timed({ ...refundCall(), approval });
    nothingExecuted(ex);
    expect(waited).toBe(DEADLINE);
    expect(world.runs()).toBe(0);
    await st.recover();
    const ok = await run({ ...refundCall(), approval });
    expect(ok.delivery).toBe('fresh');
    expect(world.sideEffects()).toBe(1);
  });

  it('the entry of the dispatcher’s own answer never answers: that answer, unaudited, at the deadline', async () => {
    const { world, st, timed } = setup();
    st.stall('commit');
    const { ex, waited } = await timed(refundCall({ amount_cents: -5 }));
    expect(code(ex)).toBe('INVALID_ARGUMENTS');
    expect(ex.audit_seq).toBeNull();
    expect(waited).toBe(DEADLINE);
    expect(world.runs()).toBe(0);
    await st.recover();
  });
});

describe('after a write’s handler may have committed: OUTCOME_UNKNOWN, query status later', () => {
  it.each(MODES)(
    'the completion never answers (%s): one refund; the next call replays it or reconciles it',
    async (mode) => {
      const { world, clock, st, run, timed } = setup();
      st.stall('commit', { mode });
      const { ex, waited } = await timed(refundCall());
      outcomeUnknown(ex);
      expect(kinds(ex)).toEqual(['run:-']);
      expect(waited).toBe(DEADLINE);
      expect(world.sideEffects()).toBe(1);
      await st.recover();
      // A completion that reached the store, however late, holds: its owner's lease was still running when it was sent.
      if (mode === 'lost') await clock.advance(LEASE);
      const next = await run(refundCall());
      expect(next.delivery).toBe(mode === 'lost' ? 'receipt_reconciled' : 'local_replay');
      expect(kinds(next)).toEqual(mode === 'lost' ? ['status_query:-'] : ['replay:-']);
      expect(world.runs()).toBe(1);
      expect(world.sideEffects()).toBe(1);
    },
  );

  it('the fence after a lost response never answers: OUTCOME_UNKNOWN; after the lease, the status query reconciles it', async () => {
    const { world, clock, st, run, timed } = setup();
    world.next('commit_then_lose_response');
    st.stall('commit');
    const { ex, waited } = await timed(refundCall());
    outcomeUnknown(ex);
    expect(kinds(ex)).toEqual(['run:TOOL_ERROR']);
    expect(waited).toBe(DEADLINE);
    await st.recover();
    await clock.advance(LEASE);
    const next = await run(refundCall());
    expect(next.delivery).toBe('receipt_reconciled');
    expect(world.runs()).toBe(1);
    expect(world.sideEffects()).toBe(1);
  });

  it('the fence of a write still in flight at its deadline never answers, past the deadline: bounded by status_timeout_ms', async () => {
    const { world, clock, st, run, timed } = setup();
    world.next('commit_then_hang');
    // The deadline passes with the handler in flight; the fence to unknown that follows hangs.
    st.stall('commit');
    const { ex, waited } = await timed(refundCall());
    outcomeUnknown(ex);
    expect(kinds(ex)).toEqual(['run:OUTCOME_UNKNOWN']);
    expect(waited).toBe(DEADLINE + 5_000);
    await st.recover();
    // The record is still the owner's, started: once its lease is over, it is fenced and settled by the status query.
    await clock.advance(LEASE);
    const next = await run(refundCall());
    expect(next.delivery).toBe('receipt_reconciled');
    expect(world.sideEffects()).toBe(1);
  });

  it('the entry of a replay never answers: OUTCOME_UNKNOWN for the write (it committed), then the replay', async () => {
    const { world, st, run, timed } = setup();
    expect((await run(refundCall())).delivery).toBe('fresh');
    st.stall('commit');
    const { ex, waited } = await timed(refundCall());
    outcomeUnknown(ex);
    expect(waited).toBe(DEADLINE);
    await st.recover();
    expect((await run(refundCall())).delivery).toBe('local_replay');
    expect(world.sideEffects()).toBe(1);
  });

  it('a waiter whose read of the owner’s record never answers: OUTCOME_UNKNOWN; the owner answers fresh; then the replay', async () => {
    const { world, st, plane, run } = setup({ slow: true });
    st.stall('read');
    const [owner, waiter] = await Promise.all([plane.execute(refundCall()), plane.execute(refundCall())]);
    expect(owner.delivery).toBe('fresh');
    outcomeUnknown(waiter);
    expect(kinds(waiter)).toEqual([]);
    await st.recover();
    expect((await run(refundCall())).delivery).toBe('local_replay');
    expect(world.sideEffects()).toBe(1);
  });
});

describe('a read: what the catalog says for a read’s deadline', () => {
  it.each(MODES)(
    'a read’s answer entry never answers (%s): TIMEOUT_BEFORE_EXECUTE; then a fresh read or its replay',
    async (mode) => {
      const { world, clock, st, run, timed } = setup();
      st.stall('commit', { mode });
      const { ex, waited } = await timed(invoiceCall());
      nothingExecuted(ex);
      expect(waited).toBe(DEADLINE);
      await st.recover();
      if (mode === 'lost') await clock.advance(LEASE);
      const next = await run(invoiceCall());
      expect(next.pkg.model_result.status).toBe('succeeded');
      expect(next.delivery).toBe(mode === 'lost' ? 'fresh' : 'local_replay');
      expect(world.runs()).toBe(mode === 'lost' ? 2 : 1);
    },
  );
});

describe('approve', () => {
  it.each(['readPreview', 'saveApproval'] as const)(
    'a store whose %s never answers: approve refuses at the deadline, nothing usable was approved; then it approves',
    async (method) => {
      const { world, clock, st, plane, run } = setup({ approval: true });
      const held = await run(refundCall());
      st.stall(method, { mode: 'landed' });
      const t0 = clock.now();
      const refused = await plane.approve(held.preview!, manager).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ApprovalRefusedError);
      expect((refused as ApprovalRefusedError).reason).toBe('store_unavailable');
      expect(clock.now() - t0).toBe(DEADLINE);
      await st.recover();
      const approval = await plane.approve(held.preview!, manager);
      expect((await run({ ...refundCall(), approval })).delivery).toBe('fresh');
      expect(world.sideEffects()).toBe(1);
    },
  );
});

describe('a late statement changes nothing a later call settled', () => {
  it('a fence that lands after the next call reconciled the key is refused by its token; the chain verifies', async () => {
    const { world, clock, st, plane, run } = setup();
    world.next('commit_then_lose_response');
    st.stall('commit', { mode: 'late' });
    outcomeUnknown(await run(refundCall()));
    await clock.advance(LEASE);
    expect((await run(refundCall())).delivery).toBe('receipt_reconciled');
    expect(st.stalled()).toBe(1);
    await st.recover();
    expect((await run(refundCall())).delivery).toBe('local_replay');
    expect(world.sideEffects()).toBe(1);
    const entries = await plane.auditEntries();
    expect(verifyAuditChain(entries).ok).toBe(true);
    expect(entries).toHaveLength(2);
  });
});
