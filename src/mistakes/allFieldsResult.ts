/** Mistake 1: one all-fields result object, so log fields reach the model. */
import { project } from '#lib/core/result/index.ts';
import { type Scenario } from '#lib/core/result/index.ts';
import { payloadAuditSearch, toProviderItem } from '#lib/core/lastHop/index.ts';
import type { Mistake } from './mistake.ts';
import { chapterTools } from '../chapter/index.ts';

export const allFieldsResult: Mistake<1> = {
  id: 1,
  scenario: 'create_refund_draft.created',
  run(s: Scenario) {
    const pkg = project(s.handler_output, s.context, chapterTools);
    const correct = toProviderItem(pkg, s.context, chapterTools);
    // The mistake: one object for every reader, serialized whole for the provider.
    const everything = {
      ...pkg.model_result,
      ...pkg.protected_audit,
      tenant: s.context.principal.tenant,
      subject: s.context.principal.subject,
    };
    const mistaken = {
      type: 'function_call_output',
      call_id: s.context.call.call_id,
      output: JSON.stringify(everything),
    };
    const leaked = payloadAuditSearch(mistaken, pkg, s.context, chapterTools).found;
    return {
      id: 1,
      correct: { value: correct },
      mistaken: { value: mistaken },
      facts: { leaked: leaked.length },
      evidence: leaked,
      shows: leaked.length > 0,
    };
  },
};
