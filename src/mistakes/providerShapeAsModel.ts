/** Mistake 8: one provider's message shape used as the internal domain model. */
import { project } from '#lib/core/result/index.ts';
import { PROVIDER_ADAPTERS } from '#lib/core/tables/index.ts';
import { type Scenario } from '#lib/core/result/index.ts';
import { toProviderItem } from '#lib/core/lastHop/index.ts';
import { withProvider } from '#lib/core/lastHop/index.ts';
import type { Mistake } from './mistake.ts';
import { chapterTools } from '../chapter/index.ts';

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

export const providerShapeAsModel: Mistake<8> = {
  id: 8,
  scenario: 'search_kb.rate_limited',
  run(s: Scenario) {
    const correct = Object.fromEntries(
      PROVIDER_ADAPTERS.map((a) => {
        const t = withProvider(s.context, a.provider);
        return [a.provider, toProviderItem(project(s.handler_output, t, chapterTools), t, chapterTools)];
      }),
    );
    const mr = project(s.handler_output, s.context, chapterTools).model_result;
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
      id: 8,
      correct: { value: correct },
      mistaken: { value: { internal, ...others } },
      facts: { lost },
      evidence: lost,
      shows: true,
    };
  },
};
