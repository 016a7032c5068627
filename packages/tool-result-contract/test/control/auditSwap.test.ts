/**
 * A limit of `audit verify` (docs/audit-log.md#what-verify-cannot-find): two stores whose planes
 * share one audit key write two logs that each verify under it, and nothing in an entry names the
 * store it was written to. So one store's whole log put in the other's place verifies without a
 * checkpoint; the checkpoint of the store it replaced, kept elsewhere, finds it. Pinned here so a
 * change in either direction is a change to the page.
 */
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/core/index.ts';
import { createControlPlane, memoryStore, verifyAuditChain } from '../../src/control/index.ts';
import { billingWorld, getInvoice, invoiceCall } from './billing.ts';

const KEY = { id: 'audit-key-shared', secret: '7e'.repeat(32) };

/** A plane over a store of its own, under the shared key, that has answered `n` reads. */
async function storeWithLog(n: number, prefix: string) {
  const world = billingWorld();
  const plane = createControlPlane({
    dispatcher: createDispatcher({ tools: [getInvoice] }),
    store: memoryStore(),
    runtimes: { get_invoice: world.runtimes.get_invoice },
    authorize: () => true,
    key: KEY,
  });
  for (let i = 1; i <= n; i++)
    await plane.execute(invoiceCall(`INV-${prefix}${i}`, `${prefix}-key-${i}`.padEnd(16, '0')));
  return { entries: await plane.auditEntries(), checkpoint: await plane.checkpoint() };
}

describe('a whole log swapped for another store’s log under the same key', () => {
  it('verifies without a checkpoint; the checkpoint of the store it replaced finds it', async () => {
    const ours = await storeWithLog(4, 'ours');
    const theirs = await storeWithLog(4, 'theirs');
    expect(verifyAuditChain(ours.entries, { key: KEY, checkpoint: ours.checkpoint }).ok).toBe(true);
    expect(theirs.entries).not.toEqual(ours.entries);
    // The other store's log in our store's place: every link recomputes under the shared key.
    expect(verifyAuditChain(theirs.entries, { key: KEY })).toEqual({ ok: true, checked: 4, broken: null });
    expect(verifyAuditChain(theirs.entries, { key: KEY, checkpoint: ours.checkpoint })).toEqual({
      ok: false,
      checked: 4,
      broken: { seq: 4, reason: 'CHECKPOINT_MISMATCH' },
    });
    // A shorter log from the other store is found at the first seq it lacks.
    expect(verifyAuditChain(theirs.entries.slice(0, 3), { key: KEY, checkpoint: ours.checkpoint }).broken).toEqual({
      seq: 4,
      reason: 'SHORTER_THAN_CHECKPOINT',
    });
  });
});
