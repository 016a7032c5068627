/** An engineer's own registry as `--tools T.mjs` reads it: a module whose exports include tool specs. */
import { z } from 'zod';
import { defineTool } from '../../src/core/index.ts';

export const getInvoice = defineTool({
  name: 'get_invoice',
  effect: 'read',
  title: { en: 'Look up an invoice', zh: '查询发票' },
  input: z.strictObject({ invoice_ref: z.string().regex(/^INV-[0-9]{1,9}$/) }),
  output: z.strictObject({ invoice_ref: z.string(), total_cents: z.number().int().min(0) }),
  echo: [{ output: 'invoice_ref', input: 'invoice_ref' }],
  revisions: {
    input_revision: 'get_invoice.input.v1',
    output_revision: 'get_invoice.output.v1',
    effect_revision: 'get_invoice.effect.read.v1',
    handler_revision: 'billing-handler-v1',
    producer_revision: 'billing-v1',
    policy_revision: 'billing-policy-v1',
  },
  source_label: 'billing',
});

/** Not a spec: passed over. */
export const BILLING_REGION = 'eu';
