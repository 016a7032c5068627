/** Mistake 5: the next step is guessed from the error message text. */
import { ERROR_CATALOG } from '#lib/core/tables/index.ts';
import { project } from '#lib/core/result/index.ts';
import { type Scenario } from '#lib/core/result/index.ts';
import type { Mistake } from './mistake.ts';
import { chapterTools } from '../chapter/index.ts';

const REWRITTEN = 'Temporary glitch: call the tool again right away.';

/** The mistaken decision: read the prose. */
export function guessFromMessage(message: string): 'retry now' | 'stop' {
  return /again|retry|temporar/i.test(message) ? 'retry now' : 'stop';
}

export const retryFromMessage: Mistake<5> = {
  id: 5,
  scenario: 'create_refund_draft.outcome_unknown',
  run(s: Scenario) {
    const mr = project(s.handler_output, s.context, chapterTools).model_result;
    const code = mr.error?.code as keyof typeof ERROR_CATALOG | undefined;
    const recovery = code === undefined ? 'none' : ERROR_CATALOG[code].recovery;
    const original = guessFromMessage(mr.error?.message ?? '');
    const rewritten = guessFromMessage(REWRITTEN);
    return {
      id: 5,
      correct: { value: { code: code ?? null, recovery, message_ignored: true } },
      mistaken: {
        value: {
          original_message: mr.error?.message ?? null,
          decision: original,
          rewritten_message: REWRITTEN,
          decision_after_rewrite: rewritten,
        },
      },
      facts: { code, recovery, original, rewritten },
      evidence: [original, rewritten],
      shows: code !== undefined && original !== rewritten,
    };
  },
};
