/**
 * The pin of an MCP tool's definition (docs/mcp.md#the-pin): the digest of the members a model
 * or a client reads from `tools/list`, so a definition the engineer reviewed is told apart from
 * any other (a new description is a tool-poisoning vector, a new schema a drift).
 */
import { H } from '../result/digest.ts';

/**
 * The purpose a tool definition's digest is taken under (`mcpDefinitionSha256`).
 *
 * @example
 * ```ts
 * console.log(MCP_DEFINITION_PURPOSE); // what mcpDefinitionSha256 hashes a tools/list entry under
 * ```
 */
export const MCP_DEFINITION_PURPOSE = 'mcp-tool-definition/v1';

/** The members of an MCP `Tool` the pin covers (specification 2025-11-25, `tools/list`); others are not pinned. */
export const PINNED_MEMBERS = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;

/** An MCP tool definition as `tools/list` lists it; only {@link PINNED_MEMBERS} are read. */
export interface McpToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
  [member: string]: unknown;
}

/**
 * `H("mcp-tool-definition/v1", { name, title, description, inputSchema, outputSchema, annotations })`,
 * absent members left out, always plain SHA-256: a pin is written into the engineer's tool spec
 * and must not depend on the audit key. Throws CanonicalizationError for a definition that is not
 * JSON.
 * @example mcpDefinitionSha256({ name: 'get_weather', inputSchema: { type: 'object' } }) // 64 hex digits
 */
export function mcpDefinitionSha256(definition: McpToolDefinition): string {
  const fields: Record<string, unknown> = {};
  for (const k of PINNED_MEMBERS) {
    if (Object.hasOwn(definition, k) && definition[k] !== undefined) fields[k] = definition[k];
  }
  return H(MCP_DEFINITION_PURPOSE, fields, undefined);
}
