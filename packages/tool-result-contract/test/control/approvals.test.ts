/**
 * Four eyes and a paused call resumed (docs/control-plane.md#approval): the
 * principal a call was made as cannot approve it unless `policy.self_approval`
 * says so, and `pendingApproval` finds the preview of a request digest from
 * the plane's own store. On the memory store with a virtual clock.
 */
import { describe, expect, it } from 'vitest';
import {
  ApprovalRefusedError,
  ControlPlaneConfigError,
  DEFAULT_POLICY,
  createControlPlane,
  memoryStore,
  virtualClock,
  type Execution,
  type PlaneCall,
  type ToolRuntime,
} from '../../src/control/index.ts';
import { alice, billingWorld, dispatcher, refundCall } from './billing.ts';

/** Another person in alice's tenant: the one who approves what alice's agent asks for. */
const manager = { tenant: 'tenant-acme', subject: 'manager-bob' };

function setup(opts: { approval?: boolean; policy?: Record<string, number | boolean> } = {}) {
  const world = billingWorld();
  const clock = virtualClock();
  const store = memoryStore();
  const runtimes: Record<string, ToolRuntime> = { ...world.runtimes };
  if (opts.approval) runtimes.issue_refund = { ...world.runtimes.issue_refund, approval: 'required' };
  const plane = createControlPlane({ dispatcher, store, runtimes, clock, policy: opts.policy, authorize: () => true });
  const run = async (call: PlaneCall) => {
    const ex = await plane.execute(call);
    expect(dispatcher.validateResult(ex.pkg, ex.trusted)).toEqual({ ok: true, violations: [] });
    return ex;
  };
  return { world, clock, store, plane, run };
}

const code = (ex: Execution) => ex.pkg.model_result.error?.code ?? null;

describe('four eyes', () => {
  it('four eyes: the principal the call was made as cannot approve it, saying why; another person can', async () => {
    const { world, plane, run, store } = setup({ approval: true });
    const held = await run(refundCall());
    const refused = await plane.approve(held.preview!, alice).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApprovalRefusedError);
    expect(refused).toMatchObject({
      reason: 'self_approval',
      message: expect.stringMatching(/the agent's own principal cannot approve the call it asked for/),
    });
    // The preview keeps who asked as a reference, never the ids; nothing was approved.
    const stored = await store.pendingPreview(held.preview!.request_sha256, 0);
    expect(stored?.requester_ref).toMatch(/^pr_/);
    expect(JSON.stringify(stored)).not.toContain(alice.subject);
    expect(code(await run(refundCall()))).toBe('APPROVAL_REQUIRED');
    // Same subject in another tenant, or another subject in the same tenant: another principal.
    for (const other of [{ ...alice, tenant: 'tenant-other' }, manager]) {
      const approval = await plane.approve(held.preview!, other);
      expect(approval.approver_ref).not.toBe(stored?.requester_ref);
    }
    const approval = await plane.approve(held.preview!, manager);
    expect((await run({ ...refundCall(), approval })).pkg.model_result.status).toBe('succeeded');
    expect(world.sideEffects()).toBe(1);
  });

  it("policy.self_approval: true lets the call's own principal approve it", async () => {
    const { world, plane, run } = setup({ approval: true, policy: { self_approval: true } });
    const held = await run(refundCall());
    const approval = await plane.approve(held.preview!, alice);
    expect((await run({ ...refundCall(), approval })).pkg.model_result.status).toBe('succeeded');
    expect(world.sideEffects()).toBe(1);
  });

  it('a preview stored without its requester (before SQL migration 2) is refused unless self-approval is allowed', async () => {
    for (const self_approval of [false, true]) {
      const { plane, run, store } = setup({ approval: true, policy: { self_approval } });
      const held = await run(refundCall());
      // What a preview kept from before the requester was stored reads as.
      const original = store.readPreview.bind(store);
      store.readPreview = async (digest) => {
        const p = await original(digest);
        return p === null ? null : { ...p, requester_ref: null };
      };
      const answer = await plane.approve(held.preview!, manager).catch((e: unknown) => e);
      if (self_approval) expect(answer).toMatchObject({ approver_ref: expect.stringMatching(/^pr_/) });
      else expect(answer).toMatchObject({ reason: 'requester_unknown', message: expect.stringMatching(/again/) });
    }
  });

  it('policy.self_approval must be true or false (false by default); the other members stay integers', () => {
    const world = billingWorld();
    const base = { dispatcher, store: memoryStore(), authorize: () => true, runtimes: world.runtimes };
    const refusal = (policy: Record<string, unknown>) => {
      try {
        createControlPlane({ ...base, policy: policy as never });
      } catch (e) {
        expect(e).toBeInstanceOf(ControlPlaneConfigError);
        return { at: (e as ControlPlaneConfigError).at, message: (e as Error).message };
      }
      return null;
    };
    expect(DEFAULT_POLICY.self_approval).toBe(false);
    expect(refusal({ self_approval: 'false' })).toEqual({
      at: 'policy.self_approval',
      message: 'policy.self_approval must be true or false, not "false"',
    });
    for (const value of [1, 0, null, {}]) expect(refusal({ self_approval: value })?.at).toBe('policy.self_approval');
    expect(refusal({ deadline_ms: true })).toMatchObject({ at: 'policy.deadline_ms', message: /non-negative integer/ });
    expect(refusal({ self_approval: true })).toBeNull();
    expect(refusal({ self_approval: false, retention_ms: 1_000 })).toBeNull();
  });
});

describe('pendingApproval', () => {
  it('pendingApproval: the issued, unexpired preview of a request digest as stored, never its arguments; a caller resumes from it', async () => {
    const { clock, plane, run } = setup({ approval: true });
    expect(await plane.pendingApproval('0'.repeat(64))).toBeNull();
    await clock.advance(1_000);
    const held = await run(refundCall());
    const digest = held.pkg.protected_audit.binding.request_sha256;
    expect(held.preview?.request_sha256).toBe(digest);
    const pending = await plane.pendingApproval(digest);
    expect(pending).toEqual({ request_sha256: digest, tool: 'issue_refund', expires_at: held.preview!.expires_at });
    expect(Object.keys(pending!).sort()).toEqual(['expires_at', 'request_sha256', 'tool']);
    // Asked again later: a new preview, and the pending one is the last issued.
    await clock.advance(60_000);
    const again = await run(refundCall());
    expect((await plane.pendingApproval(digest))?.expires_at).toBe(again.preview!.expires_at);
    expect(again.preview!.expires_at).not.toBe(held.preview!.expires_at);
    // The adapter that paused the call kept its arguments: with them, the stored preview is the one issued.
    const approval = await plane.approve({ ...pending!, arguments: refundCall().arguments }, manager);
    expect((await run({ ...refundCall(), approval })).pkg.model_result.status).toBe('succeeded');
    await expect(plane.pendingApproval('not a digest')).rejects.toThrow(/64 lowercase hex/);
    // Expired at its expires_at: none pending.
    await clock.advance(Date.parse(again.preview!.expires_at) - clock.now() - 1);
    expect(await plane.pendingApproval(digest)).not.toBeNull();
    await clock.advance(1);
    expect(await plane.pendingApproval(digest)).toBeNull();
  });
});
