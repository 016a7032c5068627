/**
 * The call's tool as the dispatcher's MCP server lists it in `tools/list` (mcpToolDefinition),
 * beside the MCP payload, with the same audit proof as every payload: a listing is read by the
 * client and the model, so nothing of protected_audit may be in it either.
 */
import { mcpToolDefinition } from '#lib/core/mcp/index.ts';
import type { Package, TrustedContext } from '#lib/core/result/index.ts';
import { findTool } from '#lib/core/tables/index.ts';
import { chapterTools } from '../chapter/index.ts';
import { payloadAuditSearch, type PayloadAuditSearch } from '#lib/core/lastHop/index.ts';

export interface McpListingView {
  /** One entry of `tools/list`'s `tools`. */
  definition: ReturnType<typeof mcpToolDefinition>;
  audit: PayloadAuditSearch;
}

/** Null when the call names no registered tool: a server lists only the registry's tools. */
export function mcpListingOf(pkg: Package, trusted: TrustedContext): McpListingView | null {
  const spec = findTool(trusted.tool, chapterTools);
  if (spec === null) return null;
  const definition = mcpToolDefinition(spec);
  // A listing's framing is its own member names: `name`, `inputSchema`, `properties` and the schemas' keys.
  return { definition, audit: payloadAuditSearch(definition, pkg, trusted, chapterTools, 'tool_listing') };
}
