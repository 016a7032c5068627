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
