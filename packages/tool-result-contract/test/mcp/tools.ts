/**
 * A small registry for the MCP tests: a read (`get_invoice`) and a write
 * (`issue_refund`, whose downstream receipt is audit material), with handlers
 * that answer, by the invoice asked for, each kind of result: a success, a
 * tool error, a crash, and outputs that break the contract (an extra business
 * field, a nested token). The in-process tests and the stdio server script
 * (stdioServer.ts) serve the same tools.
 */
import { z } from 'zod';
import { createDispatcher, defineTool } from '../../src/core/index.ts';
import type { McpHandler } from '../../src/mcpServer/index.ts';

const revisions = (tool: string, effect: string) => ({
  input_revision: `${tool}.input.v1`,
  output_revision: `${tool}.output.v1`,
  effect_revision: `${tool}.effect.${effect}.v1`,
  handler_revision: 'billing-handler-v1',
  producer_revision: 'billing-v1',
  policy_revision: 'billing-policy-v1',
});

const getInvoice = defineTool({
  name: 'get_invoice',
  effect: 'read',
  title: 'Look up an invoice',
  input: z.strictObject({ invoice_ref: z.string().regex(/^INV-[0-9]{1,9}$/) }),
  output: z.strictObject({ invoice_ref: z.string(), total_cents: z.number().int().min(0) }),
  echo: [{ output: 'invoice_ref', input: 'invoice_ref' }],
  revisions: revisions('get_invoice', 'read'),
  source_label: 'billing',
});

const issueRefund = defineTool({
  name: 'issue_refund',
  effect: 'write',
  title: 'Issue a refund',
  input: z.strictObject({
    invoice_ref: z.string().regex(/^INV-[0-9]{1,9}$/),
    amount_cents: z.number().int().min(1),
  }),
  output: z.strictObject({ refund_ref: z.string(), invoice_ref: z.string(), amount_cents: z.number().int() }),
  echo: [
    { output: 'invoice_ref', input: 'invoice_ref' },
    { output: 'amount_cents', input: 'amount_cents' },
  ],
  revisions: revisions('issue_refund', 'write'),
  source_label: 'billing',
});

export const dispatcher = createDispatcher({ tools: [getInvoice, issueRefund] });

export const PRINCIPAL = { tenant: 'tenant-mcp-acme', subject: 'user-mcp-7' } as const;
/** The downstream receipt of every refund: audit only. */
export const RECEIPT = 'rcpt-mcp-secret-4711';
export const CLOCK = '2026-07-19T00:00:05Z';

const provenance = {
  source_label: 'billing',
  producer_revision: 'billing-v1',
  resource_revision: 'ledger-r1',
  observed_at: '2026-07-19T00:00:02Z',
};

/** What get_invoice answers, by invoice: INV-1 found, INV-404 a catalog error, INV-500 a crash, INV-66/INV-77 contract breaks. */
const invoice: McpHandler = (args) => {
  const { invoice_ref } = args as { invoice_ref: string };
  if (invoice_ref === 'INV-404') return { kind: 'error', error: { code: 'NOT_FOUND' }, observed_at: CLOCK };
  if (invoice_ref === 'INV-500') throw new Error('ECONNRESET at billing.internal:5432 (stack: db.ts:12)');
  if (invoice_ref === 'INV-66')
    return { kind: 'success', data: { invoice_ref, total_cents: 1200, status: 'refunded' }, provenance };
  if (invoice_ref === 'INV-77')
    return {
      kind: 'success',
      data: { invoice_ref, total_cents: { amount: 1200, token: 'sk-live-mcp-leak' } },
      provenance,
    };
  return { kind: 'success', data: { invoice_ref, total_cents: 1200 }, provenance };
};

const refund: McpHandler = (args) => {
  const a = args as { invoice_ref: string; amount_cents: number };
  return {
    kind: 'success',
    data: { refund_ref: 'RF-1', invoice_ref: a.invoice_ref, amount_cents: a.amount_cents },
    provenance,
    downstream: { receipt_ref: RECEIPT },
  };
};

export const handlers: Readonly<Record<string, McpHandler>> = { get_invoice: invoice, issue_refund: refund };
