/**
 * Anthropic's turn that carries the results (docs/contract.md#several-results-in-one-turn): one user message
 * whose content has every `tool_result` first, in the order of the `tool_use` blocks, then an optional text block.
 */
import type { ModelLastHop } from '../provider.ts';
import { anthropicAdapter, type AnthropicToolResult } from './adapter.ts';

/** The provider's own call block, as its API returned it. */
export interface AnthropicToolUse {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

export interface AnthropicTurn {
  role: 'user';
  content: (AnthropicToolResult | { type: 'text'; text: string })[];
}

export const anthropicLastHop: ModelLastHop<AnthropicToolUse, AnthropicToolResult, AnthropicTurn, 'anthropic'> = {
  name: 'anthropic',
  adapter: anthropicAdapter,
  callId: (call) => call.id,
  callOf: (c) => ({ type: 'tool_use', id: c.call_id, name: c.name, input: c.arguments ?? {} }),
  compose: (pairs, opts) => {
    // Every tool_result first, in tool_use order, then any text: the API rejects text before them.
    const content: AnthropicTurn['content'] = pairs.map((p) => p.item);
    if (opts.text !== undefined && opts.text !== '') content.push({ type: 'text', text: opts.text });
    return { role: 'user', content };
  },
};
