/**
 * The door of src/mcp (package subpath `tool-result-contract/mcp`): a
 * dispatcher's tools served over MCP with the official SDK's `Server`
 * (docs/mcp-server.md). It stands beside the core and imports only the core's
 * doors; `@modelcontextprotocol/sdk` is the caller's, an optional peer.
 */
export {
  mcpServer,
  mcpToolDefinition,
  McpServerConfigError,
  type McpCallContext,
  type McpHandler,
  type McpServerOptions,
} from './mcpServer.ts';
