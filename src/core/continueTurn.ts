/**
 * SPEC 8.3: the body of the next request, which carries the results back.
 * Results are paired with calls by call id through composeTurn (SPEC 5), and
 * every result item comes from the adapters, which validate the package
 * again first; only `model_result` goes in, never `protected_audit`. `model`,
 * tools and other request options are the caller's to add.
 *
 * @example
 * continueTurn('gemini', turn, results, { mode: 'stateful', history: [] })
 * // { ok: true, body: { previous_interaction_id: 'v1_…', input: [{ type: 'function_result', … }] } }
 */
import { composeTurn, TurnRefused, type AnthropicTurn, type PackagedResult, type ProviderCall } from './composeTurn.ts';
import type { JsonValue } from './jsonValue.ts';
import type { ProviderName } from './providerAdapters.ts';
import { AdapterRefused } from './toProviderItem.ts';
import type { AssembledTurn } from './turn.ts';

export type ContinuationMode = 'stateful' | 'stateless';

export interface ContinuationOptions {
  mode: ContinuationMode;
  /** What the first request sent: its `input` (OpenAI, Gemini) or `messages` (Anthropic). */
  history: readonly JsonValue[];
}

export interface ContinuationRefused {
  ok: false;
  code: 'CONTINUATION_REFUSED';
  detail: string;
}

export type ContinuationBody = Record<string, JsonValue>;

export type Continuation = { ok: true; body: ContinuationBody } | ContinuationRefused;

const refuse = (detail: string): ContinuationRefused => ({ ok: false, code: 'CONTINUATION_REFUSED', detail });

/** The provider's own call item for composeTurn's pairing (its input type, not a stream event). */
function providerCall(provider: ProviderName, c: AssembledTurn['calls'][number]): ProviderCall {
  switch (provider) {
    case 'openai':
      return { type: 'function_call', call_id: c.call_id, name: c.name, arguments: c.arguments_text };
    case 'anthropic':
      return { type: 'tool_use', id: c.call_id, name: c.name, input: c.arguments ?? {} };
    case 'gemini':
      return { type: 'function_call', id: c.call_id, name: c.name, arguments: c.arguments ?? {} };
  }
}

/** Never throws: a refusal is a value with its reason. */
export function continueTurn(provider: ProviderName, turn: AssembledTurn, results: readonly PackagedResult[], opts: ContinuationOptions): Continuation {
  try {
    return build(provider, turn, results, opts);
  } catch (e) {
    if (e instanceof TurnRefused) return refuse(e.problems.map((p) => `${p.code} ${p.call_id}: ${p.detail}`).join('; '));
    if (e instanceof AdapterRefused) return refuse(`a result failed validation before serialization: ${e.message}`);
    return refuse(`the continuation could not be built: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function build(provider: ProviderName, turn: AssembledTurn, results: readonly PackagedResult[], opts: ContinuationOptions): Continuation {
  if (turn.provider !== provider) return refuse(`the turn was assembled for ${turn.provider}, not ${provider}`);
  if (turn.problems.length > 0) return refuse(`the turn has problems (${turn.problems.map((p) => p.code).join(', ')}): no result may go back`);
  if (turn.response_id === null || turn.terminal?.tool_turn !== true) return refuse('the turn did not end by asking for tools');
  if (opts.mode !== 'stateful' && opts.mode !== 'stateless') return refuse(`unknown mode ${JSON.stringify(opts.mode)}`);
  if (!Array.isArray(opts.history)) return refuse('history must be the list the first request sent');
  if (provider === 'anthropic' && opts.mode === 'stateful') {
    return refuse('the GA Anthropic Messages API keeps no state: every request carries the whole conversation (use stateless)');
  }
  // A result bound to another turn would verify against its own context, but it answers a call the model did not make here.
  for (const r of results) {
    if (r.trusted.call.response_id !== turn.response_id) {
      return refuse(`the result for ${JSON.stringify(r.trusted.call.call_id)} is bound to response ${JSON.stringify(r.trusted.call.response_id)}, not this turn's ${JSON.stringify(turn.response_id)}`);
    }
  }
  const calls = turn.calls.map((c) => providerCall(provider, c));
  const history = structuredClone([...opts.history]) as JsonValue[];
  const replay = structuredClone(turn.replay);
  switch (provider) {
    case 'openai': {
      // composeTurn's stateless echo is not used: the turn's items are replayed once, as assembled.
      const outputs = composeTurn('openai', calls, [...results], { previous_response_id: turn.response_id }).input as unknown as JsonValue[];
      if (opts.mode === 'stateful') return { ok: true, body: { previous_response_id: turn.response_id, input: outputs } };
      return { ok: true, body: { store: false, include: ['reasoning.encrypted_content'], input: [...history, ...replay, ...outputs] } };
    }
    case 'anthropic': {
      const user: AnthropicTurn = composeTurn('anthropic', calls, [...results]);
      const firstOther = user.content.findIndex((b) => b.type !== 'tool_result');
      if (firstOther !== -1 && user.content.slice(firstOther).some((b) => b.type === 'tool_result')) {
        return refuse('a text block before a tool_result: the API rejects it');
      }
      return { ok: true, body: { messages: [...history, { role: 'assistant', content: replay }, user as unknown as JsonValue] } };
    }
    case 'gemini': {
      const outputs = composeTurn('gemini', calls, [...results]).input as unknown as JsonValue[];
      if (opts.mode === 'stateful') return { ok: true, body: { previous_interaction_id: turn.response_id, input: outputs } };
      return { ok: true, body: { store: false, input: [...history, ...replay, ...outputs] } };
    }
  }
}
