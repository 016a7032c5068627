/**
 * The audit case over the real plane (docs/recovery-lab.md#the-audit-checks):
 * an entry changed is found by plain verification; the plain chain rebuilt
 * over it passes plain verification, and the keyed chain and a checkpoint
 * taken before find it again; a checkpoint taken after the rewrite vouches
 * for it. What the model received reconciles with the log, until a proxy
 * rewrites one answer on its way to the model. A replay of the
 * log gives the same verdicts, and each proof is recorded only by the check
 * that shows it.
 */
import { describe, expect, it } from 'vitest';
import { recoveryDemonstrates, type RecoveryStep } from '../recoveryProofs.ts';
import { createRecoveryLab, type RecoveryLab } from './lab.ts';
import { replayLab } from './replayLab.ts';

const shown = (lab: RecoveryLab) =>
  lab
    .state()
    .steps.filter(recoveryDemonstrates)
    .map((s: RecoveryStep) => s.proof);
const verdict = (lab: RecoveryLab, by: 'plain' | 'keyed' | 'checkpoint') => {
  const v = lab.state().audit.verdicts[by];
  return v === null ? null : { ok: v.ok, broken: v.broken };
};

/** Three answers, a checkpoint of them, entry 2 changed. */
async function changed(): Promise<RecoveryLab> {
  const lab = createRecoveryLab('audit');
  await lab.dispatch();
  await lab.retry('same_key');
  await lab.retry('new_key');
  await lab.checkpoint();
  await lab.changeEntry(2);
  return lab;
}

describe('the audit case: change, rebuild, three checks', () => {
  it('an untouched log passes all three checks and proves nothing', async () => {
    const lab = createRecoveryLab('audit');
    await lab.dispatch();
    await lab.retry('new_key');
    await lab.checkpoint();
    expect(lab.state().audit.checkpoint).toMatchObject({ size: 2, key_id: null, tag: null });
    for (const by of ['plain', 'keyed', 'checkpoint'] as const) {
      await lab.verify(by);
      expect(verdict(lab, by)).toEqual({ ok: true, broken: null });
    }
    expect(lab.state().steps).toEqual([]);
  });

  it('a change: plain finds it at that entry, and so does keyed; no rebuild proof', async () => {
    const lab = await changed();
    await lab.verify('plain');
    expect(verdict(lab, 'plain')).toEqual({ ok: false, broken: { seq: 2, reason: 'CHAIN_MISMATCH' } });
    await lab.verify('keyed');
    expect(verdict(lab, 'keyed')).toEqual({ ok: false, broken: { seq: 2, reason: 'CHAIN_MISMATCH' } });
    expect(shown(lab)).toEqual(['audit_change_found']);
  });

  it('change + rebuild: plain passes, keyed finds the changed entry, the checkpoint taken before finds its size', async () => {
    const lab = await changed();
    await lab.rebuild();
    expect(lab.state().audit.relinked).toEqual([2, 3]);
    expect(lab.state().audit.changed).toEqual([2]);
    await lab.verify('plain');
    expect(verdict(lab, 'plain')).toEqual({ ok: true, broken: null });
    expect(shown(lab)).toEqual(['audit_rebuild_passes_plain']);
    await lab.verify('keyed');
    expect(verdict(lab, 'keyed')).toEqual({ ok: false, broken: { seq: 2, reason: 'CHAIN_MISMATCH' } });
    await lab.verify('checkpoint');
    expect(verdict(lab, 'checkpoint')).toEqual({ ok: false, broken: { seq: 3, reason: 'CHECKPOINT_MISMATCH' } });
    expect(lab.state().steps.filter(recoveryDemonstrates)).toEqual([
      { proof: 'audit_rebuild_passes_plain', seq: 2, changed: 1, ok: true },
      { proof: 'audit_rebuild_found', seq: 2, by: 'keyed', plain_ok: true, broken_seq: 2 },
      { proof: 'audit_rebuild_found', seq: 2, by: 'checkpoint', plain_ok: true, broken_seq: 3 },
    ]);
  });

  it('keyed or checkpoint finding a change that was not rebuilt is not the rebuild found again', async () => {
    const lab = await changed();
    await lab.verify('keyed');
    await lab.verify('checkpoint');
    expect(verdict(lab, 'checkpoint')).toMatchObject({ ok: false });
    expect(shown(lab)).toEqual([]);
  });

  it('a checkpoint taken after the rebuild vouches for the rewrite; a new answer links to the rewritten head', async () => {
    const lab = await changed();
    await lab.rebuild();
    await lab.checkpoint();
    await lab.verify('checkpoint');
    expect(verdict(lab, 'checkpoint')).toEqual({ ok: true, broken: null });
    await lab.dispatch();
    await lab.verify('plain');
    expect(verdict(lab, 'plain')).toEqual({ ok: true, broken: null });
    expect(lab.state().audit.verdicts.plain?.checked).toBe(4);
    await lab.verify('keyed');
    expect(verdict(lab, 'keyed')).toEqual({ ok: false, broken: { seq: 2, reason: 'CHAIN_MISMATCH' } });
    expect(shown(lab).filter((p) => p === 'audit_rebuild_found')).toHaveLength(1);
  });

  it('a rebuild with nothing changed, or a checkpoint check without a checkpoint, is refused and proves nothing', async () => {
    const lab = createRecoveryLab('audit');
    await lab.dispatch();
    await lab.rebuild();
    expect(lab.state().refused).toBe('no_change');
    expect(lab.state().audit.relinked).toEqual([]);
    await lab.verify('checkpoint');
    expect(lab.state().refused).toBe('no_checkpoint');
    expect(lab.state().audit.verdicts.checkpoint).toBeNull();
  });

  it('what the model received reconciles with the log: every result matches its entry', async () => {
    const lab = await changed();
    await lab.reconcile();
    const r = lab.state().audit.reconciliation;
    expect(r).toMatchObject({ ok: true, results: 3, findings: [] });
  });

  it('a proxy rewrites what the model received for one answer: reconciliation finds that entry’s digest mismatched, and nothing else', async () => {
    const lab = await changed();
    await lab.alterTranscript(2);
    expect(lab.state().audit.altered).toEqual([2]);
    await lab.reconcile();
    const r = lab.state().audit.reconciliation;
    expect(r?.ok).toBe(false);
    expect(r?.findings).toEqual([{ code: 'RESULT_DIGEST_MISMATCH', request: 1, call_id: 'call_lab_2', seq: 2 }]);
  });

  it('the log replayed onto a fresh stage gives the same verdicts', async () => {
    const mine = await changed();
    await mine.verify('plain');
    await mine.rebuild();
    for (const by of ['plain', 'keyed', 'checkpoint'] as const) await mine.verify(by);
    await mine.alterTranscript(3);
    await mine.reconcile();
    expect(mine.state().audit.reconciliation?.ok).toBe(false);
    const log = mine.state().log;
    if (log === null) throw new Error('the log was dropped');
    const theirs = createRecoveryLab('audit');
    await replayLab(theirs, log);
    expect(theirs.state().audit).toEqual(mine.state().audit);
    expect(theirs.state().steps).toEqual(mine.state().steps);
  });

  it('a log written before the checks came in (verify with no `by`) replays as a plain verification', async () => {
    const lab = createRecoveryLab('audit');
    await replayLab(lab, [{ do: 'dispatch' }, { do: 'change', seq: 1 }, { do: 'verify' }]);
    expect(verdict(lab, 'plain')).toEqual({ ok: false, broken: { seq: 1, reason: 'CHAIN_MISMATCH' } });
  });
});
