/**
 * OpenAI's turn that carries the results (docs/contract.md#several-results-in-one-turn): the
 * `function_call_output` items, and without `previous_response_id` each `function_call` echoed before its output.
 */
import type { ModelLastHop } from '../provider.ts';
import { openaiAdapter, type OpenAIFunctionCallOutput } from './adapter.ts';

/** The provider's own call item, as its API returned it. */
export interface OpenAIFunctionCall {
  type: 'function_call';
  call_id: string;
  name: string;
  arguments: string;
  id?: string;
}

export interface OpenAITurn {
  previous_response_id?: string;
  input: (OpenAIFunctionCall | OpenAIFunctionCallOutput)[];
}

export const openaiLastHop: ModelLastHop<OpenAIFunctionCall, OpenAIFunctionCallOutput, OpenAITurn, 'openai'> = {
  name: 'openai',
  adapter: openaiAdapter,
  callId: (call) => call.call_id,
  callOf: (c) => ({ type: 'function_call', call_id: c.call_id, name: c.name, arguments: c.arguments_text }),
  compose: (pairs, opts) => {
    const stateful = opts.previous_response_id !== undefined;
    const input = stateful ? pairs.map((p) => p.item) : pairs.flatMap(({ call, item }) => [call, item]);
    return stateful ? { previous_response_id: opts.previous_response_id as string, input } : { input };
  },
};
