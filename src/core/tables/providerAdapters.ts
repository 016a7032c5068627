/**
 * The registered provider adapters (docs/contract.md#provider-adapters), the last hop only. Each builds one
 * provider item from the canonical text of `model_result`; none of them is
 * ever handed `protected_audit`. Shapes were read off the official SDK types
 * (openai 6.x, @anthropic-ai/sdk 1.x, @google/genai 2.x); a type-level test
 * keeps them assignable.
 */
export type ProviderName = 'openai' | 'anthropic' | 'gemini';

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
export type ProviderItem = OpenAIFunctionCallOutput | AnthropicToolResult | GeminiFunctionResult;

export interface ProviderAdapter<I extends ProviderItem = ProviderItem> {
  provider: ProviderName;
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

/** The registered triples; anything else is refused before serialization. */
export const PROVIDER_ADAPTERS: readonly [
  ProviderAdapter<OpenAIFunctionCallOutput>,
  ProviderAdapter<AnthropicToolResult>,
  ProviderAdapter<GeminiFunctionResult>,
] = Object.freeze([openai, anthropic, gemini] as const);

export function findAdapter(provider: string, api_family: string, adapter_revision: string): ProviderAdapter | null {
  return (
    PROVIDER_ADAPTERS.find(
      (a) => a.provider === provider && a.api_family === api_family && a.adapter_revision === adapter_revision,
    ) ?? null
  );
}

export function adapterFor(provider: ProviderName): ProviderAdapter {
  return PROVIDER_ADAPTERS.find((a) => a.provider === provider) as ProviderAdapter;
}
