/** OpenAI Responses' adapter row (docs/contract.md#provider-adapters): the result as a `function_call_output`. */
import type { ProviderAdapter } from '../provider.ts';

export interface OpenAIFunctionCallOutput {
  type: 'function_call_output';
  call_id: string;
  output: string;
}

export const openaiAdapter: ProviderAdapter<OpenAIFunctionCallOutput> = {
  provider: 'openai',
  api_family: 'responses',
  adapter_revision: 'openai-responses-2026-07-19',
  title: 'OpenAI Responses',
  // The Responses API has no is_error: the status inside the text says it.
  build: ({ call_id, text }) => ({ type: 'function_call_output', call_id, output: text }),
};
