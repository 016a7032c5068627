/**
 * tool-result-contract/openai-agents, each tool invoked as the SDK's Runner invokes it: the model's argument text
 * and details holding the function call and the run's signal. What it returns is model_result's canonical text,
 * byte for byte, and nothing of the audit; a hostile output is refused; arguments the schema would refuse are the
 * gate's catalog answers; an abort reaches the handler; an approval is the plane's, for the request digest it names.
 */
import { describe, expect, it } from 'vitest';
import { agentsTools } from '../../src/frameworks/openaiAgents.ts';
import { inputJsonSchema } from '../../src/frameworks/planeCall.ts';
import { verifyAuditChain, type Preview } from '../../src/control/index.ts';
import { canonicalize } from '../../src/core/index.ts';
import { resultDigest } from '../../src/core/result/index.ts';
import { alice } from '../control/billing.ts';
import { abortableReadPlane, auditValues, billingPlane } from './aiSdkWorld.ts';
import { invokeAs, refundArgs } from './openaiAgentsWorld.ts';

const bob = { tenant: 'tenant-acme', subject: 'user-bob' };
const held = { issue_refund: { approval: 'required' as const } };
const refund = (reason?: string) => JSON.stringify(refundArgs(reason));
const byName = (tools: ReturnType<typeof agentsTools>, name: string) => tools.find((t) => t.name === name);
const parsed = (text: unknown) => JSON.parse(String(text)) as Record<string, unknown>;
/** The text the SDK's default error function answers a tool's throw with: it names nothing of the error. */
const SDK_TOOL_ERROR = 'An error occurred while running the tool. Please try again.';

describe('agentsTools: the registry as the SDK’s function tools', () => {
  it('lists every tool by its name and English title, with the registry’s exact input schema, not strict', async () => {
    const { plane } = billingPlane();
    const tools = agentsTools(plane, { principal: alice, provider: 'openai' });
    expect(tools.map((t) => [t.type, t.name]).sort()).toEqual([
      ['function', 'get_invoice'],
      ['function', 'issue_refund'],
    ]);
    const refundTool = byName(tools, 'issue_refund');
    expect(refundTool?.description).toBe('Issue a refund');
    expect(refundTool?.strict).toBe(false);
    const spec = plane.dispatcher.tools.issue_refund;
    if (spec === undefined) throw new Error('no issue_refund');
    // Exactly the registry's, and plain data: Zod's `~standard` left on it would make tool() validate with Zod.
    expect(refundTool?.parameters).toEqual({ ...inputJsonSchema(spec) });
    expect('~standard' in (refundTool?.parameters ?? {})).toBe(false);
    expect(refundTool?.parameters).toMatchObject({
      additionalProperties: false,
      required: ['invoice_ref', 'amount_cents', 'reason'],
    });
    // The SDK never pauses a call of these tools by itself: the plane holds what needs a person.
    expect(await refundTool?.needsApproval(undefined as never, refundArgs(), 'call_1')).toBe(false);
  });

  it('refuses what cannot bind a call', async () => {
    const { plane, world } = billingPlane();
    expect(() => agentsTools(plane, { principal: { tenant: 'x' } as never, provider: 'openai' })).toThrow(/principal/);
    expect(() => agentsTools(plane, { principal: alice, provider: 'mistral' as never })).toThrow(/provider/);
    expect(() => agentsTools({} as never, { principal: alice, provider: 'openai' })).toThrow(/createControlPlane/);
    expect(() => agentsTools(plane, { principal: alice, provider: 'openai', askApproval: 'yes' as never })).toThrow(
      /askApproval/,
    );
    // Invoked with no function call there is no call id to bind a result to: nothing runs, nothing is recorded,
    // and the SDK's tool() answers the adapter's TypeError with its generic text.
    const tools = agentsTools(plane, { principal: alice, provider: 'openai' });
    const refundTool = byName(tools, 'issue_refund');
    expect(await refundTool?.invoke(undefined as never, refund())).toBe(SDK_TOOL_ERROR);
    expect(world.runs()).toBe(0);
    expect(await plane.auditEntries()).toEqual([]);
  });
});

describe('a call as the Runner makes it', () => {
  it('returns model_result’s canonical text, byte for byte, bound to the call id, and no audit value', async () => {
    const { plane, executions, onExecution } = billingPlane();
    const tools = agentsTools(plane, { principal: alice, provider: 'openai', onExecution, response_id: 'turn-1' });
    const outputs = [
      await invokeAs(byName(tools, 'get_invoice'), 'call_inv', '{"invoice_ref":"INV-42"}'),
      await invokeAs(byName(tools, 'issue_refund'), 'call_ref', refund()),
    ];
    const entries = await plane.auditEntries();
    for (const [i, id] of ['call_inv', 'call_ref'].entries()) {
      const [e] = executions.get(id) ?? [];
      if (e === undefined) throw new Error(`no execution for ${id}`);
      expect(e.pkg.model_result.status).toBe('succeeded');
      expect(typeof outputs[i]).toBe('string');
      expect(outputs[i]).toBe(canonicalize(e.pkg.model_result));
      expect(resultDigest(parsed(outputs[i]), undefined)).toBe(e.pkg.protected_audit.binding.result_sha256);
      const entry = entries.find((x) => x.seq === e.audit_seq);
      expect(entry?.protected_audit.provider_context).toMatchObject({
        call_id: id,
        response_id: 'turn-1',
        provider: 'openai',
      });
    }
    const values = auditValues(executions);
    expect(values.length).toBeGreaterThan(15);
    expect(values.filter((v) => JSON.stringify(outputs).includes(v))).toEqual([]);
    expect(verifyAuditChain(entries)).toMatchObject({ ok: true, checked: 2, broken: null });
  });

  it.each([
    [
      'an extra member in the data',
      { invoice_ref: 'INV-42', total_cents: 1, card_token: 'sk_live_51HostileToken' },
      {},
    ],
    ['a top-level status of its own', { invoice_ref: 'INV-42', total_cents: 1 }, { status: 'sk_live_51HostileToken' }],
  ])('refuses a hostile handler output (%s): the catalog’s error is the text', async (_name, data, extra) => {
    const { plane, onExecution } = billingPlane({
      get_invoice: { run: () => ({ kind: 'success', data, ...extra }) },
    });
    const tools = agentsTools(plane, { principal: alice, provider: 'openai', onExecution });
    const out = await invokeAs(byName(tools, 'get_invoice'), 'call_h', '{"invoice_ref":"INV-42"}');
    expect(parsed(out)).toMatchObject({ status: 'failed', error: { code: 'OUTPUT_CONTRACT_VIOLATION' } });
    expect(String(out)).not.toContain('sk_live_51HostileToken');
    expect(verifyAuditChain(await plane.auditEntries()).ok).toBe(true);
  });

  it('lets arguments the schema refuses reach the gate: INVALID_ARGUMENTS from the catalog, recorded', async () => {
    const { plane, world, executions, onExecution } = billingPlane();
    const tools = agentsTools(plane, { principal: alice, provider: 'openai', onExecution });
    const cases: [string, string, string][] = [
      ['call_neg', 'issue_refund', '{"invoice_ref":"INV-42","amount_cents":-5,"reason":"x"}'],
      ['call_extra', 'issue_refund', JSON.stringify({ ...refundArgs(), approved_by: 'admin' })],
      ['call_missing', 'get_invoice', '{}'],
      ['call_array', 'issue_refund', '[]'],
      ['call_null', 'get_invoice', 'null'],
    ];
    for (const [id, name, args] of cases) {
      const out = await invokeAs(byName(tools, name), id, args);
      expect(parsed(out)).toMatchObject({ status: 'failed', error: { code: 'INVALID_ARGUMENTS' } });
      expect(executions.get(id)?.[0]?.audit_seq).toEqual(expect.any(Number));
    }
    expect(world.runs()).toBe(0);
    expect(await plane.auditEntries()).toHaveLength(cases.length);
    // `1e400` is Infinity once parsed: no JSON data for the gate to judge, so the plane refuses the call unrecorded,
    // and the SDK answers the throw with its generic text. Text that is not JSON at all fails tool()'s own
    // JSON.parse, answered the same way (the Runner answers it before invoking any tool: openaiAgentsFlow.test.ts).
    const refundTool = byName(tools, 'issue_refund');
    expect(await invokeAs(refundTool, 'call_inf', '{"invoice_ref":"INV-42","amount_cents":1e400,"reason":"x"}')).toBe(
      SDK_TOOL_ERROR,
    );
    expect(await invokeAs(refundTool, 'call_text', 'refund it')).toBe(SDK_TOOL_ERROR);
    expect(world.runs()).toBe(0);
    expect(await plane.auditEntries()).toHaveLength(cases.length);
  });

  it('hands the run’s abort signal to the plane and the handler: the read ends at the abort, not at its deadline', async () => {
    const { plane, codes, onExecution, handlerAborted } = abortableReadPlane();
    const tools = agentsTools(plane, { principal: alice, provider: 'openai', onExecution });
    const stop = new AbortController();
    const started = Date.now();
    setTimeout(() => stop.abort(), 50);
    const out = await invokeAs(byName(tools, 'get_invoice'), 'call_slow', '{"invoice_ref":"INV-42"}', stop.signal);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(handlerAborted()).toBe(true);
    expect(codes).toEqual(['TIMEOUT_BEFORE_EXECUTE']);
    expect(parsed(out)).toMatchObject({ error: { code: 'TIMEOUT_BEFORE_EXECUTE' } });
  });
});

describe('approvals: the plane holds, the plane decides', () => {
  async function heldRefund(askApproval?: (preview: Preview, callId: string) => typeof alice | null) {
    const { plane, world, executions, onExecution } = billingPlane(held);
    const tools = agentsTools(plane, {
      principal: alice,
      provider: 'openai',
      onExecution,
      ...(askApproval === undefined ? {} : { askApproval }),
    });
    const out = await invokeAs(byName(tools, 'issue_refund'), 'call_r', refund());
    return { plane, world, executions, out: parsed(out) };
  }

  it('asks for the person with the plane’s preview, then runs the refund once when another person says yes', async () => {
    const asked: [Preview, string][] = [];
    const r = await heldRefund((preview, callId) => (asked.push([preview, callId]), bob));
    expect(asked.map(([p, id]) => [p.tool, p.arguments, id])).toEqual([['issue_refund', refundArgs(), 'call_r']]);
    expect(r.out).toMatchObject({ status: 'succeeded' });
    expect(r.world.sideEffects()).toBe(1);
    expect(r.executions.get('call_r')?.map((e) => e.pkg.model_result.status)).toEqual(['succeeded']);
    expect(verifyAuditChain(await r.plane.auditEntries()).ok).toBe(true);
  });

  it('does not take a yes for the plane’s approval: the agent’s own principal cannot approve; no one is no', async () => {
    for (const approver of [alice, null]) {
      const r = await heldRefund(() => approver);
      expect(r.out).toMatchObject({ status: 'failed', error: { code: 'APPROVAL_REQUIRED' } });
      expect(r.world.sideEffects()).toBe(0);
    }
  });

  it('cannot pause the run: what askApproval throws is the SDK’s generic error text, and nothing runs', async () => {
    const { plane, world, onExecution } = billingPlane(held);
    const tools = agentsTools(plane, {
      principal: alice,
      provider: 'openai',
      onExecution,
      askApproval: () => {
        throw new Error('paused');
      },
    });
    expect(await invokeAs(byName(tools, 'issue_refund'), 'call_r', refund())).toBe(SDK_TOOL_ERROR);
    expect(world.sideEffects()).toBe(0);
  });

  it('without askApproval, the plane answers APPROVAL_REQUIRED; an approval made out of band runs it, for its digest only', async () => {
    const r = await heldRefund();
    expect(r.out).toMatchObject({ error: { code: 'APPROVAL_REQUIRED' } });
    const preview = r.executions.get('call_r')?.[0]?.preview;
    if (preview === undefined) throw new Error('the plane issued no preview');
    expect(await r.plane.pendingApproval(preview.request_sha256)).toMatchObject({ tool: 'issue_refund' });
    const approval = await r.plane.approve(preview, bob);
    const next = agentsTools(r.plane, { principal: alice, provider: 'openai', approvals: [approval] });
    // Other arguments: another request digest, which this approval does not name.
    const other = await invokeAs(byName(next, 'issue_refund'), 'call_o', refund('arrived broken'));
    expect(parsed(other)).toMatchObject({ error: { code: 'APPROVAL_REQUIRED' } });
    expect(r.world.sideEffects()).toBe(0);
    const again = await invokeAs(byName(next, 'issue_refund'), 'call_2', refund());
    expect(parsed(again)).toMatchObject({ status: 'succeeded' });
    expect(r.world.sideEffects()).toBe(1);
  });
});
