/**
 * MCP's `CallToolResult` (specification 2025-11-25, `tools/call`; docs/mcp.md#the-schema), written
 * here with zod/mini so the core imports no SDK. It holds a result to the specification's shape
 * and to everything the official SDK's own schema checks, so every result it accepts the SDK
 * accepts too (test/mcpSdkSchema.test.ts); where it is stricter, docs/mcp.md says so.
 */
import { z } from 'zod/mini';

/**
 * RFC 4648 base64 with its padding and no whitespace: a subset of what `atob` takes (the SDK's
 * check). A character class and a length, no repeated group: a 1 MiB image costs one linear scan.
 */
const isBase64 = (s: string): boolean => s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s);
const base64 = z.string().check(
  z.refine(isBase64, {
    message: 'must be base64 (RFC 4648, padded, no whitespace)',
    params: { constraint: 'base64' },
  }),
);

const annotations = z.object({
  audience: z.optional(z.array(z.enum(['user', 'assistant']))),
  priority: z.optional(z.number().check(z.gte(0), z.lte(1))),
  lastModified: z.optional(z.iso.datetime({ offset: true })),
});
const meta = z.optional(z.record(z.string(), z.unknown()));
const icon = z.object({
  src: z.string(),
  mimeType: z.optional(z.string()),
  sizes: z.optional(z.array(z.string())),
  theme: z.optional(z.enum(['light', 'dark'])),
});
const resourceContents = { uri: z.string(), mimeType: z.optional(z.string()), _meta: meta };

/**
 * The five content blocks a tool result may carry: `text`, `image`, `audio`, `resource_link`, `resource`.
 *
 * @example
 * ```ts
 * const known = new Set<string>(MCP_BLOCK_TYPES); // any other block type is refused, never shown to the model
 * ```
 */
export const MCP_BLOCK_TYPES = ['text', 'image', 'audio', 'resource_link', 'resource'] as const;
export type McpBlockType = (typeof MCP_BLOCK_TYPES)[number];

const contentBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string(), annotations: z.optional(annotations), _meta: meta }),
  z.object({
    type: z.literal('image'),
    data: base64,
    mimeType: z.string(),
    annotations: z.optional(annotations),
    _meta: meta,
  }),
  z.object({
    type: z.literal('audio'),
    data: base64,
    mimeType: z.string(),
    annotations: z.optional(annotations),
    _meta: meta,
  }),
  z.object({
    type: z.literal('resource_link'),
    name: z.string(),
    title: z.optional(z.string()),
    icons: z.optional(z.array(icon)),
    uri: z.string(),
    description: z.optional(z.string()),
    mimeType: z.optional(z.string()),
    size: z.optional(z.number()),
    annotations: z.optional(annotations),
    _meta: meta,
  }),
  z.object({
    type: z.literal('resource'),
    resource: z.union([
      z.object({ ...resourceContents, text: z.string() }),
      z.object({ ...resourceContents, blob: base64 }),
    ]),
    annotations: z.optional(annotations),
    _meta: meta,
  }),
]);

/** The result's own `_meta` (the SDK's RequestMetaSchema): any members, two of them typed. */
const resultMeta = z.looseObject({
  progressToken: z.optional(z.union([z.string(), z.number().check(z.int())])),
  'io.modelcontextprotocol/related-task': z.optional(z.object({ taskId: z.string() })),
});

/**
 * A CallToolResult: `content` an array of known blocks, `isError` a boolean, `structuredContent`
 * an object, each where present; `resultType` a string (2026-07-28's multi-round trips: only
 * `"complete"` is a final answer, which projectMcp decides). Other members are allowed, as the
 * specification's Result allows them, and never reach the model.
 *
 * @example
 * ```ts
 * const shaped = mcpCallToolResultSchema.safeParse(callToolResult);
 * if (shaped.success) console.log(shaped.data.isError === true, shaped.data.content?.length);
 * ```
 */
export const mcpCallToolResultSchema = z.looseObject({
  content: z.optional(z.array(contentBlock)),
  structuredContent: z.optional(z.record(z.string(), z.unknown())),
  isError: z.optional(z.boolean()),
  resultType: z.optional(z.string()),
  _meta: z.optional(resultMeta),
});

// Read off the exported result's type, not the block schema, so the public declaration names only what is exported.
export type McpContentBlock = NonNullable<McpCallToolResultValue['content']>[number];
export type McpCallToolResultValue = z.output<typeof mcpCallToolResultSchema>;

/** The members of a CallToolResult that the schema names; any other is an unknown member. */
export const CALL_TOOL_RESULT_MEMBERS: readonly string[] = Object.freeze([
  'content',
  'structuredContent',
  'isError',
  'resultType',
  '_meta',
]);
