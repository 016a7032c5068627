/** Mistake 7: results matched to calls by array position. */
import { composeTurn, type PackagedResult } from '#lib/core/turn/index.ts';
import { project } from '#lib/core/result/index.ts';
import { type Scenario } from '#lib/core/result/index.ts';
import type { Mistake } from './mistake.ts';
import { findScenario, chapterTools } from '../chapter/index.ts';

export const positionalPairing: Mistake<7> = {
  id: 7,
  scenario: 'search_kb.hits',
  run(s: Scenario) {
    const other = findScenario(s.id === 'get_order.paid' ? 'search_kb.hits' : 'get_order.paid') as Scenario;
    const turn = [s, other].map(
      (x) =>
        ({ package: project(x.handler_output, x.context, chapterTools), trusted: x.context }) satisfies PackagedResult,
    );
    const calls = turn.map((r) => ({
      type: 'function_call' as const,
      call_id: r.trusted.call.call_id,
      name: r.trusted.tool,
      arguments: JSON.stringify(r.trusted.arguments),
    }));
    const arrived = [turn[1], turn[0]] as PackagedResult[]; // the second call finished first
    const correct = composeTurn('openai', calls, arrived, { tools: chapterTools, previous_response_id: 'resp_prev' });
    // The mistake: the i-th result answers the i-th call.
    const mistaken = calls.map((c, i) => ({
      call_id: c.call_id,
      tool: c.name,
      given_result_of: arrived[i]?.trusted.tool,
      for_call: arrived[i]?.trusted.call.call_id,
    }));
    const wrong = mistaken.filter((m) => m.for_call !== m.call_id);
    return {
      id: 7,
      correct: { value: correct.input.map((i) => ({ call_id: i.call_id })) },
      mistaken: { value: mistaken },
      facts: { calls: calls.length, wrong: wrong.map((w) => ({ tool: w.tool, given: w.given_result_of })) },
      evidence: wrong.map((w) => w.call_id),
      shows: wrong.length > 0,
    };
  },
};
