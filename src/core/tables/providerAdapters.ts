/**
 * The registered provider adapters (docs/contract.md#provider-adapters), the last hop only. Each builds one
 * provider item from the canonical text of `model_result`; none of them is
 * ever handed `protected_audit`. Shapes were read off the official SDK types
 * (openai 6.x, @anthropic-ai/sdk 1.x, @google/genai 2.x,
 * @modelcontextprotocol/sdk 1.x); a type-level test keeps them assignable.
 */

import type { LastHopName, ProviderName } from '../providers/index.ts';

export type { LastHopName, ProviderName };

export interface AdapterInput {
  call_id: string;
  tool: string;
  succeeded: boolean;
  /** canonical(model_result): the exact bytes bound by result_sha256. */
  text: string;
}

export interface OpenAIFunctionCallOutput {
  type: 'function_call_output';
  call_id: string;
  output: string;
}
export interface AnthropicToolResult {
  type: 'tool_result';
  tool_use_id: string;
  content: [{ type: 'text'; text: string }];
  is_error?: true;
}
export interface GeminiFunctionResult {
  type: 'function_result';
  name: string;
  call_id: string;
  result: [{ type: 'text'; text: string }];
  is_error?: true;
}
/**
 * MCP's `CallToolResult` (specification 2025-11-25, `tools/call`): the one
 * text block is the canonical text, `structuredContent` the same
 * `model_result` parsed back from it, so both channels carry the bytes
 * result_sha256 binds and cannot say two things.
 */
// A type, not an interface: the SDK's result types have an index signature, which only a type alias meets.
export type McpCallToolResult = {
  content: [{ type: 'text'; text: string }];
  structuredContent: { [key: string]: unknown };
  isError?: true;
};
export type ProviderItem = OpenAIFunctionCallOutput | AnthropicToolResult | GeminiFunctionResult | McpCallToolResult;

export interface ProviderAdapter<I extends ProviderItem = ProviderItem> {
  provider: LastHopName;
  api_family: string;
  adapter_revision: string;
  title: string;
  build(input: AdapterInput): I;
}

const openai: ProviderAdapter<OpenAIFunctionCallOutput> = {
  provider: 'openai',
  api_family: 'responses',
  adapter_revision: 'openai-responses-2026-07-19',
  title: 'OpenAI Responses',
  // The Responses API has no is_error: the status inside the text says it.
  build: ({ call_id, text }) => ({ type: 'function_call_output', call_id, output: text }),
};

const anthropic: ProviderAdapter<AnthropicToolResult> = {
  provider: 'anthropic',
  api_family: 'messages',
  adapter_revision: 'anthropic-messages-2026-07-19',
  title: 'Anthropic Messages',
  build: ({ call_id, text, succeeded }) => ({
    type: 'tool_result',
    tool_use_id: call_id,
    content: [{ type: 'text', text }],
    ...(succeeded ? {} : { is_error: true as const }),
  }),
};

const gemini: ProviderAdapter<GeminiFunctionResult> = {
  provider: 'gemini',
  api_family: 'interactions',
  adapter_revision: 'gemini-interactions-2026-07-19',
  title: 'Gemini Interactions',
  build: ({ call_id, tool, text, succeeded }) => ({
    type: 'function_result',
    name: tool,
    call_id,
    result: [{ type: 'text', text }],
    ...(succeeded ? {} : { is_error: true as const }),
  }),
};

const mcp: ProviderAdapter<McpCallToolResult> = {
  provider: 'mcp',
  api_family: 'tools',
  adapter_revision: 'mcp-2025-11-25',
  title: 'MCP tools/call',
  build: ({ text, succeeded }) => ({
    content: [{ type: 'text', text }],
    structuredContent: JSON.parse(text) as { [key: string]: unknown },
    ...(succeeded ? {} : { isError: true as const }),
  }),
};

/** The registered triples; anything else is refused before serialization. */
export const PROVIDER_ADAPTERS: readonly [
  ProviderAdapter<OpenAIFunctionCallOutput>,
  ProviderAdapter<AnthropicToolResult>,
  ProviderAdapter<GeminiFunctionResult>,
  ProviderAdapter<McpCallToolResult>,
] = Object.freeze([openai, anthropic, gemini, mcp] as const);

/** The adapter registered for a last hop (one per name), or for an exact triple: null when that triple is not registered. */
export function findAdapter(provider: LastHopName): ProviderAdapter;
export function findAdapter(provider: string, api_family: string, adapter_revision: string): ProviderAdapter | null;
export function findAdapter(
  provider: string,
  ...triple: [] | [api_family: string, adapter_revision: string]
): ProviderAdapter | null {
  // By arity, never by a missing member: a context's triple with an undefined api_family must match nothing, not its name.
  if (triple.length === 0) return PROVIDER_ADAPTERS.find((a) => a.provider === provider) ?? null;
  const [api_family, adapter_revision] = triple;
  return (
    PROVIDER_ADAPTERS.find(
      (a) => a.provider === provider && a.api_family === api_family && a.adapter_revision === adapter_revision,
    ) ?? null
  );
}

/**
 * @deprecated Renamed findAdapter (its one-argument form); this alias goes in the next major release.
 * @alias knip: a deprecated name, the same lookup as its new one on purpose.
 */
export function adapterFor(provider: LastHopName): ProviderAdapter {
  return findAdapter(provider);
}
