/**
 * tool-result-contract/langchain where LangChain's flow meets the plane's: approvals (the plane's preview carried by
 * a LangGraph-style interrupt, the person's yes the plane's to judge), the abort signal of the run reaching the
 * plane and the handler, the conversation a call belongs to reaching argument provenance, and what the adapter
 * cannot see: a streamed call cut inside its arguments, which LangChain completes before any tool is asked.
 */
import { AIMessageChunk, HumanMessage, type ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { langchainTools } from '../../src/frameworks/langchain.ts';
import { verifyAuditChain, type Preview } from '../../src/control/index.ts';
import { alice } from '../control/billing.ts';
import { abortableReadPlane, billingPlane } from './aiSdkWorld.ts';
import { refundArgs, scriptedChat, toolCall, toolStep } from './langchainWorld.ts';

const bob = { tenant: 'tenant-acme', subject: 'user-bob' };
const held = { issue_refund: { approval: 'required' as const } };
const parsed = (m: ToolMessage | undefined) => JSON.parse(typeof m?.content === 'string' ? m.content : 'null');
const byId = (ms: ToolMessage[], id: string) => ms.find((m) => m.tool_call_id === id);

/** What LangGraph's interrupt() throws to pause a run, its payload the value it was given. */
class Interrupted extends Error {
  constructor(readonly value: unknown) {
    super('interrupted');
  }
}

/**
 * LangGraph's interrupt() as it behaves (LangGraph is not installed): before a resume it throws and the run pauses
 * with the value as its payload; after `Command({ resume })` the node runs again from its start, and the same
 * interrupt() returns the resume value.
 */
function fakeGraph() {
  let resume: unknown;
  const payloads: unknown[] = [];
  return {
    interrupt(value: unknown): unknown {
      if (resume !== undefined) return resume;
      payloads.push(value);
      throw new Interrupted(value);
    },
    resume: (value: unknown) => void (resume = value),
    payloads,
  };
}

type Answer = { request_sha256: string; approved: boolean };

/** docs/frameworks.md's askApproval: the preview goes out as the payload; the answer counts only for its digest. */
const askThrough = (graph: ReturnType<typeof fakeGraph>, approver: typeof alice) => (preview: Preview) => {
  const answer = graph.interrupt({ ...preview }) as Answer;
  return answer.approved && answer.request_sha256 === preview.request_sha256 ? approver : null;
};

describe('approvals: the plane holds, a LangGraph interrupt carries its preview', () => {
  async function pausedTurn(approver: typeof alice) {
    const { plane, world, executions, onExecution } = billingPlane(held);
    const graph = fakeGraph();
    const tools = langchainTools(plane, {
      principal: alice,
      provider: 'openai',
      intent_ref: 'thread-1',
      onExecution,
      askApproval: askThrough(graph, approver),
    });
    const ai = await scriptedChat(tools).step(
      [new HumanMessage('Refund INV-42')],
      [
        toolCall('call_inv', 'get_invoice', { invoice_ref: 'INV-42' }),
        toolCall('call_r', 'issue_refund', refundArgs()),
      ],
    );
    // The tool node's first run: the refund is held, the interrupt pauses the whole node.
    await expect(toolStep(tools, ai)).rejects.toBeInstanceOf(Interrupted);
    return { plane, world, executions, graph, tools, ai };
  }

  it('pauses with the preview bound to its request digest, then runs the refund once when another person says yes', async () => {
    const { plane, world, executions, graph, tools, ai } = await pausedTurn(bob);
    const [payload] = graph.payloads as Preview[];
    expect(payload).toMatchObject({ tool: 'issue_refund', arguments: refundArgs() });
    expect(await plane.pendingApproval(payload?.request_sha256 ?? '')).toMatchObject({ tool: 'issue_refund' });
    expect(world.sideEffects()).toBe(0);
    // Resumed: the node runs again from its start. The read already done is replayed, not run again.
    graph.resume({ request_sha256: payload?.request_sha256, approved: true });
    const results = await toolStep(tools, ai);
    expect(parsed(byId(results, 'call_r'))).toMatchObject({ status: 'succeeded' });
    expect(world.sideEffects()).toBe(1);
    expect(world.runs()).toBe(2);
    expect(executions.get('call_inv')?.map((e) => e.delivery)).toEqual(['fresh', 'local_replay']);
    expect(verifyAuditChain(await plane.auditEntries()).ok).toBe(true);
  });

  it('does not take the resume value for the plane’s approval: the agent’s own principal cannot approve', async () => {
    const { world, graph, tools, ai } = await pausedTurn(alice);
    const [payload] = graph.payloads as Preview[];
    graph.resume({ request_sha256: payload?.request_sha256, approved: true });
    const results = await toolStep(tools, ai);
    expect(parsed(byId(results, 'call_r'))).toMatchObject({ status: 'failed', error: { code: 'APPROVAL_REQUIRED' } });
    expect(world.sideEffects()).toBe(0);
  });

  it('counts a yes only for the request digest it names', async () => {
    const { world, graph, tools, ai } = await pausedTurn(bob);
    graph.resume({ request_sha256: '0'.repeat(64), approved: true });
    const results = await toolStep(tools, ai);
    expect(parsed(byId(results, 'call_r'))).toMatchObject({ error: { code: 'APPROVAL_REQUIRED' } });
    expect(world.sideEffects()).toBe(0);
  });

  it('without askApproval, the plane answers APPROVAL_REQUIRED as the content; an approval made out of band runs it', async () => {
    const { plane, world, executions, onExecution } = billingPlane(held);
    const tools = langchainTools(plane, { principal: alice, provider: 'openai', onExecution });
    const asked = [new HumanMessage('Refund INV-42')];
    const ai = await scriptedChat(tools).step(asked, [toolCall('call_1', 'issue_refund', refundArgs())]);
    const [first] = await toolStep(tools, ai);
    expect(parsed(first)).toMatchObject({ error: { code: 'APPROVAL_REQUIRED' } });
    const preview = executions.get('call_1')?.[0]?.preview;
    if (preview === undefined) throw new Error('the plane issued no preview');
    const approval = await plane.approve(preview, bob);
    const next = langchainTools(plane, { principal: alice, provider: 'openai', onExecution, approvals: [approval] });
    const again = await scriptedChat(next).step(asked, [toolCall('call_2', 'issue_refund', refundArgs())]);
    const [second] = await toolStep(next, again);
    expect(parsed(second)).toMatchObject({ status: 'succeeded' });
    expect(world.sideEffects()).toBe(1);
  });
});

describe('the run’s abort signal', () => {
  it('reaches the plane and the handler: the read ends at the abort, not at its 30 s deadline', async () => {
    const { plane, first, onExecution, handlerAborted } = abortableReadPlane();
    const tools = langchainTools(plane, { principal: alice, provider: 'openai', onExecution });
    const ai = await scriptedChat(tools).step(
      [new HumanMessage('Look up')],
      [toolCall('call_slow', 'get_invoice', { invoice_ref: 'INV-42' })],
    );
    const stop = new AbortController();
    const started = Date.now();
    setTimeout(() => stop.abort(), 50);
    // LangChain's tool() rejects at the abort by itself; the plane, given the same signal, ends the call too.
    await expect(toolStep(tools, ai, { signal: stop.signal })).rejects.toThrow(/abort/i);
    const e = await first;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(handlerAborted()).toBe(true);
    expect(e.pkg.model_result.error?.code).toBe('TIMEOUT_BEFORE_EXECUTE');
  });
});

describe('the conversation a call belongs to', () => {
  it('reaches argument provenance: a value the model read only in a result is held for a person', async () => {
    const run = async (conversation_ref: string | undefined, vouched: string[]) => {
      const { plane, world, onExecution } = billingPlane({ issue_refund: { trusted_arguments: ['invoice_ref'] } });
      if (conversation_ref !== undefined)
        await plane.noteTrusted({ principal: alice, conversation_ref, values: vouched });
      const tools = langchainTools(plane, {
        principal: alice,
        provider: 'openai',
        onExecution,
        ...(conversation_ref === undefined ? {} : { conversation_ref }),
      });
      const chat = scriptedChat(tools);
      const asked = [new HumanMessage('Refund the invoice you find')];
      const ai = await chat.step(asked, [toolCall('call_inv', 'get_invoice', { invoice_ref: 'INV-42' })]);
      const read = await toolStep(tools, ai);
      const ai2 = await chat.step([...asked, ai, ...read], [toolCall('call_r', 'issue_refund', refundArgs())]);
      const [m] = await toolStep(tools, ai2);
      return { answer: parsed(m), refunds: world.sideEffects() };
    };
    const heldCall = await run('conv-81', ['Refund the invoice you find']);
    expect(heldCall).toEqual({
      answer: expect.objectContaining({ error: expect.objectContaining({ code: 'APPROVAL_REQUIRED' }) }),
      refunds: 0,
    });
    // The user named the invoice: the value is vouched for in this conversation, and the refund runs.
    expect((await run('conv-82', ['Refund INV-42'])).refunds).toBe(1);
    // Without a conversation, nothing is noted and nothing is held on provenance.
    expect((await run(undefined, [])).refunds).toBe(1);
  });
});

describe('what the adapter cannot see', () => {
  it('a streamed call cut inside its arguments: LangChain completes them, and the plane is asked with what is left', async () => {
    const { plane } = billingPlane();
    const tools = langchainTools(plane, { principal: alice, provider: 'openai' });
    // The stream stopped inside the string: `{"invoice_ref":"INV-42"}` lost its last characters.
    const cut = new AIMessageChunk({
      content: '',
      tool_call_chunks: [
        { id: 'call_cut', name: 'get_invoice', args: '{"invoice_ref":"INV-4', index: 0, type: 'tool_call_chunk' },
      ],
    });
    expect(cut.tool_calls?.[0]?.args).toEqual({ invoice_ref: 'INV-4' });
    const [m] = await toolStep(tools, cut);
    // A well-formed call for another invoice: nothing in the arguments says the stream was cut.
    expect(parsed(m)).toMatchObject({ status: 'succeeded', data: { invoice_ref: 'INV-4' } });
  });
});
