/** Anthropic Messages' adapter row (docs/contract.md#provider-adapters): the result as a `tool_result` block. */
import type { ProviderAdapter } from '../provider.ts';

export interface AnthropicToolResult {
  type: 'tool_result';
  tool_use_id: string;
  content: [{ type: 'text'; text: string }];
  is_error?: true;
}

export const anthropicAdapter: ProviderAdapter<AnthropicToolResult> = {
  provider: 'anthropic',
  api_family: 'messages',
  adapter_revision: 'anthropic-messages-2026-07-19',
  title: 'Anthropic Messages',
  build: ({ call_id, text, succeeded }) => ({
    type: 'tool_result',
    tool_use_id: call_id,
    content: [{ type: 'text', text }],
    ...(succeeded ? {} : { is_error: true as const }),
  }),
};
