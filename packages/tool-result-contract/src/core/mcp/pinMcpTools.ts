/**
 * `pinMcpTools(listToolsResult, dispatcher)` (docs/mcp.md#pinning): a server's `tools/list` held to
 * the registry's pins. The registry is the check; the listing comes from the same party as the
 * results, so nothing in it is trusted, and nothing in it throws. The answer is plain data the
 * caller holds and passes to projectMcp: the core keeps no pinning between calls.
 */
import { isObject } from '../json/jsonValue.ts';
import type { McpBinding, ToolRegistry, ToolSpec } from '../tables/registry.ts';
import type { McpDefinitionState } from '../messages/index.ts';
import { mcpDefinitionSha256, type McpToolDefinition } from './definitionPin.ts';

/** A registry tool whose listed definition hashes to its pin: callable. */
export interface McpPinned {
  /** The registry's name for it. */
  tool: string;
  server: string;
  /** The MCP tool's name. */
  name: string;
  definition_sha256: string;
}

/** A registry tool whose listed definition does not hash to its pin: not callable until pinned again. */
export interface McpChanged {
  tool: string;
  server: string;
  name: string;
  pinned_sha256: string;
  /** The listed definition's pin; null when it has none (not JSON) or the server lists the name twice. */
  listed_sha256: string | null;
}

/** A tool the server lists and the registry does not know: never offered to the model. */
export interface McpUnregistered {
  name: string;
  definition_sha256: string | null;
}

export interface McpPinning {
  readonly pinned: readonly McpPinned[];
  readonly changed: readonly McpChanged[];
  readonly unregistered: readonly McpUnregistered[];
}

const pinOf = (definition: Record<string, unknown>): string | null => {
  try {
    return mcpDefinitionSha256(definition as McpToolDefinition);
  } catch {
    return null;
  }
};

/**
 * The registry's MCP tools (those with `mcp`; with `options.server`, that server's only) against
 * one listing. Without `server`, two registry tools naming one MCP tool name on two servers
 * cannot be told apart by a listing, and that registry is refused (an Error: the mistake is the
 * caller's). A listed entry without a string `name` names nothing and is passed over.
 *
 * @example
 * ```ts
 * const pinning = pinMcpTools(listed, dispatcher, { server: 'billing' });
 * const checked = projectMcp(callToolResult, trusted, pinning, tools);
 * ```
 */
export function pinMcpTools(
  listToolsResult: unknown,
  dispatcher: { readonly tools: ToolRegistry },
  options: { server?: string } = {},
): McpPinning {
  const specs = Object.values(dispatcher.tools).filter(
    (s): s is ToolSpec & { mcp: McpBinding } =>
      s.mcp !== undefined && (options.server === undefined || s.mcp.server === options.server),
  );
  const known = new Set<string>();
  for (const s of specs) {
    if (known.has(s.mcp.tool))
      throw new Error(
        `two registry tools are served by an MCP tool named ${JSON.stringify(s.mcp.tool)}: pass options.server`,
      );
    known.add(s.mcp.tool);
  }
  const listed = new Map<string, Record<string, unknown>[]>();
  const entries = isObject(listToolsResult) && Array.isArray(listToolsResult.tools) ? listToolsResult.tools : [];
  for (const entry of entries as unknown[]) {
    if (!isObject(entry) || typeof entry.name !== 'string') continue;
    listed.set(entry.name, [...(listed.get(entry.name) ?? []), entry]);
  }
  const pinned: McpPinned[] = [];
  const changed: McpChanged[] = [];
  for (const s of specs) {
    const found = listed.get(s.mcp.tool);
    if (found === undefined) continue;
    const listed_sha256 = found.length === 1 ? pinOf(found[0] as Record<string, unknown>) : null;
    const id = { tool: s.name, server: s.mcp.server, name: s.mcp.tool };
    if (listed_sha256 === s.mcp.definition_sha256)
      pinned.push(Object.freeze({ ...id, definition_sha256: listed_sha256 }));
    else changed.push(Object.freeze({ ...id, pinned_sha256: s.mcp.definition_sha256, listed_sha256 }));
  }
  const unregistered: McpUnregistered[] = [];
  for (const [name, found] of listed) {
    if (known.has(name)) continue;
    unregistered.push(
      Object.freeze({
        name,
        definition_sha256: found.length === 1 ? pinOf(found[0] as Record<string, unknown>) : null,
      }),
    );
  }
  return Object.freeze({
    pinned: Object.freeze(pinned),
    changed: Object.freeze(changed),
    unregistered: Object.freeze(unregistered),
  });
}

/**
 * Whether a registry tool may be called through MCP under `pinning`: null when its pin holds,
 * else why not (the server is then not called, and projectMcp answers MCP_DEFINITION_CHANGED).
 *
 * @example
 * ```ts
 * const pinning = pinMcpTools(listed, dispatcher);
 * const state = mcpDefinitionState(spec, pinning); // null: the pin holds and the server may be called
 * ```
 */
export function mcpDefinitionState(spec: ToolSpec, pinning: McpPinning): McpDefinitionState | null {
  const mcp = spec.mcp;
  if (mcp === undefined) return 'no_pin';
  const holds = pinning.pinned.some(
    (p) =>
      p.tool === spec.name &&
      p.server === mcp.server &&
      p.name === mcp.tool &&
      p.definition_sha256 === mcp.definition_sha256,
  );
  if (holds) return null;
  return pinning.changed.some((c) => c.tool === spec.name) ? 'changed' : 'not_listed';
}
