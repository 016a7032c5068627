/**
 * The tool registry (docs/contract.md#the-registry). Trusted code, never derived from a handler's
 * output: each tool's input schema, exact output data contract, effect, six
 * revisions, source label and limits.
 */
import { z } from 'zod/mini';
import type { Effect } from './errorCatalog.ts';

export interface ToolRevisions {
  input_revision: string;
  output_revision: string;
  effect_revision: string;
  handler_revision: string;
  producer_revision: string;
  policy_revision: string;
}

/** An echo member of the output that must equal the validated input (`INPUT_BINDING`). */
export interface EchoField {
  output: string;
  input: string;
}

export interface ToolSpec {
  name: string;
  effect: Effect;
  /** What the tool does, in a few words: an MCP client's `title`, a framework's tool description. */
  title: string;
  /** Validates and applies defaults; the digest hashes the parsed result (docs/digests.md#the-three-digests). */
  input: z.core.$ZodType;
  /** Exact shape of `data`, with bilingual descriptions that become editor hovers. */
  output: z.core.$ZodType;
  echo: EchoField[];
  revisions: ToolRevisions;
  source_label: string;
  /** Whether a success may be cut short (a list that can lose trailing items). */
  list?: { member: string; maxFrom: string; allowedHost?: string };
  /** The MCP tool that serves this tool, and the pin of the definition the engineer reviewed (docs/mcp.md#the-pin). */
  mcp?: McpBinding;
}

/** Which MCP server's tool serves a registry tool (docs/mcp.md#the-pin). */
export interface McpBinding {
  /** The name the server gives in its initialize result (`serverInfo.name`). */
  server: string;
  /** The MCP tool's name in that server's `tools/list`. */
  tool: string;
  /** `mcpDefinitionSha256` of the definition the engineer reviewed: 64 lower-case hex digits. */
  definition_sha256: string;
}

/** Tools by name: the trusted registry a dispatcher is made for (createDispatcher), e.g. `defineTool` specs by name. */
export type ToolRegistry = Readonly<Record<string, ToolSpec>>;

/**
 * The spec of the tool called `name` in a registry, or null: only the registry's own members count, so a tool named
 * `constructor` or `__proto__` is unknown unless it was registered.
 *
 * @example
 * ```ts
 * const invoiceSpec = findTool('get_invoice', tools);
 * if (invoiceSpec === null) throw new Error('unknown tool');
 * ```
 */
export function findTool(name: string, tools: ToolRegistry): ToolSpec | null {
  return Object.prototype.hasOwnProperty.call(tools, name) ? (tools[name] as ToolSpec) : null;
}

/** Size and depth limits (docs/contract.md#size-and-depth), shared by projection and validation. */
export const RESULT_LIMITS = {
  /** UTF-8 bytes of canonical(model_result). */
  maxCanonicalBytes: 16 * 1024,
  /** model_result itself is depth 1. */
  maxDepth: 8,
} as const;

/** Constants for results the dispatcher makes itself (docs/contract.md#model-result). */
export const DISPATCHER_PROVENANCE = { source_label: 'dispatcher', producer_revision: 'dispatcher-v1' } as const;

/** resource_revision is 1–64 of `[A-Za-z0-9._:-]` (docs/contract.md#model-result). */
export const RESOURCE_REVISION = /^[A-Za-z0-9._:-]{1,64}$/;
