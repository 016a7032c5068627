/**
 * The store contract's lease of an `unknown` record as tests (docs/control-stores.md), run by the conformance
 * suite (./storeConformance.ts) on every store: a fence to `unknown` may set the lease's end, until which a run of
 * the key may still land (docs/control-plane.md#in-flight-writes); without one it keeps the lease it had.
 */
import { expect } from 'vitest';
import { changeOf, claimOf, complete, link, RETAIN, T0, won, type testOnFreshStore } from './storeFixtures.ts';

export function leaseConformance(withStore: ReturnType<typeof testOnFreshStore>): void {
  withStore(
    'unknown sets the lease end when given one, keeps it when not; its holder may still complete it',
    async (_h, store) => {
      const a = await won(store, claimOf());
      const kept = { kind: 'unknown', next_token: 'tok_kept', expires_at: T0 + RETAIN } as const;
      expect((await store.commit(changeOf(a, kept), null, link)).ok).toBe(true);
      expect((await store.read(a))?.lease_until).toBe(a.lease_until);
      // The owner's run settled: it ends the lease where its request can no longer land, under the same token.
      const ended = { kind: 'unknown', next_token: 'tok_kept', expires_at: T0 + RETAIN, lease_until: T0 + 7 } as const;
      const settled = changeOf({ ...a, token: 'tok_kept', state: 'unknown' }, ended);
      expect((await store.commit(settled, null, link)).ok).toBe(true);
      expect(await store.read(a)).toMatchObject({ state: 'unknown', token: 'tok_kept', lease_until: T0 + 7 });
      // A fence may also lengthen it: an abort that came late covers a request sent just before it.
      const b = await won(store, claimOf({ idempotency_key: 'key-lease-b' }));
      const longer = {
        kind: 'unknown',
        next_token: 'tok_b',
        expires_at: T0 + RETAIN,
        lease_until: b.lease_until + 5,
      } as const;
      expect((await store.commit(changeOf(b, longer), null, link)).ok).toBe(true);
      expect((await store.read(b))?.lease_until).toBe(b.lease_until + 5);
      // The token's holder completes it late: its handler's success landed after all.
      const late = changeOf({ ...b, token: 'tok_b', state: 'unknown' }, complete({ late: true }));
      expect((await store.commit(late, null, link)).ok).toBe(true);
      expect(await store.read(b)).toMatchObject({ state: 'completed', handler_output: { late: true } });
    },
  );
}
