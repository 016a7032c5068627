/**
 * docs/turn-contract.md#what-the-replay-keeps: the members a stateless replay drops from what the provider sent.
 * Every other member is replayed, completed by its deltas. Each entry names
 * the SDK type line that makes the drop necessary (or, for OpenAI's item id,
 * the contract's rule and the line that keeps the body valid without it);
 * docs/turn.md lists them and a test holds the two lists together.
 */
import type { ProviderName } from './providerName.ts';

export interface ReplayDrop {
  provider: ProviderName;
  /** The item, block or nested value's `type`. */
  types: readonly string[];
  /** Where in the replayed item or block the value sits: `''` for the item itself, `citations[]` for a text block's citations. */
  path: '' | 'citations[]';
  member: string;
}

const DROPS = [
  // docs/turn-contract.md#what-the-replay-keeps: replayed without its item id; ResponseFunctionToolCall.id is optional (openai 6.x responses.d.ts:2742).
  { provider: 'openai', types: ['function_call'], path: '', member: 'id' },
  // Output items carry created_by (responses.d.ts:1556, 5804, 5834); their input types (:1562, :3440, :5836) have none.
  {
    provider: 'openai',
    types: ['compaction', 'tool_search_call', 'tool_search_output'],
    path: '',
    member: 'created_by',
  },
  // The response's citations carry file_id (messages.d.ts:2257, 2289, 2327); the *Param types (2261, 2296, 2331) have none.
  {
    provider: 'anthropic',
    types: ['char_location', 'page_location', 'content_block_location'],
    path: 'citations[]',
    member: 'file_id',
  },
] as const satisfies readonly ReplayDrop[];

/**
 * The members a stateless replay drops from what each provider sent, each with the reason it must (above). Typed as
 * the list itself, not widened to ReplayDrop[], so that {@link Replayed} reads it by this exported name.
 *
 * @example
 * ```ts
 * for (const d of REPLAY_DROPS) console.log(`${d.provider} ${d.types.join('|')}: ${d.path}${d.member} dropped`);
 * ```
 */
export const REPLAY_DROPS = /* @__PURE__ */ Object.freeze(DROPS);

/*
 * The same drops at the type level (docs/turn.md#shapes), read from the list
 * above so the two cannot part: an item of type `I` as {@link forReplay}
 * leaves it. The core never names an SDK type here: `I` is whatever the
 * caller's event type says the provider sent (an assembler's `E`).
 */
type OmitWhere<X, T, M extends PropertyKey> = X extends { type: T } ? Omit<X, M> : X;
/** An array's elements through OmitWhere; anything else (`null`, absent) as it is, as forReplay maps arrays only. */
type EachWhere<V, T, M extends PropertyKey> = V extends readonly (infer C)[] ? OmitWhere<C, T, M>[] : V;
type DropOne<D, I> = D extends { path: ''; types: readonly (infer T)[]; member: infer M extends string }
  ? OmitWhere<I, T, M>
  : D extends { path: 'citations[]'; types: readonly (infer T)[]; member: infer M extends string }
    ? 'citations' extends keyof I
      ? { [K in keyof I]: K extends 'citations' ? EachWhere<I[K], T, M> : I[K] }
      : I
    : I;
type DropAll<Ds, P, I> = Ds extends readonly [infer D, ...infer Rest]
  ? DropAll<Rest, P, D extends { provider: P } ? DropOne<D, I> : I>
  : I;

/** An item or block of type `I` as `provider`'s replay carries it: the members of {@link REPLAY_DROPS} taken out. */
export type Replayed<P extends ProviderName, I> = I extends unknown ? DropAll<typeof REPLAY_DROPS, P, I> : never;

const without = (v: Record<string, unknown>, member: string): Record<string, unknown> => {
  const { [member]: _dropped, ...rest } = v;
  return rest;
};

/** A replayed item or block as its request schema takes it: the members of {@link REPLAY_DROPS} taken out, nothing else touched. */
export function forReplay<T extends Record<string, unknown>>(provider: ProviderName, item: T): T {
  let out: Record<string, unknown> = item;
  const drops: readonly ReplayDrop[] = REPLAY_DROPS;
  for (const d of drops) {
    if (d.provider !== provider) continue;
    if (d.path === '' && d.types.includes(out.type as string) && Object.hasOwn(out, d.member))
      out = without(out, d.member);
    if (d.path === 'citations[]' && Array.isArray(out.citations)) {
      out = {
        ...out,
        citations: out.citations.map((c: unknown) =>
          c !== null && typeof c === 'object' && d.types.includes((c as { type?: string }).type as string)
            ? without(c as Record<string, unknown>, d.member)
            : c,
        ),
      };
    }
  }
  return out as T;
}
