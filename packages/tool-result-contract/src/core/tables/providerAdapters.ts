/**
 * The registered provider adapters (docs/contract.md#provider-adapters), the last hop only. Each builds one
 * provider item from the canonical text of `model_result`; none of them is
 * ever handed `protected_audit`. Shapes were read off the official SDK types
 * (openai 6.x, @anthropic-ai/sdk 1.x, @google/genai 2.x,
 * @modelcontextprotocol/sdk 1.x); a type-level test keeps them assignable.
 * Each row lives in its provider's folder (docs/contract.md#one-folder-per-provider); this is the table the registry makes of them.
 */
import {
  type AdaptersOf,
  LAST_HOPS,
  type LastHopName,
  type ProviderAdapter,
  type ProviderItem,
  type ProviderName,
} from '../providers/index.ts';

export type { LastHopName, ProviderItem, ProviderName };
import type {
  AnthropicToolResult,
  GeminiFunctionResult,
  McpCallToolResult,
  OpenAIFunctionCallOutput,
} from '../providers/index.ts';

export type { AnthropicToolResult, GeminiFunctionResult, McpCallToolResult, OpenAIFunctionCallOutput };

/**
 * The registered triples (provider, API family, adapter revision), in the registry's order; a trusted context that
 * names anything else is refused before serialization.
 *
 * Its type is written out, each row's item by the name the package exports, rather than read off the registry
 * (`AdaptersOf<typeof LAST_HOPS>`, which the assignment still checks it against), so its declaration names nothing an
 * engineer cannot import.
 *
 * @example
 * ```ts
 * const registered = PROVIDER_ADAPTERS.map((a) => `${a.provider}/${a.api_family}/${a.adapter_revision}`);
 * ```
 */
export const PROVIDER_ADAPTERS: readonly [
  ProviderAdapter<OpenAIFunctionCallOutput>,
  ProviderAdapter<AnthropicToolResult>,
  ProviderAdapter<GeminiFunctionResult>,
  ProviderAdapter<McpCallToolResult>,
] = Object.freeze(LAST_HOPS.map((h) => h.adapter) as AdaptersOf<typeof LAST_HOPS>);

/** The adapter registered for a last hop (one per name), or for an exact triple: null when that triple is not registered. */
export function findAdapter(provider: LastHopName): ProviderAdapter<ProviderItem>;
export function findAdapter(
  provider: string,
  api_family: string,
  adapter_revision: string,
): ProviderAdapter<ProviderItem> | null;
export function findAdapter(
  provider: string,
  ...triple: [] | [api_family: string, adapter_revision: string]
): ProviderAdapter<ProviderItem> | null {
  const rows: readonly ProviderAdapter<ProviderItem>[] = PROVIDER_ADAPTERS;
  // By arity, never by a missing member: a context's triple with an undefined api_family must match nothing, not its name.
  if (triple.length === 0) return rows.find((a) => a.provider === provider) ?? null;
  const [api_family, adapter_revision] = triple;
  return (
    rows.find(
      (a) => a.provider === provider && a.api_family === api_family && a.adapter_revision === adapter_revision,
    ) ?? null
  );
}
