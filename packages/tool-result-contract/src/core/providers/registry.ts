/**
 * The registry of providers (docs/contract.md#one-folder-per-provider), its first list: each folder's last hop,
 * which the first page needs for the adapter rows. The second list, the model turns, is modelTurns.ts beside it,
 * a module of its own so that the first page's chunk never reaches an assembler (docs/decisions.md#one-provider-one-folder).
 * Nothing outside a provider's folder asks which provider it is: it asks the registry for that provider's part.
 */
import { anthropicLastHop } from './anthropic/index.ts';
import { geminiLastHop } from './gemini/index.ts';
import { mcpLastHop } from './mcp/index.ts';
import { openaiLastHop } from './openai/index.ts';
import type { AnthropicToolResult, AnthropicToolUse, AnthropicTurn } from './anthropic/index.ts';
import type { GeminiFunctionCall, GeminiFunctionResult, GeminiTurn } from './gemini/index.ts';
import type { McpCallToolResult } from './mcp/index.ts';
import type { OpenAIFunctionCall, OpenAIFunctionCallOutput, OpenAITurn } from './openai/index.ts';
import type { ModelLastHop, ProviderAdapter } from './provider.ts';
import type { LastHopName, ProviderName } from './providerName.ts';

/** Every last hop, in the order of the adapter table. */
export const LAST_HOPS = /* @__PURE__ */ Object.freeze([
  openaiLastHop,
  anthropicLastHop,
  geminiLastHop,
  mcpLastHop,
] as const);

type Hop = (typeof LAST_HOPS)[number];

/** The last hop of a name; a model provider's carries its calls and the turn's body. */
export type LastHopOf<P extends LastHopName> = Extract<Hop, { name: P }>;

/** The adapter rows, each with its item's type, in the registry's order. */
export type AdaptersOf<T> = { -readonly [K in keyof T]: T[K] extends { adapter: infer A } ? A : never };

type ItemOf<A> = A extends ProviderAdapter<infer I> ? I : never;
type CallOf<H> = H extends ModelLastHop<infer C> ? C : never;

/*
 * The public names below are written out, each provider's own type by name, so that a declaration an engineer reads
 * names types they can import rather than this module's helpers; the checks after them read the same names off the
 * registry, so a provider added to LAST_HOPS and not here fails to compile.
 */

/** Any provider item: what one of the registered adapters builds. */
export type ProviderItem = OpenAIFunctionCallOutput | AnthropicToolResult | GeminiFunctionResult | McpCallToolResult;

/** A model provider's own call item, as its API returned it. */
export type ProviderCall = OpenAIFunctionCall | AnthropicToolUse | GeminiFunctionCall;

/** The turn body composeTurn gives for a model provider: its folder's type, their union for any provider. */
export type TurnOf<P extends ProviderName> =
  | (P extends 'openai' ? OpenAITurn : never)
  | (P extends 'anthropic' ? AnthropicTurn : never)
  | (P extends 'gemini' ? GeminiTurn : never);

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const registryAgrees: Same<ProviderItem, ItemOf<Hop['adapter']>> &
  Same<ProviderCall, CallOf<Hop>> &
  Same<TurnOf<'openai'>, ReturnType<LastHopOf<'openai'>['compose']>> &
  Same<TurnOf<'anthropic'>, ReturnType<LastHopOf<'anthropic'>['compose']>> &
  Same<TurnOf<'gemini'>, ReturnType<LastHopOf<'gemini'>['compose']>> &
  Same<TurnOf<ProviderName>, ReturnType<LastHopOf<ProviderName>['compose']>> = true;
void registryAgrees;

export function findLastHop<P extends LastHopName>(name: P): LastHopOf<P>;
export function findLastHop(name: string): Hop | undefined;
export function findLastHop(name: string): Hop | undefined {
  return LAST_HOPS.find((h) => h.name === name);
}
