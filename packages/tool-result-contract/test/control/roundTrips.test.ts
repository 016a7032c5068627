/**
 * What one execute asks of its store, counted at the store
 * (docs/control-stores.md#round-trips): each call is one round trip to a SQL
 * store, so a count that goes up is a slower plane on every server. The
 * bench (bench/controlPlane.ts) gates the same counts on PGlite and
 * PostgreSQL, with the statements each store sent.
 */
import { describe, expect, it } from 'vitest';
import { createControlPlane, memoryStore, virtualClock, type ToolRuntime } from '../../src/control/index.ts';
import { billingWorld, dispatcher, invoiceCall, refundCall } from './billing.ts';
import { countingStore } from './countingStore.ts';

function setup(approval = false) {
  const world = billingWorld();
  const counted = countingStore(memoryStore());
  const runtimes: Record<string, ToolRuntime> = { ...world.runtimes };
  if (approval) runtimes.issue_refund = { ...world.runtimes.issue_refund, approval: 'required' };
  const plane = createControlPlane({
    dispatcher,
    store: counted.store,
    runtimes,
    clock: virtualClock(),
    authorize: () => true,
  });
  return { plane, counted };
}

describe('store round trips per execute (memory store)', () => {
  it('a fresh write is a claim and a commit; its replay a claim that finds the record and the entry', async () => {
    const { plane, counted } = setup();
    expect((await plane.execute(refundCall({}, 'rt-write'))).delivery).toBe('fresh');
    expect(counted.take()).toEqual({ claim: 1, commit: 1 });
    expect((await plane.execute(refundCall({}, 'rt-write'))).delivery).toBe('local_replay');
    expect(counted.take()).toEqual({ claim: 1, commit: 1 });
  });

  it('a read costs the same: a claim and a commit, fresh or replayed', async () => {
    const { plane, counted } = setup();
    expect((await plane.execute(invoiceCall('INV-7', 'rt-read'))).delivery).toBe('fresh');
    expect(counted.take()).toEqual({ claim: 1, commit: 1 });
    expect((await plane.execute(invoiceCall('INV-7', 'rt-read'))).delivery).toBe('local_replay');
    expect(counted.take()).toEqual({ claim: 1, commit: 1 });
  });

  it('other arguments under a used key: one claim that finds the record, then the entry', async () => {
    const { plane, counted } = setup();
    await plane.execute(refundCall({}, 'rt-conflict'));
    counted.take();
    const other = await plane.execute(refundCall({ amount_cents: 900 }, 'rt-conflict'));
    expect(other.pkg.model_result.error?.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(counted.take()).toEqual({ claim: 1, commit: 1 });
  });

  it('a tool that needs approval reads first: the approval is asked for only once the key is known to be free', async () => {
    const { plane, counted } = setup(true);
    const held = await plane.execute(refundCall({}, 'rt-approval'));
    expect(held.pkg.model_result.error?.code).toBe('APPROVAL_REQUIRED');
    expect(counted.take()).toEqual({ read: 1, savePreview: 1, commit: 1 });
    const approval = await plane.approve(held.preview!, { tenant: 'tenant-acme', subject: 'manager-bob' });
    counted.take();
    const ok = await plane.execute({ ...refundCall({}, 'rt-approval'), approval });
    expect(ok.delivery).toBe('fresh');
    expect(counted.take()).toEqual({ read: 1, readApproval: 1, claim: 1, commit: 1 });
    expect((await plane.execute(refundCall({}, 'rt-approval'))).delivery).toBe('local_replay');
    expect(counted.take()).toEqual({ read: 1, commit: 1 });
  });
});
