/**
 * tool-result-contract/langchain under LangChain's own machinery: its fake chat model (@langchain/core/utils/testing)
 * bound to the tools with `bindTools`, and the tools invoked with the model's ToolCalls as ToolNode invokes them.
 * What the model reads next is each call's model_result as canonical text, byte for byte, and nothing of the audit;
 * a hostile output is refused; arguments LangChain would have refused are the gate's catalog answers; a refund
 * asked twice moves money once; the audit chain verifies.
 */
import { AIMessageChunk, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { DynamicStructuredTool, ToolInputParsingException } from '@langchain/core/tools';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { describe, expect, it } from 'vitest';
import { langchainTools } from '../../src/frameworks/langchain.ts';
import { verifyAuditChain } from '../../src/control/index.ts';
import { canonicalize } from '../../src/core/index.ts';
import { resultDigest } from '../../src/core/result/index.ts';
import { alice } from '../control/billing.ts';
import { auditValues, billingPlane } from './aiSdkWorld.ts';
import { refundArgs, scriptedChat, toolCall, toolStep } from './langchainWorld.ts';

const text = (m: ToolMessage | undefined) => (typeof m?.content === 'string' ? m.content : '');
const parsed = (m: ToolMessage | undefined) => JSON.parse(text(m)) as Record<string, unknown>;

describe('langchainTools: the registry as LangChain tools', () => {
  it('lists every tool by its name and English title; bindTools sends the registry’s exact input schema', () => {
    const { plane } = billingPlane();
    const tools = langchainTools(plane, { principal: alice, provider: 'openai' });
    expect(tools.map((t) => t.name).sort()).toEqual(['get_invoice', 'issue_refund']);
    const refund = tools.find((t) => t.name === 'issue_refund');
    expect(refund?.description).toBe('Issue a refund');
    expect(refund).toBeInstanceOf(DynamicStructuredTool);
    expect((refund as DynamicStructuredTool).responseFormat).toBe('content_and_artifact');
    // What a provider package puts in its request: convertToOpenAITool is what bindTools calls.
    const sent = convertToOpenAITool(refund as never).function;
    expect(sent.parameters).toMatchObject({
      type: 'object',
      required: ['invoice_ref', 'amount_cents', 'reason'],
      additionalProperties: false,
      properties: { amount_cents: { type: 'integer', minimum: 1 } },
    });
  });

  it('refuses what cannot bind a call', async () => {
    const { plane } = billingPlane();
    expect(() => langchainTools(plane, { principal: { tenant: 'x' } as never, provider: 'openai' })).toThrow(
      /principal/,
    );
    expect(() => langchainTools(plane, { principal: alice, provider: 'mistral' as never })).toThrow(/provider/);
    expect(() => langchainTools(plane, { principal: alice, provider: 'openai', askApproval: 'yes' as never })).toThrow(
      /askApproval/,
    );
    // Invoked with bare arguments, no ToolCall: there is no call id to bind the result to; nothing runs.
    const [tool] = langchainTools(plane, { principal: alice, provider: 'openai' });
    await expect(tool?.invoke({ invoice_ref: 'INV-42' })).rejects.toThrow(/ToolCall/);
    expect(await plane.auditEntries()).toEqual([]);
  });
});

describe('an agent turn with the plane’s tools', () => {
  it('answers each call with model_result’s canonical text and the entry’s reference, and no audit value', async () => {
    const { plane, executions, onExecution } = billingPlane();
    const tools = langchainTools(plane, { principal: alice, provider: 'openai', onExecution });
    const chat = scriptedChat(tools);
    const asked = [new HumanMessage('Refund INV-42')];
    const ai = await chat.step(asked, [
      toolCall('call_inv', 'get_invoice', { invoice_ref: 'INV-42' }),
      toolCall('call_ref', 'issue_refund', refundArgs()),
    ]);
    const results = await toolStep(tools, ai);
    const final = await chat.step([...asked, ai, ...results]);
    expect(final.content).toBe('Done.');
    expect(results.map((m) => m.tool_call_id)).toEqual(['call_inv', 'call_ref']);
    const entries = await plane.auditEntries();
    for (const m of results) {
      const [e] = executions.get(m.tool_call_id) ?? [];
      if (e === undefined) throw new Error(`no execution for ${m.tool_call_id}`);
      // Byte for byte the canonical text, and the bytes the result digest covers.
      expect(m.content).toBe(canonicalize(e.pkg.model_result));
      expect(resultDigest(JSON.parse(text(m)), undefined)).toBe(e.pkg.protected_audit.binding.result_sha256);
      expect(e.pkg.model_result.status).toBe('succeeded');
      // The artifact is the reference and only that: it finds the entry, which holds the rest.
      expect(m.artifact).toEqual({ audit_seq: e.audit_seq });
      expect(entries.find((x) => x.seq === e.audit_seq)?.protected_audit.binding.result_sha256).toBe(
        e.pkg.protected_audit.binding.result_sha256,
      );
    }
    // The model's next prompt holds each result as that text, paired by call id.
    const next = chat.prompts[1]?.filter((m): m is ToolMessage => ToolMessage.isInstance(m)) ?? [];
    expect(next.map((m) => [m.tool_call_id, m.content])).toEqual(results.map((m) => [m.tool_call_id, m.content]));
    // No audit value — keys, principal and its reference, operation ids, digests, receipt — in the messages as
    // LangChain serializes them (state, checkpoints, traces) nor in any prompt.
    const values = auditValues(executions);
    expect(values.length).toBeGreaterThan(15);
    const serialized = [
      JSON.stringify(results),
      JSON.stringify(results.map((m) => m.toDict())),
      JSON.stringify(chat.prompts),
    ];
    for (const s of serialized) expect(values.filter((v) => s.includes(v))).toEqual([]);
    expect(verifyAuditChain(entries)).toMatchObject({ ok: true, checked: 2, broken: null });
  });

  it.each([
    [
      'an extra member in the data',
      { invoice_ref: 'INV-42', total_cents: 1, card_token: 'sk_live_51HostileToken' },
      {},
    ],
    ['a top-level status of its own', { invoice_ref: 'INV-42', total_cents: 1 }, { status: 'sk_live_51HostileToken' }],
  ])('refuses a hostile handler output (%s): the catalog’s error is the content', async (_name, data, extra) => {
    const { plane, onExecution } = billingPlane({
      get_invoice: { run: () => ({ kind: 'success', data, ...extra }) },
    });
    const tools = langchainTools(plane, { principal: alice, provider: 'openai', onExecution });
    const chat = scriptedChat(tools);
    const ai = await chat.step(
      [new HumanMessage('Look up INV-42')],
      [toolCall('call_h', 'get_invoice', { invoice_ref: 'INV-42' })],
    );
    const [m] = await toolStep(tools, ai);
    expect(parsed(m)).toMatchObject({ status: 'failed', error: { code: 'OUTPUT_CONTRACT_VIOLATION' } });
    expect(JSON.stringify(m)).not.toContain('sk_live_51HostileToken');
    expect(verifyAuditChain(await plane.auditEntries()).ok).toBe(true);
  });

  it('lets arguments LangChain would refuse reach the gate: INVALID_ARGUMENTS from the catalog, recorded', async () => {
    const { plane, world, executions, onExecution } = billingPlane();
    const tools = langchainTools(plane, { principal: alice, provider: 'openai', onExecution });
    const chat = scriptedChat(tools);
    const ai = await chat.step(
      [new HumanMessage('Refund')],
      [
        toolCall('call_neg', 'issue_refund', { invoice_ref: 'INV-42', amount_cents: -5, reason: 'x' }),
        toolCall('call_extra', 'issue_refund', { ...refundArgs(), approved_by: 'admin' }),
        toolCall('call_missing', 'get_invoice', {}),
      ],
    );
    const results = await toolStep(tools, ai);
    expect(results).toHaveLength(3);
    for (const m of results) {
      expect(m.status).toBe('success'); // LangChain's; the catalog's status is in the content
      expect(parsed(m)).toMatchObject({ status: 'failed', error: { code: 'INVALID_ARGUMENTS' } });
      expect(m.artifact).toEqual({ audit_seq: executions.get(m.tool_call_id)?.[0]?.audit_seq });
    }
    expect(world.runs()).toBe(0);
    expect(await plane.auditEntries()).toHaveLength(3);
    // `1e400` in the model's JSON is Infinity once parsed: no JSON for the gate to judge, so the plane refuses the
    // call unrecorded, and the tool throws LangChain's own error for bad input, which ToolNode answers to the model.
    const tool = tools.find((t) => t.name === 'issue_refund');
    const infinite = JSON.parse('{"invoice_ref":"INV-42","amount_cents":1e400,"reason":"x"}') as Record<
      string,
      unknown
    >;
    await expect(tool?.invoke(toolCall('call_inf', 'issue_refund', infinite))).rejects.toBeInstanceOf(
      ToolInputParsingException,
    );
    expect(world.runs()).toBe(0);
    expect(await plane.auditEntries()).toHaveLength(3);
  });

  it('offers no tool for a name the registry does not know, and a call whose arguments are not JSON never becomes a tool call', async () => {
    const { plane } = billingPlane();
    const tools = langchainTools(plane, { principal: alice, provider: 'openai' });
    const chat = scriptedChat(tools);
    const ai = await chat.step([new HumanMessage('Go')], [toolCall('call_x', 'delete_everything', {})]);
    // An agent looks the tool up by name (ToolNode: `this.tools.find((t) => t.name === call.name)`): none is
    // found, and the agent answers with its own text (docs/frameworks.md#langchain). No plane call, no entry.
    expect(ai.tool_calls?.map((c) => c.name)).toEqual(['delete_everything']);
    expect(tools.find((t) => t.name === 'delete_everything')).toBeUndefined();
    expect(await toolStep(tools, ai)).toEqual([]);
    // Arguments that do not parse: @langchain/core's own parser (collapseToolCallChunks) files the call under
    // invalid_tool_calls, which no agent runs.
    const broken = new AIMessageChunk({
      content: '',
      tool_call_chunks: [{ id: 'call_b', name: 'issue_refund', args: 'not json', index: 0, type: 'tool_call_chunk' }],
    });
    expect(broken.tool_calls).toEqual([]);
    expect(broken.invalid_tool_calls?.map((c) => [c.id, c.error])).toEqual([['call_b', 'Malformed args.']]);
    expect(await plane.auditEntries()).toEqual([]);
  });

  it('moves money once for a refund asked twice in one step and again in a later turn', async () => {
    const { plane, world, executions, onExecution } = billingPlane();
    const opts = { principal: alice, provider: 'openai' as const, intent_ref: 'ticket-7', onExecution };
    const tools = langchainTools(plane, opts);
    const chat = scriptedChat(tools);
    const asked = [new HumanMessage('Refund INV-42')];
    const ai = await chat.step(asked, [
      toolCall('call_a', 'issue_refund', refundArgs()),
      toolCall('call_b', 'issue_refund', refundArgs()),
    ]);
    const turn1 = [...asked, ai, ...(await toolStep(tools, ai))];
    // A later turn: new tools (a new response id), the same intent; then the reason reworded.
    const later = langchainTools(plane, opts);
    const ai2 = await scriptedChat(later).step(turn1, [
      toolCall('call_c', 'issue_refund', refundArgs()),
      toolCall('call_d', 'issue_refund', refundArgs('arrived broken')),
    ]);
    await toolStep(later, ai2);
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
    const other = langchainTools(plane, { ...opts, intent_ref: 'ticket-8' });
    await toolStep(other, await scriptedChat(other).step(asked, [toolCall('call_e', 'issue_refund', refundArgs())]));
    expect(world.sideEffects()).toBe(2);
    expect(verifyAuditChain(await plane.auditEntries())).toMatchObject({ ok: true, checked: 5 });
  });
});
