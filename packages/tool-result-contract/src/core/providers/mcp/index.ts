/**
 * The door of MCP's folder: a last hop only. MCP has no model turn here (docs/mcp-server.md), so the
 * registry lists it among the last hops and not the turns; what guards a server's answers is src/core/mcp.
 */
import type { LastHop } from '../provider.ts';
import { mcpAdapter, type McpCallToolResult } from './adapter.ts';

export type { McpCallToolResult };

export const mcpLastHop: LastHop<McpCallToolResult, 'mcp'> = { name: 'mcp', adapter: mcpAdapter };
