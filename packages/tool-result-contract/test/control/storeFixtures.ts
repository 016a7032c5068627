/**
 * What the store conformance suite (test/control/storeConformance.ts) builds
 * its calls from: a real scenario's protected_audit and request digest, fresh
 * keys per call, and the chain check every log must pass.
 */
import { expect, it } from 'vitest';
import { principalRef, project, type JsonValue } from '../../src/core/index.ts';
import { chainLinkFor, chainSha256 } from '../../src/control/auditLink.ts';
import {
  GENESIS_CHAIN_SHA256,
  type AuditDraft,
  type Claim,
  type IdempotencyRecord,
  type RecordChange,
  type Store,
  type StoredApproval,
} from '../../src/control/store.ts';
import { findScenario, chapterTools } from '../../../../src/chapter/index.ts';

export interface StoreHarness {
  store: Store;
  /** A second store over the same data, as another process opens it; null where no other process can share it. */
  peer: (() => Promise<Store>) | null;
  /** What a look at the storage itself finds (SQL stores): the tables' column names and every row as text. */
  storage: {
    columns(): Promise<string[]>;
    dump(): Promise<string>;
    /** Runs SQL beside the store, on its schema: what a broken or hostile writer could do. */
    exec(sql: string): Promise<void>;
  } | null;
  dispose(): Promise<void>;
}

export const scenario = findScenario('get_order.paid')!;
export const pkg = project(scenario.handler_output, scenario.context, chapterTools);
export const PRINCIPAL_REF = principalRef(scenario.context.principal, undefined);
export const REQUEST = pkg.protected_audit.binding.request_sha256;
export const link = chainLinkFor(undefined);
export const T0 = Date.UTC(2026, 6, 19);
export const LEASE = 60_000;
export const RETAIN = 86_400_000;

let keys = 0;
export function claimOf(over: Partial<Claim> = {}): Claim {
  keys += 1;
  return {
    principal_ref: PRINCIPAL_REF,
    idempotency_key: `idem_${keys}`,
    fingerprint: REQUEST,
    tool: scenario.context.tool,
    operation_id: `op_${keys}`,
    token: `tok_${keys}_a`,
    now: T0,
    lease_until: T0 + LEASE,
    expires_at: T0 + RETAIN,
    ...over,
  };
}

export function draftOf(n: number, extra: Record<string, JsonValue> = {}): AuditDraft {
  const protected_audit = { ...structuredClone(pkg.protected_audit), ...extra } as AuditDraft['protected_audit'];
  const attempts: AuditDraft['attempts'] = [
    { n: 1, kind: 'run', started_at: '2026-07-19T00:00:01Z', ended_at: '2026-07-19T00:00:02Z', code: null },
  ];
  return { at: new Date(T0 + n * 1000).toISOString().replace('.000Z', 'Z'), protected_audit, attempts };
}

export function changeOf(
  r: IdempotencyRecord,
  change: RecordChange['change'],
  over: Partial<RecordChange> = {},
): RecordChange {
  const scope = { principal_ref: r.principal_ref, idempotency_key: r.idempotency_key };
  return { ...scope, token: r.token, from: r.state, now: T0 + 1000, change, ...over };
}

export const complete = (output: JsonValue = { order: 'ORDER-7' }): RecordChange['change'] => ({
  kind: 'complete',
  handler_output: output,
  expires_at: T0 + 1000 + RETAIN,
});

export function approvalOf(over: Partial<StoredApproval> = {}): StoredApproval {
  keys += 1;
  return {
    approval_id: `apr_${keys}`,
    request_sha256: REQUEST,
    tool: scenario.context.tool,
    approver_ref: 'pr_' + 'a'.repeat(64),
    expires_at: '2026-07-19T00:15:00Z',
    expires_at_ms: T0 + 900_000,
    used: false,
    ...over,
  };
}

export async function won(store: Store, claim: Claim): Promise<IdempotencyRecord> {
  const r = await store.claim(claim);
  if (r.outcome !== 'won') throw new Error(`claim ${claim.idempotency_key} was ${r.outcome}`);
  return r.record;
}

/** Every seq from 1, each linked to the one before, each link the plane's own. */
export function expectChain(entries: Awaited<ReturnType<Store['entries']>>, size: number): void {
  expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: size }, (_, i) => i + 1));
  let prev = GENESIS_CHAIN_SHA256;
  for (const e of entries) {
    expect(e.prev_chain_sha256).toBe(prev);
    expect(e.chain_sha256).toBe(chainSha256(e, e.seq, prev, undefined));
    prev = e.chain_sha256;
  }
}

/** A test on a fresh, empty store; the harness is disposed whatever the outcome. */
export function testOnFreshStore(make: () => Promise<StoreHarness>) {
  return (title: string, body: (h: StoreHarness, store: Store) => Promise<void>) =>
    it(title, async () => {
      const h = await make();
      try {
        await body(h, h.store);
      } finally {
        await h.dispose();
      }
    });
}
