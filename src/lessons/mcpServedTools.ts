/**
 * The chapter's tools as served by an MCP server the engineer reviewed (A15): each pinned to the
 * definition the dispatcher's own MCP server lists for it (docs/mcp.md#the-pin), and the pinning
 * of a server that lists exactly those. So the only thing the attack changes is the answer: what
 * stops it is the answer's check, never a pin that does not hold.
 */
import { mcpDefinitionSha256, mcpToolDefinition, pinMcpTools, type McpPinning } from '#lib/core/mcp/index.ts';
import type { ToolRegistry } from '#lib/core/tables/index.ts';
import { chapterTools } from '../chapter/index.ts';

const SERVER = 'chapter-tools';

const definitions = Object.values(chapterTools).map(mcpToolDefinition);

export const MCP_SERVED_TOOLS: ToolRegistry = Object.freeze(
  Object.fromEntries(
    Object.values(chapterTools).map((spec, i) => [
      spec.name,
      {
        ...spec,
        mcp: {
          server: SERVER,
          tool: spec.name,
          definition_sha256: mcpDefinitionSha256(definitions[i] as (typeof definitions)[number]),
        },
      },
    ]),
  ),
);

export const MCP_PINNING: McpPinning = pinMcpTools({ tools: definitions }, { tools: MCP_SERVED_TOOLS });
