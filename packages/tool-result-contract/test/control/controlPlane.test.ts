/**
 * The recovery protocol, executed (docs/control-plane.md#execute), on the
 * memory store with a virtual clock: every answer is a catalog answer, every
 * execution validates under the plane's own dispatcher, and the ledger —
 * the downstream's own count of refunds — says whether money moved twice.
 */
import { describe, expect, it } from 'vitest';
import {
  ApprovalRefusedError,
  ControlPlaneConfigError,
  PlaneCallError,
  createControlPlane,
  memoryStore,
  verifyAuditChain,
  virtualClock,
  type Execution,
  type PlaneCall,
  type ToolRuntime,
} from '../../src/control/index.ts';
import { billingWorld, dispatcher, invoiceCall, refundCall } from './billing.ts';

/** Another person in alice's tenant: the one who approves what alice's agent asks for. */
const manager = { tenant: 'tenant-acme', subject: 'manager-bob' };

function setup(
  opts: {
    dedup?: boolean;
    retryAfterMs?: number;
    approval?: boolean;
    policy?: Record<string, number>;
    allow?: () => boolean;
  } = {},
) {
  const world = billingWorld(opts);
  const clock = virtualClock();
  const store = memoryStore();
  const runtimes: Record<string, ToolRuntime> = { ...world.runtimes };
  if (opts.approval) runtimes.issue_refund = { ...world.runtimes.issue_refund, approval: 'required' };
  const plane = createControlPlane({
    dispatcher,
    store,
    runtimes,
    clock,
    policy: opts.policy,
    authorize: () => (opts.allow ? opts.allow() : true),
  });
  const run = async (call: PlaneCall) => {
    const ex = await plane.execute(call);
    expect(dispatcher.validateResult(ex.pkg, ex.trusted)).toEqual({ ok: true, violations: [] });
    expect(ex.delivery).toBe(ex.pkg.model_result.execution.delivery);
    return ex;
  };
  return { world, clock, store, plane, run };
}

const code = (ex: Execution) => ex.pkg.model_result.error?.code ?? null;
const kinds = (ex: Execution) => ex.attempts.map((a) => `${a.kind}:${a.code ?? '-'}`);

describe('a write that moves money', () => {
  it('runs once, then replays the same intent under a new call id: one refund, the same request digest, another call binding', async () => {
    const { world, run } = setup();
    const first = await run(refundCall());
    expect(first.delivery).toBe('fresh');
    expect(first.pkg.model_result.status).toBe('succeeded');
    const again = await run(refundCall());
    expect(again.delivery).toBe('local_replay');
    expect(kinds(again)).toEqual(['replay:-']);
    expect(again.pkg.protected_audit.binding.request_sha256).toBe(first.pkg.protected_audit.binding.request_sha256);
    expect(again.pkg.protected_audit.binding.call_binding_sha256).not.toBe(
      first.pkg.protected_audit.binding.call_binding_sha256,
    );
    expect(world.sideEffects()).toBe(1);
    expect(world.runs()).toBe(1);
  });

  it('refuses other arguments under the same key (IDEMPOTENCY_CONFLICT) and runs nothing', async () => {
    const { world, run } = setup();
    await run(refundCall());
    const other = await run(refundCall({ amount_cents: 900 }));
    expect(code(other)).toBe('IDEMPOTENCY_CONFLICT');
    expect(other.pkg.model_result.error?.recovery).toBe('human_review');
    expect(world.sideEffects()).toBe(1);
  });

  it('a lost response is settled by the status query: receipt_reconciled, one refund, never a second dispatch', async () => {
    const { world, run } = setup();
    world.next('commit_then_lose_response');
    const ex = await run(refundCall());
    expect(ex.delivery).toBe('receipt_reconciled');
    expect(kinds(ex)).toEqual(['run:TOOL_ERROR', 'status_query:-']);
    expect(ex.pkg.protected_audit.downstream.receipt_ref).toBe('rcpt-RF-1');
    expect(world.sideEffects()).toBe(1);
    expect(world.runs()).toBe(1);
    expect((await run(refundCall())).delivery).toBe('local_replay');
  });

  it('a handler that hangs after the commit meets its deadline: OUTCOME_UNKNOWN with no status query; once its lease is over, the status query reconciles it', async () => {
    const { world, clock, run } = setup();
    world.next('commit_then_hang');
    const t0 = clock.now();
    const ex = await run(refundCall());
    // Still in flight: a status query now could not say it did not start, so none is asked.
    expect(code(ex)).toBe('OUTCOME_UNKNOWN');
    expect(kinds(ex)).toEqual(['run:OUTCOME_UNKNOWN']);
    expect(clock.now() - t0).toBe(30_000);
    const during = await run(refundCall());
    expect(code(during)).toBe('OUTCOME_UNKNOWN');
    expect(kinds(during)).toEqual([]);
    await clock.advance(t0 + 60_000 - clock.now());
    const after = await run(refundCall());
    expect(after.delivery).toBe('receipt_reconciled');
    expect(kinds(after)).toEqual(['status_query:-']);
    expect(world.sideEffects()).toBe(1);
  });

  it('OUTCOME_UNKNOWN when the downstream cannot say; the next call queries again and never runs the write', async () => {
    const { world, clock, run } = setup();
    world.next('commit_then_hang');
    expect(code(await run(refundCall()))).toBe('OUTCOME_UNKNOWN');
    await clock.advance(60_000);
    world.status('unknown');
    const ex = await run(refundCall());
    expect(code(ex)).toBe('OUTCOME_UNKNOWN');
    expect(ex.pkg.model_result.error?.recovery).toBe('query_status');
    expect(kinds(ex)).toEqual(['status_query:OUTCOME_UNKNOWN']);
    world.status(null);
    const next = await run(refundCall());
    expect(next.delivery).toBe('receipt_reconciled');
    expect(kinds(next)).toEqual(['status_query:-']);
    expect(world.runs()).toBe(1);
    expect(world.sideEffects()).toBe(1);
  });

  it('a status query that lies with another order is STATUS_CONFLICT, and the record stays unknown', async () => {
    const { world, store, run } = setup();
    world.next('commit_then_lose_response');
    world.status('lie_other_order');
    const ex = await run(refundCall());
    expect(code(ex)).toBe('STATUS_CONFLICT');
    const rec = await store.read({
      principal_ref: ex.pkg.protected_audit.principal_ref,
      idempotency_key: 'refund-key-0001',
    });
    expect(rec?.state).toBe('unknown');
    expect(world.runs()).toBe(1);
  });

  it('a status query that hangs or throws a string settles nothing within its own bound: the throw stays TOOL_ERROR, outcome unknown', async () => {
    for (const fault of ['hang', 'throw'] as const) {
      const { world, clock, run } = setup();
      world.next('commit_then_lose_response');
      world.status(fault);
      const t0 = clock.now();
      const ex = await run(refundCall());
      expect(code(ex)).toBe('TOOL_ERROR');
      expect(ex.pkg.model_result.execution.outcome).toBe('unknown');
      expect(clock.now() - t0).toBeLessThanOrEqual(5_000);
      expect(world.runs()).toBe(1);
    }
  });

  it('garbage from a write handler is OUTPUT_CONTRACT_VIOLATION: the downstream says nothing started, the record is released, and the plane does not run it again', async () => {
    const { world, run } = setup();
    world.next('garbage');
    const ex = await run(refundCall());
    expect(code(ex)).toBe('OUTPUT_CONTRACT_VIOLATION');
    expect(kinds(ex)).toEqual(['run:OUTPUT_CONTRACT_VIOLATION', 'status_query:-']);
    expect(world.runs()).toBe(1);
    expect(world.sideEffects()).toBe(0);
    // A person (or the model, told to) asks again: a new execute, and the key is free.
    expect((await run(refundCall())).delivery).toBe('fresh');
    expect(world.sideEffects()).toBe(1);
  });
});

describe('retry only within the deadline and the budget', () => {
  it('a connection refused before execute is checked with the downstream, then run again after the retry-after', async () => {
    const { world, clock, run } = setup({ retryAfterMs: 200 });
    world.next('refuse_connection');
    const t0 = clock.now();
    const ex = await run(refundCall());
    expect(ex.delivery).toBe('fresh');
    expect(ex.pkg.model_result.status).toBe('succeeded');
    expect(kinds(ex)).toEqual(['run:TIMEOUT_BEFORE_EXECUTE', 'status_query:-', 'wait:-', 'run:-']);
    expect(clock.now() - t0).toBe(200);
    expect(world.sideEffects()).toBe(1);
  });

  it('a retry-after past the deadline is answered, not waited out: the model reads RATE_LIMIT and its retry_after_ms', async () => {
    const { world, clock, run } = setup({ retryAfterMs: 45_000 });
    world.next('rate_limit');
    const t0 = clock.now();
    const ex = await run(invoiceCall());
    expect(code(ex)).toBe('RATE_LIMIT');
    expect(ex.pkg.model_result.error?.retry_after_ms).toBe(45_000);
    expect(clock.now() - t0).toBe(0);
    expect(world.runs()).toBe(1);
  });

  it('a retry-after within the deadline is waited out on the clock, in no real time', async () => {
    const { world, clock, run } = setup({ retryAfterMs: 20_000 });
    world.next('rate_limit');
    const t0 = clock.now();
    const started = Date.now();
    const ex = await run(invoiceCall());
    expect(ex.pkg.model_result.status).toBe('succeeded');
    expect(clock.now() - t0).toBe(20_000);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('backoff grows 200 × 2ⁿ and the budget stops at max_attempts', async () => {
    const { world, run } = setup({ retryAfterMs: 100, policy: { max_attempts: 3 } });
    world.next('rate_limit', 'rate_limit', 'rate_limit', 'rate_limit');
    const ex = await run(invoiceCall());
    expect(code(ex)).toBe('RATE_LIMIT');
    expect(world.runs()).toBe(3);
    const waits = ex.attempts
      .filter((a) => a.kind === 'wait')
      .map((a) => Date.parse(a.ended_at) - Date.parse(a.started_at));
    expect(waits).toEqual([200, 400]);
  });

  it('a read that hangs is TIMEOUT_BEFORE_EXECUTE at the deadline, and the key is free again', async () => {
    const { world, run } = setup();
    world.next('commit_then_hang');
    const ex = await run(invoiceCall());
    expect(code(ex)).toBe('TIMEOUT_BEFORE_EXECUTE');
    expect((await run(invoiceCall())).delivery).toBe('fresh');
  });
});

describe('authorization is asked again', () => {
  it('a replay to a principal who may no longer see it is NOT_FOUND', async () => {
    let allowed = true;
    const { run } = setup({ allow: () => allowed });
    expect((await run(refundCall())).delivery).toBe('fresh');
    allowed = false;
    expect(code(await run(refundCall()))).toBe('NOT_FOUND');
  });

  it('an authorize that throws is NOT_FOUND, and nothing runs', async () => {
    const { world, run } = setup({
      allow: () => {
        throw new Error('policy service down');
      },
    });
    expect(code(await run(refundCall()))).toBe('NOT_FOUND');
    expect(world.runs()).toBe(0);
  });
});

describe('approval', () => {
  it('holds the call, issues a preview, runs once approved, and an approval is used once', async () => {
    const { world, plane, run } = setup({ approval: true });
    const held = await run(refundCall());
    expect(code(held)).toBe('APPROVAL_REQUIRED');
    expect(held.preview?.arguments).toEqual(refundCall().arguments);
    expect(world.runs()).toBe(0);
    const approval = await plane.approve(held.preview!, { tenant: 'tenant-acme', subject: 'manager-bob' });
    expect(approval.approver_ref).toMatch(/^pr_/);
    const ok = await run({ ...refundCall(), approval });
    expect(ok.pkg.model_result.status).toBe('succeeded');
    // The same approval for a second key: used.
    expect(code(await run({ ...refundCall({}, 'refund-key-0002'), approval }))).toBe('APPROVAL_INVALID');
    expect(world.sideEffects()).toBe(1);
  });

  it('an approval for other arguments is APPROVAL_INVALID; a preview it did not issue, or expired, is refused', async () => {
    const { clock, plane, run } = setup({ approval: true });
    const held = await run(refundCall());
    const approval = await plane.approve(held.preview!, manager);
    expect(code(await run({ ...refundCall({ amount_cents: 9_999 }, 'refund-key-0009'), approval }))).toBe(
      'APPROVAL_INVALID',
    );
    await expect(plane.approve({ ...held.preview!, arguments: { invoice_ref: 'INV-1' } }, manager)).rejects.toThrow(
      ApprovalRefusedError,
    );
    await clock.advance(900_001);
    await expect(plane.approve(held.preview!, manager)).rejects.toThrow(/expired/);
    expect(code(await run({ ...refundCall(), approval }))).toBe('APPROVAL_INVALID');
  });
});

describe('several owners of one key', () => {
  it('concurrent executes of one intent run the handler once; the others wait and replay', async () => {
    const world = billingWorld();
    const clock = virtualClock();
    const store = memoryStore();
    const slow: ToolRuntime = {
      ...world.runtimes.issue_refund,
      run: async (args, ctx) => {
        await clock.sleep(1_000);
        return world.runtimes.issue_refund.run(args, ctx);
      },
    };
    const plane = createControlPlane({
      dispatcher,
      store,
      clock,
      runtimes: { ...world.runtimes, issue_refund: slow },
      authorize: () => true,
    });
    const all = await Promise.all(Array.from({ length: 6 }, () => plane.execute(refundCall())));
    expect(all.map((e) => e.delivery).sort()).toEqual([
      'fresh',
      'local_replay',
      'local_replay',
      'local_replay',
      'local_replay',
      'local_replay',
    ]);
    expect(world.sideEffects()).toBe(1);
  });

  it('a lease that runs out under a slow handler: the late completion is refused and not delivered as fresh', async () => {
    const world = billingWorld({ dedup: true });
    const store = memoryStore();
    // The policy refuses a lease shorter than the deadline, so an owner outlives its lease only when its own time
    // stops: a process paused (SIGSTOP, a frozen VM) while its handler has committed. Its clock is one that does not
    // move; the rest of the world's does.
    const paused = virtualClock({ auto: false });
    const world2 = virtualClock({ start: paused.now() });
    let resume = () => {};
    const resumed = new Promise<void>((r) => (resume = r));
    const stalled: ToolRuntime = {
      ...world.runtimes.issue_refund,
      run: async (args, ctx) => {
        const out = await world.runtimes.issue_refund.run(args, ctx);
        await resumed;
        return out;
      },
    };
    // The lease covers the deadline plus the refund's landing_ms (5 s).
    const policy = { lease_ms: 7_000, deadline_ms: 2_000 };
    const owner = createControlPlane({
      dispatcher,
      store,
      clock: paused,
      policy,
      runtimes: { ...world.runtimes, issue_refund: stalled },
      authorize: () => true,
    });
    const other = createControlPlane({
      dispatcher,
      store,
      clock: world2,
      policy,
      runtimes: world.runtimes,
      authorize: () => true,
    });
    const first = owner.execute(refundCall());
    await world2.advance(7_500);
    const second = await other.execute(refundCall());
    expect(second.delivery).toBe('receipt_reconciled');
    resume();
    const firstDone = await first;
    expect(firstDone.delivery).toBe('local_replay');
    expect(kinds(firstDone)).toEqual(['run:-', 'replay:-']);
    expect(world.sideEffects()).toBe(1);
    expect(world.runs()).toBe(1);
  });
});

describe('the audit log', () => {
  it('one entry per execute, a chain that verifies, and no argument or raw principal in any entry', async () => {
    const { world, plane, run } = setup();
    world.next('commit_then_lose_response');
    const exs = [
      await run(refundCall()),
      await run(refundCall()),
      await run(refundCall({ amount_cents: 1 })),
      await run(invoiceCall()),
    ];
    const entries = await plane.auditEntries();
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(exs.map((e) => e.audit_seq)).toEqual([1, 2, 3, 4]);
    expect(entries.map((e) => e.protected_audit)).toEqual(exs.map((e) => e.pkg.protected_audit));
    expect(verifyAuditChain(entries).ok).toBe(true);
    const text = JSON.stringify(entries);
    for (const secret of ['damaged on arrival', 'tenant-acme', 'user-alice']) expect(text).not.toContain(secret);
    const cp = await plane.checkpoint();
    expect(cp).toMatchObject({ size: 4, head_chain_sha256: entries[3]!.chain_sha256, key_id: null, tag: null });
  });
});

describe('bad input', () => {
  it('refuses, by name, a runtime for no tool, a missing runtime, a write without queryStatus, a bad policy', () => {
    const world = billingWorld();
    const base = { dispatcher, store: memoryStore(), authorize: () => true };
    expect(() =>
      createControlPlane({ ...base, runtimes: { ...world.runtimes, send_email: world.runtimes.get_invoice } }),
    ).toThrow(/runtimes\.send_email/);
    expect(() => createControlPlane({ ...base, runtimes: { get_invoice: world.runtimes.get_invoice } })).toThrow(
      /runtimes\.issue_refund is missing/,
    );
    const { queryStatus: _q, ...noQuery } = world.runtimes.issue_refund;
    expect(() => createControlPlane({ ...base, runtimes: { ...world.runtimes, issue_refund: noQuery } })).toThrow(
      ControlPlaneConfigError,
    );
    expect(() => createControlPlane({ ...base, runtimes: world.runtimes, policy: { lease_ms: -1 } })).toThrow(
      /policy\.lease_ms/,
    );
  });

  it('refuses a lease shorter than the deadline, naming the member, its value and why; the lease equal to the deadline is accepted', () => {
    const world = billingWorld();
    const base = { dispatcher, store: memoryStore(), authorize: () => true, runtimes: world.runtimes };
    const refused = (policy: Record<string, number>, runtimes = world.runtimes) => {
      try {
        createControlPlane({ ...base, runtimes, policy });
      } catch (e) {
        expect(e).toBeInstanceOf(ControlPlaneConfigError);
        return { at: (e as ControlPlaneConfigError).at, message: (e as Error).message };
      }
      return null;
    };
    // The lease of the race test that found 2 duplicates in 24 keys.
    expect(refused({ lease_ms: 5 })).toEqual({
      at: 'policy.lease_ms',
      message:
        'policy.lease_ms is 5, shorter than policy.deadline_ms (30000): the lease must outlast the deadline, so that no second owner can claim the key while the first may still commit',
    });
    expect(refused({ lease_ms: 999, deadline_ms: 1_000 })?.at).toBe('policy.lease_ms');
    // A deadline set alone past the default lease is the member to change.
    expect(refused({ deadline_ms: 60_001 })).toMatchObject({
      at: 'policy.deadline_ms',
      message: expect.stringMatching(
        /^policy\.deadline_ms is 60001, longer than policy\.lease_ms \(60000\): the lease must outlast/,
      ),
    });
    // A runtime's own deadline replaces the policy's for its tool: held to the same lease.
    const slow = { ...world.runtimes, issue_refund: { ...world.runtimes.issue_refund, deadline_ms: 60_001 } };
    expect(refused({}, slow)).toMatchObject({
      at: 'runtimes.issue_refund.deadline_ms',
      message: /is 60001, longer than policy\.lease_ms \(60000\)/,
    });
    // A write's lease covers its deadline plus its landing_ms (the refund's is 5 s): the boundary, for the policy
    // and for a runtime, and one millisecond short of it.
    expect(refused({ lease_ms: 6_000, deadline_ms: 1_000 })).toBeNull();
    expect(refused({ lease_ms: 5_999, deadline_ms: 1_000 })).toEqual({
      at: 'policy.lease_ms',
      message: expect.stringMatching(
        /^policy\.lease_ms is 5999, shorter than issue_refund's deadline \(1000\) plus its landing_ms \(5000\)/,
      ),
    });
    expect(refused({ deadline_ms: 55_000 })).toBeNull();
    expect(
      refused({}, { ...world.runtimes, issue_refund: { ...world.runtimes.issue_refund, deadline_ms: 55_000 } }),
    ).toBeNull();
    expect(
      refused({}, { ...world.runtimes, issue_refund: { ...world.runtimes.issue_refund, deadline_ms: 55_001 } })?.at,
    ).toBe('policy.lease_ms');
  });

  it('a malformed call is a typed, located error; an unknown tool and bad arguments are the dispatcher’s own answers', async () => {
    const { world, plane, run } = setup();
    await expect(plane.execute({ ...refundCall(), principal: { tenant: '', subject: 'x' } })).rejects.toThrow(
      PlaneCallError,
    );
    expect(code(await run({ ...refundCall(), tool: 'send_email' }))).toBe('UNKNOWN_TOOL');
    expect(code(await run(refundCall({ amount_cents: -5 })))).toBe('INVALID_ARGUMENTS');
    expect(world.runs()).toBe(0);
  });

  it('a store that fails answers from the catalog without an entry, never a rejection', async () => {
    const world = billingWorld();
    const store = memoryStore();
    const refused = () => Promise.reject(new Error('connection refused'));
    const broken = { ...store, read: refused, claim: refused, commit: refused };
    const plane = createControlPlane({
      dispatcher,
      store: broken,
      runtimes: world.runtimes,
      clock: virtualClock(),
      authorize: () => true,
    });
    const ex = await plane.execute(refundCall());
    expect(code(ex)).toBe('TIMEOUT_BEFORE_EXECUTE');
    expect(ex.audit_seq).toBeNull();
    expect(world.runs()).toBe(0);
  });
});
