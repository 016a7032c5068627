/**
 * The store contract of the control plane (docs/control-stores.md): one
 * record per idempotency key scoped by principal, the approvals the plane
 * issued, and the audit log. Every method is atomic; `commit` changes a record
 * and appends its audit entry in one transaction, both or neither. Three
 * implementations keep it: `memoryStore()` and `sqlStore(db)` over PGlite or
 * node-postgres, held to it by one conformance suite (test/control/storeConformance.ts).
 *
 * Times are the plane's clock in milliseconds since the epoch, passed in by the
 * caller: a store never reads a clock, so a virtual clock drives it as well.
 * Raw tenant and subject, arguments and key material never reach a store.
 */
import type { JsonValue } from '../core/index.ts';
import type { ProtectedAudit } from '../core/index.ts';

/** A record's identity: the principal's reference and the key, never the raw principal. */
export interface RecordScope {
  principal_ref: string;
  idempotency_key: string;
}

export type RecordState = 'started' | 'completed' | 'unknown';

export interface IdempotencyRecord extends RecordScope {
  /** The call's `request_sha256`: the intent, without the call id and the key. */
  fingerprint: string;
  tool: string;
  state: RecordState;
  /** The fencing token of whoever holds the record now; a change names the token it expects. */
  token: string;
  /** Until when the owner of a `started` record may finish (ms). */
  lease_until: number;
  /** The operation id of the owner's execute, given to a status query. */
  operation_id: string;
  /** The committed success a `completed` record rests on (store only, never an audit entry); null otherwise. */
  handler_output: JsonValue | null;
  created_at: number;
  updated_at: number;
  /** `updated_at` + the retention: from then on the key is new again. */
  expires_at: number;
}

export interface Claim extends RecordScope {
  fingerprint: string;
  tool: string;
  operation_id: string;
  /** The new owner's token (the plane makes it unguessable). */
  token: string;
  now: number;
  lease_until: number;
  expires_at: number;
  /**
   * Take over the record this token holds: the plane passes it for a read
   * whose owner's lease is over. Granted only while that record is still
   * `started` under this token with its lease over at `now` (`lease_until` ≤
   * `now`) and has this claim's fingerprint. A record expired at `now`
   * (`expires_at` ≤ `now`) is claimed without it, whatever its state.
   */
  replaces?: string;
  /**
   * Use up this approval in the same atomic step, and only if the claim wins:
   * a claim never wins with an approval that is used, was never stored, is for
   * another `request_sha256` than this fingerprint, or has expired at `now`
   * (`expires_at_ms` ≤ `now`). A claim that finds the key held leaves it unused.
   */
  approval_id?: string;
}

export type ClaimResult =
  | { outcome: 'won'; record: IdempotencyRecord }
  /** Someone holds the key: its record (null when it went away between two reads: look again). */
  | { outcome: 'held'; record: IdempotencyRecord | null }
  /** The approval named is not usable (see `Claim.approval_id`), and the key was free: nothing was claimed. */
  | { outcome: 'approval_spent' };

/**
 * A change of a record, made only when it still holds `token` in state `from`
 * (and, from `started`, while its lease runs at `now`: `lease_until` > `now`):
 * a late owner, or a second process that lost a race, changes nothing. The one
 * exception is `unknown` from `started`, allowed with the lease over: that is
 * how a write whose owner's lease ran out is fenced off (its new token refuses
 * the old owner's late completion).
 */
export interface RecordChange extends RecordScope {
  token: string;
  from: RecordState;
  now: number;
  change:
    | { kind: 'complete'; handler_output: JsonValue; expires_at: number }
    /**
     * A write that may have committed. `token` becomes `next_token`, so the old owner is fenced off.
     * `lease_until`, when given, replaces the record's: until then a run of this key may still land downstream,
     * and no status answer may release it (docs/control-plane.md#in-flight-writes). Absent, the lease stays.
     */
    | { kind: 'unknown'; next_token: string; expires_at: number; lease_until?: number }
    /** Nothing happened downstream: the record goes, a later call may run it. */
    | { kind: 'release' }
    /** The record is left as it is; the change only checks that it still holds `token` in `from`. */
    | { kind: 'keep' };
}

export interface Attempt {
  n: number;
  kind: 'run' | 'status_query' | 'replay' | 'wait';
  /** RFC 3339 UTC. */
  started_at: string;
  ended_at: string;
  /** The catalog code this attempt ended with, or null. */
  code: string | null;
}

/** What the plane hands a store to append: everything but the members the store decides. */
export interface AuditDraft {
  at: string;
  protected_audit: ProtectedAudit;
  attempts: Attempt[];
}

export interface AuditEntry extends AuditDraft {
  seq: number;
  prev_chain_sha256: string;
  chain_sha256: string;
}

/**
 * How an entry is linked (docs/audit-log.md#the-chain): the plane's own,
 * plain or keyed. The store calls it with the seq it assigns and the chain
 * digest of the entry before. It must be a pure function of its arguments: the
 * SQL store calls it before it sends the append (the key never reaches the
 * database), and again with the new seq and head when another process appended
 * first. A throw leaves the record and the log as they were.
 */
export type ChainLink = (draft: AuditDraft, seq: number, prev_chain_sha256: string) => string;

export interface AuditHead {
  size: number;
  head_chain_sha256: string;
}

/** A preview the plane showed a person: stored by its digest, never with its arguments. */
export interface StoredPreview {
  preview_sha256: string;
  request_sha256: string;
  tool: string;
  expires_at: number;
  /**
   * The principal reference of the call that asked for it (never the raw ids): `approve` refuses that principal
   * as the approver. Null only in a preview a SQL store kept from before its migration 2.
   */
  requester_ref: string | null;
}

export interface StoredApproval {
  approval_id: string;
  request_sha256: string;
  tool: string;
  approver_ref: string;
  /** RFC 3339 UTC, as the Approval given to the caller says it. */
  expires_at: string;
  expires_at_ms: number;
  used: boolean;
}

/** One conversation of one principal: what its model has read (docs/argument-provenance.md). */
export interface ConversationScope {
  principal_ref: string;
  conversation_ref: string;
}

/** A value a conversation's model read, as a digest: trusted (the caller said so) or in the data of one call's result. */
export interface SeenValue {
  digest: string;
  trust: 'trusted' | 'untrusted';
  /** The call whose result carried it; null for a trusted value. */
  tool: string | null;
  operation_id: string | null;
}

export interface Store {
  /** `memory`, `pglite` or `postgres`. */
  readonly kind: string;
  /** The record as stored, expired or not: whether it still counts is the caller's reading of `expires_at`. */
  read(scope: RecordScope): Promise<IdempotencyRecord | null>;
  claim(claim: Claim): Promise<ClaimResult>;
  /**
   * Change a record (or none, for an answer that touches no record) and
   * append the entry, in one transaction. `{ ok: false }` when the record no
   * longer holds the token in that state (`record` is what it holds now, null
   * when there is none): nothing was written, the entry neither. A rejection
   * (the link threw, the database refused) wrote nothing either; only a
   * connection lost after the statement was sent leaves it unknown.
   */
  commit(
    change: RecordChange | null,
    entry: AuditDraft | null,
    link: ChainLink,
  ): Promise<{ ok: true; entry: AuditEntry | null } | { ok: false; record: IdempotencyRecord | null }>;
  /** Keyed by its digest: saving the same preview again changes nothing. */
  savePreview(preview: StoredPreview): Promise<void>;
  readPreview(preview_sha256: string): Promise<StoredPreview | null>;
  /**
   * Of the previews issued for this request digest and unexpired at `now` (`expires_at` > `now`), the one that
   * lives longest (the last issued; of two that end together, the greater `preview_sha256`); null when there is none.
   */
  pendingPreview(request_sha256: string, now: number): Promise<StoredPreview | null>;
  /** Rejects an `approval_id` already stored: a second save must not make a used approval usable again. */
  saveApproval(approval: StoredApproval): Promise<void>;
  readApproval(approval_id: string): Promise<StoredApproval | null>;
  /**
   * Keep these digests for the conversation until `expires_at`. A digest kept already with the same trust keeps its
   * first source (the call that first carried it) and the later of the two expiries.
   */
  noteValues(scope: ConversationScope, values: readonly SeenValue[], expires_at: number): Promise<void>;
  /** Of these digests, every one the conversation kept, unexpired at `now` (`expires_at` > `now`), with each trust. */
  seenValues(scope: ConversationScope, digests: readonly string[], now: number): Promise<SeenValue[]>;
  /** Entries with `from` ≤ seq ≤ `to` (both optional), in seq order. */
  entries(from?: number, to?: number): Promise<AuditEntry[]>;
  head(): Promise<AuditHead>;
  /** Remove records, previews, approvals and seen values expired at `now`; never an audit entry. Returns how many records went. */
  prune(now: number): Promise<number>;
  /** Statements sent to the database since the store was made, its setup included (0 for memory): the benchmark's round trips. */
  roundTrips(): number;
  /** Closes nothing the caller opened: a SQL store's database is the caller's to end. */
  close(): Promise<void>;
}

/** The chain's first `prev_chain_sha256`. */
export const GENESIS_CHAIN_SHA256 = '0'.repeat(64);
