/**
 * Each broken plane beside the real one, driven by the same learner actions
 * on their own stages: the actions that show the harm, what the broken
 * stage then holds, and the real plane's answer to the same actions (no harm).
 */
import { describe, expect, it } from 'vitest';
import type { RecoveryCaseId } from '../recoveryProofs.ts';
import { guessFromText, REWORDED_MESSAGE } from './brokenPlanes.ts';
import { BROKEN_PLANE_IDS, type BrokenPlaneId } from './brokenPlaneIds.ts';
import { harmsOf } from './harms.ts';
import { createRecoveryLab, type LabAnswer, type RecoveryLab } from './lab.ts';
import { pairLabs } from './pairLabs.ts';

function pair(id: BrokenPlaneId, caseId: RecoveryCaseId) {
  const real = createRecoveryLab(caseId);
  const broken = createRecoveryLab(caseId, { broken: id });
  return { real, broken, both: pairLabs(real, broken), harms: () => harmsOf(broken.state(), real.state()) };
}
const last = (lab: RecoveryLab): LabAnswer => {
  const a = lab.state().answers[0];
  if (a === undefined) throw new Error('no answer');
  return a;
};
const code = (lab: RecoveryLab) => last(lab).model_result.error?.code ?? null;
const harmIds = (h: { harm: string }[]) => h.map((x) => x.harm);

describe('broken control planes beside the real one', () => {
  it('a broken stage says which plane it runs, proves nothing, and opens as the real one does', async () => {
    for (const id of BROKEN_PLANE_IDS) {
      const { real, broken, both } = pair(id, 'lost_response');
      expect(broken.state().broken).toBe(id);
      expect(real.state().broken).toBeNull();
      await both.dispatch();
      expect(last(broken).model_result.status).toBe('succeeded');
      expect(broken.state().drafts).toHaveLength(1);
      expect(broken.state().steps).toEqual([]);
      expect(harmsOf(broken.state(), real.state())).toEqual([]);
    }
  });

  it('re-dispatch on OUTCOME_UNKNOWN (cached / retryable booleans): the response lost, two refund drafts; the real plane asks the status, one', async () => {
    const { real, broken, both, harms } = pair('redispatch_unknown', 'lost_response');
    both.setFault('lose_response');
    await both.dispatch();
    expect(broken.state().answers.map((a) => [a.kind, a.model_result.status])).toEqual([
      ['redispatch', 'succeeded'],
      ['dispatch', 'unknown'],
    ]);
    expect(broken.state().drafts.map((d) => d.draft_ref)).toEqual(['DRAFT-1001', 'DRAFT-1002']);
    expect(harms()).toContainEqual({ harm: 'duplicate_write', rows: 2, real: 1 });
    expect(last(real).delivery).toBe('receipt_reconciled');
    expect(real.state().drafts).toHaveLength(1);
    expect(harmsOf(real.state(), real.state())).toEqual([]);
  });

  it('re-run on the handler’s own “not started”: the model is told nothing started while the ledger holds the draft; the real plane asks and reconciles', async () => {
    const { real, broken, both, harms } = pair('rerun_not_started', 'lost_response');
    both.setFault('commit_then_refuse');
    both.setRetryAfter(45_000);
    await both.dispatch();
    expect(code(broken)).toBe('TIMEOUT_BEFORE_EXECUTE');
    expect(last(broken).attempts.map((a) => a.kind)).toEqual(['run']);
    expect(broken.state().drafts).toHaveLength(1);
    expect(broken.state().records).toEqual([]);
    expect(harms()).toEqual([{ harm: 'told_not_started', code: 'TIMEOUT_BEFORE_EXECUTE', ref: 'DRAFT-1001' }]);
    expect(last(real).delivery).toBe('receipt_reconciled');
    expect(last(real).attempts.map((a) => a.kind)).toEqual(['run', 'status_query']);
    // The real plane's answer proves the lost response; the broken one's proves nothing.
    expect(real.state().steps.map((s) => s.proof)).toEqual(['lost_response_reconciled']);
    expect(broken.state().steps).toEqual([]);
  });

  it('re-run on “not started” within the deadline: the write reaches the downstream twice (only its dedup keeps one draft)', async () => {
    const { real, broken, both } = pair('rerun_not_started', 'lost_response');
    both.setFault('commit_then_refuse');
    both.setRetryAfter(5_000);
    await both.dispatch();
    expect(real.state().pending).toBeNull();
    await both.advance(5_000);
    expect(last(broken).attempts.map((a) => a.kind)).toEqual(['run', 'wait', 'run']);
    expect(broken.state().drafts).toMatchObject([{ requests: 2 }]);
    expect(real.state().drafts).toMatchObject([{ requests: 1 }]);
  });

  it('replay without asking authorization again: access revoked, the order still reaches the model; the real plane answers NOT_FOUND', async () => {
    const { real, broken, both, harms } = pair('replay_no_authz', 'revoked');
    await both.dispatch();
    both.setAccess(false);
    await both.retry('same_key');
    expect(last(broken).delivery).toBe('local_replay');
    expect(last(broken).model_result.data).toMatchObject({ order_ref: 'ORDER-7' });
    expect(harms()).toEqual([{ harm: 'revoked_served', principal: 'user-7f3a9c21' }]);
    // Bound to this call as the real plane binds a replay, the last hop passes it: the one harm is who it served.
    expect(last(broken).payload).toMatchObject({ ok: true, item: { type: 'function_call_output' } });
    expect(code(real)).toBe('NOT_FOUND');
    // A new key still asks: the broken plane authorizes runs, only its replays skip it.
    await both.retry('new_key');
    expect(code(broken)).toBe('NOT_FOUND');
  });

  it('keys scoped globally: another principal with the same key is handed the first principal’s refund draft; the real plane runs theirs', async () => {
    const { real, broken, both, harms } = pair('global_keys', 'conflict');
    await both.dispatch();
    both.setPrincipal(1);
    await both.retry('same_key');
    expect(last(broken).principal).toBe('user-9d04e6b2');
    expect(last(broken).delivery).toBe('local_replay');
    expect(last(broken).model_result.data).toMatchObject({ draft_ref: 'DRAFT-1001' });
    expect(harms()).toEqual([
      { harm: 'other_principal', ref: 'DRAFT-1001', owner: 'user-7f3a9c21', principal: 'user-9d04e6b2' },
    ]);
    expect(last(real).delivery).toBe('fresh');
    expect(last(real).model_result.data).toMatchObject({ draft_ref: 'DRAFT-1002' });
    expect(real.state().drafts.map((d) => d.owner)).toEqual(['user-7f3a9c21', 'user-9d04e6b2']);
  });

  it('the fingerprint not compared: other arguments under the same key get the old result; the real plane answers IDEMPOTENCY_CONFLICT', async () => {
    const { real, broken, both, harms } = pair('no_fingerprint', 'conflict');
    await both.dispatch();
    await both.retry('other_args');
    expect(last(broken).args.reason).toBe('The parcel came broken');
    expect(last(broken).model_result.data).toMatchObject({ reason: 'Item arrived damaged' });
    expect(harms()).toEqual([
      { harm: 'old_result', field: 'reason', asked: 'The parcel came broken', got: 'Item arrived damaged' },
    ]);
    expect(code(real)).toBe('IDEMPOTENCY_CONFLICT');
    expect(real.state().steps.map((s) => s.proof)).toEqual(['conflict_refused']);
    // The old package is bound to the first call: the adapter, validating again, would not serialize it.
    expect(last(broken).payload).toMatchObject({
      ok: false,
      codes: expect.arrayContaining(['CALL_BINDING_MISMATCH', 'INPUT_BINDING']),
    });
    expect(last(real).payload).toMatchObject({ ok: true, item: { type: 'function_call_output' } });
  });

  it('the fingerprint not compared: the model asking again in other words finds the same record by its intent and is handed the old result; the real plane refuses it', async () => {
    const { real, broken, both, harms } = pair('no_fingerprint', 'conflict');
    await both.dispatch();
    await both.retry('model_again');
    // Both stages keyed the ask by its intent: the same key as the first call's, with no key given.
    expect(last(broken).key).toBe(broken.state().answers[1]?.key);
    expect(last(real).key).toBe(last(broken).key);
    expect(harms()).toEqual([
      { harm: 'old_result', field: 'reason', asked: 'It was broken when it arrived', got: 'Item arrived damaged' },
    ]);
    expect(code(real)).toBe('IDEMPOTENCY_CONFLICT');
    expect(real.state().steps.map((s) => s.proof)).toEqual(['reworded_ask_refused']);
    expect(broken.state().steps).toEqual([]);
  });

  it('the recovery read from the message: the catalog’s words stop it (OUTCOME_UNKNOWN left), reworded words dispatch it again (two drafts); the real plane reads the code', async () => {
    expect(guessFromText('It is not known whether the action took effect; its status must be queried.')).toBe('stop');
    expect(guessFromText(REWORDED_MESSAGE)).toBe('again');
    const first = pair('recovery_from_message', 'lost_response');
    first.both.setFault('lose_response');
    await first.both.dispatch();
    expect(code(first.broken)).toBe('OUTCOME_UNKNOWN');
    expect(first.harms()).toEqual([{ harm: 'left_unknown' }]);
    expect(last(first.real).delivery).toBe('receipt_reconciled');

    const second = pair('recovery_from_message', 'lost_response');
    second.both.setReworded(true);
    second.both.setFault('lose_response');
    await second.both.dispatch();
    expect(second.broken.state().drafts).toHaveLength(2);
    expect(harmIds(second.harms())).toEqual(['duplicate_write']);
    expect(last(second.real).delivery).toBe('receipt_reconciled');
    expect(second.real.state().drafts).toHaveLength(1);
  });

  it('a broken plane still holds approval: send_email waits, declined sends nothing', async () => {
    const { real, broken, both } = pair('replay_no_authz', 'approval');
    await both.dispatch();
    expect(code(broken)).toBe('APPROVAL_REQUIRED');
    expect(code(real)).toBe('APPROVAL_REQUIRED');
    both.decline();
    expect(broken.state().emails).toEqual([]);
    const again = pair('no_fingerprint', 'approval');
    await again.both.dispatch();
    await again.both.approve();
    await again.both.retry('same_key');
    expect(again.broken.state().emails).toHaveLength(1);
    expect(again.real.state().emails).toHaveLength(1);
  });
});
