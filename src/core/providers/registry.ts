/**
 * The registry of providers (docs/contract.md#one-folder-per-provider): each folder's door, listed once.
 * Two lists, a provider's two parts: the last hops, which the first page needs for the adapter rows, and
 * the model turns, whose assemblers load only with what reads a stream (docs/decisions.md#one-provider-one-folder).
 * Nothing outside a provider's folder asks which provider it is: it asks this registry for that provider's part.
 */
import { anthropicLastHop, anthropicTurn } from './anthropic/index.ts';
import { geminiLastHop, geminiTurn } from './gemini/index.ts';
import { mcpLastHop } from './mcp/index.ts';
import { openaiLastHop, openaiTurn } from './openai/index.ts';
import type { ModelLastHop, ModelTurn, ProviderAdapter } from './provider.ts';
import type { LastHopName, ProviderName } from './providerName.ts';

/** Every last hop, in the order of the adapter table. */
export const LAST_HOPS = /* @__PURE__ */ Object.freeze([
  openaiLastHop,
  anthropicLastHop,
  geminiLastHop,
  mcpLastHop,
] as const);

/** Every model provider's turn, in the order of the turn's providers. */
export const MODEL_TURNS = /* @__PURE__ */ Object.freeze([openaiTurn, anthropicTurn, geminiTurn] as const);

type Hop = (typeof LAST_HOPS)[number];

/** The last hop of a name; a model provider's carries its calls and the turn's body. */
export type LastHopOf<P extends LastHopName> = Extract<Hop, { name: P }>;

/** The adapter rows, each with its item's type, in the registry's order. */
export type AdaptersOf<T> = { -readonly [K in keyof T]: T[K] extends { adapter: infer A } ? A : never };

type ItemOf<A> = A extends ProviderAdapter<infer I> ? I : never;
/** Any provider item: what one of the registered adapters builds. */
export type ProviderItem = ItemOf<Hop['adapter']>;

type CallOf<H> = H extends ModelLastHop<infer C> ? C : never;
/** A model provider's own call item, as its API returned it. */
export type ProviderCall = CallOf<Hop>;

/** The turn body composeTurn gives for a model provider. */
export type TurnOf<P extends ProviderName> = ReturnType<LastHopOf<P>['compose']>;

export function findLastHop<P extends LastHopName>(name: P): LastHopOf<P>;
export function findLastHop(name: string): Hop | undefined;
export function findLastHop(name: string): Hop | undefined {
  return LAST_HOPS.find((h) => h.name === name);
}

/** A model provider's turn part, or undefined for a name that is not a model provider. */
export function findModelTurn(name: unknown): ModelTurn | undefined {
  return (MODEL_TURNS as readonly ModelTurn[]).find((t) => t.name === name);
}
