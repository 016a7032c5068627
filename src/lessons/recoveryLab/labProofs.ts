/**
 * The proof steps one answer of the real plane shows (../recoveryProofs.ts decides whether each demonstrates its
 * proof): read from the answer, the key's record before the call, and the downstream's rows after it. Pure.
 */
import type { IdempotencyRecord } from '#lib/control/index.ts';
import type { RecoveryStep } from '../recoveryProofs.ts';
import type { LabAnswer } from './lab.ts';
import { LAB_POLICY, type DraftRow, type EmailRow } from './stage.ts';

/** What the lab knew around the call, beside its answer. */
export interface ProofContext {
  /** The key's record before the call. */
  before: IdempotencyRecord | null;
  /** Whether the principal's access was granted when the call was made. */
  access: boolean;
  /** The retry-after a fault on the first attempt answered with; the learner may change the board while the plane waits. */
  retryAfterAsked: number;
  drafts: readonly DraftRow[];
  emails: readonly EmailRow[];
  /** The call carried no key: the plane derived it from the intent (the model's own ask, in a turn). */
  keyDerived: boolean;
}

export function proofsOf(answer: LabAnswer, at: ProofContext): RecoveryStep[] {
  const { before, access, retryAfterAsked } = at;
  const seq = answer.audit_seq ?? 0;
  const code = answer.model_result.error?.code ?? null;
  const out: RecoveryStep[] = [];
  if (answer.delivery === 'receipt_reconciled') {
    const rows = answer.tool === 'send_email' ? at.emails : at.drafts;
    out.push({
      proof: 'lost_response_reconciled',
      seq,
      delivery: answer.delivery,
      side_effects: rows.filter((r) => r.idempotency_key === answer.key).length,
    });
  }
  if (code === 'IDEMPOTENCY_CONFLICT') {
    const runs = answer.attempts.filter((a) => a.kind === 'run').length;
    // The model asking again (by the button, or the composer's free text edited and dispatched) is its own proof:
    // the key that found the record was not one a dispatcher chose but the intent's.
    if (at.keyDerived) out.push({ proof: 'reworded_ask_refused', seq, code, runs, key_derived: at.keyDerived });
    else out.push({ proof: 'conflict_refused', seq, code, runs });
  }
  if (code === 'NOT_FOUND' && !access && before !== null && before.expires_at > answer.started_at)
    out.push({ proof: 'revoked_replay_refused', seq, code, record_state: before.state });
  const retryAfter = answer.model_result.error?.retry_after_ms ?? null;
  if ((code === 'RATE_LIMIT' || code === 'TIMEOUT_BEFORE_EXECUTE') && retryAfter !== null) {
    const waited = answer.attempts
      .filter((a) => a.kind === 'wait')
      .reduce((n, a) => n + Date.parse(a.ended_at) - Date.parse(a.started_at), 0);
    out.push({
      proof: 'retry_after_past_deadline',
      seq,
      code,
      retry_after_ms: retryAfter,
      left_ms: answer.started_at + LAB_POLICY.deadline_ms - answer.ended_at,
      waited_ms: waited,
    });
  }
  // Answered after the plane waited out the retry-after it was given (the next attempt's fault is off by then).
  const first = answer.attempts.find((x) => x.kind === 'run');
  const waits = answer.attempts.filter((x) => x.kind === 'wait');
  if (
    answer.model_result.status === 'succeeded' &&
    (first?.code === 'RATE_LIMIT' || first?.code === 'TIMEOUT_BEFORE_EXECUTE') &&
    waits.length > 0
  )
    out.push({
      proof: 'retry_after_waited_out',
      seq,
      code: first.code,
      retry_after_ms: retryAfterAsked,
      waited_ms: waits.reduce((n, x) => n + Date.parse(x.ended_at) - Date.parse(x.started_at), 0),
      status: answer.model_result.status,
    });
  return out;
}
