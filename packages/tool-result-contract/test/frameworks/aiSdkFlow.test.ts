/**
 * tool-result-contract/ai-sdk where the framework's flow meets the plane's: the SDK's approval requests (the
 * client's "approved" never enough by itself), the SDK's abort signal reaching the plane, and the request bodies a
 * real provider package (@ai-sdk/openai, its fetch replaced: no network) builds, reconciled with the audit log.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, stepCountIs, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { aiSdkTools } from '../../src/frameworks/aiSdk.ts';
import { reconcileTranscript, verifyAuditChain } from '../../src/control/index.ts';
import { alice } from '../control/billing.ts';
import {
  abortableReadPlane,
  billingPlane,
  callsStep,
  responsesBody,
  scriptedModel,
  textStep,
  toolResultsOf,
} from './aiSdkWorld.ts';

const refund = JSON.stringify({ invoice_ref: 'INV-42', amount_cents: 500, reason: 'damaged on arrival' });
const bob = { tenant: 'tenant-acme', subject: 'user-bob' };
const held = { issue_refund: { approval: 'required' as const } };

/** One turn that asks for the refund, answered by the SDK with an approval request; then the client's answer. */
async function pausedThenAnswered(approver: typeof alice | undefined, approved: boolean) {
  const { plane, world, onExecution } = billingPlane(held);
  const tools = aiSdkTools(plane, {
    principal: alice,
    provider: 'openai',
    onExecution,
    ...(approver ? { approver } : {}),
  });
  const first = scriptedModel(callsStep(['call_r', 'issue_refund', refund]), textStep());
  const r1 = await generateText({ model: first.model, tools, prompt: 'Refund', stopWhen: stepCountIs(3) });
  const request = r1.content.find((p) => p.type === 'tool-approval-request');
  const ranBefore = world.sideEffects();
  const messages: ModelMessage[] = [
    { role: 'user', content: 'Refund' },
    ...r1.response.messages,
    ...(request === undefined
      ? []
      : [
          {
            role: 'tool' as const,
            content: [{ type: 'tool-approval-response' as const, approvalId: request.approvalId, approved }],
          },
        ]),
  ];
  const next = scriptedModel(textStep('Refunded.'));
  await generateText({ model: next.model, tools, messages, stopWhen: stepCountIs(3) });
  const sent = toolResultsOf(next.prompts()[0]).get('call_r') as { type: string; value?: string } | undefined;
  return { plane, world, request, ranBefore, sent, firstPrompts: first.prompts() };
}

describe('approvals: the SDK pauses, the plane decides', () => {
  it('pauses the call, then runs it once when a person other than the principal says yes', async () => {
    const r = await pausedThenAnswered(bob, true);
    expect(r.request?.toolCall.toolName).toBe('issue_refund');
    expect(r.ranBefore).toBe(0);
    expect(r.firstPrompts).toHaveLength(1); // the SDK stopped at the request: the model was not asked again
    expect(r.world.sideEffects()).toBe(1);
    expect(JSON.parse(r.sent?.value ?? 'null')).toMatchObject({ status: 'succeeded' });
  });

  it('does not take the client’s “approved” for the plane’s: the agent’s own principal cannot approve', async () => {
    const r = await pausedThenAnswered(alice, true);
    expect(r.world.sideEffects()).toBe(0);
    expect(JSON.parse(r.sent?.value ?? 'null')).toMatchObject({
      status: 'failed',
      error: { code: 'APPROVAL_REQUIRED' },
    });
  });

  it('sends the SDK’s own denial when the person says no: the plane is never asked', async () => {
    const r = await pausedThenAnswered(bob, false);
    expect(r.world.sideEffects()).toBe(0);
    expect(r.sent?.type).toBe('execution-denied');
    expect(await r.plane.auditEntries()).toEqual([]);
  });

  it('without an approver, the plane answers APPROVAL_REQUIRED as the result; an approval made out of band runs it', async () => {
    const { plane, world, executions, onExecution } = billingPlane(held);
    const first = scriptedModel(callsStep(['call_1', 'issue_refund', refund]), textStep());
    await generateText({
      model: first.model,
      tools: aiSdkTools(plane, { principal: alice, provider: 'openai', onExecution }),
      prompt: 'Refund',
      stopWhen: stepCountIs(3),
    });
    const preview = executions.get('call_1')?.[0]?.preview;
    if (preview === undefined) throw new Error('the plane issued no preview');
    const sent = toolResultsOf(first.prompts()[1]).get('call_1') as { value: string };
    expect(JSON.parse(sent.value)).toMatchObject({ error: { code: 'APPROVAL_REQUIRED' } });
    expect(await plane.pendingApproval(preview.request_sha256)).toMatchObject({ tool: 'issue_refund' });
    // A supervisor approves the plane's preview; the next turn's tools carry that approval, bound to its digest.
    const approval = await plane.approve(preview, bob);
    const again = scriptedModel(callsStep(['call_2', 'issue_refund', refund]), textStep());
    await generateText({
      model: again.model,
      tools: aiSdkTools(plane, { principal: alice, provider: 'openai', onExecution, approvals: [approval] }),
      prompt: 'Refund',
      stopWhen: stepCountIs(3),
    });
    expect(world.sideEffects()).toBe(1);
    expect(JSON.parse((toolResultsOf(again.prompts()[1]).get('call_2') as { value: string }).value)).toMatchObject({
      status: 'succeeded',
    });
  });
});

describe('the SDK’s abort signal', () => {
  it('reaches the plane and the handler: the read ends at the abort, not at its 30 s deadline', async () => {
    const { plane, codes, onExecution, handlerAborted } = abortableReadPlane();
    const tools = aiSdkTools(plane, { principal: alice, provider: 'openai', onExecution });
    const { model } = scriptedModel(callsStep(['call_slow', 'get_invoice', '{"invoice_ref":"INV-42"}']), textStep());
    const stop = new AbortController();
    const started = Date.now();
    setTimeout(() => stop.abort(), 50);
    await expect(
      generateText({ model, tools, prompt: 'Look up', abortSignal: stop.signal, stopWhen: stepCountIs(3) }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(handlerAborted()).toBe(true);
    expect(codes).toEqual(['TIMEOUT_BEFORE_EXECUTE']);
  });
});

describe('the request bodies a provider package builds', () => {
  it('reconcile with the audit log: every result audited, its digest matching, no audit value, the chain whole', async () => {
    const { plane, executions, onExecution } = billingPlane();
    const requests: unknown[] = [];
    const answers = [
      responsesBody([
        { name: 'get_invoice', call_id: 'call_inv', arguments: '{"invoice_ref":"INV-42"}' },
        { name: 'issue_refund', call_id: 'call_ref', arguments: refund },
      ]),
      responsesBody([]),
    ];
    const openai = createOpenAI({
      apiKey: 'sk-local-stand-in',
      // The provider package's fetch, replaced: it keeps each body and answers with a canned Responses API body.
      fetch: async (_url, init) => {
        requests.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify(answers.shift()), { headers: { 'content-type': 'application/json' } });
      },
    });
    await generateText({
      model: openai.responses('gpt-5'),
      tools: aiSdkTools(plane, { principal: alice, provider: 'openai', onExecution }),
      prompt: 'Refund INV-42',
      stopWhen: stepCountIs(3),
    });
    expect(requests).toHaveLength(2);
    const outputs = (requests[1] as { input: { type: string; call_id?: string; output?: unknown }[] }).input.filter(
      (i) => i.type === 'function_call_output',
    );
    expect(outputs.map((o) => o.call_id).sort()).toEqual(['call_inv', 'call_ref']);
    expect(outputs.every((o) => typeof o.output === 'string')).toBe(true);
    const entries = await plane.auditEntries();
    expect(entries).toHaveLength(executions.size);
    const verdict = reconcileTranscript({ requests, entries });
    expect(verdict).toEqual({ ok: true, findings: [] });
    expect(verifyAuditChain(entries)).toMatchObject({ ok: true, checked: 2, broken: null });
  });
});
