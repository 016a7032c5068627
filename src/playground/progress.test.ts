import { describe, expect, it } from 'vitest';
import { parseProgress, serializeProgress } from './codecs/progress.ts';
import {
  answeredQuestions,
  EMPTY_PROGRESS,
  MAX_ANSWER_CHARS,
  PROGRESS_TOTALS,
  progressCounts,
  recordProgress,
} from './progress.ts';
import type { ProofStep } from '../lessons/exerciseProofs.ts';
import { ATTACK_IDS } from '../lessons/attacks.ts';

const swap: ProofStep = { step: 'swap', a: 1, b: 2, codes: ['RESULT_DIGEST_MISMATCH', 'CALL_BINDING_MISMATCH'] };
const key: ProofStep = { step: 'replace_key', slot: 2, codes: ['CALL_BINDING_MISMATCH'] };

describe('progress', () => {
  it('records each thing once and keeps the object when nothing is new', () => {
    const a = recordProgress(EMPTY_PROGRESS, { attacks: ['A3'], mistakes: [2, 2] });
    expect(a).toEqual({ proofs: [], attacks: ['A3'], mistakes: [2], answers: {}, points: {} });
    expect(recordProgress(a, { attacks: ['A3'] })).toBe(a);
    expect(progressCounts(recordProgress(a, { points: { '1': [0, 2], '5': [1] } }))).toMatchObject({
      attacks: 1,
      points: 3,
      questions: 2,
      mistakes: 1,
      done: 5,
      total: 49,
    });
  });

  it('counts an exercise proof only when the learner’s steps showed all of it; opening or loading a worked answer counts nothing', () => {
    let p = recordProgress(EMPTY_PROGRESS, { exercise: { type: 'open' } });
    p = recordProgress(p, { exercise: { type: 'load_worked_answer', slot: 1 } });
    expect(p).toBe(EMPTY_PROGRESS);
    p = recordProgress(p, { exercise: { type: 'shown', step: swap } });
    expect(progressCounts(p).proofs).toBe(0);
    p = recordProgress(p, { exercise: { type: 'shown', step: key } });
    expect(progressCounts(p).proofs).toBe(1);
    expect(recordProgress(p, { exercise: { type: 'reset' } }).proofs).toEqual([]);
  });

  it('a question is answered only with a key point ticked; unticking all un-answers it', () => {
    const a = recordProgress(EMPTY_PROGRESS, { answers: { '2': 'x' } });
    expect(answeredQuestions(a)).toEqual([]);
    const b = recordProgress(a, { points: { '2': [1, 0, 1] } });
    expect(b.points).toEqual({ '2': [0, 1] });
    expect(answeredQuestions(b)).toEqual([2]);
    expect(answeredQuestions(recordProgress(b, { points: { '2': [] } }))).toEqual([]);
  });

  it('round-trips through its saved form', () => {
    let p = recordProgress(EMPTY_PROGRESS, {
      attacks: ['A14'],
      mistakes: [8],
      answers: { '3': '交付证据 / delivery evidence' },
      points: { '3': [1] },
    });
    p = recordProgress(p, { exercise: { type: 'shown', step: swap } });
    // An injection keeps where it was refused (progress saved before that has no path, and still reads).
    p = recordProgress(p, {
      exercise: {
        type: 'shown',
        step: { step: 'inject', slot: 1, injection: 'status', code: 'RESULT_SCHEMA', path: '/status' },
      },
    });
    expect(parseProgress(serializeProgress(p))).toEqual({ ok: true, value: { progress: p, recounted: false } });
  });

  it('keeps the latest answer per question, drops an emptied one, caps the length', () => {
    const a = recordProgress(EMPTY_PROGRESS, { answers: { '1': 'first' } });
    const b = recordProgress(a, { answers: { '1': 'first, edited', '2': 'x'.repeat(MAX_ANSWER_CHARS + 10) } });
    expect(b.answers).toEqual({ '1': 'first, edited', '2': 'x'.repeat(MAX_ANSWER_CHARS) });
    expect(recordProgress(b, { answers: { '1': 'first, edited' } })).toBe(b);
    expect(recordProgress(b, { answers: { '1': '' } }).answers).toEqual({ '2': 'x'.repeat(MAX_ANSWER_CHARS) });
  });

  it('reads progress saved by the older version: attacks, mistakes and answers kept, its proofs and questions (not the learner’s) recounted', () => {
    const old =
      '{"format":"tool-result-playground-progress-v1","proofs":["injections_rejected"],"attacks":["A3"],"questions":[1],"mistakes":[],"answers":{"1":"mine"}}';
    expect(parseProgress(old)).toEqual({
      ok: true,
      value: {
        progress: { proofs: [], attacks: ['A3'], mistakes: [], answers: { '1': 'mine' }, points: {} },
        recounted: true,
      },
    });
    const older =
      '{"format":"tool-result-playground-progress-v1","proofs":[],"attacks":["A3"],"questions":[],"mistakes":[]}';
    expect(parseProgress(older)).toMatchObject({ ok: true, value: { recounted: false } });
  });

  it('refuses corrupt or foreign data with a reason, never throws', () => {
    for (const text of [
      '{',
      '[]',
      '{"format":"tool-result-playground-progress-v1","proofs":[],"attacks":["A99"],"questions":[],"mistakes":[]}',
      '{"format":"x"}',
      '{"format":"tool-result-playground-progress-v2","proofs":[{"step":"swap","a":1,"b":9,"codes":[]}],"attacks":[],"mistakes":[],"points":{}}',
      '{"format":"tool-result-playground-progress-v2","proofs":[],"attacks":[],"mistakes":[],"points":{"6":[0]}}',
      '{"format":"tool-result-playground-progress-v2","proofs":[],"attacks":[],"mistakes":[],"points":{},"answers":{"1":""}}',
    ]) {
      const r = parseProgress(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(['NOT_JSON', 'WRONG_SCHEMA']).toContain(r.error.code);
    }
  });

  it('the recovery lab’s proofs count in the totals, and its reset clears them and nothing else', () => {
    const step = { proof: 'conflict_refused', seq: 2, code: 'IDEMPOTENCY_CONFLICT', runs: 0 } as const;
    const p = recordProgress(recordProgress(EMPTY_PROGRESS, { mistakes: [4] }), { recovery: step });
    expect(progressCounts(p)).toMatchObject({ recovery: 1, mistakes: 1, done: 2, total: 49 });
    expect(PROGRESS_TOTALS.recovery).toBe(9);
    const cleared = recordProgress(p, { recoveryReset: true });
    expect(cleared.recovery).toBeUndefined();
    expect(cleared.mistakes).toEqual([4]);
    expect(progressCounts(cleared)).toMatchObject({ recovery: 0, done: 1 });
    expect(recordProgress(cleared, { recoveryReset: true })).toBe(cleared);
  });
});

describe('progress totals', () => {
  it('count every attack of the attack lab, so trying them all reads n/n', () => {
    const all = recordProgress(EMPTY_PROGRESS, { attacks: [...ATTACK_IDS] });
    expect(PROGRESS_TOTALS.attacks).toBe(ATTACK_IDS.length);
    expect(progressCounts(all).attacks).toBe(PROGRESS_TOTALS.attacks);
  });
});
