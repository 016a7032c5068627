/**
 * docs/turn-contract.md#fixtures-and-the-sdk-cross-check: the turn fixtures, shipped as data (one JSON file each, written
 * by scripts/make-turn-fixtures.ts): for each provider `one_call`,
 * `parallel_calls`, `truncated`, `injection_follow_up`, `invalid_arguments`
 * and one fault per problem code its stream can show. Each holds the raw
 * stream, the dispatcher's turn context (with the first request's history),
 * a handler output per call that runs, and what the fixture is meant to show.
 */
import type { JsonValue } from '#lib/core/json/index.ts';
import type { ProviderName } from '#lib/core/tables/index.ts';
import type { GateVerdict, TurnContext, TurnProblemCode } from '#lib/core/turn/index.ts';
import openaiOneCall from './turns/openai.one_call.json' with { type: 'json' };
import openaiParallelCalls from './turns/openai.parallel_calls.json' with { type: 'json' };
import openaiTruncated from './turns/openai.truncated.json' with { type: 'json' };
import openaiInjectionFollowUp from './turns/openai.injection_follow_up.json' with { type: 'json' };
import openaiInvalidArguments from './turns/openai.invalid_arguments.json' with { type: 'json' };
import openaiStreamOrder from './turns/openai.stream_order.json' with { type: 'json' };
import openaiStreamUnterminated from './turns/openai.stream_unterminated.json' with { type: 'json' };
import openaiStreamError from './turns/openai.stream_error.json' with { type: 'json' };
import openaiArgumentsDisagree from './turns/openai.arguments_disagree.json' with { type: 'json' };
import openaiDuplicateCallId from './turns/openai.duplicate_call_id.json' with { type: 'json' };
import anthropicOneCall from './turns/anthropic.one_call.json' with { type: 'json' };
import anthropicParallelCalls from './turns/anthropic.parallel_calls.json' with { type: 'json' };
import anthropicTruncated from './turns/anthropic.truncated.json' with { type: 'json' };
import anthropicInjectionFollowUp from './turns/anthropic.injection_follow_up.json' with { type: 'json' };
import anthropicInvalidArguments from './turns/anthropic.invalid_arguments.json' with { type: 'json' };
import anthropicStreamOrder from './turns/anthropic.stream_order.json' with { type: 'json' };
import anthropicStreamUnterminated from './turns/anthropic.stream_unterminated.json' with { type: 'json' };
import anthropicStreamError from './turns/anthropic.stream_error.json' with { type: 'json' };
import anthropicDuplicateCallId from './turns/anthropic.duplicate_call_id.json' with { type: 'json' };
import geminiOneCall from './turns/gemini.one_call.json' with { type: 'json' };
import geminiParallelCalls from './turns/gemini.parallel_calls.json' with { type: 'json' };
import geminiTruncated from './turns/gemini.truncated.json' with { type: 'json' };
import geminiInjectionFollowUp from './turns/gemini.injection_follow_up.json' with { type: 'json' };
import geminiInvalidArguments from './turns/gemini.invalid_arguments.json' with { type: 'json' };
import geminiStreamOrder from './turns/gemini.stream_order.json' with { type: 'json' };
import geminiStreamUnterminated from './turns/gemini.stream_unterminated.json' with { type: 'json' };
import geminiStreamError from './turns/gemini.stream_error.json' with { type: 'json' };
import geminiDuplicateCallId from './turns/gemini.duplicate_call_id.json' with { type: 'json' };

export const TURN_FIXTURE_FORMAT = 'tool-turn-fixture-v1';

export interface TurnFixture {
  format: typeof TURN_FIXTURE_FORMAT;
  id: string;
  provider: ProviderName;
  title: string;
  summary: string;
  /** What the fixture shows: the problem codes of its turn, and each call's gate when it has none. */
  expect: { problems: TurnProblemCode[]; gates: Record<string, GateVerdict> };
  /** Indexes of events that are on the wire but outside the SDK's stream event union (e.g. Anthropic's `error`). */
  outside_sdk_union?: number[];
  stream: JsonValue[];
  turn_context: TurnContext;
  handlers: Record<string, JsonValue>;
}

/** Every turn fixture, by provider, healthy ones first. */
// Marked pure so that a bundle that never reads the fixtures (the playground's first load) leaves them out.
export const turnFixtures: readonly TurnFixture[] = /* @__PURE__ */ Object.freeze([
  openaiOneCall as unknown as TurnFixture,
  openaiParallelCalls as unknown as TurnFixture,
  openaiTruncated as unknown as TurnFixture,
  openaiInjectionFollowUp as unknown as TurnFixture,
  openaiInvalidArguments as unknown as TurnFixture,
  openaiStreamOrder as unknown as TurnFixture,
  openaiStreamUnterminated as unknown as TurnFixture,
  openaiStreamError as unknown as TurnFixture,
  openaiArgumentsDisagree as unknown as TurnFixture,
  openaiDuplicateCallId as unknown as TurnFixture,
  anthropicOneCall as unknown as TurnFixture,
  anthropicParallelCalls as unknown as TurnFixture,
  anthropicTruncated as unknown as TurnFixture,
  anthropicInjectionFollowUp as unknown as TurnFixture,
  anthropicInvalidArguments as unknown as TurnFixture,
  anthropicStreamOrder as unknown as TurnFixture,
  anthropicStreamUnterminated as unknown as TurnFixture,
  anthropicStreamError as unknown as TurnFixture,
  anthropicDuplicateCallId as unknown as TurnFixture,
  geminiOneCall as unknown as TurnFixture,
  geminiParallelCalls as unknown as TurnFixture,
  geminiTruncated as unknown as TurnFixture,
  geminiInjectionFollowUp as unknown as TurnFixture,
  geminiInvalidArguments as unknown as TurnFixture,
  geminiStreamOrder as unknown as TurnFixture,
  geminiStreamUnterminated as unknown as TurnFixture,
  geminiStreamError as unknown as TurnFixture,
  geminiDuplicateCallId as unknown as TurnFixture,
]);

export function findTurnFixture(id: string): TurnFixture | null {
  return turnFixtures.find((f) => f.id === id) ?? null;
}

/** A fixture is healthy when its stream shows no problem: the SDK cross-check feeds these to the SDKs' own helpers. */
export const isHealthyFixture = (f: TurnFixture): boolean => f.expect.problems.length === 0;
