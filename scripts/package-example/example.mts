// Run by scripts/package-test.mjs in a fresh project that installed the packed tarball:
// type-checked under strict TypeScript with nodenext resolution, then run by node.
import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  createControlPlane,
  intentKey,
  memoryStore,
  verifyAuditChain,
  type ToolRuntime,
} from 'tool-result-contract/control';
import { mcpServer } from 'tool-result-contract/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  canonicalize,
  createDispatcher,
  defineTool,
  project,
  toProviderItem,
  validateResult,
  type Package,
  type TrustedContext,
} from 'tool-result-contract';
// The call's trusted context: what the dispatcher knows and the model never chooses (docs/contract.md#the-trusted-context).
const paid = {
  context: {
    principal: { tenant: 'tenant-acme-retail', subject: 'user-7f3a9c21' },
    call: {
      provider: 'openai',
      api_family: 'responses',
      adapter_revision: 'openai-responses-2026-07-19',
      response_id: 'resp_202607190007',
      call_id: 'call_07_a7f3c4e1',
      operation_id: 'op_202607190007',
      idempotency_key: 'idem_07_9c2d71e4b8a0',
    },
    tool: 'get_order',
    arguments: { order_ref: 'ORDER-7' },
    delivery: 'fresh',
    now: '2026-07-19T00:00:05Z',
  } satisfies TrustedContext,
};

// An engineer's own tool.
const getInvoice = defineTool({
  name: 'get_invoice',
  effect: 'read',
  title: 'Look up an invoice',
  input: z.strictObject({ invoice_ref: z.string().regex(/^INV-[0-9]{1,9}$/) }),
  output: z.strictObject({
    invoice_ref: z.string(),
    total_cents: z.number().int().min(0),
    lines: z.array(z.strictObject({ sku: z.string() })),
  }),
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
const billing = createDispatcher({ tools: [getInvoice] });
const trusted: TrustedContext = { ...paid.context, tool: 'get_invoice', arguments: { invoice_ref: 'INV-42' } };
const output = (data: unknown) => ({
  kind: 'success',
  data,
  provenance: {
    source_label: 'billing',
    producer_revision: 'billing-v1',
    resource_revision: 'inv-42-r1',
    observed_at: '2026-07-19T00:00:02Z',
  },
});
const valid = { invoice_ref: 'INV-42', total_cents: 1299, lines: [{ sku: 'A-1' }] };
const reasons = (pkg: Package): string[] => pkg.protected_audit.violations.map((v) => `${v.code} ${v.path}`);

const ok = billing.project(output(valid), trusted);
assert.equal(ok.model_result.status, 'succeeded');
assert.deepEqual(billing.validateResult(ok, trusted), { ok: true, violations: [] });
const okItem = billing.toProviderItem(ok, trusted);
assert.ok('type' in okItem && okItem.type === 'function_call_output');

// Every top-level function takes the registry it checks against; a dispatcher is them bound to its tools.
const registry = { get_invoice: getInvoice };
const direct: Package = project(output(valid), trusted, registry);
assert.deepEqual(validateResult(direct, trusted, registry), { ok: true, violations: [] });
assert.deepEqual(toProviderItem(direct, trusted, registry), okItem);

const extra = billing.project(output({ ...valid, discount: 5 }), trusted);
assert.equal(extra.model_result.error?.code, 'OUTPUT_CONTRACT_VIOLATION');
assert.ok(reasons(extra).includes('DATA_SCHEMA /data/discount'), reasons(extra).join());

const token = billing.project(output({ ...valid, lines: [{ sku: 'A-1', access_token: 'tok' }] }), trusted);
assert.equal(token.model_result.data, null);
assert.ok(reasons(token).includes('SENSITIVE_FIELD /data/lines/0/access_token'), reasons(token).join());

const echo = billing.project(output({ ...valid, invoice_ref: 'INV-43' }), trusted);
assert.ok(reasons(echo).includes('INPUT_BINDING /data/invoice_ref'), reasons(echo).join());

// A dispatcher knows only its tools: get_order is not one of billing's.
assert.equal(billing.project(output(valid), paid.context).model_result.error?.code, 'UNKNOWN_TOOL');
// The byte format, from the root.
assert.equal(canonicalize({ b: 1, a: [true] }), '{"a":[true],"b":1}');
// The control plane with the engineer's own write tool: money moves once per intent.
const issueRefund = defineTool({
  name: 'issue_refund',
  effect: 'write',
  title: 'Issue a refund',
  input: z.strictObject({ invoice_ref: z.string(), amount_cents: z.number().int().min(1) }),
  output: z.strictObject({ refund_ref: z.string(), amount_cents: z.number().int() }),
  echo: [{ output: 'amount_cents', input: 'amount_cents' }],
  revisions: { ...getInvoice.revisions, effect_revision: 'issue_refund.effect.write.v1' },
  source_label: 'billing',
});
const ledger = new Map<string, string>(); // the downstream: refunds by idempotency key
let loseNextResponse = true;
const refundOutput = (refund_ref: string, amount_cents: number) => ({
  kind: 'success',
  data: { refund_ref, amount_cents },
  provenance: output(null).provenance,
  downstream: { receipt_ref: `rcpt-${refund_ref}` },
});
const refunds = createDispatcher({ tools: [issueRefund] });
const runtimes: Record<string, ToolRuntime> = {
  issue_refund: {
    run(args, ctx) {
      const { amount_cents } = args as { amount_cents: number };
      if (!ledger.has(ctx.idempotency_key)) ledger.set(ctx.idempotency_key, `RF-${ledger.size + 1}`);
      if (loseNextResponse) {
        loseNextResponse = false;
        throw new Error('connection reset after the refund committed');
      }
      return refundOutput(ledger.get(ctx.idempotency_key)!, amount_cents);
    },
    queryStatus(ctx) {
      const ref = ledger.get(ctx.idempotency_key);
      return ref === undefined
        ? { state: 'not_started' }
        : { state: 'committed', handler_output: refundOutput(ref, 500) };
    },
    // The downstream's worst latency: a request sent before the deadline may land up to 10 s after its abort.
    landing_ms: 10_000,
  },
};
const plane = createControlPlane({ dispatcher: refunds, store: memoryStore(), authorize: () => true, runtimes });
const refundArgs = { invoice_ref: 'INV-42', amount_cents: 500 };
// The key a turn would derive for this intent (the principal, the tool, the arguments): one record for the refund.
const refundKey = intentKey({ dispatcher: refunds, runtimes }, paid.context.principal, 'issue_refund', refundArgs);
assert.match(refundKey, /^ik_[0-9a-f]{64}$/);
const refund = (call_id: string) =>
  plane.execute({
    principal: paid.context.principal,
    call: { ...paid.context.call, call_id, idempotency_key: refundKey },
    tool: 'issue_refund',
    arguments: refundArgs,
  });
const lost = await refund('call_refund_1'); // the response is lost: the plane asks the downstream, never re-runs
assert.equal(lost.delivery, 'receipt_reconciled');
const again = await refund('call_refund_2'); // the model asks again: the same intent is replayed
assert.equal(again.delivery, 'local_replay');
assert.equal(ledger.size, 1);
assert.equal(verifyAuditChain(await plane.auditEntries()).ok, true);

// The engineer's tool served over MCP, spoken to by the SDK's own Client (which validates structuredContent).
const audited: Package[] = [];
const served = mcpServer(billing, {
  name: 'billing',
  version: '1.0.0',
  principal: paid.context.principal,
  handlers: { get_invoice: (args) => output({ ...valid, invoice_ref: (args as { invoice_ref: string }).invoice_ref }) },
  onPackage: (pkg) => void audited.push(pkg),
});
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
const mcpClient = new Client({ name: 'example', version: '1.0.0' });
await Promise.all([served.connect(serverSide), mcpClient.connect(clientSide)]);
const listed = await mcpClient.listTools();
assert.equal(listed.tools[0]?.outputSchema?.type, 'object');
const answered = await mcpClient.callTool({ name: 'get_invoice', arguments: { invoice_ref: 'INV-42' } });
assert.equal(answered.isError, undefined);
assert.deepEqual(answered.structuredContent, audited[0]?.model_result);
const refused = await mcpClient.callTool({ name: 'get_invoice', arguments: { invoice_ref: 'nope' } });
assert.equal(refused.isError, true);
assert.equal((refused.structuredContent as { error: { code: string } }).error.code, 'INVALID_ARGUMENTS');
assert.ok(!JSON.stringify(answered).includes(paid.context.principal.tenant));
await mcpClient.close();

console.log('example: ok');
