/**
 * The `resource_revision` of a success read from an MCP server (docs/mcp.md#from-a-calltoolresult-to-a-package): MCP has no
 * version of a tool's answer, so the revision names the structured content itself.
 */
import { H } from '../result/digest.ts';

/**
 * The purpose a result's structured content is hashed under for its resource revision (`mcpResourceRevision`).
 *
 * @example
 * ```ts
 * console.log(MCP_STRUCTURED_PURPOSE); // what mcpResourceRevision hashes structuredContent under
 * ```
 */
export const MCP_STRUCTURED_PURPOSE = 'mcp-structured/v1';

/**
 * `"mcp-"` and the first 16 hex digits of `H("mcp-structured/v1", { structuredContent })`, plain
 * SHA-256: the same content has the same revision under any audit key. Throws
 * CanonicalizationError for content that is not JSON.
 *
 * @example
 * ```ts
 * const revision = mcpResourceRevision({ id: 'inv_1', total: 1200 }); // 'mcp-' and 16 hex digits, keyless
 * ```
 */
export function mcpResourceRevision(structuredContent: Readonly<Record<string, unknown>>): string {
  return `mcp-${H(MCP_STRUCTURED_PURPOSE, { structuredContent }, undefined).slice(0, 16)}`;
}
