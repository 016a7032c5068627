/**
 * Gemini's turn that carries the results (docs/contract.md#several-results-in-one-turn): the
 * `function_result` steps, with `previous_interaction_id` when given.
 */
import type { ModelLastHop } from '../provider.ts';
import { geminiAdapter, type GeminiFunctionResult } from './adapter.ts';

/** The provider's own call step, as its API returned it. */
export interface GeminiFunctionCall {
  type: 'function_call';
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export interface GeminiTurn {
  previous_interaction_id?: string;
  input: GeminiFunctionResult[];
}

export const geminiLastHop: ModelLastHop<GeminiFunctionCall, GeminiFunctionResult, GeminiTurn, 'gemini'> = {
  name: 'gemini',
  adapter: geminiAdapter,
  callId: (call) => call.id,
  callOf: (c) => ({ type: 'function_call', id: c.call_id, name: c.name, arguments: c.arguments ?? {} }),
  compose: (pairs, opts) => {
    const input = pairs.map((p) => p.item);
    return opts.previous_interaction_id !== undefined
      ? { previous_interaction_id: opts.previous_interaction_id, input }
      : { input };
  },
};
