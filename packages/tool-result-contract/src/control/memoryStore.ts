/**
 * The store in one process's memory (docs/control-stores.md): for the browser,
 * a single-process dispatcher and the tests. Every method does its checks and
 * its writes with no `await` between them, so on one event loop each is atomic.
 * Whatever goes in or comes out is a structured clone: a caller that mutates
 * an object it passed or received cannot reach the stored state.
 */
import {
  GENESIS_CHAIN_SHA256,
  type AuditDraft,
  type AuditEntry,
  type AuditHead,
  type ChainLink,
  type Claim,
  type ClaimResult,
  type ConversationScope,
  type IdempotencyRecord,
  type RecordChange,
  type RecordScope,
  type SeenValue,
  type Store,
  type StoredApproval,
  type StoredPreview,
} from './store.ts';

const copy = structuredClone;

/*
 * The rules below are the ones sqlSchema.ts states in SQL; the conformance
 * suite holds both to the same answers.
 */

/** An expired record is a new key; a takeover needs the token it names, still `started`, its lease over, the same intent. */
function claimTakesRecord(current: IdempotencyRecord, claim: Claim): boolean {
  if (current.expires_at <= claim.now) return true;
  return (
    claim.replaces !== undefined &&
    current.token === claim.replaces &&
    current.state === 'started' &&
    current.lease_until <= claim.now &&
    current.fingerprint === claim.fingerprint
  );
}

function approvalUsable(approval: StoredApproval, claim: Claim): boolean {
  return !approval.used && approval.request_sha256 === claim.fingerprint && approval.expires_at_ms > claim.now;
}

/** Marking `unknown` needs no running lease: it is how a lease that ran out is fenced off. */
function changeRefused(current: IdempotencyRecord | null, change: RecordChange): boolean {
  if (current === null || current.token !== change.token || current.state !== change.from) return true;
  return change.from === 'started' && change.change.kind !== 'unknown' && current.lease_until <= change.now;
}

function newRecord(claim: Claim): IdempotencyRecord {
  return {
    principal_ref: claim.principal_ref,
    idempotency_key: claim.idempotency_key,
    fingerprint: claim.fingerprint,
    tool: claim.tool,
    state: 'started',
    token: claim.token,
    lease_until: claim.lease_until,
    operation_id: claim.operation_id,
    handler_output: null,
    created_at: claim.now,
    updated_at: claim.now,
    expires_at: claim.expires_at,
  };
}

/** The order of `pendingPreview`: the one that lives longest, the greater digest between two that end together. */
const laterPreview = (a: StoredPreview, b: StoredPreview): boolean =>
  a.expires_at > b.expires_at || (a.expires_at === b.expires_at && a.preview_sha256 > b.preview_sha256);

/** One string per scope; JSON keeps a `|` inside either part from making two scopes collide. */
const scopeKey = (scope: RecordScope): string => JSON.stringify([scope.principal_ref, scope.idempotency_key]);
const seenKey = (scope: ConversationScope, digest: string, trust: SeenValue['trust']): string =>
  JSON.stringify([scope.principal_ref, scope.conversation_ref, digest, trust]);

/**
 * A store in this process's memory: for tests and a single process; a shared database takes `sqlStore`.
 *
 * @example
 * ```ts
 * const inMemory = createControlPlane({ dispatcher, store: memoryStore(), runtimes, authorize });
 * ```
 */
export function memoryStore(): Store {
  const records = new Map<string, IdempotencyRecord>();
  const previews = new Map<string, StoredPreview>();
  const approvals = new Map<string, StoredApproval>();
  const log: AuditEntry[] = [];
  const seen = new Map<string, { value: SeenValue; expires_at: number }>();

  function head(): AuditHead {
    const last = log[log.length - 1];
    return { size: log.length, head_chain_sha256: last?.chain_sha256 ?? GENESIS_CHAIN_SHA256 };
  }

  return {
    kind: 'memory',

    async read(scope) {
      const record = records.get(scopeKey(scope));
      return record === undefined ? null : copy(record);
    },

    async claim(claim: Claim): Promise<ClaimResult> {
      const key = scopeKey(claim);
      const current = records.get(key);
      if (current !== undefined && !claimTakesRecord(current, claim)) return { outcome: 'held', record: copy(current) };
      let approval: StoredApproval | undefined;
      if (claim.approval_id !== undefined) {
        approval = approvals.get(claim.approval_id);
        if (approval === undefined || !approvalUsable(approval, claim)) return { outcome: 'approval_spent' };
      }
      const record = newRecord(copy(claim));
      records.set(key, record);
      if (approval !== undefined) approval.used = true;
      return { outcome: 'won', record: copy(record) };
    },

    async commit(change: RecordChange | null, draft: AuditDraft | null, link: ChainLink) {
      const key = change === null ? null : scopeKey(change);
      const current = key === null ? undefined : records.get(key);
      if (change !== null && changeRefused(current ?? null, change)) {
        return { ok: false as const, record: current === undefined ? null : copy(current) };
      }
      // Everything that can throw (the link, the clones) runs before the first write: both or neither.
      let entry: AuditEntry | null = null;
      if (draft !== null) {
        const { size, head_chain_sha256 } = head();
        const seq = size + 1;
        const own = copy(draft);
        const chain_sha256 = link(copy(own), seq, head_chain_sha256);
        const { at, protected_audit, attempts } = own;
        entry = { seq, at, protected_audit, attempts, prev_chain_sha256: head_chain_sha256, chain_sha256 };
      }
      const output = change?.change.kind === 'complete' ? copy(change.change.handler_output) : null;
      if (change !== null && current !== undefined && key !== null) {
        const c = change.change;
        if (c.kind === 'release') records.delete(key);
        else if (c.kind === 'complete')
          records.set(key, {
            ...current,
            state: 'completed',
            handler_output: output,
            updated_at: change.now,
            expires_at: c.expires_at,
          });
        else if (c.kind === 'unknown')
          records.set(key, {
            ...current,
            state: 'unknown',
            token: c.next_token,
            lease_until: c.lease_until ?? current.lease_until,
            handler_output: null,
            updated_at: change.now,
            expires_at: c.expires_at,
          });
      }
      if (entry !== null) log.push(entry);
      return { ok: true as const, entry: entry === null ? null : copy(entry) };
    },

    async savePreview(preview) {
      // The key is the preview's own digest: the same key is the same preview, so a second save changes nothing.
      if (!previews.has(preview.preview_sha256)) previews.set(preview.preview_sha256, copy(preview));
    },

    async readPreview(preview_sha256) {
      const preview = previews.get(preview_sha256);
      return preview === undefined ? null : copy(preview);
    },

    async pendingPreview(request_sha256, now) {
      let found: StoredPreview | null = null;
      for (const p of previews.values())
        if (p.request_sha256 === request_sha256 && p.expires_at > now && (found === null || laterPreview(p, found)))
          found = p;
      return found === null ? null : copy(found);
    },

    async saveApproval(approval) {
      // Overwriting would let a second save reset `used`, and an approval could be spent twice.
      if (approvals.has(approval.approval_id)) throw new Error(`approval ${approval.approval_id} is already stored`);
      approvals.set(approval.approval_id, copy(approval));
    },

    async readApproval(approval_id) {
      const approval = approvals.get(approval_id);
      return approval === undefined ? null : copy(approval);
    },

    async noteValues(scope, values, expires_at) {
      for (const value of values) {
        const key = seenKey(scope, value.digest, value.trust);
        const kept = seen.get(key);
        // The first source stays: the preview names the call that first put the value before the model.
        if (kept === undefined) seen.set(key, { value: copy(value), expires_at });
        else kept.expires_at = Math.max(kept.expires_at, expires_at);
      }
    },

    async seenValues(scope, digests, now) {
      const out: SeenValue[] = [];
      for (const digest of new Set(digests))
        for (const trust of ['trusted', 'untrusted'] as const) {
          const kept = seen.get(seenKey(scope, digest, trust));
          if (kept !== undefined && kept.expires_at > now) out.push(copy(kept.value));
        }
      return out;
    },

    async entries(from = 1, to = Number.POSITIVE_INFINITY) {
      return copy(log.filter((e) => e.seq >= from && e.seq <= to));
    },

    async head() {
      return head();
    },

    async prune(now) {
      let gone = 0;
      for (const [key, record] of records)
        if (record.expires_at <= now) {
          records.delete(key);
          gone += 1;
        }
      for (const [key, preview] of previews) if (preview.expires_at <= now) previews.delete(key);
      for (const [key, approval] of approvals) if (approval.expires_at_ms <= now) approvals.delete(key);
      for (const [key, kept] of seen) if (kept.expires_at <= now) seen.delete(key);
      return gone;
    },

    roundTrips: () => 0,

    async close() {},
  };
}
