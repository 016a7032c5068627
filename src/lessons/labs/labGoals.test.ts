import { describe, expect, it } from 'vitest';
import { ATTACK_IDS } from '../attacks.ts';
import { createRecoveryLab } from '../recoveryLab/lab.ts';
import { RECOVERY_CASE_IDS, RECOVERY_PROOF_IDS } from '../recoveryProofs.ts';
import { ATTACK_LAB_CASES } from './attackLabText.ts';
import { attackSolved, RECOVERY_GOAL_PROOFS, recoveryGoalMet, solvedSince } from './labGoals.ts';
import { RECOVERY_LAB_CASES } from './recoveryLabText.ts';

describe('every case is framed in both languages', () => {
  it('each attack and each recovery case: a goal, at least two hints, a worked answer, in zh and en', () => {
    for (const lang of ['en', 'zh'] as const) {
      for (const c of [
        ...ATTACK_IDS.map((id) => ATTACK_LAB_CASES[lang][id]),
        ...RECOVERY_CASE_IDS.map((id) => RECOVERY_LAB_CASES[lang][id]),
      ]) {
        expect(c.goal.length).toBeGreaterThan(10);
        expect(c.hints.length).toBeGreaterThanOrEqual(2);
        for (const h of c.hints) expect(h.length).toBeGreaterThan(10);
        expect(c.answer.length).toBeGreaterThan(10);
      }
      expect(Object.keys(ATTACK_LAB_CASES[lang]).sort()).toEqual([...ATTACK_IDS].sort());
      expect(Object.keys(RECOVERY_LAB_CASES[lang]).sort()).toEqual([...RECOVERY_CASE_IDS].sort());
    }
  });

  it('the two languages give each case the same number of hints', () => {
    for (const id of ATTACK_IDS)
      expect(ATTACK_LAB_CASES.zh[id].hints.length).toBe(ATTACK_LAB_CASES.en[id].hints.length);
    for (const id of RECOVERY_CASE_IDS)
      expect(RECOVERY_LAB_CASES.zh[id].hints.length).toBe(RECOVERY_LAB_CASES.en[id].hints.length);
  });
});

describe('the recovery goals', () => {
  it('every proof of the lab belongs to exactly one case’s goal', () => {
    const all = RECOVERY_CASE_IDS.flatMap((c) => RECOVERY_GOAL_PROOFS[c]);
    expect([...all].sort()).toEqual([...RECOVERY_PROOF_IDS].sort());
  });

  it('a case just opened meets no goal', () => {
    for (const c of RECOVERY_CASE_IDS) expect(recoveryGoalMet(c, createRecoveryLab(c).state())).toBe(false);
  });

  it('lost response: half the way (OUTCOME_UNKNOWN) is not the goal; the retry that reconciles it is', async () => {
    const lab = createRecoveryLab('lost_response');
    lab.setFault('lose_response');
    lab.setStatusAnswer('silent');
    await lab.dispatch();
    expect(recoveryGoalMet('lost_response', lab.state())).toBe(false);
    await lab.retry('same_key');
    expect(recoveryGoalMet('lost_response', lab.state())).toBe(true);
  });

  it('conflict: one refusal of the two is not the goal', async () => {
    const lab = createRecoveryLab('conflict');
    await lab.dispatch();
    await lab.retry('other_args');
    expect(lab.state().steps.map((s) => s.proof)).toEqual(['conflict_refused']);
    expect(recoveryGoalMet('conflict', lab.state())).toBe(false);
  });

  it('approval: approved is not yet the goal; the retry that spends it on one email is', async () => {
    const lab = createRecoveryLab('approval');
    await lab.dispatch();
    await lab.approve();
    expect(recoveryGoalMet('approval', lab.state())).toBe(false);
    await lab.retry('same_key');
    expect(recoveryGoalMet('approval', lab.state())).toBe(true);
  });

  it('approval declined is not the approval goal', async () => {
    const lab = createRecoveryLab('approval');
    await lab.dispatch();
    lab.decline();
    expect(recoveryGoalMet('approval', lab.state())).toBe(false);
  });

  it('the injected email: refused by the policy is not the goal; relaxed and then declined, with no email, is', async () => {
    const lab = createRecoveryLab('injected_email');
    await lab.dispatch();
    expect(recoveryGoalMet('injected_email', lab.state())).toBe(false);
    lab.setRecipients('any');
    await lab.dispatch();
    expect(recoveryGoalMet('injected_email', lab.state())).toBe(false);
    lab.decline();
    expect(recoveryGoalMet('injected_email', lab.state())).toBe(true);
  });

  it('the injected email approved and sent is not the goal', async () => {
    const lab = createRecoveryLab('injected_email');
    lab.setRecipients('any');
    await lab.dispatch();
    await lab.approve();
    await lab.retry('same_key');
    expect(lab.state().emails).toHaveLength(1);
    expect(recoveryGoalMet('injected_email', lab.state())).toBe(false);
  });
});

describe('solved is the learner’s', () => {
  it('a goal already met at the baseline (a replay, a stage that opened so) is not a solve', () => {
    expect(solvedSince(true, true)).toBe(false);
    expect(solvedSince(false, true)).toBe(true);
    expect(solvedSince(false, false)).toBe(false);
  });

  it('an attack: run by the learner in this visit, recorded in the progress, and answered by the checks', () => {
    expect(attackSolved(true, true, true)).toBe(true);
    expect(attackSolved(false, true, true)).toBe(false);
    expect(attackSolved(true, false, true)).toBe(false);
    expect(attackSolved(true, true, false)).toBe(false);
  });
});
