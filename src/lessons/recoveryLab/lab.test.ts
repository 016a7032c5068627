/**
 * The recovery lab's view model over the real control plane: every action
 * and fault the lab offers, with what the plane, the downstream and the audit
 * then hold, and which proof steps the answers show (and which they do not).
 */
import { describe, expect, it } from 'vitest';
import { recoveryDemonstrates, type RecoveryStep } from '../recoveryProofs.ts';
import { createRecoveryLab, type LabAnswer } from './lab.ts';

const lastAnswer = (lab: ReturnType<typeof createRecoveryLab>): LabAnswer => {
  const a = lab.state().answers[0];
  if (a === undefined) throw new Error('no answer yet');
  return a;
};
const code = (a: LabAnswer) => a.model_result.error?.code ?? null;
const kinds = (a: LabAnswer) => a.attempts.map((t) => t.kind);
const shown = (lab: ReturnType<typeof createRecoveryLab>, proof: RecoveryStep['proof']) =>
  lab.state().steps.filter((s) => s.proof === proof && recoveryDemonstrates(s));

describe('the recovery lab over the real plane', () => {
  it('a case opens with its tool and shows nothing: no answer, no step', () => {
    const lab = createRecoveryLab('approval');
    expect(lab.state().tool).toBe('send_email');
    expect(lab.state().answers).toEqual([]);
    expect(lab.state().steps).toEqual([]);
  });

  it('dispatch: a fresh write commits one draft, its record completed, one audit entry', async () => {
    const lab = createRecoveryLab('lost_response');
    await lab.dispatch();
    const a = lastAnswer(lab);
    expect(a.delivery).toBe('fresh');
    expect(a.model_result.status).toBe('succeeded');
    expect(kinds(a)).toEqual(['run']);
    expect(lab.state().drafts).toHaveLength(1);
    expect(lab.state().records).toMatchObject([{ state: 'completed', idempotency_key: a.key }]);
    expect(lab.state().audit.entries.map((e) => e.seq)).toEqual([1]);
  });

  it('each answer carries the payload the provider adapter made from it: its model_result as text, nothing of the audit', async () => {
    const lab = createRecoveryLab('conflict');
    await lab.dispatch();
    await lab.retry('same_key');
    await lab.retry('other_args');
    const answers = lab.state().answers;
    expect(answers.map(code)).toEqual(['IDEMPOTENCY_CONFLICT', null, null]);
    for (const a of answers) {
      if (!a.payload.ok)
        throw new Error(`the real plane's answer refused at the last hop: ${a.payload.codes.join(', ')}`);
      expect(a.payload.item).toMatchObject({ type: 'function_call_output', call_id: a.call_id });
      const output = (a.payload.item as { output: string }).output;
      expect(JSON.parse(output)).toEqual(a.model_result);
      // The key, the principal and the record's fingerprint stay in the audit.
      expect(output).not.toContain(a.key);
      expect(output).not.toContain(a.principal);
      for (const r of lab.state().records) expect(output).not.toContain(r.fingerprint);
    }
  });

  it('response lost after the commit: settled through the status query in the same call, one draft (receipt_reconciled)', async () => {
    const lab = createRecoveryLab('lost_response');
    lab.setFault('lose_response');
    await lab.dispatch();
    const a = lastAnswer(lab);
    expect(a.delivery).toBe('receipt_reconciled');
    expect(kinds(a)).toEqual(['run', 'status_query']);
    expect(lab.state().drafts).toHaveLength(1);
    expect(lab.state().board.fault).toBeNull();
    expect(shown(lab, 'lost_response_reconciled')).toEqual([
      { proof: 'lost_response_reconciled', seq: 1, delivery: 'receipt_reconciled', side_effects: 1 },
    ]);
  });

  it('lost response and a silent status query: OUTCOME_UNKNOWN, the record unknown; the same key under a new call id asks status, never runs', async () => {
    const lab = createRecoveryLab('lost_response');
    lab.setFault('lose_response');
    lab.setStatusAnswer('silent');
    await lab.dispatch();
    expect(code(lastAnswer(lab))).toBe('OUTCOME_UNKNOWN');
    expect(lastAnswer(lab).model_result.error?.recovery).toBe('query_status');
    expect(lab.state().records[0]?.state).toBe('unknown');
    expect(lab.state().steps).toEqual([]);
    await lab.retry('same_key');
    const a = lastAnswer(lab);
    expect(a.call_id).not.toBe(lab.state().answers[1]?.call_id);
    expect(a.key).toBe(lab.state().answers[1]?.key);
    expect(a.delivery).toBe('receipt_reconciled');
    expect(kinds(a)).toEqual(['status_query']);
    expect(lab.state().drafts).toMatchObject([{ requests: 1 }]);
    expect(shown(lab, 'lost_response_reconciled')).toHaveLength(1);
  });

  it('status query answers "not started" after a lost response: the record is released and the handler\'s own answer given; the plane never runs the write again', async () => {
    const lab = createRecoveryLab('lost_response');
    lab.setFault('lose_response');
    lab.setStatusAnswer('not_started');
    await lab.dispatch();
    const a = lastAnswer(lab);
    expect(kinds(a)).toEqual(['run', 'status_query']);
    expect(code(a)).toBe('OUTCOME_UNKNOWN');
    expect(lab.state().records).toEqual([]);
    expect(lab.state().drafts).toMatchObject([{ requests: 1 }]);
  });

  it('status query answers committed for another request: STATUS_CONFLICT, the record stays unknown', async () => {
    const lab = createRecoveryLab('lost_response');
    lab.setFault('lose_response');
    lab.setStatusAnswer('committed_other');
    await lab.dispatch();
    expect(code(lastAnswer(lab))).toBe('STATUS_CONFLICT');
    expect(lab.state().records[0]?.state).toBe('unknown');
  });

  it('the same key with other arguments: IDEMPOTENCY_CONFLICT, nothing ran, still one draft', async () => {
    const lab = createRecoveryLab('conflict');
    await lab.dispatch();
    await lab.retry('other_args');
    const a = lastAnswer(lab);
    expect(code(a)).toBe('IDEMPOTENCY_CONFLICT');
    expect(a.args.reason).toBe('The parcel came broken');
    expect(kinds(a)).toEqual([]);
    expect(lab.state().drafts).toHaveLength(1);
    expect(shown(lab, 'conflict_refused')).toEqual([
      { proof: 'conflict_refused', seq: 2, code: 'IDEMPOTENCY_CONFLICT', runs: 0 },
    ]);
  });

  it('the same key again: local_replay, nothing runs; a new key: a second draft', async () => {
    const lab = createRecoveryLab('conflict');
    await lab.dispatch();
    await lab.retry('same_key');
    expect(lastAnswer(lab).delivery).toBe('local_replay');
    expect(kinds(lastAnswer(lab))).toEqual(['replay']);
    expect(lab.state().drafts).toHaveLength(1);
    await lab.retry('new_key');
    expect(lastAnswer(lab).delivery).toBe('fresh');
    expect(lab.state().drafts).toHaveLength(2);
    expect(lab.state().steps).toEqual([]);
  });

  it('the model asks through a turn, keyed by the plane from its intent: asked twice for one refund, one draft', async () => {
    const lab = createRecoveryLab('lost_response');
    await lab.dispatch();
    const first = lastAnswer(lab);
    // The key the plane derived (executeTurn), not one the lab chose: the principal, the tool and order_ref.
    expect(first.key).toMatch(/^ik_[0-9a-f]{64}$/);
    expect(first.key).toBe(lab.state().last?.key);
    await lab.dispatch();
    const again = lastAnswer(lab);
    expect(again.call_id).not.toBe(first.call_id);
    expect(again.key).toBe(first.key);
    expect(again.delivery).toBe('local_replay');
    expect(lab.state().drafts).toHaveLength(1);
    // Another order is another intent: another key, another draft.
    lab.setArgs({ order_ref: 'ORDER-8', reason: 'Item arrived damaged' });
    await lab.dispatch();
    expect(lastAnswer(lab).key).not.toBe(first.key);
    expect(lab.state().drafts).toHaveLength(2);
  });

  it('the model asks again in a new turn, its reason reworded, no key: the derived key finds the first record, IDEMPOTENCY_CONFLICT, one draft', async () => {
    const lab = createRecoveryLab('conflict');
    await lab.dispatch();
    const first = lastAnswer(lab);
    await lab.retry('model_again');
    const a = lastAnswer(lab);
    expect(a.kind).toBe('model_again');
    expect(a.args).toEqual({ order_ref: 'ORDER-7', reason: 'It was broken when it arrived' });
    expect(a.key).toBe(first.key);
    expect(a.call_id).not.toBe(first.call_id);
    expect(code(a)).toBe('IDEMPOTENCY_CONFLICT');
    expect(kinds(a)).toEqual([]);
    expect(lab.state().drafts).toMatchObject([{ reason: 'Item arrived damaged', requests: 1 }]);
    expect(lab.state().records).toMatchObject([{ idempotency_key: first.key, state: 'completed' }]);
    expect(shown(lab, 'reworded_ask_refused')).toEqual([
      { proof: 'reworded_ask_refused', seq: 2, code: 'IDEMPOTENCY_CONFLICT', runs: 0, key_derived: true },
    ]);
    // It is the model's own ask, not a resend under the learner's key: the other proof is not shown by it.
    expect(shown(lab, 'conflict_refused')).toEqual([]);
  });

  it('the composer’s reason edited by hand and dispatched is the model asking again too: the same derived key, refused', async () => {
    const lab = createRecoveryLab('conflict');
    await lab.dispatch();
    lab.setArgs({ order_ref: 'ORDER-7', reason: 'Box was crushed' });
    await lab.dispatch();
    expect(code(lastAnswer(lab))).toBe('IDEMPOTENCY_CONFLICT');
    expect(lab.state().drafts).toHaveLength(1);
    expect(lab.state().steps.map((x) => x.proof)).toEqual(['reworded_ask_refused']);
  });

  it('the model asks again after a resend under a new key: the intent still names the first record, not the new one', async () => {
    const lab = createRecoveryLab('conflict');
    await lab.dispatch();
    const first = lastAnswer(lab).key;
    await lab.retry('new_key');
    expect(lab.state().drafts).toHaveLength(2);
    await lab.retry('model_again');
    expect(lastAnswer(lab).key).toBe(first);
    expect(code(lastAnswer(lab))).toBe('IDEMPOTENCY_CONFLICT');
    expect(lab.state().drafts).toHaveLength(2);
  });

  it('the model asks again after a conflicting resend, and again: each time in words of its own, each time refused, one draft', async () => {
    const lab = createRecoveryLab('conflict');
    await lab.dispatch();
    await lab.retry('other_args');
    await lab.retry('model_again');
    await lab.retry('model_again');
    const [second, first] = lab.state().answers;
    expect([first?.args.reason, second?.args.reason]).toEqual([
      'It was broken when it arrived',
      'Arrived in pieces, please refund',
    ]);
    expect([first, second].map((a) => (a === undefined ? null : code(a)))).toEqual([
      'IDEMPOTENCY_CONFLICT',
      'IDEMPOTENCY_CONFLICT',
    ]);
    expect(lab.state().drafts).toMatchObject([{ reason: 'Item arrived damaged', requests: 1 }]);
  });

  it('a read asked again in a new turn is asked word for word (every argument names its intent): local_replay, no proof', async () => {
    const lab = createRecoveryLab('revoked');
    await lab.dispatch();
    await lab.retry('model_again');
    const a = lastAnswer(lab);
    expect(a.args).toEqual({ order_ref: 'ORDER-7' });
    expect(a.delivery).toBe('local_replay');
    expect(kinds(a)).toEqual(['replay']);
    expect(lab.state().steps).toEqual([]);
  });

  it('the model asks again as another principal: another key, no record of the first principal found', async () => {
    const lab = createRecoveryLab('conflict');
    await lab.dispatch();
    const first = lastAnswer(lab).key;
    lab.setPrincipal(1);
    await lab.retry('model_again');
    expect(lastAnswer(lab).key).not.toBe(first);
    expect(lastAnswer(lab).delivery).toBe('fresh');
    expect(lab.state().drafts.map((d) => d.owner)).toEqual(['user-7f3a9c21', 'user-9d04e6b2']);
  });

  it('access revoked before a replay: NOT_FOUND, the completed record not served', async () => {
    const lab = createRecoveryLab('revoked');
    await lab.dispatch();
    expect(lastAnswer(lab).model_result.status).toBe('succeeded');
    lab.setAccess(false);
    await lab.retry('same_key');
    expect(code(lastAnswer(lab))).toBe('NOT_FOUND');
    expect(kinds(lastAnswer(lab))).toEqual([]);
    expect(shown(lab, 'revoked_replay_refused')).toHaveLength(1);
    // Revoked before a first call proves nothing: there was nothing to replay.
    const other = createRecoveryLab('revoked');
    other.setAccess(false);
    await other.dispatch();
    expect(code(lastAnswer(other))).toBe('NOT_FOUND');
    expect(other.state().steps).toEqual([]);
  });

  it('429 with a retry-after past the deadline: answered at once, the clock not moved', async () => {
    const lab = createRecoveryLab('rate_limit');
    lab.setFault('rate_limit');
    lab.setRetryAfter(45_000);
    const before = lab.state().now;
    await lab.dispatch();
    const a = lastAnswer(lab);
    expect(code(a)).toBe('RATE_LIMIT');
    expect(a.model_result.error?.retry_after_ms).toBe(45_000);
    expect(kinds(a)).toEqual(['run']);
    expect(lab.state().now).toBe(before);
    expect(shown(lab, 'retry_after_past_deadline')).toEqual([
      {
        proof: 'retry_after_past_deadline',
        seq: 1,
        code: 'RATE_LIMIT',
        retry_after_ms: 45_000,
        left_ms: 30_000,
        waited_ms: 0,
      },
    ]);
  });

  it('three quick moves of the clock add up: a 20 s retry-after waited out by the second, the clock 30 s on', async () => {
    const lab = createRecoveryLab('rate_limit');
    lab.setFault('rate_limit');
    lab.setRetryAfter(20_000);
    const t0 = lab.state().now;
    await lab.dispatch();
    expect(lab.state().pending?.tool).toBe('search_kb');
    await Promise.all([lab.advance(10_000), lab.advance(10_000), lab.advance(10_000)]);
    expect(lab.state().now - t0).toBe(30_000);
    expect(lab.state().pending).toBeNull();
    expect(kinds(lastAnswer(lab))).toEqual(['run', 'wait', 'run']);
  });

  it('429 within the deadline: the plane waits on the clock until the learner moves it, then runs again', async () => {
    const lab = createRecoveryLab('rate_limit');
    lab.setFault('rate_limit');
    lab.setRetryAfter(10_000);
    const t0 = lab.state().now;
    await lab.dispatch();
    expect(lab.state().answers).toEqual([]);
    expect(lab.state().pending?.tool).toBe('search_kb');
    expect(lab.state().wakes).toContain(t0 + 10_000);
    await lab.dispatch();
    expect(lab.state().refused).toBe('busy');
    await lab.advance(10_000);
    const a = lastAnswer(lab);
    expect(lab.state().pending).toBeNull();
    expect(a.model_result.status).toBe('succeeded');
    expect(kinds(a)).toEqual(['run', 'wait', 'run']);
    expect(lab.state().steps).toEqual([
      {
        proof: 'retry_after_waited_out',
        seq: 1,
        code: 'RATE_LIMIT',
        retry_after_ms: 10_000,
        waited_ms: 10_000,
        status: 'succeeded',
      },
    ]);
  });

  it('connection refused before a write executes: the plane asks the status before releasing, nothing committed', async () => {
    const lab = createRecoveryLab('lost_response');
    lab.setFault('refuse_connection');
    lab.setRetryAfter(45_000);
    await lab.dispatch();
    const a = lastAnswer(lab);
    expect(code(a)).toBe('TIMEOUT_BEFORE_EXECUTE');
    expect(kinds(a)).toEqual(['run', 'status_query']);
    expect(lab.state().drafts).toEqual([]);
    expect(lab.state().records).toEqual([]);
    expect(shown(lab, 'retry_after_past_deadline')).toHaveLength(1);
  });

  it('send_email: APPROVAL_REQUIRED with a preview; approved, the same key sends one email; the approval is used up', async () => {
    const lab = createRecoveryLab('approval');
    await lab.dispatch();
    expect(code(lastAnswer(lab))).toBe('APPROVAL_REQUIRED');
    expect(lab.state().approval).toMatchObject({ state: 'pending', preview: { tool: 'send_email' } });
    expect(lab.state().emails).toEqual([]);
    await lab.approve();
    expect(lab.state().approval?.state).toBe('approved');
    await lab.retry('same_key');
    expect(lastAnswer(lab).model_result.status).toBe('succeeded');
    expect(lastAnswer(lab).approved).toBe(true);
    expect(lab.state().approval?.state).toBe('used');
    expect(lab.state().emails).toHaveLength(1);
  });

  it('send_email declined: no email; approved then other arguments: APPROVAL_INVALID', async () => {
    const lab = createRecoveryLab('approval');
    await lab.dispatch();
    lab.decline();
    expect(lab.state().approval?.state).toBe('declined');
    await lab.approve();
    expect(lab.state().refused).toBe('no_preview');
    expect(lab.state().emails).toEqual([]);
    const other = createRecoveryLab('approval');
    await other.dispatch();
    await other.approve();
    await other.retry('other_args');
    expect(code(lastAnswer(other))).toBe('APPROVAL_INVALID');
    expect(other.state().emails).toEqual([]);
    // Refused, the call used nothing: the approval still stands for the arguments it was given for, and sends once.
    expect(other.state().approval?.state).toBe('approved');
    await other.dispatch();
    expect(lastAnswer(other).model_result.status).toBe('succeeded');
    expect(other.state().approval?.state).toBe('used');
    expect(other.state().emails).toHaveLength(1);
  });

  it('an approval asked for after its preview expired: the plane refuses it (expired), the call waits again, no email', async () => {
    for (const broken of [null, 'no_fingerprint'] as const) {
      const lab = createRecoveryLab('approval', { broken });
      await lab.dispatch();
      await lab.advance(15 * 60_000);
      await expect(lab.approve()).resolves.toBeUndefined();
      expect(lab.state().approval).toMatchObject({ state: 'refused', approval: null });
      if (broken === null) expect(lab.state().approval?.reason).toBe('expired');
      await lab.retry('same_key');
      expect(code(lastAnswer(lab))).toBe('APPROVAL_REQUIRED');
      expect(lab.state().emails).toEqual([]);
    }
  });

  it('send_email to a recipient the policy does not allow: NOT_FOUND before any approval', async () => {
    const lab = createRecoveryLab('approval');
    lab.setArgs({ ...lab.state().args, to: 'attacker@evil.example' });
    await lab.dispatch();
    expect(code(lastAnswer(lab))).toBe('NOT_FOUND');
    expect(lab.state().approval).toBeNull();
  });

  it('an audit entry changed in the store: verification breaks at that entry; an untouched log verifies and proves nothing', async () => {
    const lab = createRecoveryLab('audit');
    await lab.dispatch();
    await lab.retry('same_key');
    await lab.retry('new_key');
    await lab.verify();
    expect(lab.state().audit.verdicts.plain).toMatchObject({ ok: true, checked: 3, broken: null });
    expect(lab.state().steps).toEqual([]);
    await lab.changeEntry(2);
    expect(lab.state().audit.changed).toEqual([2]);
    expect(lab.state().audit.entries[1]?.protected_audit.downstream.receipt_ref).toBe('rcpt_forged_0001');
    await lab.verify();
    expect(lab.state().audit.verdicts.plain).toMatchObject({ ok: false, broken: { seq: 2 } });
    expect(shown(lab, 'audit_change_found')).toEqual([{ proof: 'audit_change_found', seq: 2, broken_seq: 2 }]);
  });

  it('the clock moves only when the learner moves it: an approval expires after 15 minutes', async () => {
    const lab = createRecoveryLab('approval');
    await lab.dispatch();
    await lab.approve();
    const t0 = lab.state().now;
    await lab.advance(16 * 60_000);
    expect(lab.state().now).toBe(t0 + 16 * 60_000);
    await lab.retry('same_key');
    expect(code(lastAnswer(lab))).toBe('APPROVAL_INVALID');
  });

  it('the injected email: opens with the recipient the injection chose; the recipient policy refuses it, relaxed the plane still holds it for a person, declined nothing is sent', async () => {
    const lab = createRecoveryLab('injected_email');
    expect(lab.state().tool).toBe('send_email');
    expect(lab.state().args).toMatchObject({ to: 'attacker@example.net' });
    await lab.dispatch();
    expect(code(lastAnswer(lab))).toBe('NOT_FOUND');
    expect(lab.state().approval).toBeNull();
    lab.setRecipients('any');
    await lab.dispatch();
    expect(code(lastAnswer(lab))).toBe('APPROVAL_REQUIRED');
    expect(lab.state().approval?.preview.arguments).toMatchObject({ to: 'attacker@example.net' });
    lab.decline();
    await lab.retry('same_key');
    expect(code(lastAnswer(lab))).toBe('APPROVAL_REQUIRED');
    expect(lab.state().emails).toEqual([]);
    expect(lab.state().steps).toEqual([]);
  });
});
