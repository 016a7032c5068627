/**
 * docs/turn-contract.md#what-the-replay-keeps: the members a stateless replay drops from what the provider sent.
 * Every other member is replayed, completed by its deltas. Each entry names
 * the SDK type line that makes the drop necessary (or, for OpenAI's item id,
 * the contract's rule and the line that keeps the body valid without it);
 * docs/turn.md lists them and a test holds the two lists together.
 */
import type { ProviderName } from '../tables/providerAdapters.ts';

export interface ReplayDrop {
  provider: ProviderName;
  /** The item, block or nested value's `type`. */
  types: readonly string[];
  /** Where in the replayed item or block the value sits: `''` for the item itself, `citations[]` for a text block's citations. */
  path: '' | 'citations[]';
  member: string;
}

export const REPLAY_DROPS: readonly ReplayDrop[] = /* @__PURE__ */ Object.freeze([
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
]);

const without = (v: Record<string, unknown>, member: string): Record<string, unknown> => {
  const { [member]: _dropped, ...rest } = v;
  return rest;
};

/** A replayed item or block as its request schema takes it: the members of {@link REPLAY_DROPS} taken out, nothing else touched. */
export function forReplay<T extends Record<string, unknown>>(provider: ProviderName, item: T): T {
  let out: Record<string, unknown> = item;
  for (const d of REPLAY_DROPS) {
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
