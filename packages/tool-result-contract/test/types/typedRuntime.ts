/**
 * Type-level contract of `defineRuntime` (checked by `tsc --noEmit`; docs/control-plane.md#runtimes): a runtime
 * typed from its tool's spec. Each `@ts-expect-error` below is a mistake that must not compile; if one ever does,
 * the directive itself is the error and the build fails.
 */
import { defineRuntime, failed, succeeded, type Provenance } from '../../src/control/index.ts';
import { getInvoice, issueRefund } from '../control/billing.ts';

declare const provenance: Provenance;

export const refund = defineRuntime(issueRefund, {
  run(args) {
    // The arguments are the input schema's: a number here, a string there.
    const cents: number = args.amount_cents;
    return succeeded(
      { refund_ref: 'RF-1', invoice_ref: args.invoice_ref, amount_cents: cents, reason: args.reason },
      provenance,
    );
  },
  queryStatus: () => ({ state: 'not_started' }),
  landing_ms: 5_000,
  idempotency_fields: ['invoice_ref', 'amount_cents'],
});

export const invoice = defineRuntime(getInvoice, {
  run: (args) => ({ kind: 'success', data: { invoice_ref: args.invoice_ref, total_cents: 1 }, provenance }),
});

export const typoInKind = defineRuntime(getInvoice, {
  // @ts-expect-error a typo in `kind` does not compile
  run: () => ({ kind: 'sucess', data: { invoice_ref: 'INV-1', total_cents: 1 }, provenance }),
});

export const bareData = defineRuntime(getInvoice, {
  // @ts-expect-error bare data is not a handler output: it needs { kind: 'success', data, provenance }
  run: () => ({ invoice_ref: 'INV-1', total_cents: 1 }),
});

export const missingMember = defineRuntime(issueRefund, {
  // @ts-expect-error a refund without its refund_ref breaks the output schema
  run: (args) => succeeded({ invoice_ref: args.invoice_ref, amount_cents: 1, reason: 'x' }, provenance),
  queryStatus: () => ({ state: 'unknown' }),
  landing_ms: 1,
});

// @ts-expect-error a write without queryStatus and landing_ms does not compile
export const writeWithoutStatus = defineRuntime(issueRefund, {
  run: () => failed('TOOL_ERROR'),
});

export const unknownField = defineRuntime(issueRefund, {
  run: () => failed('TOOL_ERROR'),
  queryStatus: () => ({ state: 'unknown' }),
  landing_ms: 1,
  // @ts-expect-error idempotency_fields name the input's members
  idempotency_fields: ['invoice'],
});

export const notACode = defineRuntime(getInvoice, {
  // @ts-expect-error a catalog code, not any string
  run: () => failed('DECLINED'),
});
