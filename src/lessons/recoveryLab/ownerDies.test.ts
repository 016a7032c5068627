/**
 * The owner process dies after the commit (`owner_dies`): the call runs in a
 * second dispatcher process over the same store, which dies once the
 * downstream committed; the lab's own plane, unchanged, then meets the record
 * it left: a retry within the lease waits for the owner and is told
 * OUTCOME_UNKNOWN at its deadline, one after the lease takes the key over.
 */
import { describe, expect, it } from 'vitest';
import { createRecoveryLab, type LabAnswer } from './lab.ts';
import { LAB_POLICY } from './stage.ts';
import { pairLabs } from './pairLabs.ts';
import { replayLab } from './replayLab.ts';

type Lab = ReturnType<typeof createRecoveryLab>;
const START = Date.parse('2026-07-19T09:00:00Z');
const lastAnswer = (lab: Lab): LabAnswer => {
  const a = lab.state().answers[0];
  if (a === undefined) throw new Error('no answer yet');
  return a;
};
const code = (a: LabAnswer) => a.model_result.error?.code ?? null;
const kinds = (a: LabAnswer) => a.attempts.map((t) => t.kind);

/** A refund whose owner dies after the downstream committed it. */
async function deadOwner(): Promise<Lab> {
  const lab = createRecoveryLab('lost_response');
  lab.setFault('owner_dies');
  await lab.dispatch();
  return lab;
}

describe('the owner process dies after the commit', () => {
  it('the model gets no answer, the lab is not left pending, the record stays started under its lease', async () => {
    const lab = await deadOwner();
    const s = lab.state();
    expect(s.pending).toBeNull();
    expect(s.answers).toEqual([]);
    expect(s.deaths).toEqual([
      {
        n: 1,
        call_id: 'call_lab_1',
        kind: 'dispatch',
        principal: 'user-7f3a9c21',
        tool: 'create_refund_draft',
        // The model asked: the plane keyed the call by its intent.
        key: expect.stringMatching(/^ik_[0-9a-f]{64}$/),
        committed: 'DRAFT-1001',
        started_at: START,
        died_at: START,
        deadline: START + LAB_POLICY.deadline_ms,
        lease_until: START + LAB_POLICY.lease_ms,
      },
    ]);
    const key = s.deaths[0]?.key;
    expect(s.drafts).toMatchObject([{ draft_ref: 'DRAFT-1001', idempotency_key: key, requests: 1 }]);
    expect(s.records).toMatchObject([
      { idempotency_key: key, state: 'started', operation_id: 'op_lab_1', lease_until: START + 60_000 },
    ]);
    // The fault is used; nothing of the dead process waits on the clock, and it wrote no audit entry.
    expect(s.board.fault).toBeNull();
    expect(s.wakes).toEqual([]);
    expect(s.audit.entries).toEqual([]);
  });

  it('the dead process never acts again, however far the clock moves past its deadline', async () => {
    const lab = await deadOwner();
    const record = lab.state().records;
    await lab.advance(45_000);
    await lab.advance(14_000);
    const s = lab.state();
    expect(s.now).toBe(START + 59_000);
    // Alive, its deadline race would have marked the record unknown, asked the status and answered by now.
    expect(s.records).toEqual(record);
    expect(s.answers).toEqual([]);
    expect(s.audit.entries).toEqual([]);
    expect(s.drafts).toMatchObject([{ requests: 1 }]);
    // Past the lease it still does nothing: only a retry takes the key over.
    await lab.advance(60_000);
    expect(lab.state().records).toEqual(record);
    expect(lab.state().answers).toEqual([]);
  });

  it('a retry within the lease waits for the owner, and at its deadline is told OUTCOME_UNKNOWN: the write is not dispatched again', async () => {
    const lab = await deadOwner();
    await lab.advance(10_000);
    await lab.retry('same_key');
    expect(lab.state().pending).toMatchObject({ key: lab.state().deaths[0]?.key, deadline: START + 40_000 });
    expect(lab.state().wakes.length).toBeGreaterThan(0);
    expect(lab.state().answers).toEqual([]);
    await lab.advance(29_000);
    expect(lab.state().pending).not.toBeNull();
    await lab.advance(1_000);
    const a = lastAnswer(lab);
    expect(lab.state().pending).toBeNull();
    expect(code(a)).toBe('OUTCOME_UNKNOWN');
    expect(a.model_result.error?.recovery).toBe('query_status');
    expect(kinds(a)).toEqual(['wait']);
    expect(a.ended_at).toBe(START + 40_000);
    expect(lab.state().drafts).toMatchObject([{ requests: 1 }]);
    expect(lab.state().records).toMatchObject([{ state: 'started', operation_id: 'op_lab_1' }]);
  });

  it('after the lease a retry takes the key over: the status query finds the commit, receipt_reconciled, one draft, one request', async () => {
    const lab = await deadOwner();
    await lab.advance(LAB_POLICY.lease_ms);
    await lab.retry('same_key');
    const a = lastAnswer(lab);
    expect(a.delivery).toBe('receipt_reconciled');
    expect(kinds(a)).toEqual(['status_query']);
    expect(a.model_result.data).toMatchObject({ draft_ref: 'DRAFT-1001' });
    expect(lab.state().drafts).toMatchObject([{ draft_ref: 'DRAFT-1001', requests: 1 }]);
    expect(lab.state().records).toMatchObject([{ state: 'completed', operation_id: 'op_lab_1' }]);
    expect(lab.state().steps).toEqual([
      { proof: 'lost_response_reconciled', seq: 1, delivery: 'receipt_reconciled', side_effects: 1 },
    ]);
  });

  it('the status query answers "not started" at the takeover: the plane runs the write again, and only the downstream’s deduplication keeps one draft', async () => {
    const lab = await deadOwner();
    await lab.advance(LAB_POLICY.lease_ms);
    lab.setStatusAnswer('not_started');
    await lab.retry('same_key');
    const a = lastAnswer(lab);
    expect(a.delivery).toBe('fresh');
    expect(a.model_result.status).toBe('succeeded');
    expect(kinds(a)).toEqual(['status_query', 'run']);
    expect(lab.state().drafts).toMatchObject([{ draft_ref: 'DRAFT-1001', requests: 2 }]);
    expect(lab.state().records).toMatchObject([{ state: 'completed', operation_id: 'op_lab_2' }]);
  });

  it('a read’s owner dies: a retry within the lease is told when the lease ends; after it, the read runs again', async () => {
    const lab = createRecoveryLab('revoked');
    lab.setFault('owner_dies');
    await lab.dispatch();
    expect(lab.state().deaths).toMatchObject([{ tool: 'get_order', committed: null, lease_until: START + 60_000 }]);
    expect(lab.state().records).toMatchObject([{ state: 'started', tool: 'get_order' }]);
    await lab.retry('same_key');
    await lab.advance(LAB_POLICY.deadline_ms);
    const waited = lastAnswer(lab);
    expect(code(waited)).toBe('TIMEOUT_BEFORE_EXECUTE');
    expect(waited.model_result.error?.retry_after_ms).toBe(30_000);
    expect(kinds(waited)).toEqual(['wait']);
    // Alive, the owner would have released the key at its own deadline and answered.
    expect(lab.state().answers).toHaveLength(1);
    expect(lab.state().records).toMatchObject([{ state: 'started', operation_id: 'op_lab_1' }]);
    await lab.advance(30_000);
    await lab.retry('same_key');
    const ran = lastAnswer(lab);
    expect(ran.model_result.status).toBe('succeeded');
    expect(kinds(ran)).toEqual(['run']);
    expect(lab.state().records).toMatchObject([{ state: 'completed' }]);
  });

  it('the fault waits for a run: send_email held for approval answers, then the approved call’s owner dies after the email is sent', async () => {
    const lab = createRecoveryLab('approval');
    lab.setFault('owner_dies');
    await lab.dispatch();
    expect(code(lastAnswer(lab))).toBe('APPROVAL_REQUIRED');
    expect(lab.state().board.fault).toBe('owner_dies');
    await lab.approve();
    await lab.retry('same_key');
    expect(lab.state().answers).toHaveLength(1);
    expect(lab.state().deaths).toMatchObject([{ tool: 'send_email', committed: 'MSG-501', n: 2 }]);
    expect(lab.state().emails).toMatchObject([{ message_ref: 'MSG-501', requests: 1 }]);
    expect(lab.state().records).toMatchObject([{ state: 'started', operation_id: 'op_lab_2' }]);
  });

  it('switched on while a call waits on the clock, the fault meets that call in the lab’s own process: its deadline race settles the hung handler as in flight, and the status query after the lease settles it', async () => {
    const lab = createRecoveryLab('lost_response');
    lab.setFault('rate_limit');
    lab.setRetryAfter(10_000);
    await lab.dispatch();
    lab.setFault('owner_dies');
    await lab.advance(10_000);
    expect(lab.state().pending).not.toBeNull();
    expect(lab.state().drafts).toMatchObject([{ requests: 1 }]);
    await lab.advance(20_000);
    const a = lastAnswer(lab);
    expect(lab.state().deaths).toEqual([]);
    // The handler had not settled at the deadline: its request may still land, so no status query is asked yet.
    expect(code(a)).toBe('OUTCOME_UNKNOWN');
    expect(kinds(a)).toEqual(['run', 'status_query', 'wait', 'run']);
    expect(lab.state().records).toMatchObject([{ state: 'unknown' }]);
    // Its lease (60 s from the claim at 10 s) over, the next ask settles it through the status query.
    await lab.advance(40_000);
    await lab.retry('same_key');
    expect(lastAnswer(lab).delivery).toBe('receipt_reconciled');
    expect(lab.state().records).toMatchObject([{ state: 'completed' }]);
  });

  it('the action log replays the death and the takeover to the same state', async () => {
    const mine = await deadOwner();
    await mine.retry('same_key');
    await mine.advance(30_000);
    await mine.advance(30_000);
    await mine.retry('same_key');
    expect(lastAnswer(mine).delivery).toBe('receipt_reconciled');
    const log = mine.state().log;
    if (log === null) throw new Error('the log was dropped');
    expect(log).toContainEqual({ do: 'fault', fault: 'owner_dies' });
    const theirs = createRecoveryLab('lost_response');
    await replayLab(theirs, log);
    expect(theirs.state()).toEqual(mine.state());
    expect(theirs.state().deaths).toHaveLength(1);
  });

  it('beside a broken plane, the broken stage’s call dies too and neither stage is left pending', async () => {
    const real = createRecoveryLab('lost_response');
    const broken = createRecoveryLab('lost_response', { broken: 'redispatch_unknown' });
    const pair = pairLabs(real, broken);
    pair.setFault('owner_dies');
    await pair.dispatch();
    for (const lab of [real, broken]) {
      expect(lab.state().pending).toBeNull();
      expect(lab.state().deaths).toMatchObject([{ committed: 'DRAFT-1001' }]);
      expect(lab.state().records).toMatchObject([{ state: 'started' }]);
    }
  });
});
