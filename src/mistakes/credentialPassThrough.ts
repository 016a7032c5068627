/** Mistake 6: the handler passes authorization, token or control fields through. */
import { project } from '#lib/core/result/index.ts';
import { type Scenario } from '#lib/core/result/index.ts';
import { toProviderItem } from '#lib/core/lastHop/index.ts';
import type { Mistake } from './mistake.ts';
import { chapterTools } from '../chapter/index.ts';

const SECRET_LOOKING = /(sk_live_|Bearer |eyJ)[A-Za-z0-9._-]+/g;

export const credentialPassThrough: Mistake<6> = {
  id: 6,
  scenario: 'search_kb.token_leak',
  run(s: Scenario) {
    const pkg = project(s.handler_output, s.context, chapterTools);
    const correct = toProviderItem(pkg, s.context, chapterTools);
    const raw = structuredClone(s.handler_output) as { data?: unknown };
    // The mistake: no deny-list, no exact shape; the downstream object goes out as it came.
    const mistaken = {
      type: 'function_call_output',
      call_id: s.context.call.call_id,
      output: JSON.stringify({ status: 'succeeded', data: raw.data ?? null }),
    };
    const found = JSON.stringify(mistaken).match(SECRET_LOOKING) ?? [];
    return {
      id: 6,
      correct: { value: correct },
      mistaken: { value: mistaken },
      facts: { credential: found[0] },
      evidence: found,
      shows: found.length > 0 && !JSON.stringify(correct).includes(found[0] as string),
    };
  },
};
