// Run by scripts/package-test.mjs in a fresh project that installed the packed tarball:
// type-checked under strict TypeScript with nodenext resolution, then run by node.
import assert from 'node:assert/strict';
import { z } from 'zod';
import { canonicalize } from 'tool-result-contract/json';
import {
  createDispatcher,
  defineTool,
  findScenario,
  project,
  toProviderItem,
  validateResult,
  type Package,
  type TrustedContext,
} from 'tool-result-contract';

// The chapter's tools, through the top-level functions.
const paid = findScenario('get_order.paid');
assert.ok(paid !== null);
const chapterPkg: Package = project(paid.handler_output, paid.context);
assert.equal(chapterPkg.model_result.status, 'succeeded');
assert.deepEqual(validateResult(chapterPkg, paid.context), { ok: true, violations: [] });
assert.equal(toProviderItem(chapterPkg, paid.context).type, 'function_call_output');

// An engineer's own tool.
const getInvoice = defineTool({
  name: 'get_invoice',
  effect: 'read',
  title: { en: 'Look up an invoice', zh: '查询发票' },
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
assert.equal(billing.toProviderItem(ok, trusted).type, 'function_call_output');

const extra = billing.project(output({ ...valid, discount: 5 }), trusted);
assert.equal(extra.model_result.error?.code, 'OUTPUT_CONTRACT_VIOLATION');
assert.ok(reasons(extra).includes('DATA_SCHEMA /data/discount'), reasons(extra).join());

const token = billing.project(output({ ...valid, lines: [{ sku: 'A-1', access_token: 'tok' }] }), trusted);
assert.equal(token.model_result.data, null);
assert.ok(reasons(token).includes('SENSITIVE_FIELD /data/lines/0/access_token'), reasons(token).join());

const echo = billing.project(output({ ...valid, invoice_ref: 'INV-43' }), trusted);
assert.ok(reasons(echo).includes('INPUT_BINDING /data/invoice_ref'), reasons(echo).join());

// A dispatcher knows only its tools.
assert.equal(billing.project(paid.handler_output, paid.context).model_result.error?.code, 'UNKNOWN_TOOL');
// A folder door as its own subpath.
assert.equal(canonicalize({ b: 1, a: [true] }), '{"a":[true],"b":1}');
console.log('example: ok');
