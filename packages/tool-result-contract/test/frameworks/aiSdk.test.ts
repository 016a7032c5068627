/**
 * tool-result-contract/ai-sdk under the AI SDK's own generateText, driven by its test model (`ai/test`): what the
 * framework sends the model next is each call's model_result as canonical text, byte for byte, and nothing of the
 * audit; a hostile output is refused; a refund asked twice moves money once; an abort reaches the plane; the
 * schema's refusals are the plane's catalog answers; an approval is the plane's, never the client's word.
 */
import { asSchema, generateText, stepCountIs, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { aiSdkTools } from '../../src/frameworks/aiSdk.ts';
import { verifyAuditChain } from '../../src/control/index.ts';
import { canonicalize } from '../../src/core/index.ts';
import { resultDigest } from '../../src/core/result/index.ts';
import { alice } from '../control/billing.ts';
import { auditValues, billingPlane, callsStep, scriptedModel, textStep, toolResultsOf } from './aiSdkWorld.ts';

const refund = (reason = 'damaged on arrival') => JSON.stringify({ invoice_ref: 'INV-42', amount_cents: 500, reason });

describe('aiSdkTools: the registry as the SDK’s tool set', () => {
  it('lists every tool of the dispatcher with its name, English title and input JSON Schema', async () => {
    const { plane } = billingPlane();
    const tools = aiSdkTools(plane, { principal: alice, provider: 'openai' });
    expect(Object.keys(tools).sort()).toEqual(['get_invoice', 'issue_refund']);
    expect(tools.issue_refund?.description).toBe('Issue a refund');
    const schema = (await asSchema(tools.issue_refund?.inputSchema).jsonSchema) as Record<string, unknown>;
    expect(schema).toMatchObject({ type: 'object', required: ['invoice_ref', 'amount_cents', 'reason'] });
    expect(schema.additionalProperties).toBe(false);
    expect(tools.issue_refund?.needsApproval).toBeUndefined();
  });

  it('refuses what cannot bind a call', () => {
    const { plane } = billingPlane();
    expect(() => aiSdkTools(plane, { principal: { tenant: 'x' } as never, provider: 'openai' })).toThrow(/principal/);
    expect(() => aiSdkTools(plane, { principal: alice, provider: 'mistral' as never })).toThrow(/provider/);
  });
});

describe('generateText with the plane’s tools', () => {
  it('sends each model_result as its canonical text, byte for byte, and no audit value', async () => {
    const { plane, executions, onExecution } = billingPlane();
    const { model, prompts } = scriptedModel(
      callsStep(['call_inv', 'get_invoice', '{"invoice_ref":"INV-42"}'], ['call_ref', 'issue_refund', refund()]),
      textStep(),
    );
    const tools = aiSdkTools(plane, { principal: alice, provider: 'openai', onExecution });
    const result = await generateText({ model, tools, prompt: 'Refund INV-42', stopWhen: stepCountIs(3) });
    expect(result.text).toBe('Done.');
    const sent = toolResultsOf(prompts()[1]);
    expect([...sent.keys()].sort()).toEqual(['call_inv', 'call_ref']);
    for (const [id, output] of sent) {
      const [e] = executions.get(id) ?? [];
      if (e === undefined) throw new Error(`no execution for ${id}`);
      const text = canonicalize(e.pkg.model_result);
      expect(output).toEqual({ type: 'text', value: text });
      // The bytes the model reads are the bytes the result digest covers.
      expect(resultDigest(JSON.parse(text), undefined)).toBe(e.pkg.protected_audit.binding.result_sha256);
      expect(e.pkg.model_result.status).toBe('succeeded');
    }
    const everything = JSON.stringify(prompts());
    const values = auditValues(executions);
    expect(values.length).toBeGreaterThan(10);
    expect(values.filter((v) => everything.includes(v))).toEqual([]);
    // Nor anywhere in what the SDK hands back to the application's own code.
    expect(values.filter((v) => JSON.stringify(result.steps).includes(v))).toEqual([]);
    expect((await verifyAuditChain(await plane.auditEntries())).ok).toBe(true);
  });

  it('refuses a hostile handler output: OUTPUT_CONTRACT_VIOLATION, the secret never sent', async () => {
    const secret = 'sk_live_51HostileTokenThatMustNeverReachTheModel';
    const { plane, onExecution } = billingPlane({
      get_invoice: {
        run: () => ({ kind: 'success', data: { invoice_ref: 'INV-42', total_cents: 1, card_token: secret } }),
      },
    });
    const { model, prompts } = scriptedModel(
      callsStep(['call_h', 'get_invoice', '{"invoice_ref":"INV-42"}']),
      textStep(),
    );
    const tools = aiSdkTools(plane, { principal: alice, provider: 'openai', onExecution });
    await generateText({ model, tools, prompt: 'Look up INV-42', stopWhen: stepCountIs(3) });
    const out = toolResultsOf(prompts()[1]).get('call_h') as { type: string; value: string };
    expect(out.type).toBe('text');
    expect(JSON.parse(out.value)).toMatchObject({ status: 'failed', error: { code: 'OUTPUT_CONTRACT_VIOLATION' } });
    expect(JSON.stringify(prompts())).not.toContain(secret);
  });

  it('moves money once for a refund asked twice in one step and again in a later turn', async () => {
    const { plane, world, executions, onExecution } = billingPlane();
    const first = scriptedModel(
      callsStep(['call_a', 'issue_refund', refund()], ['call_b', 'issue_refund', refund()]),
      textStep(),
    );
    const opts = { principal: alice, provider: 'openai' as const, intent_ref: 'ticket-7', onExecution };
    const r1 = await generateText({
      model: first.model,
      tools: aiSdkTools(plane, opts),
      prompt: 'Refund',
      stopWhen: stepCountIs(3),
    });
    // A later turn: new tools, a new response id, the same intent; then the reason reworded.
    const later = scriptedModel(
      callsStep(['call_c', 'issue_refund', refund()], ['call_d', 'issue_refund', refund('arrived broken')]),
      textStep(),
    );
    const messages: ModelMessage[] = [{ role: 'user', content: 'Refund' }, ...r1.response.messages];
    await generateText({ model: later.model, tools: aiSdkTools(plane, opts), messages, stopWhen: stepCountIs(3) });
    expect(world.sideEffects()).toBe(1);
    const seen = (id: string) => {
      const e = executions.get(id)?.[0];
      return [e?.delivery, e?.pkg.model_result.status, e?.pkg.model_result.error?.code ?? null];
    };
    expect([seen('call_a'), seen('call_b')].sort()).toEqual([
      ['fresh', 'succeeded', null],
      ['local_replay', 'succeeded', null],
    ]);
    expect(seen('call_c')).toEqual(['local_replay', 'succeeded', null]);
    expect(seen('call_d')).toEqual(['fresh', 'failed', 'IDEMPOTENCY_CONFLICT']);
    // Under another ticket the same words are another intent: a second, legitimate refund.
    const other = scriptedModel(callsStep(['call_e', 'issue_refund', refund()]), textStep());
    await generateText({
      model: other.model,
      tools: aiSdkTools(plane, { ...opts, intent_ref: 'ticket-8' }),
      prompt: 'Refund',
      stopWhen: stepCountIs(3),
    });
    expect(world.sideEffects()).toBe(2);
  });

  it('answers arguments the schema refuses with the catalog’s INVALID_ARGUMENTS, from the plane', async () => {
    const { plane, world, executions, onExecution } = billingPlane();
    const bad = JSON.stringify({ invoice_ref: 'INV-42', amount_cents: -5, reason: 'x' });
    const { model, prompts } = scriptedModel(callsStep(['call_bad', 'issue_refund', bad]), textStep());
    await generateText({
      model,
      tools: aiSdkTools(plane, { principal: alice, provider: 'openai', onExecution }),
      prompt: 'Refund',
      stopWhen: stepCountIs(3),
    });
    const out = toolResultsOf(prompts()[1]).get('call_bad') as { type: string; value: string };
    expect(out.type).toBe('text');
    expect(JSON.parse(out.value)).toMatchObject({ status: 'failed', error: { code: 'INVALID_ARGUMENTS' } });
    expect(world.runs()).toBe(0);
    expect(executions.get('call_bad')?.[0]?.audit_seq).toBe(1);
  });

  it('leaves an unknown tool to the SDK: its own error text, nothing run, nothing recorded', async () => {
    const { plane } = billingPlane();
    const { model, prompts } = scriptedModel(callsStep(['call_x', 'delete_everything', '{}']), textStep());
    await generateText({
      model,
      tools: aiSdkTools(plane, { principal: alice, provider: 'openai' }),
      prompt: 'Go',
      stopWhen: stepCountIs(3),
    });
    const out = toolResultsOf(prompts()[1]).get('call_x') as { type: string; value: string };
    // The SDK's NoSuchToolError, sent as `error-text`: the framework answers before any tool is asked.
    expect(out.type).toBe('error-text');
    expect(out.value).toMatch(/unavailable tool 'delete_everything'/);
    expect(await plane.auditEntries()).toEqual([]);
  });
});
