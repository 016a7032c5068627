/** docs/turn-contract.md: assembling a streamed turn, the input gate and the continuation, over the fixtures and small hand-made streams. */
import { describe, expect, it } from 'vitest';
import { assembleTurn, createTurnAssembler } from './assembleTurn.ts';
import { canonicalize } from '../json/canonical.ts';
import { continueTurn } from './continueTurn.ts';
import { dispatchTurn } from './dispatchTurn.ts';
import { gateTurn, TurnInputError } from './inputGate.ts';
import { runTurn } from './runTurn.ts';
import { parseTurnContext } from './turnContext.ts';
import { validateResult } from '../result/validateResult.ts';
import { toSse } from '../../../test/support/turnSse.ts';
import {
  chapterTools,
  findTurnFixture,
  isHealthyFixture,
  turnFixtures,
  type TurnFixture,
} from '../../../../../src/chapter/index.ts';

const fixture = (id: string): TurnFixture => {
  const f = findTurnFixture(id);
  if (f === null) throw new Error(`no fixture ${id}`);
  return structuredClone(f);
};

describe('fixtures: each shows what it says', () => {
  it('every provider has the four named fixtures and a fault for every problem code its stream can show', () => {
    const ids = new Set(turnFixtures.map((f) => f.id));
    for (const p of ['openai', 'anthropic', 'gemini']) {
      for (const n of ['one_call', 'parallel_calls', 'truncated', 'injection_follow_up'])
        expect(ids.has(`${p}.${n}`), `${p}.${n}`).toBe(true);
      const codes = new Set(turnFixtures.filter((f) => f.provider === p).flatMap((f) => f.expect.problems));
      const canShow = [
        'STREAM_ORDER',
        'STREAM_UNTERMINATED',
        'STREAM_ERROR',
        'NOT_A_TOOL_TURN',
        'DUPLICATE_CALL_ID',
        ...(p === 'openai' ? ['ARGUMENTS_DISAGREE'] : []),
      ];
      expect([...codes].sort()).toEqual(canShow.sort());
    }
  });
  it.each(turnFixtures.map((f) => [f.id, f] as const))('%s', (_id, f) => {
    expect(parseTurnContext(f.turn_context).ok).toBe(true);
    const turn = assembleTurn(f.provider, f.stream);
    expect(turn.problems.map((p) => p.code)).toEqual(f.expect.problems);
    expect(turn.calls.length).toBeGreaterThan(0);
    if (!isHealthyFixture(f)) return;
    const gates = Object.fromEntries(gateTurn(turn, f.turn_context, chapterTools).map((g) => [g.call.call_id, g.gate]));
    expect(gates).toEqual(f.expect.gates);
    // The same stream as SSE text and as JSON Lines assembles the same turn.
    expect(assembleTurn(f.provider, toSse(f))).toEqual(turn);
    expect(assembleTurn(f.provider, f.stream.map((e) => JSON.stringify(e)).join('\n'))).toEqual(turn);
  });
});

describe('assembling', () => {
  it.each(['openai', 'anthropic', 'gemini'] as const)(
    '%s.one_call: three fragments make one call, parsed once',
    (p) => {
      const turn = assembleTurn(p, fixture(`${p}.one_call`).stream);
      expect(turn.calls).toHaveLength(1);
      expect(turn.calls[0]).toMatchObject({
        name: 'get_order',
        arguments_text: '{"order_ref":"ORDER-7"}',
        arguments: { order_ref: 'ORDER-7' },
      });
      expect(turn.terminal?.tool_turn).toBe(true);
      expect(turn.problems).toEqual([]);
    },
  );
  it('noise is noted, never a problem: obfuscation, keepalive, ping, unknown events', () => {
    const o = assembleTurn('openai', fixture('openai.one_call').stream);
    expect(o.notes.map((n) => n.code).sort()).toEqual(['TOLERATED_EVENT', 'UNKNOWN_MEMBER']);
    const a = fixture('anthropic.one_call');
    a.stream.splice(1, 0, { type: 'future_event', x: 1 });
    const t = assembleTurn('anthropic', a.stream);
    expect(t.problems).toEqual([]);
    expect(t.notes.map((n) => [n.code, n.params])).toEqual([
      ['UNKNOWN_EVENT', { kind: 'unknown_event', type: 'future_event' }],
      ['TOLERATED_EVENT', { kind: 'tolerated_event', type: 'ping' }],
    ]);
  });
  it('events that are not objects, or have no type, are STREAM_ORDER; the turn still answers', () => {
    for (const bad of [null, 42, 'x', [1], {}, { type: 7 }]) {
      const f = fixture('anthropic.one_call');
      f.stream.splice(2, 0, bad as never);
      expect(assembleTurn('anthropic', f.stream).problems.map((p) => p.code)).toEqual(['STREAM_ORDER']);
    }
    expect(assembleTurn('gemini', [{ type: 'interaction.created' }]).problems.map((p) => p.code)).toEqual([
      'STREAM_ORDER',
      'STREAM_UNTERMINATED',
    ]);
  });
  it('values that are not JSON data (a function, a bigint, a cycle, a Date) are STREAM_ORDER, never a throw', () => {
    const cycle: Record<string, unknown> = { type: 'ping' };
    cycle.self = cycle;
    for (const bad of [
      { type: 'ping', f: () => 1 },
      { type: 'ping', n: 1n },
      cycle,
      { type: 'ping', at: new Date(0) },
      { type: 'ping', x: Number.NaN },
    ]) {
      const f = fixture('anthropic.one_call');
      f.stream.splice(2, 0, bad as never);
      const a = createTurnAssembler('anthropic');
      for (const e of f.stream) a.push(e);
      expect(a.turn().problems.map((p) => p.code)).toEqual(['STREAM_ORDER']);
    }
  });
  it('an SSE event name that differs from the event type is STREAM_ORDER', () => {
    const sse = toSse(fixture('anthropic.one_call')).replace('event: content_block_stop', 'event: message_stop');
    expect(assembleTurn('anthropic', sse).problems[0]?.code).toBe('STREAM_ORDER');
  });
  it('anything after the terminal event is STREAM_ORDER', () => {
    const f = fixture('gemini.one_call');
    f.stream.push({ event_type: 'interaction.status_update', interaction_id: 'v1_FIXTURE_ge01', status: 'completed' });
    expect(assembleTurn('gemini', f.stream).problems.map((p) => p.code)).toEqual(['STREAM_ORDER']);
  });
  it('OpenAI: a repeated sequence_number, a first event other than response.created, a missing .done (allowed)', () => {
    const f = fixture('openai.one_call');
    (f.stream[5] as Record<string, unknown>).sequence_number = 4;
    expect(assembleTurn('openai', f.stream).problems[0]?.code).toBe('STREAM_ORDER');
    expect(assembleTurn('openai', fixture('openai.one_call').stream.slice(1)).problems[0]).toMatchObject({
      code: 'STREAM_ORDER',
      at: 0,
    });
    const g = fixture('openai.one_call');
    const noDone = g.stream.filter((e) => (e as { type: string }).type !== 'response.function_call_arguments.done');
    // Renumbered: a gap where the .done was is itself STREAM_ORDER (docs/turn-contract.md#stream-problems: each the previous plus one).
    expect(assembleTurn('openai', noDone).problems.map((p) => p.params.kind)).toEqual(['sequence']);
    noDone.forEach((e, i) => ((e as { sequence_number: number }).sequence_number = i));
    const t = assembleTurn('openai', noDone);
    expect(t.problems).toEqual([]);
    expect(t.calls[0]?.arguments).toEqual({ order_ref: 'ORDER-7' });
  });
  it('OpenAI: the completed response disagreeing with the fragments is ARGUMENTS_DISAGREE', () => {
    const f = fixture('openai.one_call');
    const last = f.stream.at(-1) as { response: { output: { arguments?: string }[] } };
    (last.response.output[1] as { arguments: string }).arguments = '{"order_ref":"ORDER-8"}';
    expect(assembleTurn('openai', f.stream).problems.map((p) => p.code)).toEqual(['ARGUMENTS_DISAGREE']);
  });
  it('Anthropic: a non-empty opening input and fragments both is STREAM_ORDER; no fragments takes the opening input', () => {
    const f = fixture('anthropic.one_call');
    const start = f.stream.find(
      (e) => (e as { content_block?: { type: string } }).content_block?.type === 'tool_use',
    ) as { content_block: { input: unknown } };
    start.content_block.input = { order_ref: 'ORDER-1' };
    expect(assembleTurn('anthropic', f.stream).problems.map((p) => p.code)).toEqual(['STREAM_ORDER']);
    const g = fixture('anthropic.one_call');
    const s2 = g.stream.find((e) => (e as { content_block?: { type: string } }).content_block?.type === 'tool_use') as {
      content_block: { input: unknown };
    };
    s2.content_block.input = { order_ref: 'ORDER-1' };
    const noFragments = g.stream.filter((e) => (e as { delta?: { type: string } }).delta?.type !== 'input_json_delta');
    const t = assembleTurn('anthropic', noFragments);
    expect(t.problems).toEqual([]);
    expect(t.calls[0]?.arguments).toEqual({ order_ref: 'ORDER-1' });
  });
  it('Anthropic: a server tool block streams its input too; it is replayed, never gated', () => {
    const f = fixture('anthropic.one_call');
    const server = [
      {
        type: 'content_block_start',
        index: 9,
        content_block: { type: 'server_tool_use', id: 'srvtoolu_FIXTURE', name: 'web_search', input: {} },
      },
      {
        type: 'content_block_delta',
        index: 9,
        delta: { type: 'input_json_delta', partial_json: '{"query":"refund"}' },
      },
      { type: 'content_block_stop', index: 9 },
    ];
    const at = f.stream.findIndex((e) => (e as { type: string }).type === 'message_delta');
    f.stream.splice(at, 0, ...(server as never[]));
    const t = assembleTurn('anthropic', f.stream);
    expect(t.problems).toEqual([]);
    expect(t.calls.map((c) => c.call_id)).toEqual(['toolu_FIXTURE_an01']);
    expect(t.replay.at(-1)).toEqual({
      type: 'server_tool_use',
      id: 'srvtoolu_FIXTURE',
      name: 'web_search',
      input: { query: 'refund' },
    });
  });
  it('Anthropic: the cut-off buffer the SDK parses to {} is NOT_A_TOOL_TURN here, and its text is kept as sent', () => {
    const t = assembleTurn('anthropic', fixture('anthropic.truncated').stream);
    expect(t.terminal).toMatchObject({ type: 'message_stop', status: 'max_tokens', tool_turn: false });
    expect(t.calls[0]).toMatchObject({ arguments_text: '{"order_ref":"ORD', arguments: null });
  });
  it("Gemini: requires_continuation hops belong to one turn; the response id is the last hop's; a call open across a hop is STREAM_ORDER", () => {
    const f = fixture('gemini.one_call');
    const created = f.stream[0] as { interaction: { id: string } };
    const hop = [
      {
        event_type: 'interaction.completed',
        interaction: { id: created.interaction.id, status: 'requires_continuation' },
      },
      { event_type: 'interaction.created', interaction: { id: 'v1_FIXTURE_hop2', status: 'in_progress' } },
    ];
    const last = f.stream.at(-1) as { interaction: { id: string } };
    last.interaction.id = 'v1_FIXTURE_hop2';
    const healthy = [...f.stream.slice(0, 5), ...hop, ...f.stream.slice(5)];
    const t = assembleTurn('gemini', healthy);
    expect(t.problems).toEqual([]);
    expect(t.response_id).toBe('v1_FIXTURE_hop2');
    const across = [...f.stream.slice(0, 7), ...hop, ...f.stream.slice(7)];
    expect(assembleTurn('gemini', across).problems.map((p) => p.code)).toContain('STREAM_ORDER');
    const endsOnHop = [...f.stream.slice(0, 10), hop[0]];
    expect(assembleTurn('gemini', endsOnHop).problems.map((p) => p.code)).toEqual(['STREAM_UNTERMINATED']);
  });
  it('an unknown provider is a TypeError, not a turn', () => {
    expect(() => createTurnAssembler('mistral' as never)).toThrow(TypeError);
  });
});

describe('the input gate', () => {
  it('send_email: UNKNOWN_TOOL made by the dispatcher, trusted_control, no handler read', () => {
    const f = fixture('openai.injection_follow_up');
    const turn = assembleTurn('openai', f.stream);
    const unread = { call_FIXTURE_oa04: 'a handler output that must never be read' };
    const [d] = dispatchTurn(turn, f.turn_context, unread, chapterTools);
    expect(d?.gate).toBe('UNKNOWN_TOOL');
    expect(d?.package.model_result).toMatchObject({
      status: 'failed',
      error: { code: 'UNKNOWN_TOOL' },
      provenance: { trust: 'trusted_control', source_label: 'dispatcher' },
    });
    expect(validateResult(d?.package, d?.trusted as never, chapterTools).ok).toBe(true);
  });
  it('arguments that are not JSON: INVALID_ARGUMENTS, and the trusted arguments are the text as a JSON string', () => {
    const f = fixture('anthropic.invalid_arguments');
    const [d] = dispatchTurn(assembleTurn('anthropic', f.stream), f.turn_context, {}, chapterTools);
    expect(d?.gate).toBe('INVALID_ARGUMENTS');
    expect(d?.trusted.arguments).toBe('{"order_ref":"ORDER-7",}');
    expect(d?.package.model_result.error?.code).toBe('INVALID_ARGUMENTS');
  });
  it('the trusted context comes from the stream and the turn context, never from elsewhere', () => {
    const f = fixture('openai.parallel_calls');
    const turn = assembleTurn('openai', f.stream);
    const [a, b] = gateTurn(turn, f.turn_context, chapterTools);
    expect(a?.trusted).toEqual({
      principal: f.turn_context.principal,
      call: {
        provider: 'openai',
        api_family: 'responses',
        adapter_revision: 'openai-responses-2026-07-19',
        response_id: 'resp_FIXTURE_oa02',
        call_id: 'call_FIXTURE_oa02a',
        ...f.turn_context.calls.call_FIXTURE_oa02a,
      },
      tool: 'get_order',
      arguments: { order_ref: 'ORDER-7' },
      delivery: 'fresh',
      now: f.turn_context.now,
    });
    expect(b?.trusted.call.call_id).toBe('call_FIXTURE_oa02b');
  });
  it('a call with no turn-context entry, or no handler output, is bad input naming the call', () => {
    const f = fixture('gemini.one_call');
    const turn = assembleTurn('gemini', f.stream);
    expect(() => gateTurn(turn, { ...f.turn_context, calls: {} }, chapterTools)).toThrow(TurnInputError);
    try {
      dispatchTurn(turn, f.turn_context, {}, chapterTools);
    } catch (e) {
      expect(e).toBeInstanceOf(TurnInputError);
      expect((e as TurnInputError).call_id).toBe('fncall_ge01');
    }
    expect(() => dispatchTurn(turn, f.turn_context, {}, chapterTools)).toThrow(/needs a handler output/);
  });
  it('a turn with problems reaches no gate', () => {
    const f = fixture('openai.truncated');
    expect(() => gateTurn(assembleTurn('openai', f.stream), f.turn_context, chapterTools)).toThrow(TurnInputError);
  });
  it.each(['openai', 'anthropic', 'gemini'] as const)(
    "%s: the package binds the stream's response id and call id; change either and it no longer validates",
    (p) => {
      const f = fixture(`${p}.one_call`);
      const [d] = dispatchTurn(assembleTurn(p, f.stream), f.turn_context, f.handlers, chapterTools);
      expect(validateResult(d?.package, d?.trusted as never, chapterTools).ok).toBe(true);
      const text = JSON.stringify(f.stream);
      const responseId = d?.trusted.call.response_id as string;
      const callId = d?.trusted.call.call_id as string;
      for (const [from, to] of [
        [responseId, `${responseId}X`],
        [callId, `${callId}X`],
      ] as const) {
        const changed = JSON.parse(text.split(from).join(to));
        const ctx = structuredClone(f.turn_context);
        if (from === callId) ctx.calls[to] = ctx.calls[from] as never;
        const [d2] = dispatchTurn(
          assembleTurn(p, changed),
          ctx,
          {
            [from === callId ? to : callId]: f.handlers[callId],
          },
          chapterTools,
        );
        const report = validateResult(d?.package, d2?.trusted as never, chapterTools);
        expect(report.ok).toBe(false);
        expect(report.violations.map((v) => v.code)).toContain('CALL_BINDING_MISMATCH');
      }
    },
  );
});

describe('the continuation', () => {
  const run = (id: string, mode: 'stateful' | 'stateless') => {
    const f = fixture(id);
    return { f, r: runTurn(f.provider, f.stream, f.turn_context, f.handlers, chapterTools, mode) };
  };
  it('OpenAI stateful: previous_response_id and the outputs only', () => {
    const { r } = run('openai.parallel_calls', 'stateful');
    expect(Object.keys(r.continuation ?? {})).toEqual(['previous_response_id', 'input']);
    expect(r.continuation?.previous_response_id).toBe('resp_FIXTURE_oa02');
    expect((r.continuation?.input as { type: string; call_id: string }[]).map((i) => [i.type, i.call_id])).toEqual([
      ['function_call_output', 'call_FIXTURE_oa02a'],
      ['function_call_output', 'call_FIXTURE_oa02b'],
    ]);
  });
  it('OpenAI stateless: history, every output item once (reasoning with encrypted_content, calls with every member but the item id), then the outputs', () => {
    const { f, r } = run('openai.one_call', 'stateless');
    expect(r.continuation).toMatchObject({ store: false, include: ['reasoning.encrypted_content'] });
    const input = r.continuation?.input as Record<string, unknown>[];
    expect(input[0]).toEqual(f.turn_context.history[0]);
    expect(input[1]).toMatchObject({ type: 'reasoning', id: 'rs_FIXTURE_oa01', encrypted_content: expect.any(String) });
    expect(input[2]).toEqual({
      type: 'function_call',
      call_id: 'call_FIXTURE_oa01',
      name: 'get_order',
      arguments: '{"order_ref":"ORDER-7"}',
      status: 'completed',
    });
    expect(input[3]).toMatchObject({ type: 'function_call_output', call_id: 'call_FIXTURE_oa01' });
    expect(input).toHaveLength(4);
  });
  it('Anthropic stateless: history, the assistant blocks as assembled, then one user message of tool_results in tool_use order', () => {
    const { r } = run('anthropic.parallel_calls', 'stateless');
    const messages = r.continuation?.messages as {
      role: string;
      content: { type: string; id?: string; tool_use_id?: string; input?: unknown }[];
    }[];
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[1]?.content.map((b) => b.type)).toEqual(['text', 'tool_use', 'tool_use']);
    expect(messages[1]?.content[1]?.input).toEqual({ order_ref: 'ORDER-7' });
    expect(messages[2]?.content.map((b) => b.tool_use_id)).toEqual(['toolu_FIXTURE_an02a', 'toolu_FIXTURE_an02b']);
    const one = run('anthropic.one_call', 'stateless').r.continuation?.messages as {
      content: { type: string; signature?: string; thinking?: string }[];
    }[];
    expect(one[1]?.content[0]).toEqual({
      type: 'thinking',
      thinking: 'The user asks about an order; get_order answers that.',
      signature: 'SIG_FIXTURE_EqQBCkYIBRgCKkA',
    });
  });
  it('Anthropic stateful is refused with a reason', () => {
    const { r } = run('anthropic.one_call', 'stateful');
    expect(r.continuation).toBeNull();
    expect(r.refused).toMatchObject({
      code: 'CONTINUATION_REFUSED',
      params: { kind: 'stateless_only' },
      detail: expect.stringMatching(/keeps no state/),
    });
  });
  it('Gemini: stateful carries previous_interaction_id; stateless replays the thought with its signature', () => {
    expect(run('gemini.one_call', 'stateful').r.continuation).toMatchObject({
      previous_interaction_id: 'v1_FIXTURE_ge01',
      input: [{ type: 'function_result', call_id: 'fncall_ge01', name: 'get_order' }],
    });
    const input = run('gemini.one_call', 'stateless').r.continuation?.input as Record<string, unknown>[];
    expect(input.map((s) => s.type)).toEqual(['user_input', 'thought', 'function_call', 'function_result']);
    expect(input[1]).toEqual({ type: 'thought', signature: 'SIG_FIXTURE_CsUBAY89a1' });
    expect(input[2]).toEqual({
      type: 'function_call',
      id: 'fncall_ge01',
      name: 'get_order',
      arguments: { order_ref: 'ORDER-7' },
    });
  });
  it('the injection follow-up carries UNKNOWN_TOOL back to the model', () => {
    for (const p of ['openai', 'anthropic', 'gemini']) {
      const { r } = run(`${p}.injection_follow_up`, 'stateless');
      expect(r.calls[0]?.gate).toBe('UNKNOWN_TOOL');
      expect(JSON.stringify(r.continuation)).toContain('UNKNOWN_TOOL');
    }
  });
  it('a missing result, a result for no call, or a result from another turn is refused, never a crash', () => {
    const f = fixture('openai.parallel_calls');
    const turn = assembleTurn('openai', f.stream);
    const results = dispatchTurn(turn, f.turn_context, f.handlers, chapterTools).map((d) => ({
      package: d.package,
      trusted: d.trusted,
    }));
    expect(
      continueTurn('openai', turn, results.slice(1), { tools: chapterTools, mode: 'stateless', history: [] }),
    ).toMatchObject({
      ok: false,
      code: 'CONTINUATION_REFUSED',
      detail: expect.stringMatching(/MISSING_RESULT/),
    });
    const other = fixture('openai.one_call');
    const otherTurn = assembleTurn('openai', other.stream);
    const foreign = dispatchTurn(otherTurn, other.turn_context, other.handlers, chapterTools).map((d) => ({
      package: d.package,
      trusted: d.trusted,
    }));
    expect(
      continueTurn('openai', turn, [...results, ...foreign], { tools: chapterTools, mode: 'stateless', history: [] }),
    ).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/bound to response/),
    });
    expect(
      continueTurn('anthropic', turn, results, { tools: chapterTools, mode: 'stateless', history: [] }),
    ).toMatchObject({ ok: false });
    const tampered = structuredClone(results);
    (
      tampered[0] as unknown as { package: { model_result: { data: { status: string } } } }
    ).package.model_result.data.status = 'refunded';
    expect(
      continueTurn('openai', turn, tampered, { tools: chapterTools, mode: 'stateless', history: [] }),
    ).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/failed validation/),
    });
  });
  it('a turn with problems builds no continuation', () => {
    const f = fixture('gemini.truncated');
    const turn = assembleTurn('gemini', f.stream);
    expect(continueTurn('gemini', turn, [], { tools: chapterTools, mode: 'stateless', history: [] })).toMatchObject({
      ok: false,
    });
  });
});

describe('proof: no audit value appears anywhere in any continuation body', () => {
  const healthy = turnFixtures.filter(isHealthyFixture);
  const cases = healthy.flatMap((f) => (['stateful', 'stateless'] as const).map((m) => [f.id, m, f] as const));
  it.each(cases)('%s %s', (_id, mode, f) => {
    const r = runTurn(f.provider, f.stream, f.turn_context, f.handlers, chapterTools, mode);
    if (r.continuation === null) {
      expect(f.provider === 'anthropic' && mode === 'stateful', 'only Anthropic stateful is refused').toBe(true);
      return;
    }
    const body = canonicalize(r.continuation);
    const needles: string[] = [f.turn_context.principal.tenant, f.turn_context.principal.subject];
    if (f.turn_context.key !== undefined) needles.push(f.turn_context.key.id, f.turn_context.key.secret);
    for (const c of r.calls) {
      const a = c.package?.protected_audit;
      expect(a).toBeDefined();
      if (a === undefined) continue;
      needles.push(
        a.principal_ref,
        a.operation.operation_id,
        a.operation.idempotency_key,
        a.binding.request_sha256,
        a.binding.result_sha256,
        a.binding.call_binding_sha256,
      );
      for (const ref of Object.values(a.downstream)) if (ref !== null) needles.push(ref);
    }
    expect(needles.length).toBeGreaterThanOrEqual(8);
    for (const n of needles) expect(body, `audit value ${n}`).not.toContain(n);
    expect(body).not.toContain('protected_audit');
  });
  it('the proof can fail: a body with a receipt in it is caught', () => {
    const f = fixture('openai.one_call');
    const r = runTurn(f.provider, f.stream, f.turn_context, f.handlers, chapterTools, 'stateless');
    const receipt = r.calls[0]?.package?.protected_audit.downstream.receipt_ref as string;
    expect(receipt).toMatch(/^rcpt_/);
    expect(canonicalize({ ...r.continuation, leaked: receipt })).toContain(receipt);
  });
});

describe('same inputs, same answer (docs/contract.md#same-inputs-same-answer)', () => {
  it('two assemblers fed in interleaved order answer as each alone', () => {
    const a = fixture('openai.parallel_calls');
    const b = fixture('openai.one_call');
    const x = createTurnAssembler('openai');
    const y = createTurnAssembler('openai');
    for (let i = 0; i < Math.max(a.stream.length, b.stream.length); i++) {
      if (i < a.stream.length) x.push(a.stream[i]);
      if (i < b.stream.length) y.push(b.stream[i]);
    }
    expect(x.turn()).toEqual(assembleTurn('openai', a.stream));
    expect(y.turn()).toEqual(assembleTurn('openai', b.stream));
  });
  it('turn() changes nothing and hands the caller its own copy', () => {
    const f = fixture('gemini.parallel_calls');
    const a = createTurnAssembler('gemini');
    for (const e of f.stream) a.push(e);
    const t1 = a.turn();
    (t1.calls[0]?.arguments as Record<string, unknown>).order_ref = 'ORDER-666';
    t1.problems.push({ code: 'STREAM_ORDER', at: 0, detail: 'x', params: { kind: 'after_message_delta' } });
    expect(a.turn()).toEqual(assembleTurn('gemini', f.stream));
  });
});
