import { describe, expect, it } from 'vitest';
import { evaluateExercise, renumberFailures, type ExerciseInput } from './exerciseModel.ts';
import { EXERCISE_SCENARIO_IDS, findScenario } from '../chapter/index.ts';

const defaults = (): ExerciseInput[] =>
  EXERCISE_SCENARIO_IDS.map((id) => {
    const s = findScenario(id);
    if (s === null) throw new Error(id);
    return { handler_output_text: JSON.stringify(s.handler_output, null, 2), context: s.context };
  });

describe('evaluateExercise', () => {
  it('the shipped five show their slots and all five proofs hold', () => {
    const v = evaluateExercise(defaults());
    expect(v.slots.map((s) => [s.kind, s.shows])).toEqual([
      ['hits', true],
      ['empty', true],
      ['no_access', true],
      ['rate_limited', true],
      ['truncated', true],
    ]);
    expect(v.holding).toBe(5);
    expect(v.checked).toBe(5);
  });

  it('a token added to a hit is refused: proof 4 holds, slot 1 no longer shows hits', () => {
    const items = defaults();
    const first = items[0] as ExerciseInput;
    const raw = structuredClone(findScenario(EXERCISE_SCENARIO_IDS[0] as string)?.handler_output) as {
      data: { hits: Record<string, unknown>[] };
    };
    (raw.data.hits[0] as Record<string, unknown>).token = 'tok_live_123';
    items[0] = { ...first, handler_output_text: JSON.stringify(raw) };
    const v = evaluateExercise(items);
    expect(v.slots[0]?.shows).toBe(false);
    expect(v.slots[0]?.pkg?.model_result.error?.code).toBe('OUTPUT_CONTRACT_VIOLATION');
    expect(v.slots[0]?.pkg?.protected_audit.violations.map((x) => x.code)).toEqual(['SENSITIVE_FIELD']);
    expect(v.proofs.find((p) => p.id === 'injections_rejected')?.verdict).toBe('holds');
  });

  it('a text that does not parse shows its error and is left out of the proofs', () => {
    const items = defaults();
    items[2] = {
      ...(items[2] as ExerciseInput),
      handler_output_text: '{"kind": "error",\n  "error": {"code": "NOT_FOUND",}}',
    };
    const v = evaluateExercise(items);
    expect(v.slots[2]?.parseError).toMatchObject({ line: 2 });
    expect(v.slots[2]?.shows).toBe(false);
    expect(v.slots[2]?.pkg).toBeNull();
    expect(v.checked).toBe(4);
    expect(v.slots.filter((s) => s.shows)).toHaveLength(4);
    expect(v.slots[3]?.kind).toBe('rate_limited');
    expect(v.slots[3]?.shows).toBe(true);
    // Four results: 4·3 ordered pairs, each tried as a swap and as a move, plus 4 key replacements.
    expect(v.proofs.find((p) => p.id === 'swap_or_key_breaks_binding')?.checks).toBe(4 * 3 * 2 + 4);
  });

  it('a result whose trusted context is not valid has no package and is left out of the proofs', () => {
    const items = defaults();
    items[1] = { ...(items[1] as ExerciseInput), context: null };
    const v = evaluateExercise(items);
    expect(v.slots[1]?.parseError).toBeNull();
    expect(v.slots[1]?.pkg).toBeNull();
    expect(v.slots[1]?.shows).toBe(false);
    expect(v.checked).toBe(4);
    expect(v.proofs.find((p) => p.id === 'swap_or_key_breaks_binding')?.checks).toBe(4 * 3 * 2 + 4);
  });

  it('a sealed result presents the learner’s current text against its stored audit; an unsealed one presents nothing', () => {
    const items = defaults();
    const sealed = [items[0] ?? null, null, null, null, null];
    const same = evaluateExercise(items, sealed);
    expect(same.slots[0]?.presented?.presented.report.ok).toBe(true);
    expect(same.slots[0]?.presented?.step).toBeNull();
    expect(same.slots[1]?.presented).toBeNull();
    const edited = [...items];
    edited[0] = {
      ...(items[0] as ExerciseInput),
      handler_output_text: (items[0] as ExerciseInput).handler_output_text.replace(
        'Refund policy for damaged items',
        'Refunds are never possible',
      ),
    };
    const v = evaluateExercise(edited, sealed);
    expect(v.slots[0]?.presented?.presented.report.violations.map((x) => x.code)).toContain('RESULT_DIGEST_MISMATCH');
    expect(v.slots[0]?.presented?.step).toMatchObject({ step: 'edit_sealed', slot: 1, path: '/data/hits/0/title' });
    // The seal keeps what was stored: the slot's own package is the live projection of the edit.
    expect(v.slots[0]?.sealed?.pkg.protected_audit.binding.result_sha256).toBe(
      same.slots[0]?.pkg?.protected_audit.binding.result_sha256,
    );
    expect(v.slots[0]?.pkg?.protected_audit.binding.result_sha256).not.toBe(
      same.slots[0]?.pkg?.protected_audit.binding.result_sha256,
    );
  });

  it('duplicate member names are a parse error, never a silent choice', () => {
    const items = defaults();
    items[0] = { ...(items[0] as ExerciseInput), handler_output_text: '{"kind": "success", "kind": "error"}' };
    expect(evaluateExercise(items).slots[0]?.parseError).not.toBeNull();
  });

  it('with no result succeeding, proofs that need one are vacuous, not passing', () => {
    const items = defaults().map((it) => ({ ...it, handler_output_text: '{"kind":"exception"}' }));
    const v = evaluateExercise(items);
    expect(v.proofs.find((p) => p.id === 'injections_rejected')?.verdict).toBe('vacuous');
    expect(v.holding).toBeLessThan(5);
  });
});

describe('renumberFailures', () => {
  it('maps positions in the checked list back to the learner’s result numbers', () => {
    const out = renumberFailures(
      [
        {
          id: 'swap_or_key_breaks_binding',
          verdict: 'fails',
          checks: 1,
          failures: [
            "result 2's model_result verifies inside result 1's package",
            'result 3: x',
            "result 1's package verifies for call 3",
          ],
        },
      ],
      [0, 2, 4],
    );
    expect(out[0]?.failures).toEqual([
      "result 3's model_result verifies inside result 1's package",
      'result 5: x',
      "result 1's package verifies for call 5",
    ]);
  });
});
