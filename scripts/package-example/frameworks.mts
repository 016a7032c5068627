// Run by scripts/package-test.mjs in a fresh project that installed the packed tarball and `ai`: the README's
// framework example as an engineer wires it, type-checked under strict TypeScript with nodenext resolution, then run
// with the AI SDK's own test model in place of a provider. The model asks for the same refund twice in one step and
// again in a later request: one refund; it reads each result as model_result's canonical text and nothing else.
import assert from 'node:assert/strict';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { canonicalize, createDispatcher, defineTool } from 'tool-result-contract';
import { createControlPlane, memoryStore, verifyAuditChain, type Execution } from 'tool-result-contract/control';
import { aiSdkTools } from 'tool-result-contract/ai-sdk';

const issueRefund = defineTool({
  name: 'issue_refund',
  effect: 'write',
  title: 'Issue a refund',
  input: z.strictObject({ invoice_ref: z.string().regex(/^INV-[0-9]{1,9}$/), amount_cents: z.number().int().min(1) }),
  output: z.strictObject({ refund_ref: z.string(), amount_cents: z.number().int() }),
  echo: [{ output: 'amount_cents', input: 'amount_cents' }],
  revisions: {
    input_revision: 'issue_refund.input.v1',
    output_revision: 'issue_refund.output.v1',
    effect_revision: 'issue_refund.effect.write.v1',
    handler_revision: 'billing-handler-v1',
    producer_revision: 'billing-v1',
    policy_revision: 'billing-policy-v1',
  },
  source_label: 'billing',
});

const ledger = new Map<string, string>(); // the downstream, which does not deduplicate: one row per request
let requests = 0;
const refundOutput = (refund_ref: string, amount_cents: number) => ({
  kind: 'success',
  data: { refund_ref, amount_cents },
  provenance: {
    source_label: 'billing',
    producer_revision: 'billing-v1',
    resource_revision: `${refund_ref}-r1`,
    observed_at: new Date().toISOString(),
  },
  downstream: { receipt_ref: `rcpt-${refund_ref}` },
});
const plane = createControlPlane({
  dispatcher: createDispatcher({ tools: [issueRefund] }),
  store: memoryStore(),
  authorize: (principal) => principal.tenant === 'tenant-acme',
  runtimes: {
    issue_refund: {
      run(args, ctx) {
        requests += 1;
        const ref = `RF-${requests}`;
        ledger.set(ctx.idempotency_key, ref);
        return refundOutput(ref, (args as { amount_cents: number }).amount_cents);
      },
      queryStatus: (ctx) => {
        const ref = ledger.get(ctx.idempotency_key);
        return ref === undefined
          ? { state: 'not_started' }
          : { state: 'committed', handler_output: refundOutput(ref, 500) };
      },
      landing_ms: 1_000,
    },
  },
});

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const refund = JSON.stringify({ invoice_ref: 'INV-42', amount_cents: 500 });
type Step = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
const calls = (...ids: string[]): Step => ({
  content: ids.map((toolCallId) => ({
    type: 'tool-call' as const,
    toolCallId,
    toolName: 'issue_refund',
    input: refund,
  })),
  finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
  usage,
  warnings: [],
});
const done: Step = {
  content: [{ type: 'text', text: 'Refunded.' }],
  finishReason: { unified: 'stop', raw: 'stop' },
  usage,
  warnings: [],
};

/** One request of the application, as the README shows it: the principal and the ticket are the server's. */
async function answer(steps: Step[]) {
  const model = new MockLanguageModelV3({ doGenerate: steps });
  const executions: Execution[] = [];
  const { text } = await generateText({
    model,
    tools: aiSdkTools(plane, {
      principal: { tenant: 'tenant-acme', subject: 'user-alice' },
      provider: 'openai',
      intent_ref: 'ticket-1042',
      onExecution: (e) => void executions.push(e),
    }),
    prompt: 'Refund 5.00 on INV-42',
    stopWhen: stepCountIs(5),
  });
  return { text, executions, prompts: model.doGenerateCalls.map((c) => c.prompt) };
}

const first = await answer([calls('call_1', 'call_2'), done]);
const later = await answer([calls('call_3'), done]);
assert.equal(first.text, 'Refunded.');
assert.equal(requests, 1, 'the same refund asked three times moved money once');
assert.deepEqual(
  [...first.executions, ...later.executions].map((e) => e.delivery),
  ['fresh', 'local_replay', 'local_replay'],
);
// What the model read of each call: the exact bytes the result digest covers, and nothing of protected_audit.
const read = first.prompts[1]?.flatMap((m) => (m.role === 'tool' ? m.content : [])) ?? [];
assert.equal(read.length, 2);
for (const [i, part] of read.entries()) {
  assert.ok(part.type === 'tool-result');
  assert.deepEqual(part.output, { type: 'text', value: canonicalize(first.executions[i]?.pkg.model_result) });
  assert.ok(!JSON.stringify(part).includes(first.executions[i]?.pkg.protected_audit.principal_ref ?? '?'));
}
assert.equal(verifyAuditChain(await plane.auditEntries()).ok, true);
console.log('frameworks example: ok');
