/** Mistake 1: one all-fields result object, so log fields reach the model. */
import { project } from '../core/result/index.ts';
import { type Scenario } from '../core/result/index.ts';
import { toProviderItem } from '../core/dispatch/index.ts';
import { auditValuesOf } from '../core/result/index.ts';
import type { Mistake } from './mistake.ts';

export const allFieldsResult: Mistake = {
  id: 1,
  scenario: 'create_refund_draft.created',
  title: { en: 'One all-fields result object: log fields reach the model', zh: '只有一个“全字段”结果对象，日志字段也进入模型' },
  run(s: Scenario) {
    const pkg = project(s.handler_output, s.context);
    const correct = toProviderItem(pkg, s.context);
    // The mistake: one object for every reader, serialized whole for the provider.
    const everything = { ...pkg.model_result, ...pkg.protected_audit, tenant: s.context.principal.tenant, subject: s.context.principal.subject };
    const mistaken = { type: 'function_call_output', call_id: s.context.call.call_id, output: JSON.stringify(everything) };
    const text = JSON.stringify(mistaken);
    const leaked = auditValuesOf(pkg, s.context).filter((v) => text.includes(v));
    return {
      correct: { label: { en: 'OpenAI item from model_result only', zh: '只由 model_result 生成的 OpenAI item' }, value: correct },
      mistaken: { label: { en: 'OpenAI item from the all-fields object', zh: '由全字段对象生成的 OpenAI item' }, value: mistaken },
      consequence: {
        en: `${leaked.length} audit values reach the provider: the principal, ids, the idempotency key, receipts and digests become text the model reads.`,
        zh: `${leaked.length} 个审计值进入 provider：主体、各种 ID、幂等键、回执与摘要都成了模型可读的文本。`,
      },
      evidence: leaked,
      shows: leaked.length > 0,
    };
  },
};
