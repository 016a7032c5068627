/** Mistake 5: the next step is guessed from the error message text. */
import { ERROR_CATALOG } from '../core/tables/index.ts';
import { project } from '../core/result/index.ts';
import { type Scenario } from '../core/result/index.ts';
import type { Mistake } from './mistake.ts';

const REWRITTEN = 'Temporary glitch: call the tool again right away.';

/** The mistaken decision: read the prose. */
export function guessFromMessage(message: string): 'retry now' | 'stop' {
  return /again|retry|temporar/i.test(message) ? 'retry now' : 'stop';
}

export const retryFromMessage: Mistake = {
  id: 5,
  scenario: 'create_refund_draft.outcome_unknown',
  title: { en: 'The model guesses retry from the message text: a rewritten message changes what happens next', zh: '让模型从错误 message 猜是否重试：改写消息就改变了下一步' },
  run(s: Scenario) {
    const mr = project(s.handler_output, s.context).model_result;
    const code = mr.error?.code as keyof typeof ERROR_CATALOG | undefined;
    const recovery = code === undefined ? 'none' : ERROR_CATALOG[code].recovery;
    const original = guessFromMessage(mr.error?.message ?? '');
    const rewritten = guessFromMessage(REWRITTEN);
    return {
      correct: { label: { en: "the catalog's recovery for the code", zh: '目录中该错误码的 recovery' }, value: { code: code ?? null, recovery, message_ignored: true } },
      mistaken: {
        label: { en: 'a decision read from the message', zh: '从消息文本读出的决定' },
        value: { original_message: mr.error?.message ?? null, decision: original, rewritten_message: REWRITTEN, decision_after_rewrite: rewritten },
      },
      consequence: {
        en:
          code === undefined
            ? 'This result has no error: try an error scenario.'
            : `The catalog says ${recovery} for ${code}. Reading the text, a rewritten message turns "${original}" into "${rewritten}".`,
        zh: code === undefined ? '此结果没有错误：请试一个错误场景。' : `目录规定 ${code} 的恢复方式是 ${recovery}。若读文本，改写后的消息会把“${original}”变成“${rewritten}”。`,
      },
      evidence: [original, rewritten],
      shows: code !== undefined && original !== rewritten,
    };
  },
};
