/**
 * The engineer's own two tools, as a control-plane test uses them: a read
 * (`get_invoice`) and a write that moves money (`issue_refund`), with a
 * downstream ledger that counts every side effect and a switchboard of
 * faults for the next attempt. The ledger is the test's witness: "money moved
 * twice" is `ledger.sideEffects() > 1` for one intent.
 */
import { z } from 'zod';
import { createDispatcher, defineTool } from '../../src/core/index.ts';
import type { RunContext, StatusAnswer, ToolRuntime } from '../../src/control/index.ts';

const revisions = (tool: string, effect: string) => ({
  input_revision: `${tool}.input.v1`,
  output_revision: `${tool}.output.v1`,
  effect_revision: `${tool}.effect.${effect}.v1`,
  handler_revision: 'billing-handler-v1',
  producer_revision: 'billing-v1',
  policy_revision: 'billing-policy-v1',
});

export const getInvoice = defineTool({
  name: 'get_invoice',
  effect: 'read',
  title: 'Look up an invoice',
  input: z.strictObject({ invoice_ref: z.string().regex(/^INV-[0-9]{1,9}$/) }),
  output: z.strictObject({ invoice_ref: z.string(), total_cents: z.number().int().min(0) }),
  echo: [{ output: 'invoice_ref', input: 'invoice_ref' }],
  revisions: revisions('get_invoice', 'read'),
  source_label: 'billing',
});

export const issueRefund = defineTool({
  name: 'issue_refund',
  effect: 'write',
  title: 'Issue a refund',
  input: z.strictObject({
    invoice_ref: z.string().regex(/^INV-[0-9]{1,9}$/),
    amount_cents: z.number().int().min(1),
    reason: z.string().min(1).max(200),
  }),
  output: z.strictObject({
    refund_ref: z.string().regex(/^RF-[0-9]{1,12}$/),
    invoice_ref: z.string(),
    amount_cents: z.number().int(),
    reason: z.string(),
  }),
  echo: [
    { output: 'invoice_ref', input: 'invoice_ref' },
    { output: 'amount_cents', input: 'amount_cents' },
    { output: 'reason', input: 'reason' },
  ],
  revisions: revisions('issue_refund', 'write'),
  source_label: 'billing',
});

export const dispatcher = createDispatcher({ tools: [getInvoice, issueRefund] });

export const provenance = (observed_at = '2026-07-19T00:00:02Z') => ({
  source_label: 'billing',
  producer_revision: 'billing-v1',
  resource_revision: 'ledger-r1',
  observed_at,
});

export type RefundArgs = { invoice_ref: string; amount_cents: number; reason: string };

/** A fault for the next attempt; each is used once. */
export type Fault =
  | 'commit_then_lose_response' // the downstream commits, the answer never arrives (throws)
  | 'commit_then_hang' // the downstream commits, the handler never settles
  | 'refuse_connection' // nothing happens downstream; the handler says TIMEOUT_BEFORE_EXECUTE
  | 'rate_limit' // 429: RATE_LIMIT with retry_after_ms
  | 'garbage'; // the handler answers something that is no handler output

export type StatusFault = 'unknown' | 'lie_other_order' | 'hang' | 'throw' | null;

export function billingWorld(options: { dedup?: boolean; retryAfterMs?: number } = {}) {
  const dedup = options.dedup ?? false;
  const refunds: { key: string; args: RefundArgs; refund_ref: string }[] = [];
  const faults: Fault[] = [];
  let statusFault: StatusFault = null;
  let runs = 0;
  const refundOutput = (r: { args: RefundArgs; refund_ref: string }) => ({
    kind: 'success',
    data: { refund_ref: r.refund_ref, ...r.args },
    provenance: provenance(),
    downstream: { receipt_ref: `rcpt-${r.refund_ref}` },
  });
  const issue: ToolRuntime = {
    async run(args, ctx: RunContext) {
      runs++;
      const fault = faults.shift();
      if (fault === 'refuse_connection')
        return {
          kind: 'error',
          error: { code: 'TIMEOUT_BEFORE_EXECUTE', retry_after_ms: options.retryAfterMs ?? 200 },
        };
      if (fault === 'rate_limit')
        return { kind: 'error', error: { code: 'RATE_LIMIT', retry_after_ms: options.retryAfterMs ?? 30_000 } };
      if (fault === 'garbage') return { kind: 'success', data: 'a string, not a refund' };
      const a = args as RefundArgs;
      const existing = dedup ? refunds.find((r) => r.key === ctx.idempotency_key) : undefined;
      const r = existing ?? { key: ctx.idempotency_key, args: a, refund_ref: `RF-${refunds.length + 1}` };
      if (existing === undefined) refunds.push(r);
      if (fault === 'commit_then_lose_response') throw new Error('connection reset after commit');
      if (fault === 'commit_then_hang') return new Promise(() => {});
      return refundOutput(r);
    },
    async queryStatus(ctx): Promise<StatusAnswer> {
      const f = statusFault;
      if (f === 'hang') return new Promise(() => {});
      if (f === 'throw') throw 'a string, not an error';
      if (f === 'unknown') return { state: 'unknown' };
      const r = refunds.find((x) => x.key === ctx.idempotency_key);
      if (f === 'lie_other_order' && r !== undefined)
        return {
          state: 'committed',
          handler_output: refundOutput({ ...r, args: { ...r.args, invoice_ref: 'INV-999' } }),
        };
      return r === undefined ? { state: 'not_started' } : { state: 'committed', handler_output: refundOutput(r) };
    },
    idempotency_fields: ['invoice_ref', 'amount_cents'],
    // Within the default lease (60 s) beside the default deadline (30 s).
    landing_ms: 5_000,
  };
  const invoice: ToolRuntime = {
    async run(args) {
      runs++;
      const fault = faults.shift();
      if (fault === 'rate_limit')
        return { kind: 'error', error: { code: 'RATE_LIMIT', retry_after_ms: options.retryAfterMs ?? 30_000 } };
      if (fault === 'refuse_connection')
        return {
          kind: 'error',
          error: { code: 'TIMEOUT_BEFORE_EXECUTE', retry_after_ms: options.retryAfterMs ?? 200 },
        };
      if (fault === 'commit_then_hang') return new Promise(() => {});
      if (fault === 'garbage') return 42;
      const { invoice_ref } = args as { invoice_ref: string };
      return { kind: 'success', data: { invoice_ref, total_cents: 1299 }, provenance: provenance() };
    },
  };
  return {
    runtimes: { issue_refund: issue, get_invoice: invoice },
    refunds,
    /** Refunds that really happened downstream. */
    sideEffects: () => refunds.length,
    runs: () => runs,
    next: (...f: Fault[]) => faults.push(...f),
    status: (f: StatusFault) => {
      statusFault = f;
    },
  };
}

export const alice = { tenant: 'tenant-acme', subject: 'user-alice' };

let seq = 0;
/** A call as a stream would give it: a new call id every time, the key the caller chooses. */
export function refundCall(args: Partial<RefundArgs> = {}, key = 'refund-key-0001', callId?: string) {
  seq++;
  return {
    principal: alice,
    call: {
      provider: 'openai',
      api_family: 'responses',
      adapter_revision: 'openai-responses-2026-07-19',
      response_id: 'resp_billing_0001',
      call_id: callId ?? `call_refund_${seq.toString().padStart(4, '0')}`,
      operation_id: `op-refund-${seq.toString().padStart(4, '0')}`,
      idempotency_key: key,
    },
    tool: 'issue_refund',
    arguments: { invoice_ref: 'INV-42', amount_cents: 500, reason: 'damaged on arrival', ...args },
  };
}

export function invoiceCall(invoice_ref = 'INV-42', key = 'invoice-key-0001') {
  const c = refundCall({}, key);
  return { ...c, tool: 'get_invoice', arguments: { invoice_ref } };
}
