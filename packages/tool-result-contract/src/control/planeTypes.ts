/**
 * The plane's public shapes (docs/control-plane.md#names) and the state one
 * plane shares between its executes.
 */
import type { Delivery, Dispatcher, TrustedContext, Package } from '../core/index.ts';
import type { Clock } from './clock.ts';
import type { Policy } from './policy.ts';
import type { Runtimes } from './runtime.ts';
import type { Attempt, ChainLink, RecordScope, Store } from './store.ts';
import type { AuditKey } from './auditLink.ts';
import type { HeldArgument } from './argumentProvenance.ts';

// The core's own type, not a second one read off TrustedContext: one name for one union across the subpaths.
export type { Delivery };
export type Principal = TrustedContext['principal'];

/** The trusted context without `delivery` and `now`, which the plane sets; `approval` for a tool that needs one. */
export interface PlaneCall {
  principal: Principal;
  /**
   * The provider call block. Without `idempotency_key` the plane derives it from the intent, as `intentKey` does
   * (docs/control-plane.md#turns): the principal, the tool, the runtime's `idempotency_fields` and `intent_ref`.
   */
  call: Omit<TrustedContext['call'], 'idempotency_key'> & { idempotency_key?: string };
  tool: string;
  arguments: unknown;
  approval?: { approval_id: string };
  /**
   * An id the caller chooses for one business intent (a ticket, a conversation turn), mixed into a derived key: two
   * legitimate refunds of one invoice under two tickets are two intents, while the model asking again under one
   * ticket, its free-text reason reworded, is still the same intent. Ignored when the call carries its own key.
   */
  intent_ref?: string;
  /**
   * The conversation the call belongs to (docs/argument-provenance.md): the plane notes what the model read in its
   * results, and holds a call whose runtime's `trusted_arguments` carry a value seen only there. Without it, no
   * value is noted and nothing is held on provenance.
   */
  conversation_ref?: string;
}

/** A call whose key is known: what every step after the key's derivation works on. */
export type KeyedPlaneCall = PlaneCall & { call: TrustedContext['call'] };

/** What a person is shown before a call that needs approval runs. */
export interface Preview {
  request_sha256: string;
  tool: string;
  arguments: unknown;
  /** RFC 3339 UTC. */
  expires_at: string;
  /** Why a person is asked: the sensitive arguments whose values the model read only in a result's data. */
  provenance?: HeldArgument[];
}

/**
 * A preview still awaiting a person, as the store keeps it (`plane.pendingApproval`): never its arguments,
 * which the caller that paused the call holds.
 */
export interface PendingApproval {
  request_sha256: string;
  tool: string;
  /** RFC 3339 UTC: the preview's own `expires_at`. */
  expires_at: string;
}

export interface Approval {
  approval_id: string;
  request_sha256: string;
  tool: string;
  /** The approver as a principal reference, never the raw ids. */
  approver_ref: string;
  expires_at: string;
}

export interface Execution {
  /** Accepted by the plane's own `dispatcher.validateResult(pkg, trusted)`. */
  pkg: Package;
  /** The whole context the package was made under. */
  trusted: TrustedContext;
  /** `local_replay` for a replayed success, `receipt_reconciled` for a reconciled one, `fresh` for every other answer. */
  delivery: Delivery;
  attempts: Attempt[];
  /** The audit entry that records this execution; null only when the store failed and nothing could be recorded. */
  audit_seq: number | null;
  /** With APPROVAL_REQUIRED. */
  preview?: Preview;
}

export type Authorize = (principal: Principal, tool: string, args: unknown) => boolean | Promise<boolean>;

export interface PlaneState {
  readonly dispatcher: Dispatcher;
  readonly store: Store;
  readonly runtimes: Runtimes;
  readonly policy: Readonly<Policy>;
  readonly clock: Clock;
  readonly key: AuditKey;
  readonly authorize: Authorize;
  readonly link: ChainLink;
  /** An unguessable fencing token or approval id. */
  token(): string;
  principalRefOf(principal: Principal): string;
  /**
   * The reference of the principal one execute was called as, set on the state that execute is given (never on
   * the state the plane shares): the preview it issues keeps it, so `approve` can refuse that principal.
   */
  readonly requester_ref?: string;
  trusted(call: KeyedPlaneCall, delivery: Delivery, nowMs: number): TrustedContext;
  /** Sleep up to `ms`, or less if an owner in this process changes that record or `outer` aborts. */
  waitForChange(scope: RecordScope, ms: number, outer?: AbortSignal): Promise<void>;
  wake(scope: RecordScope): void;
}
