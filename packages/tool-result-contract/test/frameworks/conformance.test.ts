/**
 * One conformance suite for the three framework adapters (docs/frameworks.md#one-conformance-suite): the same cases,
 * the same scripts, run through the AI SDK's generateText over MockLanguageModelV3, LangChain's fake chat model and
 * tool step, and the Agents SDK's Runner over its ScriptedModel (test/frameworks/conformanceDrivers.ts); and, for the
 * reconciliation, through each framework's OpenAI provider package behind a replaced fetch. No network. Every case
 * reads what the framework itself sent the model, not what the adapter returned.
 */
import { describe, expect, it } from 'vitest';
import { reconcileTranscript, verifyAuditChain } from '../../src/control/index.ts';
import { canonicalize } from '../../src/core/index.ts';
import { resultDigest } from '../../src/core/result/index.ts';
import { alice } from '../control/billing.ts';
import { auditValues } from './aiSdkWorld.ts';
import { drivers, type Call, type Driver, type Run, type Turn } from './conformanceDrivers.ts';

const refund = (reason = 'damaged on arrival') => ({ invoice_ref: 'INV-42', amount_cents: 500, reason });
const readInvoice = (id: string): Call => [id, 'get_invoice', { invoice_ref: 'INV-42' }];
const askRefund = (id: string, args: Record<string, unknown> = refund()): Call => [id, 'issue_refund', args];
/** One turn, one step: an invoice read and a refund, then the model's text. */
const readAndRefund: Turn[] = [[[readInvoice('call_inv'), askRefund('call_ref')]]];

/** The text the model read for a call: in the first request that holds its result, the one after its step. */
function readBy(d: Driver, run: Run, id: string): string | undefined {
  for (const request of run.sent) {
    const text = d.resultsIn(request).get(id);
    if (text !== undefined) return text;
  }
  return undefined;
}

const parsedRead = (d: Driver, run: Run, id: string) => JSON.parse(readBy(d, run, id) ?? 'null');
const firstExecution = (run: Run, id: string) => {
  const [e] = run.executions.get(id) ?? [];
  if (e === undefined) throw new Error(`no execution for ${id}`);
  return e;
};

describe.each(drivers)('$name: the plane’s contract, as the framework delivers it', (d) => {
  it('puts each tool result in the model’s next request as the canonical text of model_result, byte for byte', async () => {
    const run = await d.run(readAndRefund);
    // One request per step, then the one after the tool step: the model read the results there.
    expect(run.sent).toHaveLength(2);
    expect(d.resultsIn(run.sent[0]).size).toBe(0);
    const next = d.resultsIn(run.sent[1]);
    expect([...next.keys()].sort()).toEqual(['call_inv', 'call_ref']);
    for (const id of ['call_inv', 'call_ref']) {
      const e = firstExecution(run, id);
      expect(e.pkg.model_result.status).toBe('succeeded');
      expect(next.get(id)).toBe(canonicalize(e.pkg.model_result));
    }
    expect(run.world.refunds).toHaveLength(1);
  });

  it('sends no audit value anywhere: principal, its reference, key, operation id, digests, receipts', async () => {
    const run = await d.run([...readAndRefund, [[askRefund('call_again')]]], { intent_ref: () => 'ticket-7' });
    const values = auditValues(run.executions);
    // The list is the real one: the raw principal, and for each call its reference, ids, key, digests, refs.
    expect(values).toEqual(expect.arrayContaining([alice.tenant, alice.subject]));
    for (const e of [...run.executions.values()].flat()) {
      const a = e.pkg.protected_audit;
      expect(values).toEqual(
        expect.arrayContaining([
          a.principal_ref,
          a.operation.operation_id,
          a.operation.idempotency_key,
          a.binding.request_sha256,
          a.binding.result_sha256,
          a.binding.call_binding_sha256,
        ]),
      );
    }
    // The downstream's receipt for the one refund (the model reads the refund, never its receipt).
    expect(run.world.refunds).toHaveLength(1);
    expect(values).toContain(`rcpt-${run.world.refunds[0]?.refund_ref}`);
    expect(run.sent).toHaveLength(4);
    const everything = JSON.stringify(run.sent);
    // What was sent holds the results (so the search reads the right thing), and none of the values.
    expect(everything).toContain('INV-42');
    expect(values.filter((v) => everything.includes(v))).toEqual([]);
  });

  it.each([
    [
      'an extra member in the data',
      { invoice_ref: 'INV-42', total_cents: 1, card_token: 'sk_live_51HostileToken' },
      {},
    ],
    ['a top-level status of its own', { invoice_ref: 'INV-42', total_cents: 1 }, { status: 'sk_live_51HostileToken' }],
  ])('refuses a hostile handler output (%s): the model reads OUTPUT_CONTRACT_VIOLATION', async (_name, data, extra) => {
    const run = await d.run([[[readInvoice('call_h')]]], {
      overrides: { get_invoice: { run: () => ({ kind: 'success', data, ...extra }) as never } },
    });
    expect(parsedRead(d, run, 'call_h')).toMatchObject({
      status: 'failed',
      error: { code: 'OUTPUT_CONTRACT_VIOLATION' },
    });
    expect(readBy(d, run, 'call_h')).toBe(canonicalize(firstExecution(run, 'call_h').pkg.model_result));
    expect(JSON.stringify(run.sent)).not.toContain('sk_live_51HostileToken');
  });

  it('answers bad arguments with the gate’s INVALID_ARGUMENTS, recorded, the handler never run', async () => {
    const run = await d.run([
      [
        [
          askRefund('call_neg', { invoice_ref: 'INV-42', amount_cents: -5, reason: 'x' }),
          askRefund('call_extra', { ...refund(), approved_by: 'admin' }),
        ],
      ],
    ]);
    for (const id of ['call_neg', 'call_extra']) {
      expect(parsedRead(d, run, id)).toMatchObject({ status: 'failed', error: { code: 'INVALID_ARGUMENTS' } });
      expect(firstExecution(run, id).audit_seq).toEqual(expect.any(Number));
    }
    expect(run.world.runs()).toBe(0);
    expect(run.world.refunds).toEqual([]);
    expect(await run.plane.auditEntries()).toHaveLength(2);
  });

  it('moves money once for a refund asked twice in one step and again in a later turn', async () => {
    const turns: Turn[] = [
      [[askRefund('call_a'), askRefund('call_b')]],
      [[askRefund('call_c')]],
      [[askRefund('call_e')]],
    ];
    // The third turn is another ticket: the same words are another intent, and a second, legitimate refund.
    const run = await d.run(turns, { intent_ref: (turn) => (turn < 2 ? 'ticket-7' : 'ticket-8') });
    // The downstream's own ledger: one refund for the first ticket, however often asked; one for the other.
    expect(run.world.refunds.map((r) => r.refund_ref)).toEqual(['RF-1', 'RF-2']);
    const delivery = (id: string) => firstExecution(run, id).delivery;
    expect([delivery('call_a'), delivery('call_b')].sort()).toEqual(['fresh', 'local_replay']);
    expect(delivery('call_c')).toBe('local_replay');
    expect(delivery('call_e')).toBe('fresh');
    // And the model read the one refund three times.
    for (const id of ['call_a', 'call_b', 'call_c'])
      expect(parsedRead(d, run, id)).toMatchObject({ status: 'succeeded', data: { refund_ref: 'RF-1' } });
  });

  it('passes the conversation to the plane: a refund of an invoice the model read only in a result is held', async () => {
    // A read, then the refund of what it found, in a later step: the invoice reached the model only as data.
    const script: Turn[] = [[[readInvoice('call_inv')], [askRefund('call_ref')]]];
    const overrides = { issue_refund: { trusted_arguments: ['invoice_ref'] } };
    const unvouched = await d.run(script, { overrides, conversation: { ref: 'conv-1', vouched: ['Refund it'] } });
    expect(parsedRead(d, unvouched, 'call_ref')).toMatchObject({ error: { code: 'APPROVAL_REQUIRED' } });
    expect(unvouched.world.refunds).toHaveLength(0);
    // The user named the invoice in the same conversation: the value is theirs, and the refund runs.
    const vouched = await d.run(script, { overrides, conversation: { ref: 'conv-2', vouched: ['Refund INV-42'] } });
    expect(vouched.world.refunds).toHaveLength(1);
  });

  it('keeps an audit chain that verifies, one entry per call, each bound to the result the model read', async () => {
    const run = await d.run([...readAndRefund, [[askRefund('call_neg', { ...refund(), amount_cents: -1 })]]]);
    const entries = await run.plane.auditEntries();
    expect(verifyAuditChain(entries)).toMatchObject({ ok: true, checked: 3, broken: null });
    for (const id of ['call_inv', 'call_ref', 'call_neg']) {
      const e = firstExecution(run, id);
      const entry = entries.find((x) => x.seq === e.audit_seq);
      expect(entry?.protected_audit.provider_context.call_id).toBe(id);
      expect(entry?.protected_audit.binding.result_sha256).toBe(e.pkg.protected_audit.binding.result_sha256);
    }
    // The verdict reads the entries: one result digest rewritten, and the chain breaks there.
    const rewritten = structuredClone(entries);
    const second = rewritten[1];
    if (second === undefined) throw new Error('no second entry');
    second.protected_audit.binding.result_sha256 = '0'.repeat(64);
    expect(verifyAuditChain(rewritten)).toMatchObject({ ok: false, broken: { seq: second.seq } });
  });

  /*
   * reconcileTranscript reads provider request bodies (docs/audit-log.md#reconcile). None of the three test models
   * receives one: MockLanguageModelV3 gets the AI SDK's prompt, the fake chat model LangChain's messages, the
   * ScriptedModel the Runner's ModelRequest. So every framework is reconciled here in its own form (each entry's
   * call read by the model, its text's digest the entry's), and reconcileTranscript over those internal forms is
   * shown to see nothing (for the Runner's requests that reads `ok: true`, every entry UNDELIVERED: a vacuous
   * verdict, not a clean one). Then each driver's `wire` runs the script through the framework's OpenAI provider
   * package (@ai-sdk/openai's Responses model, @langchain/openai's ChatOpenAI on the Responses API,
   * @openai/agents-openai's OpenAIResponsesModel), its fetch replaced: the real Responses bodies it built must
   * reconcile clean, carry each result as the canonical text byte for byte (the digest alone forgives layout), and
   * a result rewritten in one of them must be a finding.
   */
  it('reconciles what the framework sent with the audit log: in its own form, and over the provider bodies it builds', async () => {
    const run = await d.run(readAndRefund);
    const entries = await run.plane.auditEntries();
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      const text = readBy(d, run, entry.protected_audit.provider_context.call_id);
      expect(resultDigest(JSON.parse(text ?? 'null'), undefined)).toBe(entry.protected_audit.binding.result_sha256);
    }
    const internal = reconcileTranscript({ requests: run.sent, entries });
    const undelivered = internal.findings.filter((f) => f.code === 'UNDELIVERED').map((f) => f.seq);
    expect(undelivered).toEqual(entries.map((e) => e.seq));
    expect(internal.findings.every((f) => f.code === 'UNDELIVERED' || f.code === 'UNREADABLE_REQUEST')).toBe(true);
    // The Runner's requests have an `input` array, so they read as bodies holding no result: `ok`, and vacuous.
    expect(internal.ok).toBe(d.name === 'openai-agents');
    const bodies = await d.wire([...readAndRefund, [[askRefund('call_again')]]]);
    const wireEntries = await bodies.plane.auditEntries();
    expect(bodies.sent).toHaveLength(4);
    expect(wireEntries).toHaveLength(3);
    expect(reconcileTranscript({ requests: bodies.sent, entries: wireEntries })).toEqual({ ok: true, findings: [] });
    // What the model read in the last body (every turn's results, resent): the canonical text, not a re-spelling.
    const sent = bodies.sent as { input: { type?: string; call_id?: string; output?: unknown }[] }[];
    const outputs = (sent[3]?.input ?? []).filter((i) => i.type === 'function_call_output');
    expect(outputs.map((o) => o.call_id)).toEqual(['call_inv', 'call_ref', 'call_again']);
    for (const o of outputs)
      expect(o.output).toBe(canonicalize(firstExecution(bodies, o.call_id ?? '').pkg.model_result));
    // The verdict reads the bodies: a result the model read, rewritten, is a finding.
    const forged = structuredClone(sent);
    const output = forged[1]?.input.find((i) => i.type === 'function_call_output');
    if (output === undefined) throw new Error('no function_call_output in the second body');
    output.output = canonicalize({ status: 'succeeded', data: { invoice_ref: 'INV-42', total_cents: 0 } });
    const verdict = reconcileTranscript({ requests: forged, entries: wireEntries });
    expect(verdict.ok).toBe(false);
    // There first (the later bodies resend the true text: the same call answered two ways, DELIVERED_TWICE).
    expect(verdict.findings[0]).toEqual({
      code: 'RESULT_DIGEST_MISMATCH',
      request: 1,
      call_id: 'call_inv',
      seq: firstExecution(bodies, 'call_inv').audit_seq,
    });
  });
});
