/**
 * The chapter's three tools as an MCP server would serve them, each pinned to the definition
 * below: the fixtures of the MCP tests (docs/mcp.md).
 */
import {
  createDispatcher,
  defineTool,
  mcpDefinitionSha256,
  pinMcpTools,
  type McpToolDefinition,
  type ToolSpec,
  type TrustedContext,
} from '../../src/core/index.ts';
import { findScenario, chapterTools } from '../../../../src/chapter/index.ts';

export const SERVER = 'orders-and-kb';

/** What the server lists for each tool, as the engineer reviewed it. */
export const DEFINITIONS: Readonly<Record<string, McpToolDefinition>> = Object.freeze({
  get_order: {
    name: 'get_order',
    title: 'Look up an order',
    description: 'Returns the status of one order.',
    inputSchema: { type: 'object', properties: { order_ref: { type: 'string' } }, required: ['order_ref'] },
    outputSchema: { type: 'object', properties: { order_ref: { type: 'string' }, status: { type: 'string' } } },
    annotations: { readOnlyHint: true },
  },
  create_refund_draft: {
    name: 'create_refund_draft',
    description: 'Drafts a refund.',
    inputSchema: { type: 'object' },
  },
  search_kb: { name: 'search_kb', description: 'Searches the knowledge base.', inputSchema: { type: 'object' } },
});

const pinned = (name: string): ToolSpec =>
  defineTool({
    ...(chapterTools[name] as ToolSpec),
    mcp: { server: SERVER, tool: name, definition_sha256: mcpDefinitionSha256(DEFINITIONS[name] as McpToolDefinition) },
  });

export const dispatcher = createDispatcher({
  tools: [pinned('get_order'), pinned('create_refund_draft'), pinned('search_kb')],
});

export const listing = (): { tools: McpToolDefinition[] } => ({
  tools: Object.values(DEFINITIONS).map((d) => structuredClone(d)),
});

/** The pinning of the reviewed listing: every tool callable. */
export const pinning = pinMcpTools(listing(), dispatcher);

/** A scenario's trusted context. */
export function contextOf(id: string): TrustedContext {
  const s = findScenario(id);
  if (s === null) throw new Error(`no scenario ${id}`);
  return structuredClone(s.context);
}
