/**
 * `tool-result-contract/mcp`: the Model Context Protocol, both ways. A server's tools and results checked before the
 * model reads them (docs/mcp.md: `pinMcpTools`, `projectMcp`), and a dispatcher's tools served over MCP with the
 * official SDK's `Server` (docs/mcp-server.md: `mcpServer`). `@modelcontextprotocol/sdk` is the caller's, an
 * optional peer, needed only to serve.
 */
export {
  MCP_BLOCK_TYPES,
  MCP_DEFINITION_PURPOSE,
  MCP_MESSAGE_LIMITS,
  MCP_STRUCTURED_PURPOSE,
  mcpCallToolResultSchema,
  mcpDefinitionSha256,
  mcpDefinitionState,
  mcpResourceRevision,
  pinMcpTools,
  projectMcp,
  projectMcpDetailed,
  type McpBlockType,
  type McpCallToolResultValue,
  type McpChanged,
  type McpContentBlock,
  type McpPinned,
  type McpPinning,
  type McpToolDefinition,
  type McpUnregistered,
} from '../core/mcp/index.ts';
export { type McpBinding, type McpDefinitionState, type McpCallToolResult } from '../core/tables/index.ts';
// The serving folder is the library's alone: its door whole (held by the API report).
export * from '../mcpServer/index.ts';
