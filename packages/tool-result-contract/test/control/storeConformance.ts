/**
 * The store contract as tests (docs/control-stores.md), one suite that every implementation runs: the memory
 * store, PGlite and a PostgreSQL server each give the same answer to every edge, so the plane may hold any of them.
 */
import { describe, expect } from 'vitest';
import { canonicalize, type JsonValue } from '../../src/core/index.ts';
import {
  GENESIS_CHAIN_SHA256,
  type IdempotencyRecord,
  type RecordChange,
  type Store,
} from '../../src/control/store.ts';
import {
  approvalOf,
  changeOf,
  claimOf,
  complete,
  draftOf,
  expectChain,
  LEASE,
  link,
  pkg,
  PRINCIPAL_REF,
  REQUEST,
  RETAIN,
  scenario,
  T0,
  testOnFreshStore,
  won,
  type StoreHarness,
} from './storeFixtures.ts';
import { leaseConformance } from './leaseConformance.ts';
import { previewConformance } from './previewConformance.ts';
import { seenValuesConformance } from './seenValuesConformance.ts';

export function storeConformance(name: string, make: () => Promise<StoreHarness>): void {
  const withStore = testOnFreshStore(make);

  describe(`store conformance: ${name}`, () => {
    describe('claim', () => {
      withStore('a fresh key is won once; the record is what the claim said, started', async (_h, store) => {
        const claim = claimOf();
        expect(await store.read(claim)).toBeNull();
        const record = await won(store, claim);
        expect(record).toEqual({
          principal_ref: claim.principal_ref,
          idempotency_key: claim.idempotency_key,
          fingerprint: claim.fingerprint,
          tool: claim.tool,
          state: 'started',
          token: claim.token,
          lease_until: claim.lease_until,
          operation_id: claim.operation_id,
          handler_output: null,
          created_at: T0,
          updated_at: T0,
          expires_at: claim.expires_at,
        });
        expect(await store.read(claim)).toEqual(record);
        const again = await store.claim({ ...claim, token: 'tok_other' });
        expect(again).toEqual({ outcome: 'held', record });
        // Scope is the pair: the same key under another principal is another record.
        const other = { ...claim, principal_ref: 'pr_' + 'b'.repeat(64), token: 'tok_b' };
        expect((await store.claim(other)).outcome).toBe('won');
      });

      withStore('of 20 concurrent claims on one key exactly one wins, the rest see its record', async (h, store) => {
        const stores = h.peer === null ? [store] : [store, await h.peer(), await h.peer()];
        const claim = claimOf();
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) => stores[i % stores.length]!.claim({ ...claim, token: `tok_race_${i}` })),
        );
        const winners = results.filter((r) => r.outcome === 'won');
        expect(winners).toHaveLength(1);
        const winner = winners[0]!.outcome === 'won' ? winners[0]!.record : null;
        for (const r of results) if (r.outcome === 'held') expect(r.record).toEqual(winner);
        expect(await store.read(claim)).toEqual(winner);
      });

      withStore('a record of any state is held until it expires, then the key is new', async (_h, store) => {
        const claim = claimOf();
        const first = await won(store, claim);
        const done = await store.commit(changeOf(first, complete()), null, link);
        expect(done.ok).toBe(true);
        const completed = await store.read(claim);
        const late = { ...claim, token: 'tok_late', expires_at: T0 + 5 * RETAIN };
        expect(await store.claim({ ...late, now: completed!.expires_at - 1 })).toEqual({
          outcome: 'held',
          record: completed,
        });
        const fresh = await won(store, { ...late, now: completed!.expires_at, operation_id: 'op_fresh' });
        expect(fresh).toMatchObject({ state: 'started', token: 'tok_late', operation_id: 'op_fresh' });
        expect(fresh).toMatchObject({ handler_output: null, created_at: completed!.expires_at });
        // An unknown record is held as well, however stale its lease, until it expires.
        const u = await won(store, claimOf());
        const next = { kind: 'unknown', next_token: 'tok_fence', expires_at: T0 + RETAIN } as const;
        expect((await store.commit(changeOf(u, next), null, link)).ok).toBe(true);
        const probe = { ...u, token: 'tok_probe', now: T0 + 2 * LEASE, replaces: 'tok_fence' };
        expect((await store.claim(probe)).outcome).toBe('held');
        expect((await store.claim({ ...probe, now: T0 + RETAIN })).outcome).toBe('won');
      });

      withStore('a takeover needs the token it names, started, its lease over, the same intent', async (_h, store) => {
        const claim = claimOf();
        const owner = await won(store, claim);
        const take = { ...claim, token: 'tok_new', operation_id: 'op_new', replaces: owner.token };
        const over = owner.lease_until;
        expect((await store.claim({ ...take, now: over - 1 })).outcome).toBe('held');
        expect((await store.claim({ ...take, now: over, replaces: 'tok_wrong' })).outcome).toBe('held');
        expect((await store.claim({ ...take, now: over, fingerprint: 'f'.repeat(64) })).outcome).toBe('held');
        expect((await store.claim({ ...take, now: over, replaces: undefined })).outcome).toBe('held');
        expect(await store.read(claim)).toEqual(owner);
        const took = await won(store, { ...take, now: over, lease_until: over + LEASE });
        expect(took).toMatchObject({ token: 'tok_new', operation_id: 'op_new', lease_until: over + LEASE });
        // The old owner is fenced off: its completion is refused.
        expect((await store.commit(changeOf(owner, complete(), { now: over }), null, link)).ok).toBe(false);
        // A completed record is never taken over, whatever its lease said.
        const c = await won(store, claimOf());
        await store.commit(changeOf(c, complete()), null, link);
        const steal = { ...c, token: 'tok_steal', replaces: c.token, now: c.lease_until + 1 };
        expect((await store.claim(steal)).outcome).toBe('held');
      });
    });

    describe('approvals', () => {
      withStore('an approval is used by the claim that wins, once', async (_h, store) => {
        const approval = approvalOf();
        await store.saveApproval(approval);
        expect(await store.readApproval(approval.approval_id)).toEqual(approval);
        expect(await store.readApproval('apr_never')).toBeNull();
        const first = claimOf({ approval_id: approval.approval_id });
        expect((await store.claim(first)).outcome).toBe('won');
        expect(await store.readApproval(approval.approval_id)).toEqual({ ...approval, used: true });
        const second = claimOf({ approval_id: approval.approval_id });
        expect(await store.claim(second)).toEqual({ outcome: 'approval_spent' });
        expect(await store.read(second)).toBeNull();
        await expect(store.saveApproval({ ...approval, used: false })).rejects.toThrow();
        expect((await store.readApproval(approval.approval_id))?.used).toBe(true);
      });

      withStore('never issued, for another request, or expired: spent, nothing claimed', async (_h, store) => {
        const other = approvalOf({ request_sha256: 'e'.repeat(64) });
        const old = approvalOf();
        await store.saveApproval(other);
        await store.saveApproval(old);
        for (const [approval_id, now] of [
          ['apr_never', T0],
          [other.approval_id, T0],
          [old.approval_id, old.expires_at_ms],
        ] as const) {
          const claim = claimOf({ approval_id, now });
          expect(await store.claim(claim)).toEqual({ outcome: 'approval_spent' });
          expect(await store.read(claim)).toBeNull();
        }
        expect((await store.readApproval(other.approval_id))?.used).toBe(false);
        const inTime = claimOf({ approval_id: old.approval_id, now: old.expires_at_ms - 1 });
        expect((await store.claim(inTime)).outcome).toBe('won');
      });

      withStore('a held claim leaves its approval unused', async (_h, store) => {
        const approval = approvalOf();
        await store.saveApproval(approval);
        const claim = claimOf();
        await won(store, claim);
        const again = { ...claim, token: 'tok_2', approval_id: approval.approval_id };
        expect((await store.claim(again)).outcome).toBe('held');
        expect((await store.readApproval(approval.approval_id))?.used).toBe(false);
      });

      withStore('two concurrent claims with one approval: one wins', async (h, store) => {
        const other = h.peer === null ? store : await h.peer();
        for (const sameKey of [false, true]) {
          const approval = approvalOf();
          await store.saveApproval(approval);
          const a = claimOf({ approval_id: approval.approval_id });
          const b = sameKey ? { ...a, token: 'tok_b' } : claimOf({ approval_id: approval.approval_id });
          const results = await Promise.all([store.claim(a), other.claim(b)]);
          const outcomes = results.map((r) => r.outcome).sort();
          expect(outcomes).toEqual(sameKey ? ['held', 'won'] : ['approval_spent', 'won']);
          const kept = await Promise.all([store.read(a), store.read(b)]);
          expect(kept.filter((r) => r !== null)).toHaveLength(sameKey ? 2 : 1);
          expect((await store.readApproval(approval.approval_id))?.used).toBe(true);
        }
      });
    });

    describe('commit: the record change', () => {
      withStore('refused on a wrong token, a wrong state, a lease over, a missing record', async (_h, store) => {
        const claim = claimOf();
        const r = await won(store, claim);
        const tries: RecordChange[] = [
          changeOf(r, complete(), { token: 'tok_wrong' }),
          changeOf(r, complete(), { from: 'completed' }),
          changeOf(r, complete(), { from: 'unknown' }),
          changeOf(r, complete(), { now: r.lease_until }),
          changeOf(r, { kind: 'release' }, { now: r.lease_until + 1 }),
          changeOf(r, { kind: 'keep' }, { now: r.lease_until }),
        ];
        for (const change of tries) {
          expect(await store.commit(change, draftOf(1), link)).toEqual({ ok: false, record: r });
        }
        const missing = changeOf(r, complete(), { idempotency_key: 'idem_missing' });
        expect(await store.commit(missing, draftOf(1), link)).toEqual({ ok: false, record: null });
        expect(await store.read(claim)).toEqual(r);
        expect(await store.head()).toEqual({ size: 0, head_chain_sha256: GENESIS_CHAIN_SHA256 });
        expect(await store.entries()).toEqual([]);
        // The last moment of the lease is still the owner's.
        expect((await store.commit(changeOf(r, complete(), { now: r.lease_until - 1 }), null, link)).ok).toBe(true);
      });

      withStore(
        'complete keeps the token and stores the output; unknown fences with a new token',
        async (_h, store) => {
          const output = { order_ref: 'ORDER-7', nested: { list: [1, 'two', null, { '😀': '订单' }] } };
          const a = await won(store, claimOf());
          const res = await store.commit(changeOf(a, complete(output)), null, link);
          expect(res).toEqual({ ok: true, entry: null });
          const done = await store.read(a);
          expect(done).toEqual({
            ...a,
            state: 'completed',
            handler_output: output,
            updated_at: T0 + 1000,
            expires_at: T0 + 1000 + RETAIN,
          });
          expect(JSON.stringify(done?.handler_output)).toBe(JSON.stringify(output));
          // The owner fenced off while its lease runs, then (as a status query finds it) completed under the new token.
          const b = await won(store, claimOf());
          const fence = { kind: 'unknown', next_token: 'tok_fence', expires_at: T0 + 2 * RETAIN } as const;
          expect((await store.commit(changeOf(b, fence), null, link)).ok).toBe(true);
          const u = await store.read(b);
          expect(u).toEqual({
            ...b,
            state: 'unknown',
            token: 'tok_fence',
            updated_at: T0 + 1000,
            expires_at: fence.expires_at,
          });
          expect((await store.commit(changeOf(b, complete()), null, link)).ok).toBe(false);
          expect((await store.commit(changeOf(u!, complete(), { now: T0 + 5 * LEASE }), null, link)).ok).toBe(true);
          expect((await store.read(b))?.state).toBe('completed');
          // A started record whose lease ran out may still be marked unknown: that is how a dead owner is fenced off.
          const c = await won(store, claimOf());
          const late = changeOf(c, { ...fence, next_token: 'tok_fence_c' }, { now: c.lease_until + 1 });
          expect((await store.commit(late, null, link)).ok).toBe(true);
          expect(await store.read(c)).toMatchObject({ state: 'unknown', token: 'tok_fence_c', handler_output: null });
        },
      );

      withStore('release removes the record; keep only checks it', async (_h, store) => {
        const a = await won(store, claimOf());
        expect((await store.commit(changeOf(a, { kind: 'keep' }), draftOf(1), link)).ok).toBe(true);
        expect(await store.read(a)).toEqual(a);
        expect((await store.commit(changeOf(a, { kind: 'keep' }, { token: 'x' }), draftOf(2), link)).ok).toBe(false);
        expect((await store.head()).size).toBe(1);
        const released = await store.commit(changeOf(a, { kind: 'release' }), draftOf(2), link);
        expect(released).toMatchObject({ ok: true, entry: { seq: 2 } });
        expect(await store.read(a)).toBeNull();
        expect((await store.claim({ ...a, token: 'tok_again', now: T0 + 2000 })).outcome).toBe('won');
        expect(await store.commit(null, null, link)).toEqual({ ok: true, entry: null });
        expect((await store.head()).size).toBe(2);
      });
    });

    describe('commit: the audit entry', () => {
      withStore('the record change and its entry: both or neither (a link that throws)', async (_h, store) => {
        const a = await won(store, claimOf());
        const boom = (): string => {
          throw new Error('link failed');
        };
        await expect(store.commit(changeOf(a, complete()), draftOf(1), boom)).rejects.toThrow('link failed');
        await expect(store.commit(changeOf(a, { kind: 'release' }), draftOf(1), boom)).rejects.toThrow();
        expect(await store.read(a)).toEqual(a);
        expect(await store.entries()).toEqual([]);
        expect(await store.head()).toEqual({ size: 0, head_chain_sha256: GENESIS_CHAIN_SHA256 });
        const res = await store.commit(changeOf(a, complete()), draftOf(1), link);
        expect(res).toMatchObject({ ok: true, entry: { seq: 1, prev_chain_sha256: GENESIS_CHAIN_SHA256 } });
        expect((await store.read(a))?.state).toBe('completed');
      });

      withStore('a commit the database refuses halfway leaves the record as it was', async (h, store) => {
        if (h.storage === null) return; // in memory nothing can fail between the record and the entry
        const a = await won(store, claimOf());
        // A row at the next seq that the head does not know of: the entry's INSERT fails after the record's UPDATE.
        await h.storage.exec(`INSERT INTO trc_audit_entries VALUES (1, 'x', '{}', '[]', 'p', 'c')`);
        await expect(store.commit(changeOf(a, complete()), draftOf(1), link)).rejects.toThrow();
        expect(await store.read(a)).toEqual(a);
        expect(await store.head()).toEqual({ size: 0, head_chain_sha256: GENESIS_CHAIN_SHA256 });
      });

      withStore('concurrent commits get seq 1.. without gaps, one chain', async (h, store) => {
        const stores = h.peer === null ? [store] : [store, await h.peer(), await h.peer()];
        const records = await Promise.all(Array.from({ length: 10 }, () => won(store, claimOf())));
        const commits = Array.from({ length: 30 }, (_, i) => {
          const s = stores[i % stores.length]!;
          const r = records[i];
          return s.commit(r === undefined ? null : changeOf(r, complete({ i })), draftOf(i, { i }), link);
        });
        const results = await Promise.all(commits);
        expect(results.every((r) => r.ok)).toBe(true);
        const seqs = results.map((r) => (r.ok ? r.entry?.seq : 0)).sort((x, y) => (x ?? 0) - (y ?? 0));
        expect(seqs).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
        const entries = await store.entries();
        expectChain(entries, 30);
        for (const r of results) if (r.ok) expect(entries[r.entry!.seq - 1]).toEqual(r.entry);
        for (const r of records) expect((await store.read(r))?.state).toBe('completed');
        const last = entries.at(-1)!;
        for (const s of stores) expect(await s.head()).toEqual({ size: 30, head_chain_sha256: last.chain_sha256 });
      });

      withStore('entries come back exactly as appended', async (_h, store) => {
        const odd = {
          unicode: ['订单 😀 é', '\u2028\u2029', 'tab\tquote"back\\slash', '\u0000\u001f', 'ﬀ Å Å'],
          nested: { z: { y: [[], {}, [1, [2, [3]]]], a: null }, numbers: [0, 1e21, 0.1, -5e-7, 2 ** 53 - 1] },
          order: { b: 1, a: 2, '10': 3, '': 4 },
        };
        const drafts = [draftOf(1), draftOf(2, odd)];
        const before = drafts.map((d) => canonicalize(d as unknown as JsonValue));
        const appended: Awaited<ReturnType<Store['commit']>>[] = [];
        for (const d of drafts) appended.push(await store.commit(null, d, link));
        expect(drafts.map((d) => canonicalize(d as unknown as JsonValue))).toEqual(before);
        const entries = await store.entries();
        expectChain(entries, 2);
        entries.forEach((e, i) => {
          const { seq: _s, prev_chain_sha256: _p, chain_sha256: _c, ...draft } = e;
          expect(canonicalize(draft as unknown as JsonValue)).toBe(before[i]);
          expect(JSON.stringify(draft)).toBe(JSON.stringify(drafts[i]));
          expect(appended[i]).toEqual({ ok: true, entry: e });
        });
      });

      withStore('entries(from, to) and head', async (_h, store) => {
        expect(await store.head()).toEqual({ size: 0, head_chain_sha256: GENESIS_CHAIN_SHA256 });
        for (let i = 1; i <= 5; i += 1) await store.commit(null, draftOf(i), link);
        const all = await store.entries();
        expectChain(all, 5);
        expect(await store.head()).toEqual({ size: 5, head_chain_sha256: all[4]!.chain_sha256 });
        const seqs = async (from?: number, to?: number) => (await store.entries(from, to)).map((e) => e.seq);
        expect(await seqs(2, 4)).toEqual([2, 3, 4]);
        expect(await seqs(4)).toEqual([4, 5]);
        expect(await seqs(undefined, 2)).toEqual([1, 2]);
        expect(await seqs(3, 3)).toEqual([3]);
        expect(await seqs(4, 2)).toEqual([]);
        expect(await seqs(6)).toEqual([]);
        expect(await seqs(0, 1)).toEqual([1]);
      });

      withStore('an append after another process moved the head links to the real head', async (h, store) => {
        if (h.peer === null) return; // one process: there is no other writer to move it
        const other = await h.peer();
        const first = await store.commit(null, draftOf(1), link);
        const before = other.roundTrips();
        const second = await other.commit(null, draftOf(2), link);
        expect(other.roundTrips() - before).toBe(2); // told the head, then sent again
        expect(second).toMatchObject({ ok: true, entry: { seq: 2 } });
        if (first.ok && second.ok) expect(second.entry?.prev_chain_sha256).toBe(first.entry?.chain_sha256);
        const third = other.roundTrips();
        await other.commit(null, draftOf(3), link);
        expect(other.roundTrips() - third).toBe(1);
        expectChain(await store.entries(), 3);
      });
    });

    describe('previews', () => previewConformance(withStore));
    describe('the lease of an unknown record', () => leaseConformance(withStore));
    describe('seen values', () => seenValuesConformance(withStore));

    describe('prune, copies, storage', () => {
      withStore('prune removes what expired at now and never an entry', async (_h, store) => {
        const soon = await won(store, claimOf({ expires_at: T0 + 10 }));
        const later = await won(store, claimOf({ expires_at: T0 + 20 }));
        const p = (c: string, at: number) => ({
          preview_sha256: c.repeat(64),
          request_sha256: REQUEST,
          tool: 't',
          expires_at: at,
          requester_ref: PRINCIPAL_REF,
        });
        await store.savePreview(p('1', T0 + 10));
        await store.savePreview(p('2', T0 + 20));
        const a1 = approvalOf({ expires_at_ms: T0 + 10 });
        const a2 = approvalOf({ expires_at_ms: T0 + 20 });
        await store.saveApproval(a1);
        await store.saveApproval(a2);
        for (let i = 1; i <= 3; i += 1) await store.commit(null, draftOf(i), link);
        const entries = await store.entries();
        expect(await store.prune(T0 + 9)).toBe(0);
        expect(await store.prune(T0 + 10)).toBe(1);
        expect(await store.read(soon)).toBeNull();
        expect(await store.read(later)).toEqual(later);
        expect(await store.readPreview('1'.repeat(64))).toBeNull();
        expect(await store.readPreview('2'.repeat(64))).not.toBeNull();
        expect((await store.pendingPreview(REQUEST, T0))?.preview_sha256).toBe('2'.repeat(64));
        expect(await store.readApproval(a1.approval_id)).toBeNull();
        expect(await store.readApproval(a2.approval_id)).toEqual(a2);
        expect(await store.prune(T0 + 10 * RETAIN)).toBe(1);
        expect(await store.entries()).toEqual(entries);
        expect((await store.head()).size).toBe(3);
      });

      withStore('what goes in or comes out is a copy', async (_h, store) => {
        const claim = claimOf();
        const r = await won(store, claim);
        r.state = 'completed';
        const output: { [k: string]: JsonValue } = { a: { b: 1 } };
        const draft = draftOf(1);
        const res = await store.commit(changeOf({ ...r, state: 'started' }, complete(output)), draft, link);
        output.a = 'changed';
        draft.attempts.push({ n: 2, kind: 'wait', started_at: 'x', ended_at: 'y', code: null });
        if (res.ok) res.entry!.protected_audit.principal_ref = 'changed';
        const read = await store.read(claim);
        expect(read?.handler_output).toEqual({ a: { b: 1 } });
        (read!.handler_output as { a: JsonValue }).a = 'changed';
        expect((await store.read(claim))?.handler_output).toEqual({ a: { b: 1 } });
        const [entry] = await store.entries();
        expect(entry?.attempts).toHaveLength(1);
        expect(entry?.protected_audit.principal_ref).toBe(PRINCIPAL_REF);
        expectChain(await store.entries(), 1);
      });

      withStore('no raw tenant, subject or argument is stored', async (h, store) => {
        const approval = approvalOf();
        await store.saveApproval(approval);
        const r = await won(store, claimOf({ approval_id: approval.approval_id }));
        await store.commit(changeOf(r, complete(pkg.model_result as unknown as JsonValue)), draftOf(1), link);
        // A preview keeps who asked as a reference, never the ids.
        const preview_sha256 = '7'.repeat(64);
        await store.savePreview({
          preview_sha256,
          request_sha256: REQUEST,
          tool: 'issue_refund',
          expires_at: T0 + 1,
          requester_ref: PRINCIPAL_REF,
        });
        const seen = JSON.stringify([
          await store.read(r),
          await store.entries(),
          await store.readApproval(approval.approval_id),
          await store.readPreview(preview_sha256),
        ]);
        const raw = [scenario.context.principal.tenant, scenario.context.principal.subject];
        for (const value of raw) expect(seen).not.toContain(value);
        if (h.storage === null) return;
        const columns = await h.storage.columns();
        expect(columns).toContain('principal_ref');
        for (const c of columns) expect(c).not.toMatch(/tenant|subject|argument|secret|^principal$|^key$/);
        const dump = await h.storage.dump();
        expect(dump).toContain(PRINCIPAL_REF);
        for (const value of raw) expect(dump).not.toContain(value);
      });

      withStore('round trips: every statement counted, none for memory', async (_h, store) => {
        const trips: Record<string, number> = { setup: store.roundTrips() };
        const sql = store.kind !== 'memory';
        const want: Record<string, number> = { setup: sql ? 1 : 0 };
        /** Runs `op` and notes its statements beside the number a SQL store must send for it. */
        const count = async (what: string, statements: number, op: () => Promise<unknown>) => {
          const before = store.roundTrips();
          await op();
          trips[what] = store.roundTrips() - before;
          want[what] = sql ? statements : 0;
        };
        const claim = claimOf();
        let r: IdempotencyRecord | null = null;
        await count('claim', 1, async () => (r = await won(store, claim)));
        await count('commit', 1, () => store.commit(changeOf(r!, complete()), draftOf(1), link));
        await count('read', 1, () => store.read(claim));
        const keepIt = changeOf(r!, { kind: 'keep' }, { from: 'completed' });
        await count('commit_change', 1, () => store.commit(keepIt, null, link));
        await count('commit_nothing', 0, () => store.commit(null, null, link));
        await count('entries', 1, () => store.entries());
        await count('head', 1, () => store.head());
        await count('prune', 1, () => store.prune(T0));
        await count('refused', 1, () => store.commit(changeOf(r!, complete(), { token: 'x' }), draftOf(2), link));
        const approval = approvalOf();
        await count('saveApproval', 1, () => store.saveApproval(approval));
        await count('readApproval', 1, () => store.readApproval(approval.approval_id));
        await count('claim_approved', 1, () => won(store, claimOf({ approval_id: approval.approval_id })));
        const preview = {
          preview_sha256: 'd'.repeat(64),
          request_sha256: REQUEST,
          tool: 't',
          expires_at: T0,
          requester_ref: PRINCIPAL_REF,
        };
        await count('savePreview', 1, () => store.savePreview(preview));
        await count('readPreview', 1, () => store.readPreview(preview.preview_sha256));
        await count('pendingPreview', 1, () => store.pendingPreview(REQUEST, T0));
        // Appends of one process wait for each other instead of racing for the head: one statement each.
        const five = () => Promise.all([2, 3, 4, 5, 6].map((i) => store.commit(null, draftOf(i), link)));
        await count('appends_5', 5, five);
        expect(trips).toEqual(want);
        expectChain(await store.entries(), 6);
        console.info(
          `[stores] ${name}: fresh write = claim ${trips.claim} + commit ${trips.commit}; replay read ${trips.read}`,
        );
      });
    });
  });
}
