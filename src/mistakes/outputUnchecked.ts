/** Mistake 2: the input is checked, the output is not. */
import { projectDetailed } from '../core/result/index.ts';
import { type Scenario } from '../core/result/index.ts';
import type { Mistake } from './mistake.ts';

export const outputUnchecked: Mistake = {
  id: 2,
  scenario: 'create_refund_draft.status_injected',
  title: { en: 'Input checked, output not: an injected status or extra field reaches the model', zh: '只校验输入，不校验逐工具输出：注入的 status 或额外字段进入模型' },
  run(s: Scenario) {
    const { pkg, violations } = projectDetailed(s.handler_output, s.context);
    const correct = pkg.model_result;
    const raw = structuredClone(s.handler_output) as { kind?: string; data?: Record<string, unknown> };
    // The mistake: whatever the handler says it returned is the data.
    const mistaken = raw.kind === 'success' && raw.data !== undefined ? { status: 'succeeded', data: raw.data } : { status: 'failed', data: null };
    // What the contract refused, and the unchecked dispatcher let through.
    const leakedKeys = violations.filter((v) => v.path.startsWith('/data/')).map((v) => v.path.slice('/data/'.length));
    const reached = mistaken.data !== null && leakedKeys.length > 0;
    return {
      correct: { label: { en: 'model_result (exact output contract)', zh: 'model_result（逐工具精确输出合同）' }, value: correct },
      mistaken: { label: { en: 'what an unchecked dispatcher passes on', zh: '未校验输出的 dispatcher 透传的内容' }, value: mistaken },
      consequence: {
        en: reached
          ? `The model reads members the contract never allowed: ${leakedKeys.join(', ') || 'changed values'}. A data.status of "succeeded" now competes with the real top-level status.`
          : 'On this input the handler stayed within its contract, so both agree: try create_refund_draft.status_injected.',
        zh: reached
          ? `模型读到了合同从未允许的字段：${leakedKeys.join('、') || '被改动的值'}。data.status 为 "succeeded" 会与真正的顶层 status 相混淆。`
          : '此输入中 handler 没有越出合同，二者一致：请试试 create_refund_draft.status_injected。',
      },
      evidence: leakedKeys,
      shows: reached,
    };
  },
};
