/** A refused continuation names the call whose result failed, so an operator knows which package to look at. */
import { describe, expect, it } from 'vitest';
import { assembleTurn } from './assembleTurn.ts';
import { continueTurn } from './continueTurn.ts';
import { dispatchTurn } from './dispatchTurn.ts';
import { validateResult } from '../result/validateResult.ts';
import { findTurnFixture, type TurnFixture, chapterTools } from '../../../../../src/chapter/index.ts';

const fixture = (id: string): TurnFixture => {
  const f = findTurnFixture(id);
  if (f === null) throw new Error(`no fixture ${id}`);
  return structuredClone(f);
};

describe('a result that does not validate', () => {
  it('a result that fails validation is refused naming its call and its codes, whichever call it answers', () => {
    const f = fixture('openai.parallel_calls');
    const turn = assembleTurn('openai', f.stream);
    const results = dispatchTurn(turn, f.turn_context, f.handlers, chapterTools).map((d) => ({
      package: d.package,
      trusted: d.trusted,
    }));
    expect(results.length).toBeGreaterThan(1);
    // The second call's result, and the results handed over in reverse: the refusal follows the call, not a position.
    const victim = structuredClone(results[1]) as (typeof results)[number];
    victim.package.model_result.provenance.resource_revision = victim.trusted.call.idempotency_key;
    const given = [victim, ...results.filter((_, i) => i !== 1)].reverse();
    const c = continueTurn('openai', turn, given, { tools: chapterTools, mode: 'stateless', history: [] });
    const call_id = victim.trusted.call.call_id;
    const codes = [
      ...new Set(validateResult(victim.package, victim.trusted, chapterTools).violations.map((v) => v.code)),
    ];
    expect(codes).toContain('AUDIT_LEAK');
    expect(c).toEqual({
      ok: false,
      code: 'CONTINUATION_REFUSED',
      detail: `the result for ${JSON.stringify(call_id)} failed validation before serialization: ${codes.join(', ')}`,
      params: { kind: 'result_invalid', call_id, codes },
    });
  });
});
