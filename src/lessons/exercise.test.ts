import { describe, expect, it } from 'vitest';
import { checkExercise } from './exercise.ts';
import { EXERCISE_SCENARIO_IDS, findScenario } from '../chapter/index.ts';

describe('the exercise (docs/scenarios.md#the-exercise)', () => {
  const items = EXERCISE_SCENARIO_IDS.map((id) => findScenario(id)).map((s) => ({
    handler_output: s?.handler_output,
    context: s!.context,
  }));
  it('the five shipped results each show their slot, and all five proofs hold', () => {
    const r = checkExercise(items);
    expect(r.results.map((x) => x.shows)).toEqual([true, true, true, true, true]);
    expect(r.proofs.map((p) => [p.id, p.verdict])).toEqual([
      ['no_principal_or_receipt', 'holds'],
      ['business_change_changes_result', 'holds'],
      ['swap_or_key_breaks_binding', 'holds'],
      ['injections_rejected', 'holds'],
      ['no_audit_in_payloads', 'holds'],
    ]);
    expect(r.proofs.every((p) => p.checks > 0)).toBe(true);
  });
  it('a learner who turns every result into an error gets "vacuous" for the data proofs, not a pass', () => {
    const errors = items.map((it) => ({ ...it, handler_output: { kind: 'error', error: { code: 'NOT_FOUND' } } }));
    const r = checkExercise(errors);
    expect(r.proofs.find((p) => p.id === 'injections_rejected')?.verdict).toBe('vacuous');
    expect(r.results[0]?.shows).toBe(false);
  });
  it('a learner who plants a token in a hit: slot 1 no longer shows hits, proof 4 still holds', () => {
    const edited = structuredClone(items);
    const raw = edited[0]?.handler_output as { data: { hits: Record<string, unknown>[] } };
    (raw.data.hits[0] as Record<string, unknown>).token = 'tok_live_123456789';
    const r = checkExercise(edited);
    expect(r.results[0]?.shows).toBe(false);
    expect(r.proofs.find((p) => p.id === 'injections_rejected')?.verdict).toBe('holds');
  });
});

describe('checkExercise with a missing result', () => {
  it('a null slot is unshown and left out of the proofs; the others still prove', () => {
    const items = EXERCISE_SCENARIO_IDS.map((id) => findScenario(id)).map((s) => ({
      handler_output: s?.handler_output,
      context: s!.context,
    }));
    const r = checkExercise([null, ...items.slice(1)]);
    expect(r.results[0]).toMatchObject({ shows: false, problem: 'result 1 is missing' });
    expect(r.results.slice(1).every((x) => x.shows)).toBe(true);
    expect(r.proofs.every((p) => p.verdict === 'holds')).toBe(true);
  });
});
