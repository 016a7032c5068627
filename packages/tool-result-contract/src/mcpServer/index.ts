/**
 * The door of src/mcp (package subpath `tool-result-contract/mcp`): a
 * dispatcher's tools served over MCP with the official SDK's `Server`
 * (docs/mcp-server.md), and the call context every MCP answer of the project
 * is bound to (also the CLI's mcp-guard, docs/mcp-guard.md). It stands beside
 * the core and imports only the core's doors and the control plane's (a
 * write's key is the plane's `intentKey`); `@modelcontextprotocol/sdk` is the
 * caller's, an optional peer.
 */
export {
  mcpServer,
  mcpToolDefinition,
  McpServerConfigError,
  type McpCallContext,
  type McpHandler,
  type McpPlane,
  type McpServerOptions,
} from './mcpServer.ts';
export {
  MCP_IDEMPOTENCY_META,
  mcpAnswer,
  mcpBoundCall,
  mcpResponseIds,
  type McpBoundCall,
  type McpIdKind,
} from './mcpCall.ts';
