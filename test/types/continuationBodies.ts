/**
 * Type-level contract of the continuation bodies (checked by `tsc --noEmit`;
 * docs/turn.md#shapes): what `continueTurn` returns for a provider and mode
 * known where it is called goes where the SDK's request parameters are
 * expected, spread into them with no cast, and tsc checks every member it
 * brings. Change a body so that it stops fitting and the build fails. The
 * core names none of the SDKs (the package's users may have none of them);
 * this file is where the structures meet the SDK types.
 */
import type { ResponseCreateParamsStreaming } from 'openai/resources/responses/responses';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import type { Interactions } from '@google/genai';
import type { Dispatcher } from '../../src/core/dispatcher/index.ts';
import type { PackagedResult } from '../../src/core/dispatch/index.ts';
import type {
  AnthropicBody,
  AssembledTurn,
  ContinuationBody,
  ContinuationMode,
  GeminiStatefulBody,
  GeminiStatelessBody,
  OpenAIStatefulBody,
  OpenAIStatelessBody,
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
  // The stateless bodies carry the caller's history and the provider's own output items, which the core
  // holds as JSON (it checks their shape against the SDK types for its fixtures and recordings only,
  // test/types/turnFixtures.generated.ts): the envelope is typed, the items are not promised.
  const openaiStateless = { model: 'm', stream: true, store: oLess.body.store, include: oLess.body.include } as const;
  const checkedStateless: ResponseCreateParamsStreaming = openaiStateless;
  // prettier-ignore
  // @ts-expect-error replayed output items are JSON here: not promised to be ResponseInputItem
  const n1: ResponseCreateParamsStreaming = { model: 'm', stream: true, ...oLess.body };
  // prettier-ignore
  // @ts-expect-error the assistant's replayed blocks are JSON here: not promised to be ContentBlockParam
  const n2: MessageCreateParamsStreaming = { model: 'm', max_tokens: 1, stream: true, ...a.body };
  // prettier-ignore
  // @ts-expect-error replayed steps are JSON here: not promised to be Interactions.Step
  const n3: Interactions.CreateModelInteractionParamsStreaming = { model: 'm', stream: true, ...gLess.body };
  return [typed, openaiRequest, geminiRequest, checkedStateless, n1, n2, n3];
}
