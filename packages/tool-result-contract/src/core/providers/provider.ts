/**
 * What one provider folder hands the registry (docs/contract.md#one-folder-per-provider): its last hop
 * (the adapter row, its call items and the body of the turn that carries the results) and, for a model
 * provider, its turn (the stream assembler and the continuation). Two parts, so that a page which needs
 * only the adapter rows never loads an assembler (docs/decisions.md#one-provider-one-folder).
 */
import type { JsonValue } from '../json/jsonValue.ts';
import type { RefusalParams } from '../messages/index.ts';
import type { LastHopName, ProviderName } from './providerName.ts';
import type { AssembledCall, TurnAssembler } from './turn.ts';

export interface AdapterInput {
  call_id: string;
  tool: string;
  succeeded: boolean;
  /** canonical(model_result): the exact bytes bound by result_sha256. */
  text: string;
}

export interface ProviderAdapter<I = unknown> {
  provider: LastHopName;
  api_family: string;
  adapter_revision: string;
  title: string;
  build(input: AdapterInput): I;
}

/** The options a turn's body may take; each provider reads its own. */
export interface TurnBodyOptions {
  /** Anthropic: a text block after every tool_result. */
  text?: string;
  /** OpenAI: continue a stored response; without it the turn is stateless and echoes each function_call. */
  previous_response_id?: string;
  /** Gemini: continue a stored interaction. */
  previous_interaction_id?: string;
}

/** A call and its result's item, in the order of the provider's calls. */
export interface CallItem<C, I> {
  call: C;
  item: I;
}

/** The last hop of a provider whose item the dispatcher builds: a model provider or MCP. */
export interface LastHop<I = unknown, N extends LastHopName = LastHopName> {
  readonly name: N;
  readonly adapter: ProviderAdapter<I>;
}

/** A model provider's last hop: its calls, paired by id, and the turn that carries their results. */
export interface ModelLastHop<
  C = unknown,
  I = unknown,
  T = unknown,
  N extends ProviderName = ProviderName,
> extends LastHop<I, N> {
  /** The id the call carries, unchecked: composeTurn refuses one that is not a non-empty string. */
  callId(call: C): unknown;
  /** The provider's own call item for an assembled call, for composeTurn's pairing. */
  callOf(call: AssembledCall): C;
  compose(pairs: readonly CallItem<C, I>[], opts: TurnBodyOptions): T;
}

/** What a continuation is built from once the turn, its mode and its results were checked. */
export interface ContinuationInput<T> {
  mode: 'stateful' | 'stateless';
  response_id: string;
  /** Copies the caller owns: the history as sent, the turn's replay as assembled. */
  history: JsonValue[];
  replay: JsonValue[];
  /** composeTurn over this turn's calls and results, with the provider's options. */
  compose(opts: TurnBodyOptions): T;
}

export type ContinuationPart = { body: Record<string, JsonValue> } | { refused: RefusalParams };

/** A model provider's turn: a fresh assembler for its stream, and the body of the request that continues it. */
export interface ModelTurn<T = unknown> {
  readonly name: ProviderName;
  createAssembler(): TurnAssembler;
  /** Whether the provider stores a turn to continue from; without it only a stateless body is built. */
  readonly stateful: boolean;
  /** A paused turn (docs/turn-contract.md#paused-and-storeless-turns), for a provider that pauses: the body that resumes it. */
  paused?(history: JsonValue[], replay: JsonValue[]): Record<string, JsonValue>;
  continuation(input: ContinuationInput<T>): ContinuationPart;
}
