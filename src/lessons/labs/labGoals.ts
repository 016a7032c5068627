/**
 * When a lab's goal is met, by the learner's own actions only (never by opening
 * a page, a link or a replay, which the views keep apart):
 * - an attack: the learner ran it (a click in this visit, which the attack
 *   progress records, playground/progress.ts `attacks`) where it applies, so
 *   the real checks gave a verdict;
 * - a recovery case: the stage's own steps demonstrate each of the case's
 *   proofs (../recoveryProofs.ts `recoveryDemonstrates`); the two cases with no
 *   proof of their own (approval, injected_email) are met by the plane's
 *   answers on the stage: an approval spent on one email, or the injected
 *   email (to the injection's recipient) declined under the relaxed policy with none sent.
 */
import {
  recoveryDemonstrates,
  type RecoveryCaseId,
  type RecoveryProofId,
  type RecoveryStep,
} from '../recoveryProofs.ts';

/** The proofs each case shows; empty: the case has none of its own (its goal reads the stage, below). */
export const RECOVERY_GOAL_PROOFS: Readonly<Record<RecoveryCaseId, readonly RecoveryProofId[]>> = Object.freeze({
  lost_response: ['lost_response_reconciled'],
  conflict: ['conflict_refused', 'reworded_ask_refused'],
  revoked: ['revoked_replay_refused'],
  rate_limit: ['retry_after_past_deadline', 'retry_after_waited_out'],
  approval: [],
  injected_email: [],
  audit: ['audit_change_found', 'audit_rebuild_passes_plain', 'audit_rebuild_found'],
});

/** Where the injected search hit asked the email to go (the case opens with it: lessons/recoveryLab). */
export const INJECTED_RECIPIENT = 'attacker@example.net';

const previewTo = (preview: unknown): unknown =>
  (preview as { arguments?: { to?: unknown } } | undefined)?.arguments?.to;

/** What of a stage the goals read (a slice of the lab's LabState). */
export interface StageFacts {
  steps: readonly RecoveryStep[];
  approval: { state: string; preview?: unknown } | null;
  emails: readonly { to: string }[];
  board: { recipients: string };
}

export function recoveryGoalMet(caseId: RecoveryCaseId, s: StageFacts): boolean {
  const proofs = RECOVERY_GOAL_PROOFS[caseId];
  if (proofs.length > 0) return proofs.every((p) => s.steps.some((x) => x.proof === p && recoveryDemonstrates(x)));
  if (caseId === 'approval') return s.approval?.state === 'used' && s.emails.length === 1;
  if (caseId === 'injected_email')
    return (
      s.board.recipients === 'any' &&
      s.approval?.state === 'declined' &&
      previewTo(s.approval.preview) === INJECTED_RECIPIENT &&
      s.emails.length === 0
    );
  return false;
}

/**
 * Solved now: the goal is met, and was not met at the baseline (the stage as it stood when the learner's own
 * actions began: after a replay, or when the case opened). A goal met by a replay alone is not the learner's.
 */
export function solvedSince(metAtBaseline: boolean, metNow: boolean): boolean {
  return metNow && !metAtBaseline;
}

/** An attack is solved when the learner ran it in this visit, the progress records it, and the real checks answered. */
export function attackSolved(ranByLearner: boolean, triedInProgress: boolean, hasVerdict: boolean): boolean {
  return ranByLearner && triedInProgress && hasVerdict;
}
