/**
 * Type-level contract of the continuation bodies (checked by `tsc --noEmit`;
 * docs/turn.md#shapes): what `continueTurn` returns for a provider and mode
 * known where it is called goes where the SDK's request parameters are
 * expected, spread into them with no cast, and tsc checks every member it
 * brings. Change a body so that it stops fitting and the build fails. The
 * core names none of the SDKs (the package's users may have none of them);
 * this file is where the structures meet the SDK types. A stateless body
 * carries the caller's history and the turn's replay: they are typed from the
 * caller's own types, the history's and the events' it pushed (the
 * assemblers' `E`), and without them are the JSON view.
 */
import type {
  ResponseCreateParamsStreaming,
  ResponseFunctionToolCall,
  ResponseInputItem,
  ResponseOutputItem,
  ResponseStreamEvent,
} from 'openai/resources/responses/responses';
import type {
  ContentBlock,
  MessageCreateParamsStreaming,
  MessageParam,
  RawMessageStreamEvent,
  TextBlock,
} from '@anthropic-ai/sdk/resources/messages';
import type { Interactions } from '@google/genai';
import type { Dispatcher } from '../../src/core/dispatcher/index.ts';
import type { PackagedResult } from '../../src/core/turn/index.ts';
import type { JsonValue } from '../../src/core/json/index.ts';
import {
  assembleTurn,
  createAnthropicTurnAssembler,
  createGeminiTurnAssembler,
  createOpenAITurnAssembler,
  createTurnAssembler,
  type AnthropicBody,
  type AssembledTurn,
  type ContinuationBody,
  type ContinuationMode,
  type GeminiStatefulBody,
  type GeminiStatelessBody,
  type OpenAIStatefulBody,
  type OpenAIStatelessBody,
  type Replayed,
  type ReplayItemOf,
} from '../../src/core/turn/index.ts';
import type { ProviderName } from '../../src/core/tables/index.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type BodyOf<C> = C extends { ok: true; body: infer B } ? Exclude<B, null> : never;

/** Never called: the calls are here for their types. */
export function continuationBodies(
  dispatcher: Dispatcher,
  turn: AssembledTurn,
  results: PackagedResult[],
  provider: ProviderName,
  mode: ContinuationMode,
) {
  const oFul = dispatcher.continueTurn('openai', turn, results, { mode: 'stateful', history: [] });
  const oLess = dispatcher.continueTurn('openai', turn, results, { mode: 'stateless', history: [] });
  const a = dispatcher.continueTurn('anthropic', turn, results, { mode: 'stateless', history: [] });
  const gFul = dispatcher.continueTurn('gemini', turn, results, { mode: 'stateful', history: [] });
  const gLess = dispatcher.continueTurn('gemini', turn, results, { mode: 'stateless', history: [] });
  // Where the provider or the mode is only known at run time, the body is the JSON view.
  const _runTime = dispatcher.continueTurn(provider, turn, results, { mode, history: [] });

  const typed: [
    Equal<BodyOf<typeof oFul>, OpenAIStatefulBody>,
    Equal<BodyOf<typeof oLess>, OpenAIStatelessBody>,
    Equal<BodyOf<typeof a>, AnthropicBody>,
    Equal<BodyOf<typeof gFul>, GeminiStatefulBody>,
    Equal<BodyOf<typeof gLess>, GeminiStatelessBody>,
    Equal<BodyOf<typeof _runTime>, ContinuationBody>,
  ] = [true, true, true, true, true, true];

  if (!oFul.ok || oFul.body === null || !gFul.ok || gFul.body === null) return typed;
  // The stateful bodies are the project's own items only: every member is checked against the SDK's.
  const openaiRequest: ResponseCreateParamsStreaming = { model: 'm', stream: true, tools: [], ...oFul.body };
  const geminiRequest: Interactions.CreateModelInteractionParamsStreaming = { model: 'm', stream: true, ...gFul.body };

  if (!oLess.ok || oLess.body === null || !a.ok || a.body === null || !gLess.ok || gLess.body === null) return typed;
  // Without the caller's types (a turn assembled from JSON, unknown events) the stateless bodies' items are the JSON
  // view, as the core holds them: the envelope is typed, the items are not promised.
  const openaiStateless = { model: 'm', stream: true, store: oLess.body.store, include: oLess.body.include } as const;
  const checkedStateless: ResponseCreateParamsStreaming = openaiStateless;
  // prettier-ignore
  // @ts-expect-error the turn's replay is the JSON view here (no event type pushed): not promised to be ResponseInputItem
  const n1: ResponseCreateParamsStreaming = { model: 'm', stream: true, ...oLess.body };
  // prettier-ignore
  // @ts-expect-error the assistant's replayed blocks are the JSON view here: not promised to be ContentBlockParam
  const n2: MessageCreateParamsStreaming = { model: 'm', max_tokens: 1, stream: true, ...a.body };
  // prettier-ignore
  // @ts-expect-error replayed steps are the JSON view here: not promised to be Interactions.Step
  const n3: Interactions.CreateModelInteractionParamsStreaming = { model: 'm', stream: true, ...gLess.body };
  return [typed, openaiRequest, geminiRequest, checkedStateless, n1, n2, n3];
}

type Fits<A, B> = [A] extends [B] ? true : false;
/** A text block's citations as the Anthropic replay carries them. */
type ReplayedCitation = NonNullable<Replayed<'anthropic', TextBlock>['citations']>[number];
type ItemOf<C> = C extends { ok: true; body: { input: readonly (infer I)[] } } ? I : never;

/**
 * The stateless bodies of a caller who pushes the SDK's own stream events and
 * keeps its history in the SDK's own input type: spread into the SDK's
 * request parameters with no cast. Never called.
 */
export function sdkTypedBodies(
  dispatcher: Dispatcher,
  results: PackagedResult[],
  streams: { openai: ResponseStreamEvent[]; anthropic: RawMessageStreamEvent[] },
  history: { openai: ResponseInputItem[]; anthropic: MessageParam[]; gemini: Interactions.Step[] },
) {
  const oa = createOpenAITurnAssembler<ResponseStreamEvent>();
  const aa = createAnthropicTurnAssembler<RawMessageStreamEvent>();
  const ga = createGeminiTurnAssembler<Interactions.InteractionSSEEvent>();
  // createTurnAssembler and assembleTurn type the replay from the events the same way, whatever the provider.
  const _byName = createTurnAssembler<Interactions.InteractionSSEEvent>('gemini');
  const oTurn = assembleTurn('openai', streams.openai);
  const aTurn = assembleTurn('anthropic', streams.anthropic);

  const replays: [
    // The replay's items are the events' items, less the members the replay drops (REPLAY_DROPS), at the type level too.
    Equal<ReplayItemOf<typeof oTurn>, Replayed<'openai', ResponseOutputItem>>,
    Equal<ReplayItemOf<ReturnType<typeof oa.turn>>, Replayed<'openai', ResponseOutputItem>>,
    Equal<ReplayItemOf<typeof aTurn>, Replayed<'anthropic', ContentBlock>>,
    Equal<ReplayItemOf<ReturnType<typeof aa.turn>>, Replayed<'anthropic', ContentBlock>>,
    Equal<ReplayItemOf<ReturnType<typeof ga.turn>>, Interactions.Step>,
    Equal<ReplayItemOf<ReturnType<typeof _byName.turn>>, Interactions.Step>,
    Fits<'id', keyof Extract<Replayed<'openai', ResponseOutputItem>, { type: 'function_call' }>>,
    Equal<
      Exclude<keyof Extract<Replayed<'openai', ResponseOutputItem>, { type: 'function_call' }>, 'id'>,
      Exclude<keyof ResponseFunctionToolCall, 'id'>
    >,
    Fits<'created_by', keyof Extract<Replayed<'openai', ResponseOutputItem>, { type: 'compaction' }>>,
    Fits<'file_id', keyof Extract<ReplayedCitation, { type: 'char_location' }>>,
    Fits<'file_id', keyof Extract<ReplayedCitation, { type: 'page_location' | 'content_block_location' }>>,
    Fits<'file_id', keyof Extract<NonNullable<TextBlock['citations']>[number], { type: 'char_location' }>>,
    // Events that do not tell the items apart, and no events at all: the JSON view, as before.
    Equal<ReplayItemOf<AssembledTurn>, unknown>,
    Equal<ReplayItemOf<ReturnType<ReturnType<typeof createOpenAITurnAssembler>['turn']>>, unknown>,
    Equal<ReplayItemOf<ReturnType<typeof assembleTurn<JsonValue>>>, unknown>,
    Equal<ReplayItemOf<ReturnType<typeof assembleTurn<{ type: string; item?: ResponseOutputItem }>>>, unknown>,
    Equal<ReplayItemOf<ReturnType<typeof assembleTurn<string>>>, unknown>,
  ] = [true, true, true, true, true, true, false, true, false, false, false, true, true, true, true, true, true];

  const o = dispatcher.continueTurn('openai', oa.turn(), results, { mode: 'stateless', history: history.openai });
  const a = dispatcher.continueTurn('anthropic', aa.turn(), results, { mode: 'stateless', history: history.anthropic });
  const g = dispatcher.continueTurn('gemini', ga.turn(), results, { mode: 'stateless', history: history.gemini });
  const a2 = dispatcher.continueTurn('anthropic', aTurn, results, { mode: 'stateless', history: [] });
  // The same turn with the provider known only at run time: the JSON view.
  const _runTimeTyped = dispatcher.continueTurn('openai' as ProviderName, oTurn, results, {
    mode: 'stateless',
    history: history.openai,
  });
  const _oFulTyped = dispatcher.continueTurn('openai', oa.turn(), results, {
    mode: 'stateful',
    history: history.openai,
  });
  const views: [
    Equal<BodyOf<typeof _runTimeTyped>, ContinuationBody>,
    // The stateful body is the same, typed turn or not.
    Equal<BodyOf<typeof _oFulTyped>, OpenAIStatefulBody>,
    Equal<ItemOf<typeof o>, ResponseInputItem | Replayed<'openai', ResponseOutputItem> | ItemOf<typeof _oFulTyped>>,
  ] = [true, true, true];

  if (!o.ok || o.body === null || !a.ok || a.body === null || !g.ok || g.body === null) return [replays, views];
  if (!a2.ok || a2.body === null) return [replays, views];
  const anthropicRequest: MessageCreateParamsStreaming = { model: 'm', max_tokens: 1, stream: true, ...a.body };
  const anthropicNoHistory: MessageCreateParamsStreaming = { model: 'm', max_tokens: 1, stream: true, ...a2.body };
  const geminiRequest: Interactions.CreateModelInteractionParamsStreaming = { model: 'm', stream: true, ...g.body };
  // Every OpenAI item fits ResponseInputItem but two, which openai 6.x types wider as output than as input and the
  // replay passes on as sent (it rewrites neither): ResponseComputerToolCallOutputItem.status has 'failed'
  // (responses.d.ts:1856; ResponseInputItem.ComputerCallOutput.status, :3370, has not), and
  // ResponseOutputItem.AdditionalTools.role has eight roles (:4729; ResponseInputItem.AdditionalTools.role, :3470,
  // is 'developer').
  const openaiRest: Fits<
    Exclude<ItemOf<typeof o>, { type: 'computer_call_output' | 'additional_tools' }>,
    ResponseInputItem
  > = true;
  // prettier-ignore
  // @ts-expect-error openai 6.x: computer_call_output's status 'failed' and additional_tools' roles but 'developer' are output-only in the SDK's types (above)
  const openaiRequest: ResponseCreateParamsStreaming = { model: 'm', stream: true, ...o.body };
  return [replays, views, anthropicRequest, anthropicNoHistory, geminiRequest, openaiRest, openaiRequest];
}
