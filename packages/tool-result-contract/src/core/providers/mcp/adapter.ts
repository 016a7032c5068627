/**
 * MCP's adapter row (docs/contract.md#provider-adapters): the `CallToolResult` an MCP server answers
 * `tools/call` with (specification 2025-11-25). The one text block is the canonical text,
 * `structuredContent` the same `model_result` parsed back from it, so both channels carry the bytes
 * result_sha256 binds and cannot say two things.
 */
import type { ProviderAdapter } from '../provider.ts';

// A type, not an interface: the SDK's result types have an index signature, which only a type alias meets.
export type McpCallToolResult = {
  content: [{ type: 'text'; text: string }];
  structuredContent: { [key: string]: unknown };
  isError?: true;
};

export const mcpAdapter: ProviderAdapter<McpCallToolResult> = {
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
