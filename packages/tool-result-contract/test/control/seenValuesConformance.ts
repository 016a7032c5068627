/**
 * The store contract's seen values as tests (docs/argument-provenance.md), run
 * by the conformance suite (./storeConformance.ts) on every store: digests are
 * kept per conversation with their trust and first source, found while
 * unexpired, and pruned after.
 */
import { expect } from 'vitest';
import type { SeenValue } from '../../src/control/store.ts';
import { PRINCIPAL_REF, T0, type testOnFreshStore } from './storeFixtures.ts';

const d = (c: string) => c.repeat(64);
const untrusted = (digest: string, operation_id: string): SeenValue => ({
  digest,
  trust: 'untrusted',
  tool: 'read_file',
  operation_id,
});
const trusted = (digest: string): SeenValue => ({ digest, trust: 'trusted', tool: null, operation_id: null });
const sort = (v: SeenValue[]) => [...v].sort((a, b) => (a.digest + a.trust < b.digest + b.trust ? -1 : 1));

export function seenValuesConformance(withStore: ReturnType<typeof testOnFreshStore>): void {
  const conv = { principal_ref: PRINCIPAL_REF, conversation_ref: 'conv-1' };

  withStore('seen values: per conversation, each trust kept, the first source kept', async (_h, store) => {
    expect(await store.seenValues(conv, [d('a')], T0)).toEqual([]);
    await store.noteValues(conv, [untrusted(d('a'), 'op_1'), untrusted(d('b'), 'op_1')], T0 + 100);
    // Noted again by a later call, and twice in one note: the first source stays, one row each.
    await store.noteValues(conv, [untrusted(d('a'), 'op_2'), untrusted(d('a'), 'op_2')], T0 + 200);
    await store.noteValues(conv, [trusted(d('b'))], T0 + 100);
    expect(sort(await store.seenValues(conv, [d('a'), d('b'), d('c'), d('a')], T0))).toEqual(
      sort([untrusted(d('a'), 'op_1'), untrusted(d('b'), 'op_1'), trusted(d('b'))]),
    );
    // Another conversation, or the same conversation of another principal, saw nothing.
    expect(await store.seenValues({ ...conv, conversation_ref: 'conv-2' }, [d('a')], T0)).toEqual([]);
    expect(await store.seenValues({ ...conv, principal_ref: 'pr_' + 'f'.repeat(64) }, [d('a')], T0)).toEqual([]);
    expect(await store.seenValues(conv, [], T0)).toEqual([]);
    await store.noteValues(conv, [], T0 + 100);
  });

  withStore(
    'seen values: expired at `now` is gone; a later note moves the expiry on; prune removes',
    async (_h, store) => {
      await store.noteValues(conv, [untrusted(d('a'), 'op_1'), untrusted(d('b'), 'op_1')], T0 + 100);
      await store.noteValues(conv, [untrusted(d('a'), 'op_2')], T0 + 300);
      expect(await store.seenValues(conv, [d('a'), d('b')], T0 + 100)).toEqual([untrusted(d('a'), 'op_1')]);
      // An earlier expiry never shortens a longer one.
      await store.noteValues(conv, [untrusted(d('a'), 'op_3')], T0 + 50);
      expect(await store.seenValues(conv, [d('a')], T0 + 299)).toEqual([untrusted(d('a'), 'op_1')]);
      await store.prune(T0 + 300);
      await store.noteValues(conv, [untrusted(d('b'), 'op_4')], T0 + 400);
      // b was pruned: noted again, its source is the new call.
      expect(await store.seenValues(conv, [d('a'), d('b')], T0 + 300)).toEqual([untrusted(d('b'), 'op_4')]);
    },
  );
}
