/**
 * The recovery lab's proofs as the learner's own record, counted the way the
 * exercise counts its own (./exerciseProofs.ts): a proof is shown only by an
 * answer of the real control plane to something the learner did, and the
 * step keeps what that answer said. Opening a case or starting the stage over
 * shows nothing. Pure and free of the core and the plane, so the progress it
 * feeds loads with the page; ./recoveryLab/ runs the plane and builds the steps.
 */

/** The lab's cases: where a learner starts (`?mode=recovery&case=…`); every case is the same real plane. */
export const RECOVERY_CASE_IDS = [
  'lost_response',
  'conflict',
  'revoked',
  'rate_limit',
  'approval',
  'injected_email',
  'audit',
] as const;
export type RecoveryCaseId = (typeof RECOVERY_CASE_IDS)[number];
export const DEFAULT_RECOVERY_CASE: RecoveryCaseId = 'lost_response';

export function isRecoveryCaseId(id: unknown): id is RecoveryCaseId {
  return typeof id === 'string' && (RECOVERY_CASE_IDS as readonly string[]).includes(id);
}

export type RecoveryProofId =
  | 'lost_response_reconciled'
  | 'conflict_refused'
  | 'reworded_ask_refused'
  | 'revoked_replay_refused'
  | 'retry_after_past_deadline'
  | 'retry_after_waited_out'
  | 'audit_change_found'
  | 'audit_rebuild_passes_plain'
  | 'audit_rebuild_found';

export const RECOVERY_PROOF_IDS: readonly RecoveryProofId[] = [
  'lost_response_reconciled',
  'conflict_refused',
  'reworded_ask_refused',
  'revoked_replay_refused',
  'retry_after_past_deadline',
  'retry_after_waited_out',
  'audit_change_found',
  'audit_rebuild_passes_plain',
  'audit_rebuild_found',
];

/** One answer of the plane to the learner's action, as the lab read it (`seq`: the audit entry that records it). */
export type RecoveryStep =
  /** A write whose response was lost, settled through the status query: one side effect downstream. */
  | { proof: 'lost_response_reconciled'; seq: number; delivery: string; side_effects: number }
  /** The same key with other arguments: refused, and the handler did not run. */
  | { proof: 'conflict_refused'; seq: number; code: string; runs: number }
  /**
   * The model asked again in a new turn with its free text reworded, and no key: the key the plane derived from the
   * intent (`key_derived`) found the first record, whose fingerprint differs: refused, the handler did not run.
   */
  | { proof: 'reworded_ask_refused'; seq: number; code: string; runs: number; key_derived: boolean }
  /** A replay of a completed key after the principal's access was revoked: refused. */
  | { proof: 'revoked_replay_refused'; seq: number; code: string; record_state: string }
  /** A retry-after longer than the time left before the deadline: answered at once, not waited out. */
  | {
      proof: 'retry_after_past_deadline';
      seq: number;
      code: string;
      retry_after_ms: number;
      left_ms: number;
      waited_ms: number;
    }
  /** A retry-after within the deadline: the plane waited it out on the clock, ran again, and the call succeeded. */
  | {
      proof: 'retry_after_waited_out';
      seq: number;
      code: string;
      retry_after_ms: number;
      waited_ms: number;
      status: string;
    }
  /** An audit entry changed in the store, then the chain verified: broken at that entry. */
  | { proof: 'audit_change_found'; seq: number; broken_seq: number | null }
  /** Entries changed and the plain chain relinked over them, then the chain verified plain: it passes (`seq`: the first changed). */
  | { proof: 'audit_rebuild_passes_plain'; seq: number; changed: number; ok: boolean }
  /**
   * The same log checked by the keyed chain or against a checkpoint: broken at the first changed entry (keyed) or at
   * the checkpoint's size, which covers it (a checkpoint cannot say where); `plain_ok`: it passed plain verification then.
   */
  | {
      proof: 'audit_rebuild_found';
      seq: number;
      by: 'keyed' | 'checkpoint';
      plain_ok: boolean;
      broken_seq: number | null;
    };

/** Whether a step's outcome really demonstrates its proof (a step that does not is never recorded). */
export function recoveryDemonstrates(s: RecoveryStep): boolean {
  switch (s.proof) {
    case 'lost_response_reconciled':
      return s.delivery === 'receipt_reconciled' && s.side_effects === 1;
    case 'conflict_refused':
      return s.code === 'IDEMPOTENCY_CONFLICT' && s.runs === 0;
    case 'reworded_ask_refused':
      return s.code === 'IDEMPOTENCY_CONFLICT' && s.runs === 0 && s.key_derived;
    case 'revoked_replay_refused':
      return s.code === 'NOT_FOUND' && s.record_state === 'completed';
    case 'retry_after_past_deadline':
      return (
        (s.code === 'RATE_LIMIT' || s.code === 'TIMEOUT_BEFORE_EXECUTE') &&
        s.retry_after_ms > s.left_ms &&
        s.waited_ms === 0
      );
    case 'retry_after_waited_out':
      return (
        (s.code === 'RATE_LIMIT' || s.code === 'TIMEOUT_BEFORE_EXECUTE') &&
        s.status === 'succeeded' &&
        s.retry_after_ms > 0 &&
        s.waited_ms >= s.retry_after_ms
      );
    case 'audit_change_found':
      return s.broken_seq !== null && s.broken_seq === s.seq;
    case 'audit_rebuild_passes_plain':
      return s.seq >= 1 && s.changed > 0 && s.ok;
    case 'audit_rebuild_found':
      // Found again only if the plain check was fooled: otherwise it is the change found, not the rebuild.
      return (
        s.plain_ok &&
        s.seq >= 1 &&
        s.broken_seq !== null &&
        (s.by === 'keyed' ? s.broken_seq === s.seq : s.broken_seq >= s.seq)
      );
  }
}

/** The shown steps after a new one: the same array when nothing is new; the latest step of each proof is the one named. */
export function recoveryAfter(shown: readonly RecoveryStep[], step: RecoveryStep): readonly RecoveryStep[] {
  if (!recoveryDemonstrates(step)) return shown;
  const same = shown.find((s) => s.proof === step.proof);
  if (same !== undefined && JSON.stringify(same) === JSON.stringify(step)) return shown;
  return [...shown.filter((s) => s !== same), step];
}

export interface RecoveryProofStatus {
  id: RecoveryProofId;
  by: RecoveryStep | null;
}

export function recoveryStatuses(shown: readonly RecoveryStep[]): RecoveryProofStatus[] {
  return RECOVERY_PROOF_IDS.map((id) => ({
    id,
    by: shown.find((s) => s.proof === id && recoveryDemonstrates(s)) ?? null,
  }));
}

export const recoveryShownCount = (shown: readonly RecoveryStep[]): number =>
  recoveryStatuses(shown).filter((p) => p.by !== null).length;
