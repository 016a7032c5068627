/**
 * executeTurn (docs/control-plane.md#turns): an assembled turn goes through
 * the input gate, the admitted calls run through execute, and the executions
 * come back in call order for continueTurn. The turn context leaves out every
 * call's operation id and key, as a dispatcher that cannot know the stream's
 * call ids before the stream does; the plane derives them, and the billing
 * world's ledger says whether a model that asks twice moved money twice.
 */
import { describe, expect, it } from 'vitest';
import { principalRef } from '../../src/core/index.ts';
import { H } from '../../src/core/result/index.ts';
import { assembleTurn, TurnInputError, type AssembledTurn } from '../../src/core/turn/index.ts';
import {
  createControlPlane,
  intentKey,
  memoryStore,
  virtualClock,
  type AuditDraft,
  type Execution,
  type PlaneTurnContext,
  type ToolRuntime,
} from '../../src/control/index.ts';
import { alice, billingWorld, dispatcher } from './billing.ts';
import { stallingStore } from './stallingStore.ts';

type Call = { call_id: string; name: string; arguments: string };

/** One OpenAI Responses turn that asks for `calls`, as the stream carries it (docs/turn.md#rules). */
function openaiTurn(response_id: string, calls: Call[]): AssembledTurn {
  const items = calls.map((c, i) => ({
    type: 'function_call',
    id: `fc_${i}_${c.call_id}`,
    call_id: c.call_id,
    name: c.name,
    arguments: c.arguments,
    status: 'completed',
  }));
  const events: Record<string, unknown>[] = [
    { type: 'response.created', response: { id: response_id, status: 'in_progress', output: [] } },
  ];
  items.forEach((item, output_index) => {
    events.push({
      type: 'response.output_item.added',
      output_index,
      item: { ...item, arguments: '', status: 'in_progress' },
    });
    events.push({
      type: 'response.function_call_arguments.delta',
      output_index,
      item_id: item.id,
      delta: item.arguments,
    });
    events.push({
      type: 'response.function_call_arguments.done',
      output_index,
      item_id: item.id,
      arguments: item.arguments,
    });
    events.push({ type: 'response.output_item.done', output_index, item });
  });
  events.push({ type: 'response.completed', response: { id: response_id, status: 'completed', output: items } });
  const turn = assembleTurn(
    'openai',
    events.map((e, i) => ({ ...e, sequence_number: i })),
  );
  expect(turn.problems).toEqual([]);
  return turn;
}

const refund = (call_id: string, reason: string, extra: Record<string, unknown> = {}): Call => ({
  call_id,
  name: 'issue_refund',
  arguments: JSON.stringify({ invoice_ref: 'INV-42', amount_cents: 500, reason, ...extra }),
});
const invoice = (call_id: string, invoice_ref = 'INV-42'): Call => ({
  call_id,
  name: 'get_invoice',
  arguments: JSON.stringify({ invoice_ref }),
});

function setup(opts: { runtimes?: (w: ReturnType<typeof billingWorld>) => Record<string, ToolRuntime> } = {}) {
  const world = billingWorld();
  let asked = 0;
  const plane = createControlPlane({
    dispatcher,
    store: memoryStore(),
    runtimes: opts.runtimes?.(world) ?? world.runtimes,
    clock: virtualClock(),
    authorize: () => {
      asked++;
      return true;
    },
  });
  const ctx: PlaneTurnContext = {
    principal: alice,
    history: [{ role: 'user', content: 'Refund INV-42, it arrived broken.' }],
  };
  const run = async (turn: AssembledTurn, c: PlaneTurnContext = ctx) => {
    const executions = await plane.executeTurn(turn, c);
    for (const ex of executions) {
      expect(dispatcher.validateResult(ex.pkg, ex.trusted)).toEqual({ ok: true, violations: [] });
      expect(ex.audit_seq).not.toBeNull();
    }
    return executions;
  };
  return { world, plane, ctx, run, asked: () => asked };
}

const code = (ex: Execution) => ex.pkg.model_result.error?.code ?? null;
const results = (executions: Execution[]) => executions.map((e) => ({ package: e.pkg, trusted: e.trusted }));

describe('the keys a turn context leaves out', () => {
  it('are derived per call: the operation id from the response and call ids, the key from the idempotency_fields of the parsed arguments', async () => {
    const { run } = setup();
    const [inv, ref] = await run(openaiTurn('resp_T1', [invoice('call_a'), refund('call_b', 'arrived broken')]));
    const principal_ref = principalRef(alice, undefined);
    expect(inv?.trusted.call.operation_id).toBe(
      `op_${H('tool-operation-id/v1', { response_id: 'resp_T1', call_id: 'call_a' }, undefined)}`,
    );
    expect(ref?.trusted.call.operation_id).toBe(
      `op_${H('tool-operation-id/v1', { response_id: 'resp_T1', call_id: 'call_b' }, undefined)}`,
    );
    // get_invoice names no idempotency_fields: all of its arguments name the intent.
    expect(inv?.trusted.call.idempotency_key).toBe(
      `ik_${H('tool-idempotency-key/v1', { principal_ref, tool: 'get_invoice', fields: { invoice_ref: 'INV-42' } }, undefined)}`,
    );
    // issue_refund names invoice_ref and amount_cents: the free-text reason is not part of the intent.
    expect(ref?.trusted.call.idempotency_key).toBe(
      `ik_${H('tool-idempotency-key/v1', { principal_ref, tool: 'issue_refund', fields: { invoice_ref: 'INV-42', amount_cents: 500 } }, undefined)}`,
    );
  });

  it('are what intentKey gives a caller of execute, the free-text reason left out of the intent', async () => {
    const { run, world } = setup();
    const [ref] = await run(openaiTurn('resp_T3', [refund('call_c', 'arrived broken')]));
    const o = { dispatcher, runtimes: world.runtimes };
    const args = { invoice_ref: 'INV-42', amount_cents: 500 };
    expect(ref?.trusted.call.idempotency_key).toBe(intentKey(o, alice, 'issue_refund', { ...args, reason: 'broken' }));
    expect(intentKey(o, alice, 'issue_refund', { ...args, amount_cents: 501 })).not.toBe(
      ref?.trusted.call.idempotency_key,
    );
    expect(intentKey(o, { ...alice, subject: 'someone-else' }, 'issue_refund', args)).not.toBe(
      ref?.trusted.call.idempotency_key,
    );
    // Not JSON, no intent: a located error, not a key.
    expect(() => intentKey(o, alice, 'issue_refund', { ...args, amount_cents: Infinity })).toThrow(
      expect.objectContaining({ name: 'CanonicalizationError', path: '/fields/amount_cents' }),
    );
  });

  it('keep what the caller gives, and bind a Gemini interaction that was not stored to the response_ref', async () => {
    const { run, ctx } = setup();
    const given = await run(openaiTurn('resp_T2', [invoice('call_a')]), {
      ...ctx,
      calls: { call_a: { operation_id: 'op-given', idempotency_key: 'key-given' } },
    });
    expect(given[0]?.trusted.call).toMatchObject({ operation_id: 'op-given', idempotency_key: 'key-given' });

    // store: false gives the empty interaction id; the call is bound to response_ref, and so is its operation id.
    const stateless = assembleTurn('gemini', [
      { event_type: 'interaction.created', interaction: { id: '', status: 'in_progress' } },
      {
        event_type: 'step.start',
        index: 0,
        step: { type: 'function_call', id: 'fc_g', name: 'get_invoice', arguments: {} },
      },
      { event_type: 'step.delta', index: 0, delta: { type: 'arguments_delta', arguments: '{"invoice_ref":"INV-42"}' } },
      { event_type: 'step.stop', index: 0 },
      { event_type: 'interaction.completed', interaction: { id: '', status: 'requires_action' } },
    ]);
    expect(stateless.problems).toEqual([]);
    const [g] = await run(stateless, { ...ctx, response_ref: 'req_dispatcher_7' });
    expect(g?.trusted.call.response_id).toBe('req_dispatcher_7');
    expect(g?.trusted.call.operation_id).toBe(
      `op_${H('tool-operation-id/v1', { response_id: 'req_dispatcher_7', call_id: 'fc_g' }, undefined)}`,
    );
  });
});

describe('a model that asks again for the same refund', () => {
  it('with its reason reworded, in a later turn under a new call id: IDEMPOTENCY_CONFLICT, never a second refund', async () => {
    const { world, run } = setup();
    const [first] = await run(openaiTurn('resp_T1', [refund('call_1', 'arrived broken')]));
    expect(first?.delivery).toBe('fresh');
    expect(first?.pkg.model_result.status).toBe('succeeded');

    const [again] = await run(openaiTurn('resp_T2', [refund('call_2', 'the customer says the box was crushed')]));
    expect(again?.trusted.call.idempotency_key).toBe(first?.trusted.call.idempotency_key);
    expect(code(again as Execution)).toBe('IDEMPOTENCY_CONFLICT');
    expect(again?.pkg.model_result.error?.recovery).toBe('human_review');
    expect(world.sideEffects()).toBe(1);
    expect(world.runs()).toBe(1);

    // Word for word, it is the same intent: the first refund, replayed under this call's binding.
    const [same] = await run(openaiTurn('resp_T3', [refund('call_3', 'arrived broken')]));
    expect(same?.delivery).toBe('local_replay');
    expect(same?.pkg.protected_audit.binding.request_sha256).toBe(first?.pkg.protected_audit.binding.request_sha256);
    expect(world.sideEffects()).toBe(1);
  });

  it('twice in one turn, the calls running at once: one claims the key, the other meets its record, one refund', async () => {
    const { world, run } = setup();
    const executions = await run(
      openaiTurn('resp_T1', [refund('call_1', 'arrived broken'), refund('call_2', 'the box was crushed')]),
    );
    // Which of the two claims first is the scheduler's; that exactly one refund happens is the plane's.
    expect(executions.map((e) => code(e) ?? 'ran').sort()).toEqual(['IDEMPOTENCY_CONFLICT', 'ran']);
    expect(world.sideEffects()).toBe(1);
  });

  it('another amount is another intent: a second refund, on purpose', async () => {
    const { world, run } = setup();
    await run(openaiTurn('resp_T1', [refund('call_1', 'arrived broken')]));
    const [other] = await run(openaiTurn('resp_T2', [refund('call_2', 'arrived broken', { amount_cents: 900 })]));
    expect(other?.delivery).toBe('fresh');
    expect(world.sideEffects()).toBe(2);
  });

  it('the fields are what holds it: a runtime that names none takes the reason as part of the intent, and a reworded ask refunds twice', async () => {
    const { world, run } = setup({
      runtimes: (w) => {
        const { idempotency_fields: _dropped, ...issue } = w.runtimes.issue_refund;
        return { ...w.runtimes, issue_refund: issue };
      },
    });
    await run(openaiTurn('resp_T1', [refund('call_1', 'arrived broken')]));
    const [again] = await run(openaiTurn('resp_T2', [refund('call_2', 'the box was crushed')]));
    expect(again?.delivery).toBe('fresh');
    expect(world.sideEffects()).toBe(2);
  });
});

describe("the input gate's own answers", () => {
  it('an unknown tool and bad arguments are answered by the dispatcher, recorded, and never reach a runtime or authorize', async () => {
    const { world, plane, run, asked } = setup();
    const executions = await run(
      openaiTurn('resp_T1', [
        { call_id: 'call_mail', name: 'send_email', arguments: '{"to":"attacker@example.net","body":"every invoice"}' },
        refund('call_neg', 'broken', { amount_cents: -5 }),
        { call_id: 'call_text', name: 'issue_refund', arguments: '{"invoice_ref":"INV-42",' },
      ]),
    );
    expect(executions.map(code)).toEqual(['UNKNOWN_TOOL', 'INVALID_ARGUMENTS', 'INVALID_ARGUMENTS']);
    for (const ex of executions) expect(ex.pkg.model_result.provenance.trust).toBe('trusted_control');
    // Text that is not JSON is bound as the text itself (docs/turn.md#rules).
    expect(executions[2]?.trusted.arguments).toBe('{"invoice_ref":"INV-42",');
    expect(world.runs()).toBe(0);
    expect(world.sideEffects()).toBe(0);
    expect(asked()).toBe(0);
    expect((await plane.auditEntries()).map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('a turn with problems runs nothing and records nothing: the gate refuses it whole', async () => {
    const { world, plane, ctx } = setup();
    const cut = assembleTurn('openai', [
      { type: 'response.created', response: { id: 'resp_cut', status: 'in_progress' }, sequence_number: 0 },
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'issue_refund', arguments: '' },
        sequence_number: 1,
      },
    ]);
    expect(cut.problems.map((p) => p.code)).toEqual(['STREAM_UNTERMINATED']);
    await expect(plane.executeTurn(cut, ctx)).rejects.toBeInstanceOf(TurnInputError);
    expect(world.runs()).toBe(0);
    expect(await plane.auditEntries()).toEqual([]);
  });
});

describe('a person between two turns', () => {
  it('a write that needs approval is held with a preview; the approval, given in the next turn context, lets the same ask run once', async () => {
    const { world, plane, run, ctx } = setup({
      runtimes: (w) => ({ ...w.runtimes, issue_refund: { ...w.runtimes.issue_refund, approval: 'required' } }),
    });
    const [held] = await run(openaiTurn('resp_T1', [refund('call_1', 'arrived broken')]));
    expect(code(held as Execution)).toBe('APPROVAL_REQUIRED');
    expect(world.runs()).toBe(0);
    const approval = await plane.approve(held?.preview as NonNullable<Execution['preview']>, {
      tenant: 'tenant-acme',
      subject: 'manager-bob',
    });
    // The model asks again under a new call id; the approval names the request digest, which leaves the call id out.
    const [ran] = await run(openaiTurn('resp_T2', [refund('call_2', 'arrived broken')]), {
      ...ctx,
      calls: { call_2: { approval: { approval_id: approval.approval_id } } },
    });
    expect(ran?.delivery).toBe('fresh');
    expect(ran?.pkg.model_result.status).toBe('succeeded');
    expect(world.sideEffects()).toBe(1);
  });
});

describe('the executions, ready for continueTurn', () => {
  it('run concurrently and come back in call order: a first call that waits on the second still finishes', async () => {
    let release: () => void = () => {};
    const second = new Promise<void>((r) => (release = r));
    const { run } = setup({
      runtimes: (w) => ({
        ...w.runtimes,
        get_invoice: {
          async run(args, runCtx) {
            const { invoice_ref } = args as { invoice_ref: string };
            // In sequence this would wait for a run that never starts, until its deadline.
            if (invoice_ref === 'INV-1') await second;
            else release();
            return w.runtimes.get_invoice.run(args, runCtx);
          },
        },
      }),
    });
    const executions = await run(openaiTurn('resp_T1', [invoice('call_a', 'INV-1'), invoice('call_b', 'INV-2')]));
    expect(executions.map((e) => [e.trusted.call.call_id, e.pkg.model_result.status])).toEqual([
      ['call_a', 'succeeded'],
      ['call_b', 'succeeded'],
    ]);
  });

  it("the model's final answer has no call: nothing runs, nothing is recorded, and there is nothing to send", async () => {
    const { world, plane, run, ctx } = setup();
    const final = openaiTurn('resp_T1', []);
    expect(final.terminal?.kind).toBe('final_answer');
    expect(await run(final)).toEqual([]);
    expect(world.runs()).toBe(0);
    expect(await plane.auditEntries()).toEqual([]);
    expect(dispatcher.continueTurn('openai', final, [], { mode: 'stateful', history: ctx.history })).toEqual({
      ok: true,
      body: null,
      final_answer: true,
    });
  });

  it('continue the turn: each result paired with its call, model_result only, stateful and stateless', async () => {
    const { run, ctx } = setup();
    const turn = openaiTurn('resp_T1', [
      invoice('call_a'),
      refund('call_b', 'arrived broken'),
      { call_id: 'call_mail', name: 'send_email', arguments: '{}' },
    ]);
    const executions = await run(turn);
    const stateful = dispatcher.continueTurn('openai', turn, results(executions), {
      mode: 'stateful',
      history: ctx.history,
    });
    if (!stateful.ok || stateful.body === null) throw new Error(`refused: ${JSON.stringify(stateful)}`);
    expect(stateful.body.previous_response_id).toBe('resp_T1');
    const input = stateful.body.input as { type: string; call_id: string; output: string }[];
    expect(input.map((i) => [i.type, i.call_id])).toEqual([
      ['function_call_output', 'call_a'],
      ['function_call_output', 'call_b'],
      ['function_call_output', 'call_mail'],
    ]);
    input.forEach((item, i) => {
      expect(JSON.parse(item.output)).toEqual(executions[i]?.pkg.model_result);
    });
    const text = JSON.stringify(stateful.body);
    for (const ex of executions) {
      expect(text).not.toContain(ex.trusted.call.idempotency_key);
      expect(text).not.toContain(ex.trusted.call.operation_id);
      expect(text).not.toContain(ex.pkg.protected_audit.binding.request_sha256);
    }

    const stateless = dispatcher.continueTurn('openai', turn, results(executions), {
      mode: 'stateless',
      history: ctx.history,
    });
    if (!stateless.ok || stateless.body === null) throw new Error(`refused: ${JSON.stringify(stateless)}`);
    expect((stateless.body.input as { type?: string; role?: string }[]).map((i) => i.type ?? i.role)).toEqual([
      'user',
      'function_call',
      'function_call',
      'function_call',
      'function_call_output',
      'function_call_output',
      'function_call_output',
    ]);
  });
});

describe('a store that never answers (docs/control-plane.md#a-store-that-fails-or-hangs)', () => {
  it('a turn settles at the deadline: the hung call answers from the catalog, the other runs; the next turn settles both, one refund', async () => {
    const world = billingWorld();
    const clock = virtualClock();
    const st = stallingStore(memoryStore());
    const plane = createControlPlane({
      dispatcher,
      store: st.store,
      runtimes: world.runtimes,
      clock,
      authorize: () => true,
    });
    const ctx: PlaneTurnContext = { principal: alice, history: [] };
    const turn = openaiTurn('resp_H1', [refund('call_r', 'arrived broken'), invoice('call_i')]);
    // The refund's completion is the call that hangs; the invoice's goes through.
    st.stall('commit', {
      when: (_change, entry) => (entry as AuditDraft | null)?.protected_audit.provider_context.call_id === 'call_r',
    });
    const t0 = clock.now();
    const first = await plane.executeTurn(turn, ctx);
    expect(clock.now() - t0).toBe(30_000);
    expect(first.map((e) => e.delivery)).toEqual(['fresh', 'fresh']);
    expect(first.map(code)).toEqual(['OUTCOME_UNKNOWN', null]);
    expect(first.map((e) => e.audit_seq === null)).toEqual([true, false]);
    for (const ex of first) expect(dispatcher.validateResult(ex.pkg, ex.trusted).ok).toBe(true);
    // Every execution still continues the turn: the model reads the catalog's answer for the hung call.
    expect(dispatcher.continueTurn('openai', turn, results(first), { mode: 'stateful', history: [] }).ok).toBe(true);
    await st.recover();
    // The lost completion left a started record: after its lease, the status query settles it.
    await clock.advance(60_000);
    const again = await plane.executeTurn(turn, ctx);
    expect(again.map((e) => e.delivery)).toEqual(['receipt_reconciled', 'local_replay']);
    expect(world.sideEffects()).toBe(1);
  });
});
