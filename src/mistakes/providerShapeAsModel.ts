/** Mistake 8: one provider's message shape used as the internal domain model. */
import { project } from '../core/result/index.ts';
import { PROVIDER_ADAPTERS } from '../core/tables/index.ts';
import { type Scenario } from '../core/result/index.ts';
import { toProviderItem } from '../core/dispatch/index.ts';
import { withProvider } from '../core/dispatch/index.ts';
import type { Mistake } from './mistake.ts';

/** The mistaken internal model: an Anthropic tool_result block, with nothing else kept. */
interface AnthropicShapedResult {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  is_error?: boolean;
}

function toOthers(r: AnthropicShapedResult): Record<string, unknown> {
  return {
    openai: { type: 'function_call_output', call_id: r.tool_use_id, output: r.content }, // is_error has nowhere to go
    gemini: { type: 'function_result', call_id: r.tool_use_id, result: [{ type: 'text', text: r.content }] }, // the tool name was never kept
  };
}

export const providerShapeAsModel: Mistake = {
  id: 8,
  scenario: 'search_kb.rate_limited',
  title: { en: "One provider's message shape as the internal model: the other adapters break or lose fields", zh: '把某家 provider 的消息形状当成内部域模型：另外两个 adapter 出错或丢字段' },
  run(s: Scenario) {
    const correct = Object.fromEntries(
      PROVIDER_ADAPTERS.map((a) => {
        const t = withProvider(s.context, a.provider);
        return [a.provider, toProviderItem(project(s.handler_output, t), t)];
      }),
    );
    const mr = project(s.handler_output, s.context).model_result;
    const internal: AnthropicShapedResult = {
      type: 'tool_result',
      tool_use_id: s.context.call.call_id,
      content: mr.error?.message ?? JSON.stringify(mr.data),
      ...(mr.status === 'succeeded' ? {} : { is_error: true }),
    };
    const others = toOthers(internal);
    const lost = [
      ...(mr.status !== 'succeeded' ? ['openai: the error flag (is_error) is dropped, and the status with it'] : []),
      'gemini: name (the tool) is missing',
      'all: status, execution and provenance are gone — only the text survived',
    ];
    return {
      correct: { label: { en: 'three adapters over one internal contract', zh: '同一内部合同上的三个 adapter' }, value: correct },
      mistaken: { label: { en: 'an Anthropic-shaped internal model, converted', zh: '以 Anthropic 形状为内部模型再转换' }, value: { internal, ...others } },
      consequence: { en: `Converting out of another provider's shape loses what it never had: ${lost.join('; ')}.`, zh: `从另一家的形状转换出来，丢掉了它本来就没有的东西：${lost.join('；')}。` },
      evidence: lost,
      shows: true,
    };
  },
};
