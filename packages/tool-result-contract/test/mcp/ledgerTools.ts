/**
 * The ledger server's tools (test/mcp/ledgerServer.ts) and the registry that guards them, the T.mjs
 * handed to `tool-result mcp-guard --tools`: a write, `refund_order`, whose `reason` is free text,
 * and a read, `get_refunds`. `idempotency_fields` names what a refund's intent is made of
 * (docs/mcp-guard.md#a-write-asked-again): the order and the amount, not the reason.
 */
import { z } from 'zod';
import { defineTool } from '../../src/core/index.ts';
import { mcpDefinitionSha256, type McpToolDefinition } from '../../src/core/mcp/index.ts';

export const LEDGER_SERVER = 'ledger-orders';

const object = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

export const LEDGER_DEFINITIONS: readonly McpToolDefinition[] = [
  {
    name: 'refund_order',
    description: 'Refund an order.',
    inputSchema: object(
      { order_ref: { type: 'string' }, amount_cents: { type: 'integer' }, reason: { type: 'string' } },
      ['order_ref', 'amount_cents', 'reason'],
    ),
  },
  {
    name: 'get_refunds',
    description: 'How many refunds an order has had.',
    inputSchema: object({ order_ref: { type: 'string' } }, ['order_ref']),
  },
];

const mcp = (name: string) => ({
  server: LEDGER_SERVER,
  tool: name,
  definition_sha256: mcpDefinitionSha256(LEDGER_DEFINITIONS.find((d) => d.name === name) as McpToolDefinition),
});

const revisions = (tool: string, effect: string) => ({
  input_revision: `${tool}.input.v1`,
  output_revision: `${tool}.output.v1`,
  effect_revision: `${tool}.effect.${effect}.v1`,
  handler_revision: 'ledger-orders-v1',
  producer_revision: 'ledger-v1',
  policy_revision: 'ledger-policy-v1',
});

const ORDER = z.string().regex(/^O-[0-9]{1,9}$/);

export const refundOrder = defineTool({
  name: 'refund_order',
  effect: 'write',
  title: 'Refund an order',
  input: z.strictObject({ order_ref: ORDER, amount_cents: z.number().int().min(1), reason: z.string().max(200) }),
  output: z.strictObject({ order_ref: z.string(), amount_cents: z.number().int(), refund_ref: z.string() }),
  echo: [
    { output: 'order_ref', input: 'order_ref' },
    { output: 'amount_cents', input: 'amount_cents' },
  ],
  revisions: revisions('refund_order', 'write'),
  source_label: 'ledger',
  mcp: mcp('refund_order'),
});

export const getRefunds = defineTool({
  name: 'get_refunds',
  effect: 'read',
  title: 'Refunds of an order',
  input: z.strictObject({ order_ref: ORDER }),
  output: z.strictObject({ order_ref: z.string(), refunds: z.number().int().min(0) }),
  echo: [{ output: 'order_ref', input: 'order_ref' }],
  revisions: revisions('get_refunds', 'read'),
  source_label: 'ledger',
  mcp: mcp('get_refunds'),
});

/** What names a write's intent, by tool: mcp-guard reads this export of T.mjs. */
export const idempotency_fields = { refund_order: ['order_ref', 'amount_cents'] };
