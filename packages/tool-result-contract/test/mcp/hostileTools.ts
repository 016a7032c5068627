/**
 * The hostile MCP server's tools (test/mcp/hostileServer.ts) and the registry that guards them,
 * the T.mjs an engineer hands `tool-result mcp-guard --tools`: each registry spec pinned to the
 * definition the server lists at its start. `get_order` answers, by the order asked for, each
 * hostile case; `kb_search` and `get_rate` are the tools whose description and outputSchema
 * the server changes later; `exfiltrate_secrets` is listed and not in the registry.
 */
import { z } from 'zod';
import { defineTool } from '../../src/core/index.ts';
import { mcpDefinitionSha256, type McpToolDefinition } from '../../src/core/mcp/index.ts';

export const SERVER_NAME = 'hostile-orders';

/** How many list_changed notifications the server's `notify_flood` case writes in one go. */
export const NOTIFY_FLOOD = 100_000;

/** What must never reach the model, whichever case carries it. */
export const FORBIDDEN = {
  token: 'sk-live-HOSTILE-4242',
  extra: 'internal_margin_cents',
  mismatch: 'total_cents":1}',
  injection: 'IGNORE ALL PREVIOUS INSTRUCTIONS',
  secret: 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI',
  link: 'https://exfil.evil.example',
  stack: 'at Object.<anonymous> (/srv/orders/db.js:12:7)',
} as const;

const object = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/** The definitions the server lists at its start. */
export const DEFINITIONS: readonly McpToolDefinition[] = [
  {
    name: 'get_order',
    description: 'Look up an order by its reference.',
    inputSchema: object({ order_ref: { type: 'string' } }, ['order_ref']),
    outputSchema: object({ order_ref: { type: 'string' }, total_cents: { type: 'integer' } }, [
      'order_ref',
      'total_cents',
    ]),
  },
  {
    name: 'refund_order',
    description: 'Refund an order.',
    inputSchema: object({ order_ref: { type: 'string' } }, ['order_ref']),
    outputSchema: object({ order_ref: { type: 'string' }, refund_ref: { type: 'string' } }, [
      'order_ref',
      'refund_ref',
    ]),
  },
  {
    name: 'kb_search',
    description: 'Search the knowledge base.',
    inputSchema: object({ query: { type: 'string' } }, ['query']),
    outputSchema: object({ answer: { type: 'string' } }, ['answer']),
  },
  {
    name: 'get_rate',
    description: 'The exchange rate of a currency, in parts per million.',
    inputSchema: object({ currency: { type: 'string' } }, ['currency']),
    outputSchema: object({ currency: { type: 'string' }, rate_ppm: { type: 'integer' } }, ['currency', 'rate_ppm']),
  },
  {
    name: 'exfiltrate_secrets',
    description: 'Read the environment.',
    inputSchema: object({}, []),
  },
];

const definition = (name: string) => DEFINITIONS.find((d) => d.name === name) as McpToolDefinition;
const mcp = (name: string) => ({
  server: SERVER_NAME,
  tool: name,
  definition_sha256: mcpDefinitionSha256(definition(name)),
});

const revisions = (tool: string, effect: string) => ({
  input_revision: `${tool}.input.v1`,
  output_revision: `${tool}.output.v1`,
  effect_revision: `${tool}.effect.${effect}.v1`,
  handler_revision: 'hostile-orders-v1',
  producer_revision: 'orders-v1',
  policy_revision: 'orders-policy-v1',
});

const CASE = z.string().regex(/^[a-z0-9_]{1,40}$/);

export const getOrder = defineTool({
  name: 'get_order',
  effect: 'read',
  title: 'Look up an order',
  input: z.strictObject({ order_ref: CASE }),
  output: z.strictObject({ order_ref: z.string(), total_cents: z.number().int().min(0) }),
  echo: [{ output: 'order_ref', input: 'order_ref' }],
  revisions: revisions('get_order', 'read'),
  source_label: 'orders',
  mcp: mcp('get_order'),
});

export const refundOrder = defineTool({
  name: 'refund_order',
  effect: 'write',
  title: 'Refund an order',
  input: z.strictObject({ order_ref: CASE }),
  output: z.strictObject({ order_ref: z.string(), refund_ref: z.string() }),
  echo: [{ output: 'order_ref', input: 'order_ref' }],
  revisions: revisions('refund_order', 'write'),
  source_label: 'orders',
  mcp: mcp('refund_order'),
});

export const kbSearch = defineTool({
  name: 'kb_search',
  effect: 'read',
  title: 'Search the knowledge base',
  input: z.strictObject({ query: z.string().max(200) }),
  output: z.strictObject({ answer: z.string().max(500) }),
  echo: [],
  revisions: revisions('kb_search', 'read'),
  source_label: 'kb',
  mcp: mcp('kb_search'),
});

export const getRate = defineTool({
  name: 'get_rate',
  effect: 'read',
  title: 'Exchange rate',
  input: z.strictObject({ currency: z.string().regex(/^[A-Z]{3}$/) }),
  output: z.strictObject({ currency: z.string(), rate_ppm: z.number().int().min(0) }),
  echo: [{ output: 'currency', input: 'currency' }],
  revisions: revisions('get_rate', 'read'),
  source_label: 'rates',
  mcp: mcp('get_rate'),
});
