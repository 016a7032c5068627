/** Mistake 2: the input is checked, the output is not. */
import { projectDetailed } from '#lib/core/result/index.ts';
import { type Scenario } from '#lib/core/result/index.ts';
import type { Mistake } from './mistake.ts';
import { chapterTools } from '../chapter/index.ts';

export const outputUnchecked: Mistake<2> = {
  id: 2,
  scenario: 'create_refund_draft.status_injected',
  run(s: Scenario) {
    const { pkg, violations } = projectDetailed(s.handler_output, s.context, chapterTools);
    const correct = pkg.model_result;
    const raw = structuredClone(s.handler_output) as { kind?: string; data?: Record<string, unknown> };
    // The mistake: whatever the handler says it returned is the data.
    const mistaken =
      raw.kind === 'success' && raw.data !== undefined
        ? { status: 'succeeded', data: raw.data }
        : { status: 'failed', data: null };
    // What the contract refused, and the unchecked dispatcher let through.
    const leakedKeys = violations.filter((v) => v.path.startsWith('/data/')).map((v) => v.path.slice('/data/'.length));
    const reached = mistaken.data !== null && leakedKeys.length > 0;
    return {
      id: 2,
      correct: { value: correct },
      mistaken: { value: mistaken },
      facts: { reached, leakedKeys },
      evidence: leakedKeys,
      shows: reached,
    };
  },
};
