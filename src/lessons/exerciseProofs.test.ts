import { describe, expect, it } from 'vitest';
import { proofsAfter, proofStatuses, shownCount, type ExerciseEvent, type ProofStep } from './exerciseProofs.ts';

const swap: ProofStep = { step: 'swap', a: 1, b: 2, codes: ['RESULT_DIGEST_MISMATCH', 'CALL_BINDING_MISMATCH'] };
const key: ProofStep = { step: 'replace_key', slot: 1, codes: ['CALL_BINDING_MISMATCH'] };
const run = (events: ExerciseEvent[], from: readonly ProofStep[] = []): readonly ProofStep[] =>
  events.reduce((s, e) => proofsAfter(s, e), from);

describe('the learner’s proofs', () => {
  it('start at none, and opening, loading worked answers, sealing or unsealing show none', () => {
    const after = run([
      { type: 'open' },
      ...[1, 2, 3, 4, 5].flatMap((slot): ExerciseEvent[] => [
        { type: 'load_worked_answer', slot },
        { type: 'seal', slot },
      ]),
      { type: 'unseal', slot: 2 },
    ]);
    expect(after).toEqual([]);
    expect(shownCount(after)).toBe(0);
    expect(proofStatuses(after).every((p) => !p.shown && p.parts.every((part) => part.by === null))).toBe(true);
  });

  it('a proof is shown only when every part of it was shown by its named action', () => {
    const half = run([{ type: 'shown', step: swap }]);
    expect(proofStatuses(half).find((p) => p.id === 'swap_or_key_breaks_binding')).toMatchObject({
      shown: false,
      parts: [
        { key: 'swap', by: swap },
        { key: 'replace_key', by: null },
      ],
    });
    const both = run([{ type: 'shown', step: key }], half);
    expect(proofStatuses(both).find((p) => p.id === 'swap_or_key_breaks_binding')?.shown).toBe(true);
    expect(shownCount(both)).toBe(1);
  });

  it('an outcome that does not demonstrate the proof is not recorded', () => {
    const notShown: ProofStep[] = [
      { step: 'swap', a: 1, b: 2, codes: [] },
      { step: 'swap', a: 1, b: 1, codes: ['CALL_BINDING_MISMATCH'] },
      { step: 'replace_key', slot: 1, codes: ['CALL_BINDING_MISMATCH', 'REQUEST_DIGEST_MISMATCH'] },
      { step: 'edit_sealed', slot: 1, path: '/data/query', codes: [] },
      { step: 'inject', slot: 1, injection: 'token', code: 'DATA_SCHEMA' },
      // Where it was refused must be that injection's place: a token beside kind is not nested, a status deep in a
      // hit is an extra field, and the code must be the one that place draws.
      { step: 'inject', slot: 1, injection: 'token', code: 'SENSITIVE_FIELD', path: '/token' },
      { step: 'inject', slot: 1, injection: 'status', code: 'DATA_SCHEMA', path: '/data/hits/0/status' },
      { step: 'inject', slot: 1, injection: 'status', code: 'DATA_SCHEMA', path: '/status' },
      { step: 'inject', slot: 1, injection: 'extra', code: 'RESULT_SCHEMA', path: '/data/note' },
      { step: 'scan_projection', slots: [1, 2, 3, 4] },
      { step: 'scan_payloads', slots: [1, 2, 3, 4, 5], payloads: 0 },
    ];
    const empty: readonly ProofStep[] = [];
    for (const step of notShown) expect(proofsAfter(empty, { type: 'shown', step })).toBe(empty);
  });

  it('all five are shown by the eight named actions; a reset forgets them', () => {
    const steps: ProofStep[] = [
      { step: 'scan_projection', slots: [1, 2, 3, 4, 5] },
      {
        step: 'edit_sealed',
        slot: 1,
        path: '/data/hits/0/title',
        codes: ['RESULT_DIGEST_MISMATCH', 'CALL_BINDING_MISMATCH'],
      },
      swap,
      key,
      { step: 'inject', slot: 1, injection: 'status', code: 'DATA_SCHEMA' },
      { step: 'inject', slot: 1, injection: 'token', code: 'SENSITIVE_FIELD' },
      { step: 'inject', slot: 1, injection: 'extra', code: 'DATA_SCHEMA' },
      { step: 'scan_payloads', slots: [1, 2, 3, 4, 5], payloads: 15 },
    ];
    const all = run(steps.map((step) => ({ type: 'shown', step })));
    expect(shownCount(all)).toBe(5);
    expect(run([{ type: 'reset' }], all)).toEqual([]);
  });

  it('the latest action of a kind is the one named, and repeating it changes nothing', () => {
    const a = run([{ type: 'shown', step: swap }]);
    expect(proofsAfter(a, { type: 'shown', step: { ...swap } })).toBe(a);
    const other: ProofStep = { step: 'swap', a: 2, b: 3, codes: ['CALL_BINDING_MISMATCH'] };
    expect(proofsAfter(a, { type: 'shown', step: other })).toEqual([other]);
  });
});
