/**
 * tool-result-contract/openai-agents under the SDK's own Runner, its model the SDK's ScriptedModel (no network):
 * what the Runner sends the model next is each call's model_result as canonical text, byte for byte, and nothing of
 * the audit, in the request, the run's items or its serialized state; what the Runner answers by itself (an unknown
 * tool, arguments that are not JSON) never reaches the plane; a refund asked twice in one step and again in a later
 * run moves money once; an abort ends the run and the call; the conversation reaches argument provenance.
 */
import { ModelBehaviorError } from '@openai/agents-core';
import { describe, expect, it } from 'vitest';
import { agentsTools } from '../../src/frameworks/openaiAgents.ts';
import { createControlPlane, memoryStore, systemClock, verifyAuditChain } from '../../src/control/index.ts';
import { canonicalize, createDispatcher, defineTool } from '../../src/core/index.ts';
import { resultDigest } from '../../src/core/result/index.ts';
import { alice, billingWorld, getInvoice } from '../control/billing.ts';
import { abortableReadPlane, auditValues, billingPlane } from './aiSdkWorld.ts';
import {
  agentRun,
  callsStep,
  outputText,
  outputsOf,
  refundArgs,
  scriptedModel,
  textStep,
} from './openaiAgentsWorld.ts';

describe('a run of the SDK’s Runner with the plane’s tools', () => {
  it('sends each model_result as its canonical text, byte for byte, and no audit value anywhere', async () => {
    const { plane, executions, onExecution } = billingPlane();
    const tools = agentsTools(plane, { principal: alice, provider: 'openai', onExecution });
    const { model, requests } = scriptedModel(
      callsStep(['call_inv', 'get_invoice', { invoice_ref: 'INV-42' }], ['call_ref', 'issue_refund', refundArgs()]),
      textStep(),
    );
    const result = await agentRun(model, tools).run('Refund INV-42');
    expect(result.finalOutput).toBe('Done.');
    // The Runner sent the registry's schema as it is, not strict.
    expect(requests()[0]?.tools.map((t) => [t.name, 'strict' in t ? t.strict : null])).toEqual([
      ['get_invoice', false],
      ['issue_refund', false],
    ]);
    const next = requests()[1];
    expect([...outputsOf(next).keys()].sort()).toEqual(['call_inv', 'call_ref']);
    for (const id of ['call_inv', 'call_ref']) {
      const [e] = executions.get(id) ?? [];
      if (e === undefined) throw new Error(`no execution for ${id}`);
      expect(e.pkg.model_result.status).toBe('succeeded');
      // The function call's output is { type: 'text', text }, the text the canonical bytes the result digest covers.
      expect(outputsOf(next).get(id)).toEqual({ type: 'text', text: canonicalize(e.pkg.model_result) });
      expect(resultDigest(JSON.parse(outputText(next, id) ?? 'null'), undefined)).toBe(
        e.pkg.protected_audit.binding.result_sha256,
      );
    }
    // No audit value in what the model was sent, in the run's items and history, nor in its serialized state.
    const values = auditValues(executions);
    expect(values.length).toBeGreaterThan(15);
    const serialized = [
      JSON.stringify(requests()),
      JSON.stringify(result.newItems.map((i) => i.toJSON())),
      JSON.stringify(result.history),
      result.state.toString(),
    ];
    for (const s of serialized) expect(values.filter((v) => s.includes(v))).toEqual([]);
    expect(verifyAuditChain(await plane.auditEntries())).toMatchObject({ ok: true, checked: 2, broken: null });
  });

  it('refuses a hostile handler output: OUTPUT_CONTRACT_VIOLATION, the secret in no request', async () => {
    const secret = 'sk_live_51HostileTokenThatMustNeverReachTheModel';
    const { plane, onExecution } = billingPlane({
      get_invoice: {
        run: () => ({ kind: 'success', data: { invoice_ref: 'INV-42', total_cents: 1, card_token: secret } }),
      },
    });
    const { model, requests } = scriptedModel(
      callsStep(['call_h', 'get_invoice', { invoice_ref: 'INV-42' }]),
      textStep(),
    );
    await agentRun(model, agentsTools(plane, { principal: alice, provider: 'openai', onExecution })).run('Look up');
    expect(JSON.parse(outputText(requests()[1], 'call_h') ?? 'null')).toMatchObject({
      status: 'failed',
      error: { code: 'OUTPUT_CONTRACT_VIOLATION' },
    });
    expect(JSON.stringify(requests())).not.toContain(secret);
  });

  it('answers arguments the schema refuses with the gate’s INVALID_ARGUMENTS, and text that is not JSON itself', async () => {
    const { plane, world, executions, onExecution } = billingPlane();
    const { model, requests } = scriptedModel(
      callsStep(
        ['call_neg', 'issue_refund', { invoice_ref: 'INV-42', amount_cents: -5, reason: 'x' }],
        ['call_text', 'issue_refund', '{"invoice_ref": "INV-42", amount_cents: 500'],
      ),
      textStep(),
    );
    await agentRun(model, agentsTools(plane, { principal: alice, provider: 'openai', onExecution })).run('Refund');
    const next = requests()[1];
    expect(JSON.parse(outputText(next, 'call_neg') ?? 'null')).toMatchObject({
      status: 'failed',
      error: { code: 'INVALID_ARGUMENTS' },
    });
    // The Runner parses every call's arguments before any tool is invoked (parseToolArguments,
    // @openai/agents-core/dist/runner/toolExecution.mjs) and answers text that does not parse with its own words.
    expect(outputText(next, 'call_text')).toBe(
      'An error occurred while parsing tool arguments. Please try again with valid JSON.',
    );
    expect([...executions.keys()]).toEqual(['call_neg']);
    expect(world.runs()).toBe(0);
    expect(await plane.auditEntries()).toHaveLength(1);
  });

  it('ends the run on a tool the registry does not know (ModelBehaviorError), before any call of the step runs', async () => {
    const { plane, world } = billingPlane();
    const tools = agentsTools(plane, { principal: alice, provider: 'openai' });
    const { model, requests } = scriptedModel(
      callsStep(['call_ref', 'issue_refund', refundArgs()], ['call_x', 'delete_everything', {}]),
      textStep(),
    );
    const run = agentRun(model, tools).run('Go');
    await expect(run).rejects.toBeInstanceOf(ModelBehaviorError);
    await expect(run).rejects.toThrow('Tool delete_everything not found in agent Billing.');
    expect(requests()).toHaveLength(1);
    expect(world.runs()).toBe(0);
    expect(await plane.auditEntries()).toEqual([]);
    // The Runner's other behaviour, chosen by the caller: the SDK's own text to the model, and the run goes on.
    const again = scriptedModel(callsStep(['call_x', 'delete_everything', {}]), textStep());
    await agentRun(again.model, tools).run('Go', { toolNotFoundBehavior: 'return_error_to_model' });
    expect(outputText(again.requests()[1], 'call_x')).toBe("Tool 'delete_everything' not found.");
    expect(await plane.auditEntries()).toEqual([]);
  });

  it('moves money once for a refund asked twice in one step and again in a later run', async () => {
    const { plane, world, executions, onExecution } = billingPlane();
    const opts = { principal: alice, provider: 'openai' as const, intent_ref: 'ticket-7', onExecution };
    const first = scriptedModel(
      callsStep(['call_a', 'issue_refund', refundArgs()], ['call_b', 'issue_refund', refundArgs()]),
      textStep(),
    );
    const r1 = await agentRun(first.model, agentsTools(plane, opts)).run('Refund INV-42');
    // A later run: new tools (a new response id), the same intent, the history so far; then the reason reworded.
    const later = scriptedModel(
      callsStep(['call_c', 'issue_refund', refundArgs()], ['call_d', 'issue_refund', refundArgs('arrived broken')]),
      textStep(),
    );
    await agentRun(later.model, agentsTools(plane, opts)).run([
      ...r1.history,
      { role: 'user', content: 'Again, please' },
    ]);
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
    const other = scriptedModel(callsStep(['call_e', 'issue_refund', refundArgs()]), textStep());
    await agentRun(other.model, agentsTools(plane, { ...opts, intent_ref: 'ticket-8' })).run('Refund INV-42');
    expect(world.sideEffects()).toBe(2);
    expect(verifyAuditChain(await plane.auditEntries())).toMatchObject({ ok: true, checked: 5, broken: null });
  });
});

describe('the registry’s names', () => {
  it('keeps a name the SDK’s tool() would rewrite: the model calls `get-invoice`, and the plane runs it', async () => {
    const world = billingWorld();
    const hyphenated = defineTool({ ...getInvoice, name: 'get-invoice' });
    const plane = createControlPlane({
      dispatcher: createDispatcher({ tools: [hyphenated] }),
      store: memoryStore(),
      authorize: () => true,
      clock: systemClock,
      runtimes: { 'get-invoice': world.runtimes.get_invoice },
    });
    const tools = agentsTools(plane, { principal: alice, provider: 'openai' });
    const { model, requests } = scriptedModel(
      callsStep(['call_1', 'get-invoice', { invoice_ref: 'INV-42' }]),
      textStep(),
    );
    await agentRun(model, tools).run('Look up');
    expect(requests()[0]?.tools.map((t) => t.name)).toEqual(['get-invoice']);
    expect(JSON.parse(outputText(requests()[1], 'call_1') ?? 'null')).toMatchObject({ status: 'succeeded' });
    expect((await plane.auditEntries()).map((e) => e.protected_audit.tool_contract.tool)).toEqual(['get-invoice']);
  });
});

describe('the run’s abort signal', () => {
  it('ends the run and reaches the plane and the handler: the read ends at the abort, recorded', async () => {
    const { plane, codes, onExecution, handlerAborted } = abortableReadPlane();
    const tools = agentsTools(plane, { principal: alice, provider: 'openai', onExecution });
    const { model, requests } = scriptedModel(
      callsStep(['call_slow', 'get_invoice', { invoice_ref: 'INV-42' }]),
      textStep(),
    );
    const stop = new AbortController();
    const started = Date.now();
    setTimeout(() => stop.abort(), 50);
    await expect(agentRun(model, tools).run('Look up', { signal: stop.signal })).rejects.toThrow(/abort/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(handlerAborted()).toBe(true);
    expect(codes).toEqual(['TIMEOUT_BEFORE_EXECUTE']);
    expect(requests()).toHaveLength(1);
    expect(verifyAuditChain(await plane.auditEntries())).toMatchObject({ ok: true, checked: 1 });
  });
});

describe('the conversation a call belongs to', () => {
  it('reaches argument provenance: a value the model read only in a result is held for a person', async () => {
    const run = async (conversation_ref: string | undefined, vouched: string[]) => {
      const { plane, world, onExecution } = billingPlane({ issue_refund: { trusted_arguments: ['invoice_ref'] } });
      if (conversation_ref !== undefined)
        await plane.noteTrusted({ principal: alice, conversation_ref, values: vouched });
      const tools = agentsTools(plane, {
        principal: alice,
        provider: 'openai',
        onExecution,
        ...(conversation_ref === undefined ? {} : { conversation_ref }),
      });
      const { model, requests } = scriptedModel(
        callsStep(['call_inv', 'get_invoice', { invoice_ref: 'INV-42' }]),
        callsStep(['call_r', 'issue_refund', refundArgs()]),
        textStep(),
      );
      await agentRun(model, tools).run('Refund the invoice you find');
      return { answer: JSON.parse(outputText(requests()[2], 'call_r') ?? 'null'), refunds: world.sideEffects() };
    };
    expect(await run('conv-81', ['Refund the invoice you find'])).toEqual({
      answer: expect.objectContaining({ error: expect.objectContaining({ code: 'APPROVAL_REQUIRED' }) }),
      refunds: 0,
    });
    // The user named the invoice: the value is vouched for in this conversation, and the refund runs.
    expect((await run('conv-82', ['Refund INV-42'])).refunds).toBe(1);
    // Without a conversation, nothing is noted and nothing is held on provenance.
    expect((await run(undefined, [])).refunds).toBe(1);
  });
});
