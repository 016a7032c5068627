/** Gemini Interactions' adapter row (docs/contract.md#provider-adapters): the result as a `function_result` step. */
import type { ProviderAdapter } from '../provider.ts';

export interface GeminiFunctionResult {
  type: 'function_result';
  name: string;
  call_id: string;
  result: [{ type: 'text'; text: string }];
  is_error?: true;
}

export const geminiAdapter: ProviderAdapter<GeminiFunctionResult> = {
  provider: 'gemini',
  api_family: 'interactions',
  adapter_revision: 'gemini-interactions-2026-07-19',
  title: 'Gemini Interactions',
  build: ({ call_id, tool, text, succeeded }) => ({
    type: 'function_result',
    name: tool,
    call_id,
    result: [{ type: 'text', text }],
    ...(succeeded ? {} : { is_error: true as const }),
  }),
};
