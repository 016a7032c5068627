/** Mistake 6: the handler passes authorization, token or control fields through. */
import { project } from '../core/result/index.ts';
import { type Scenario } from '../core/result/index.ts';
import { toProviderItem } from '../core/dispatch/index.ts';
import type { Mistake } from './mistake.ts';

const SECRET_LOOKING = /(sk_live_|Bearer |eyJ)[A-Za-z0-9._-]+/g;

export const credentialPassThrough: Mistake = {
  id: 6,
  scenario: 'search_kb.token_leak',
  title: { en: 'Handler passes authorization / token through: the credential reaches the payload', zh: '允许 handler 透传 authorization、token 或控制字段：凭据进入 payload' },
  run(s: Scenario) {
    const pkg = project(s.handler_output, s.context);
    const correct = toProviderItem(pkg, s.context);
    const raw = structuredClone(s.handler_output) as { data?: unknown };
    // The mistake: no deny-list, no exact shape; the downstream object goes out as it came.
    const mistaken = { type: 'function_call_output', call_id: s.context.call.call_id, output: JSON.stringify({ status: 'succeeded', data: raw.data ?? null }) };
    const found = JSON.stringify(mistaken).match(SECRET_LOOKING) ?? [];
    return {
      correct: { label: { en: 'the real adapter output', zh: '真实 adapter 的输出' }, value: correct },
      mistaken: { label: { en: 'pass-through output', zh: '透传的输出' }, value: mistaken },
      consequence: {
        en: found.length > 0 ? `The credential ${found[0]} is now text the model reads, and can repeat or send anywhere.` : 'No credential in this handler output: try search_kb.token_leak.',
        zh: found.length > 0 ? `凭据 ${found[0]} 成了模型可读的文本，可能被复述或发往任何地方。` : '此 handler 输出中没有凭据：请试试 search_kb.token_leak。',
      },
      evidence: found,
      shows: found.length > 0 && !JSON.stringify(correct).includes(found[0] as string),
    };
  },
};
