/**
 * The door of src/core/mcp: an MCP server as one more untrusted handler (docs/mcp.md): the pin of a tool's definition, a server's listing held to the registry's pins, the CallToolResult schema and its limits, projectMcp, and the `tools/list` entry of a registry tool.
 * Code outside src/core imports this folder through this file only (eslint.config.js, no-restricted-imports).
 */
export { MCP_DEFINITION_PURPOSE, mcpDefinitionSha256, type McpToolDefinition } from './definitionPin.ts';
export { MCP_STRUCTURED_PURPOSE, mcpResourceRevision } from './resourceRevision.ts';
export {
  MCP_BLOCK_TYPES,
  type McpBlockType,
  mcpCallToolResultSchema,
  type McpCallToolResultValue,
  type McpContentBlock,
} from './callToolResult.ts';
export { MCP_MESSAGE_LIMITS } from './messageLimits.ts';
export {
  type McpChanged,
  mcpDefinitionState,
  type McpPinned,
  type McpPinning,
  type McpUnregistered,
  pinMcpTools,
} from './pinMcpTools.ts';
export { projectMcp, projectMcpDetailed } from './projectMcp.ts';
export { mcpToolDefinition } from './toolDefinition.ts';
