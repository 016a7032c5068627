/**
 * The body of the next request, which carries the results back (docs/turn-contract.md#the-continuation).
 * Results are paired with calls by call id through composeTurn (docs/contract.md#several-results-in-one-turn), and
 * every result item comes from the adapters, which validate the package
 * again first; only `model_result` goes in, never `protected_audit`. `model`,
 * tools and other request options are the caller's to add.
 *
 * @example
 * continueTurn('gemini', turn, results, { mode: 'stateful', history: [] })
 * // { ok: true, body: { previous_interaction_id: 'v1_…', input: [{ type: 'function_result', … }] } }
 */
import { composeTurn, TurnRefusedError, type AnthropicTurn, type PackagedResult } from './composeTurn.ts';
import type { JsonValue } from '../json/jsonValue.ts';
import {
  findLastHop,
  findModelTurn,
  type GeminiFunctionResult,
  type ModelTurn,
  type OpenAIFunctionCallOutput,
  type AssembledTurn,
  type ProviderName,
} from '../providers/index.ts';
import type { ToolRegistry } from '../tables/registry.ts';
import { AdapterRefusedError } from '../lastHop/toProviderItem.ts';
import { validateResult } from '../result/validateResult.ts';
import { boundResponseId } from './inputGate.ts';
import { describeTurnText, type PairingCode, type RefusalParams } from '../messages/index.ts';

export type ContinuationMode = 'stateful' | 'stateless';

/** `H`: the history's item type, the caller's own (an SDK's input item type); the stateless body carries it back as that type. */
export interface ContinuationOptions<H = JsonValue> {
  mode: ContinuationMode;
  /** What the first request sent: its `input` (OpenAI, Gemini) or `messages` (Anthropic). */
  history: readonly H[];
  /** The dispatcher's id for the request, which the results are bound to where the provider gave the empty one (docs/turn-contract.md#the-input-gate). */
  response_ref?: string;
  /** The registry each package is validated against; a dispatcher (createDispatcher) passes its own. */
  tools: ToolRegistry;
}

export interface ContinuationRefused {
  ok: false;
  code: 'CONTINUATION_REFUSED';
  /** The English sentence of `params` (messages/turnParams.ts, the English locale); a page renders `params`. */
  detail: string;
  params: RefusalParams;
}

export type ContinuationBody = Record<string, JsonValue>;

/*
 * The bodies by provider and mode (docs/turn.md#shapes), written as plain
 * structures so that the package needs none of the SDKs: test/types/
 * continuationBodies.ts assigns each to the SDK's request parameters. A
 * stateless body also holds what the caller sent (the history, of the
 * caller's type `H`) and what the provider sent (the replay, of the turn's
 * type `R`: what the caller's event type says the provider sent, less the
 * dropped members; AssembledTurn). Those are the caller's own words, passed
 * through, never checked here: where the turn's `R` is not known the items
 * are the JSON view, as the core holds them.
 */
export type {
  AnthropicBody,
  GeminiStatefulBody,
  GeminiStatelessBody,
  OpenAIStatefulBody,
  OpenAIStatelessBody,
} from '../providers/index.ts';
import type {
  AnthropicBody,
  GeminiStatefulBody,
  GeminiStatelessBody,
  OpenAIStatefulBody,
  OpenAIStatelessBody,
} from '../providers/index.ts';

/**
 * The body `continueTurn` builds for a provider and mode known where it is
 * called; the JSON view where either is not. `H`: the history's item type;
 * `R`: the turn's replay item type (AssembledTurn), `unknown` for the JSON view.
 *
 * A stateless body's items are the history's `H`, the turn's replay (built
 * from its items' type `R`) and the results; where `R` is not known
 * (`unknown`), the JSON view (with `H` as the caller gave it, where that is
 * not JSON). `Items` is inferred here rather than read from a helper type, so
 * the public declaration names only what the package exports.
 */
export type ContinuationBodyFor<
  P extends ProviderName,
  M extends ContinuationMode,
  H = JsonValue,
  R = unknown,
> = ProviderName extends P
  ? ContinuationBody
  : (unknown extends R ? ([H] extends [JsonValue] ? JsonValue : H | JsonValue) : H) extends infer Items
    ? P extends 'anthropic'
      ? AnthropicBody<unknown extends R ? Items : Items | { role: 'assistant'; content: R[] } | AnthropicTurn>
      : ContinuationMode extends M
        ? ContinuationBody
        : P extends 'openai'
          ? M extends 'stateful'
            ? OpenAIStatefulBody
            : OpenAIStatelessBody<unknown extends R ? Items : Items | R | OpenAIFunctionCallOutput>
          : M extends 'stateful'
            ? GeminiStatefulBody
            : GeminiStatelessBody<unknown extends R ? Items : Items | R | GeminiFunctionResult>
    : never;

/**
 * A body to send; or, for the model's final answer (no call to answer:
 * docs/turn-contract.md#the-final-answer), nothing to send and nothing refused; or a refusal with its reason.
 */
export type Continuation<B = ContinuationBody> =
  { ok: true; body: B } | { ok: true; body: null; final_answer: true } | ContinuationRefused;

const refuse = (params: RefusalParams): ContinuationRefused => ({
  ok: false,
  code: 'CONTINUATION_REFUSED',
  detail: describeTurnText(params),
  params,
});

/**
 * Never throws: a refusal is a value with its reason. `H` (the history's
 * items) and `R` (the turn's replay items) only type the stateless body: the
 * caller's history and the turn's replay go into it as they are.
 *
 * @example
 * ```ts
 * const next = continueTurn('openai', assembled, results, { tools, mode: 'stateless', history: [] });
 * if (next.ok && next.body !== null) console.log(next.body); // the next request's body
 * ```
 */
export function continueTurn<P extends ProviderName, M extends ContinuationMode, H = JsonValue, R = unknown>(
  provider: P,
  turn: AssembledTurn<R>,
  results: readonly PackagedResult[],
  opts: ContinuationOptions<H> & { mode: M },
): Continuation<ContinuationBodyFor<P, M, H, R>> {
  // build checks at run time what the provider and mode say: the body it makes is the one of this provider and mode,
  // with the history and the replay as given.
  return untyped(provider, turn, results, opts) as Continuation<ContinuationBodyFor<P, M, H, R>>;
}

function untyped(
  provider: ProviderName,
  turn: AssembledTurn,
  results: readonly PackagedResult[],
  opts: ContinuationOptions<unknown>,
): Continuation {
  try {
    return build(provider, turn, results, opts);
  } catch (e) {
    if (e instanceof TurnRefusedError)
      return refuse({
        kind: 'pairing',
        problems: e.problems.map((p) => ({ code: p.code as PairingCode, call_id: p.call_id })),
      });
    if (e instanceof AdapterRefusedError) {
      const failed = firstInvalid(turn, results, opts.tools);
      if (failed !== null) return refuse({ kind: 'result_invalid', ...failed });
    }
    return refuse({ kind: 'internal', message: e instanceof Error ? e.message : String(e) });
  }
}

/**
 * The call whose result the adapter refused. composeTurn serializes the
 * results in call order and stops at the first refusal; validation answers
 * from its arguments alone, so checking again in that order finds the same
 * result, and this runs only once a continuation is refused anyway.
 */
function firstInvalid(
  turn: AssembledTurn,
  results: readonly PackagedResult[],
  tools: ToolRegistry,
): { call_id: string; codes: string[] } | null {
  for (const call of turn.calls) {
    const r = results.find((x) => x.trusted.call.call_id === call.call_id);
    if (r === undefined) continue;
    const report = validateResult(r.package, r.trusted, tools);
    if (!report.ok) return { call_id: call.call_id, codes: [...new Set(report.violations.map((v) => v.code))] };
  }
  return null;
}

function build(
  provider: ProviderName,
  turn: AssembledTurn,
  results: readonly PackagedResult[],
  opts: ContinuationOptions<unknown>,
): Continuation {
  if (turn.provider !== provider) return refuse({ kind: 'other_provider', assembled: turn.provider, asked: provider });
  // Its folder's turn part: whether it stores a turn, whether it pauses, and the body it continues with.
  const part = findModelTurn(provider) as ModelTurn;
  if (turn.problems.length > 0)
    return refuse({ kind: 'turn_problems', codes: [...new Set(turn.problems.map((p) => p.code))] });
  const t = turn.terminal;
  const end = t === null ? null : { type: t.type, status: t.status, reason: t.reason };
  // The final answer has no call to answer (docs/turn-contract.md#the-final-answer); nothing is sent back, and nothing is refused.
  if (t?.kind === 'final_answer') return { ok: true, body: null, final_answer: true };
  if (t !== null && t.kind === 'stopped')
    return refuse({ kind: 'ended_without_calls', end: end as NonNullable<typeof end> });
  const paused = t?.kind === 'pause_turn' && part.paused !== undefined;
  if (turn.response_id === null || (t?.kind !== 'tools' && !paused)) return refuse({ kind: 'no_tool_request', end });
  if (opts.mode !== 'stateful' && opts.mode !== 'stateless')
    return refuse({ kind: 'unknown_mode', mode: opts.mode as JsonValue });
  if (!Array.isArray(opts.history)) return refuse({ kind: 'history_not_list' });
  if (!part.stateful && opts.mode === 'stateful') return refuse({ kind: 'stateless_only' });
  // A Gemini interaction with the empty id was not stored (store: false): there is nothing to continue from.
  if (turn.response_id === '' && opts.mode === 'stateful') return refuse({ kind: 'no_stored_interaction' });
  const bound = boundResponseId(turn, opts.response_ref) ?? '';
  // A result bound to another turn would verify against its own context, but it answers a call the model did not make here.
  for (const r of results) {
    if (r.trusted.call.response_id !== bound) {
      return refuse({
        kind: 'other_response',
        call_id: r.trusted.call.call_id,
        bound: r.trusted.call.response_id,
        expected: bound,
      });
    }
  }
  // A paused turn (docs/turn-contract.md#paused-and-storeless-turns) continues with the assistant content as it came, and no user message.
  if (part.paused !== undefined && paused)
    return {
      ok: true,
      body: part.paused(structuredClone([...opts.history]) as JsonValue[], structuredClone(turn.replay)),
    };
  const hop = findLastHop(provider);
  const calls = turn.calls.map((c) => hop.callOf(c));
  const made = part.continuation({
    mode: opts.mode,
    response_id: turn.response_id,
    history: structuredClone([...opts.history]) as JsonValue[],
    replay: structuredClone(turn.replay),
    compose: (body) => composeTurn(provider, calls, [...results], { ...body, tools: opts.tools }),
  });
  return 'refused' in made ? refuse(made.refused) : { ok: true, body: made.body };
}
