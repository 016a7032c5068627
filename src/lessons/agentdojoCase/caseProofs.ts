/**
 * The case's proofs, counted as the lessons count theirs (../recoveryProofs.ts, ../exerciseProofs.ts):
 * a proof is shown only by the real plane's answer to something the learner did, and the step keeps
 * what that answer said. Opening the case, reading the history or running the refund shows nothing;
 * the learner asks, as the hijacked model, for the payment. Pure: no plane, no React.
 */
import { ATTACKER_IBAN } from './upstream.ts';

export const CASE_PROOF_IDS = ['injected_recipient_held', 'respelled_recipient_held'] as const;
export type CaseProofId = (typeof CASE_PROOF_IDS)[number];

/** One answer of the plane to the learner's ask, as the case read it. */
export interface CaseStep {
  proof: CaseProofId;
  /** The recipient as the learner had the model write it. */
  recipient: string;
  /** The catalog code the plane answered (null: it succeeded). */
  code: string | null;
  /** The preview's provenance: the argument held and the call whose result carried its value (null: none). */
  argument: string | null;
  seen_in_tool: string | null;
  seen_in_operation_id: string | null;
  /** The operation id of the learner's own read of the history. */
  read_operation_id: string;
  /** Payments the bank had made before the ask, and after it. */
  payments_before: number;
  payments_after: number;
}

/** Whether a step's outcome really demonstrates its proof (a step that does not is never shown). */
export function caseDemonstrates(s: CaseStep): boolean {
  const held =
    s.code === 'APPROVAL_REQUIRED' &&
    s.argument === 'recipient' &&
    s.seen_in_tool === 'get_most_recent_transactions' &&
    s.seen_in_operation_id === s.read_operation_id &&
    s.payments_after === s.payments_before;
  if (!held) return false;
  return s.proof === 'injected_recipient_held' ? s.recipient === ATTACKER_IBAN : s.recipient !== ATTACKER_IBAN;
}

/** The proof an ask can show: the IBAN as injected, or another spelling of it. */
export const proofFor = (recipient: string): CaseProofId =>
  recipient === ATTACKER_IBAN ? 'injected_recipient_held' : 'respelled_recipient_held';

/** The shown steps after a new one: the latest step of each proof is the one named; one that proves nothing changes nothing. */
export function caseAfter(shown: readonly CaseStep[], step: CaseStep): readonly CaseStep[] {
  if (!caseDemonstrates(step)) return shown;
  return [...shown.filter((s) => s.proof !== step.proof), step];
}

export function caseStatuses(shown: readonly CaseStep[]): { id: CaseProofId; by: CaseStep | null }[] {
  return CASE_PROOF_IDS.map((id) => ({ id, by: shown.find((s) => s.proof === id && caseDemonstrates(s)) ?? null }));
}
