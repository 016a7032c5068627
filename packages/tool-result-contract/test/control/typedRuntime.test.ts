/**
 * A runtime typed from its tool's spec (docs/control-plane.md#runtimes) is the same runtime to the plane: made with
 * `defineRuntime` and the output builders, it runs, answers and is checked like any other. Its types are held by
 * test/types/typedRuntime.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  createControlPlane,
  defineRuntime,
  failed,
  memoryStore,
  succeeded,
  virtualClock,
} from '../../src/control/index.ts';
import { dispatcher, getInvoice, invoiceCall, issueRefund, provenance, refundCall } from './billing.ts';

describe('defineRuntime, succeeded, failed', () => {
  it('a typed refund and a typed read run through the plane; a failed() code is the catalog answer', async () => {
    const refunds: string[] = [];
    const plane = createControlPlane({
      dispatcher,
      store: memoryStore(),
      clock: virtualClock(),
      authorize: () => true,
      runtimes: {
        issue_refund: defineRuntime(issueRefund, {
          run(args, ctx) {
            refunds.push(ctx.idempotency_key);
            return succeeded({ refund_ref: `RF-${refunds.length}`, ...args }, provenance(), { receipt_ref: 'rcpt-1' });
          },
          queryStatus: () => ({ state: 'not_started' }),
          landing_ms: 1_000,
          idempotency_fields: ['invoice_ref', 'amount_cents'],
        }),
        get_invoice: defineRuntime(getInvoice, { run: () => failed('RATE_LIMIT', 45_000) }),
      },
    });
    const refund = await plane.execute(refundCall());
    expect(refund.pkg.model_result.status).toBe('succeeded');
    expect(refund.pkg.model_result.data).toMatchObject({ refund_ref: 'RF-1', invoice_ref: 'INV-42' });
    expect(refund.pkg.protected_audit.downstream.receipt_ref).toBe('rcpt-1');
    const read = await plane.execute(invoiceCall());
    expect(read.pkg.model_result.error).toMatchObject({ code: 'RATE_LIMIT', retry_after_ms: 45_000 });
    expect(refunds).toHaveLength(1);
  });
});
