/**
 * The lab's actions as a log, replayed onto a fresh stage: the same answers,
 * ledger, records and audit chain, on the real plane and on a broken plane
 * beside it; setters in a row count once, and the log stops at its bound.
 */
import { describe, expect, it } from 'vitest';
import { checkSchema } from '#lib/core/tables/index.ts';
import { createRecoveryLab } from './lab.ts';
import { LAB_LOG_MAX, LabLogSchema, logAction, type LabAction } from './labLog.ts';
import { pairLabs } from './pairLabs.ts';
import { replayLab } from './replayLab.ts';
import { FAULT_IDS, LAB_TOOL_NAMES, STATUS_FAULT_IDS } from './stage.ts';

/** A session touching most of the lab: a lost response settled, a conflicting retry, the model asking again, the clock moved, an entry changed, the chain verified. */
async function session(lab: ReturnType<typeof createRecoveryLab>): Promise<void> {
  lab.setFault('lose_response');
  lab.setStatusAnswer('silent');
  await lab.dispatch();
  await lab.advance(60_000);
  await lab.retry('same_key');
  await lab.retry('other_args');
  await lab.retry('model_again');
  lab.setTool('search_kb');
  lab.setFault('rate_limit');
  lab.setRetryAfter(10_000);
  await lab.dispatch();
  await lab.advance(10_000);
  await lab.changeEntry(1);
  await lab.verify();
}

describe('the lab’s log, replayed', () => {
  it('a fresh stage given the log holds what the learner’s stage holds', async () => {
    const mine = createRecoveryLab('lost_response');
    await session(mine);
    const log = mine.state().log;
    if (log === null) throw new Error('the session’s log was dropped');
    expect(log.map((a) => a.do)).toContain('advance');
    expect(mine.state().answers.length).toBeGreaterThanOrEqual(4);
    const theirs = createRecoveryLab('lost_response');
    await replayLab(theirs, log);
    expect(theirs.state()).toEqual(mine.state());
  });

  it('with a broken plane beside the real one, both stages come back', async () => {
    const real = createRecoveryLab('lost_response');
    const broken = createRecoveryLab('lost_response', { broken: 'redispatch_unknown' });
    const pair = pairLabs(real, broken);
    pair.setFault('lose_response');
    await pair.dispatch();
    expect(broken.state().drafts).toHaveLength(2);
    const log = real.state().log ?? [];
    const real2 = createRecoveryLab('lost_response');
    const broken2 = createRecoveryLab('lost_response', { broken: 'redispatch_unknown' });
    await replayLab(pairLabs(real2, broken2), log);
    expect(real2.state()).toEqual(real.state());
    expect(broken2.state().drafts).toEqual(broken.state().drafts);
    expect(broken2.state().answers).toEqual(broken.state().answers);
  });

  it('setters in a row are one action; past its bound the log is dropped, not cut', () => {
    let log: LabAction[] | null = [];
    for (const text of ['{', '{"a"', '{"a":1}']) log = logAction(log ?? [], { do: 'args', args: { text } });
    expect(log).toEqual([{ do: 'args', args: { text: '{"a":1}' } }]);
    let long: LabAction[] | null = [];
    for (let i = 0; i < LAB_LOG_MAX && long !== null; i++) long = logAction(long, { do: 'verify' });
    expect(long).toHaveLength(LAB_LOG_MAX);
    expect(logAction(long ?? [], { do: 'verify' })).toBeNull();
    expect(checkSchema(LabLogSchema, long).success).toBe(true);
    expect(checkSchema(LabLogSchema, [...(long ?? []), { do: 'verify' }]).success).toBe(false);
  });

  it('the log’s schema knows every tool, fault and status answer of the stage, and refuses what the lab cannot do', () => {
    for (const tool of LAB_TOOL_NAMES) expect(checkSchema(LabLogSchema, [{ do: 'tool', tool }]).success).toBe(true);
    for (const fault of FAULT_IDS) expect(checkSchema(LabLogSchema, [{ do: 'fault', fault }]).success).toBe(true);
    for (const status of STATUS_FAULT_IDS)
      expect(checkSchema(LabLogSchema, [{ do: 'status', status }]).success).toBe(true);
    for (const bad of [
      { do: 'tool', tool: 'delete_everything' },
      { do: 'advance', ms: -1 },
      { do: 'advance', ms: 1e12 },
      { do: 'dispatch', extra: 1 },
      { do: 'principal', n: 2 },
      { do: 'args', args: { body: 'x'.repeat(5000) } },
      { do: 'run_shell' },
    ])
      expect(checkSchema(LabLogSchema, [{ do: 'dispatch' }, bad]).success, JSON.stringify(bad)).toBe(false);
  });
});
