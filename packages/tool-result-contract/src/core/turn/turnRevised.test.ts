/**
 * The rules that streams recorded from the live APIs brought into the turn
 * contract (docs/turn-contract.md#what-providers-really-send; docs/turn.md#what-recorded-streams-changed),
 * one by one, on hand-written event lists: what real streams carry beyond the SDK types.
 */
import { describe, expect, it } from 'vitest';
import { assembleTurn } from './assembleTurn.ts';
import { continueTurn } from './continueTurn.ts';
import { dispatchTurn } from './dispatchTurn.ts';
import { gateTurn, TurnInputError } from './inputGate.ts';
import { runTurn } from './runTurn.ts';
import { ARGS, ORDER, anthropic, ctxFor, gemini, openai, stop, type Ev } from '../../../test/support/turnEvents.ts';
import { chapterTools } from '../../../../../src/chapter/index.ts';

describe('Anthropic: a message delivered whole in message_start (docs/turn-contract.md#what-providers-really-send)', () => {
  const whole = anthropic(
    {
      content: [
        { type: 'text', text: 'Looking it up.' },
        {
          type: 'tool_use',
          id: 'toolu_1',
          name: 'get_order',
          input: { order_ref: 'ORDER-7' },
          caller: { type: 'direct' },
        },
      ],
      stop_reason: 'tool_use',
    },
    [],
  );
  it("its blocks are the turn's first, complete: the tool_use is a closed call and the turn continues", () => {
    const t = assembleTurn('anthropic', whole);
    expect(t.problems).toEqual([]);
    expect(t.calls).toMatchObject([{ call_id: 'toolu_1', arguments: { order_ref: 'ORDER-7' }, at: [0, 0] }]);
    expect(t.terminal).toMatchObject({ kind: 'tools', status: 'tool_use' });
    const r = runTurn('anthropic', whole, ctxFor(['toolu_1']), { toolu_1: ORDER }, chapterTools);
    expect(r.refused).toBeNull();
    const content = (r.continuation?.messages as { content: Ev[] }[])[0]?.content;
    expect(content?.[1]).toEqual({
      type: 'tool_use',
      id: 'toolu_1',
      name: 'get_order',
      input: { order_ref: 'ORDER-7' },
      caller: { type: 'direct' },
    });
  });
  it('a later content_block_start below n is STREAM_ORDER; at n it follows them', () => {
    const below = structuredClone(whole);
    below.splice(1, 0, { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } });
    expect(assembleTurn('anthropic', below).problems.map((p) => p.params)).toEqual([
      { kind: 'below_message_start', index: 1, given: 2 },
    ]);
    const after = structuredClone(whole);
    after.splice(
      1,
      0,
      { type: 'content_block_start', index: 2, content_block: { type: 'text', text: '' } },
      { type: 'content_block_stop', index: 2 },
    );
    expect(assembleTurn('anthropic', after).problems).toEqual([]);
  });
});

describe('arguments from an empty fragment take the opening object: one object for trust, digests and replay', () => {
  it('Anthropic: one input_json_delta of "" gives {}', () => {
    const s = anthropic({}, [
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_order', input: {} },
      },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '' } },
      { type: 'content_block_stop', index: 0 },
      stop('tool_use'),
    ]);
    const t = assembleTurn('anthropic', s);
    expect(t.calls[0]).toMatchObject({ arguments_text: '{}', arguments: {} });
    const [g] = gateTurn(t, ctxFor(['toolu_1']), chapterTools);
    expect(g?.trusted.arguments).toEqual({});
    expect(g?.gate).toBe('INVALID_ARGUMENTS'); // get_order requires order_ref: the gate answers, with {} bound
    expect(t.replay[0]).toMatchObject({ type: 'tool_use', input: {} });
  });
  it('Gemini: an arguments_delta of "" gives the opening object', () => {
    const s = gemini('v1_1', [
      {
        event_type: 'step.start',
        index: 0,
        step: { type: 'function_call', id: 'fc_1', name: 'get_order', arguments: {} },
      },
      { event_type: 'step.delta', index: 0, delta: { type: 'arguments_delta', arguments: '' } },
      { event_type: 'step.stop', index: 0 },
    ]);
    const t = assembleTurn('gemini', s);
    expect(t.problems).toEqual([]);
    expect(t.calls[0]).toMatchObject({ arguments_text: '{}', arguments: {} });
    expect(t.replay[0]).toMatchObject({ arguments: {} });
  });
  it('a filled opening object and fragments with text are STREAM_ORDER, once', () => {
    const s = gemini('v1_1', [
      {
        event_type: 'step.start',
        index: 0,
        step: { type: 'function_call', id: 'fc_1', name: 'get_order', arguments: { order_ref: 'X' } },
      },
      { event_type: 'step.delta', index: 0, delta: { type: 'arguments_delta', arguments: '{"order_ref"' } },
      { event_type: 'step.delta', index: 0, delta: { type: 'arguments_delta', arguments: ':"Y"}' } },
      { event_type: 'step.stop', index: 0 },
    ]);
    expect(assembleTurn('gemini', s).problems.map((p) => p.params.kind)).toEqual(['two_sources']);
  });
});

describe('deltas complete what they belong to', () => {
  it('Gemini server steps: members set by their deltas (arrays appended), replayed with arguments, result and signature', () => {
    const s = gemini(
      'v1_1',
      [
        { event_type: 'step.start', index: 0, step: { type: 'google_search_call', id: 'gs_1', arguments: {} } },
        {
          event_type: 'step.delta',
          index: 0,
          delta: { type: 'google_search_call', arguments: { queries: ['refund policy'] }, signature: 'SIG_A' },
        },
        { event_type: 'step.stop', index: 0 },
        { event_type: 'step.start', index: 1, step: { type: 'google_search_result', call_id: 'gs_1', result: [] } },
        {
          event_type: 'step.delta',
          index: 1,
          delta: { type: 'google_search_result', result: [{ search_suggestions: 'a' }] },
        },
        {
          event_type: 'step.delta',
          index: 1,
          delta: { type: 'google_search_result', result: [{ search_suggestions: 'b' }], signature: 'SIG_B' },
        },
        { event_type: 'step.stop', index: 1 },
        { event_type: 'step.start', index: 2, step: { type: 'model_output' } },
        { event_type: 'step.delta', index: 2, delta: { type: 'text', text: 'Done.' } },
        { event_type: 'step.stop', index: 2 },
      ],
      'completed',
    );
    const t = assembleTurn('gemini', s);
    expect(t.problems).toEqual([]);
    expect(t.replay).toEqual([
      { type: 'google_search_call', id: 'gs_1', arguments: { queries: ['refund policy'] }, signature: 'SIG_A' },
      {
        type: 'google_search_result',
        call_id: 'gs_1',
        result: [{ search_suggestions: 'a' }, { search_suggestions: 'b' }],
        signature: 'SIG_B',
      },
      { type: 'model_output', content: [{ type: 'text', text: 'Done.' }] },
    ]);
    expect(t.terminal?.kind).toBe('final_answer');
  });
  it('Anthropic: citations appended to their text block, the signature set', () => {
    const s = anthropic({}, [
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'SIG' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '', citations: null } },
      {
        type: 'content_block_delta',
        index: 1,
        delta: { type: 'citations_delta', citation: { type: 'char_location', cited_text: 'a' } },
      },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Refunds take 5 days.' } },
      {
        type: 'content_block_delta',
        index: 1,
        delta: { type: 'citations_delta', citation: { type: 'char_location', cited_text: 'b' } },
      },
      { type: 'content_block_stop', index: 1 },
      stop('end_turn'),
    ]);
    expect(assembleTurn('anthropic', s).replay).toEqual([
      { type: 'thinking', thinking: '', signature: 'SIG' },
      {
        type: 'text',
        text: 'Refunds take 5 days.',
        citations: [
          { type: 'char_location', cited_text: 'a' },
          { type: 'char_location', cited_text: 'b' },
        ],
      },
    ]);
  });
});

describe('Anthropic compaction blocks', () => {
  it('compaction_delta sets content and encrypted_content, signature_delta its signature; replayed, never run', () => {
    const s = anthropic({}, [
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'compaction', content: null, encrypted_content: null },
      },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'compaction_delta', content: 'Summary so far.', encrypted_content: 'ENC' },
      },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'SIG' } },
      { type: 'content_block_stop', index: 0 },
      stop('end_turn'),
    ]);
    const t = assembleTurn('anthropic', s);
    expect(t.problems).toEqual([]);
    expect(t.replay).toEqual([
      { type: 'compaction', content: 'Summary so far.', encrypted_content: 'ENC', signature: 'SIG' },
    ]);
  });
});

describe('one problem per defect (docs/turn-contract.md#stream-problems)', () => {
  const frag = (index: number, partial_json: string): Ev => ({
    type: 'content_block_delta',
    index,
    delta: { type: 'input_json_delta', partial_json },
  });
  const call = (index: number): Ev[] => [
    {
      type: 'content_block_start',
      index,
      content_block: { type: 'tool_use', id: `toolu_${index}`, name: 'get_order', input: {} },
    },
    frag(index, ARGS),
    { type: 'content_block_stop', index },
  ];
  it('fragments for a block that never opened: one STREAM_ORDER, however many', () => {
    const s = anthropic({}, [
      ...call(0),
      frag(4, '{"a"'),
      frag(4, ':1'),
      frag(4, '}'),
      { type: 'content_block_stop', index: 4 },
      stop('tool_use'),
    ]);
    expect(assembleTurn('anthropic', s).problems.map((p) => [p.at, p.params.kind])).toEqual([[4, 'not_open']]);
  });
  it('an index opened twice: one problem, its later events add none', () => {
    const s = anthropic({}, [
      ...call(0),
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      frag(0, 'x'),
      { type: 'content_block_stop', index: 0 },
      stop('tool_use'),
    ]);
    expect(assembleTurn('anthropic', s).problems.map((p) => p.params.kind)).toEqual(['opened_twice']);
  });
  it('a filled opening input and 50 000 fragments: one STREAM_ORDER, found in linear time', () => {
    const many = Array.from({ length: 50_000 }, () => frag(0, 'x'));
    const s = anthropic({}, [
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_0', name: 'get_order', input: { order_ref: 'A' } },
      },
      ...many,
      { type: 'content_block_stop', index: 0 },
      stop('tool_use'),
    ]);
    const t0 = performance.now();
    expect(assembleTurn('anthropic', s).problems.map((p) => p.params.kind)).toEqual(['two_sources']);
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
  it('a stream without its first event: one problem, the rest still read', () => {
    const s = anthropic({}, [...call(0), stop('tool_use')]).slice(1);
    const t = assembleTurn('anthropic', s);
    expect(t.problems.map((p) => p.params)).toEqual([
      { kind: 'first_event', type: 'content_block_start', expected: 'message_start' },
    ]);
    expect(t.calls.map((c) => c.arguments)).toEqual([{ order_ref: 'ORDER-7' }]);
  });
});

describe('ends without calls (docs/turn-contract.md#the-final-answer, #paused-and-storeless-turns)', () => {
  const text = (end: string): Ev[] =>
    anthropic({}, [
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'Hello.' } },
      { type: 'content_block_stop', index: 0 },
      stop(end),
    ]);
  it.each([
    ['openai', openai([])],
    ['anthropic', text('end_turn')],
    ['anthropic', text('stop_sequence')],
    ['gemini', gemini('v1_1', [], 'completed')],
  ] as const)('%s final answer: no problem, no continuation, not refused', (p, s) => {
    const r = runTurn(p, s, ctxFor([]), {}, chapterTools);
    expect(r).toMatchObject({ problems: [], continuation: null, refused: null, terminal: { kind: 'final_answer' } });
  });
  it.each([
    [
      'openai',
      openai([], {
        type: 'response.incomplete',
        response: { id: 'resp_1', status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } },
      }),
    ],
    ['anthropic', text('max_tokens')],
    ['anthropic', text('refusal')],
    ['gemini', gemini('v1_1', [], 'incomplete')],
  ] as const)('%s other ends: no problem, the continuation refused with the end', (p, s) => {
    const r = runTurn(p, s, ctxFor([]), {}, chapterTools);
    expect(r.problems).toEqual([]);
    expect(r.refused?.params).toMatchObject({ kind: 'ended_without_calls', end: { status: expect.any(String) } });
  });
  it('Anthropic pause_turn continues statelessly: the assistant content, no user message; no stateful form', () => {
    const s = anthropic({}, [
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} },
      },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: '{"query":"refund"}' },
      },
      { type: 'content_block_stop', index: 0 },
      stop('pause_turn'),
    ]);
    const history = [{ role: 'user', content: 'refunds?' }];
    const r = runTurn('anthropic', s, { ...ctxFor([]), history }, {}, chapterTools);
    expect(r.refused).toBeNull();
    expect(r.continuation).toEqual({
      messages: [
        ...history,
        {
          role: 'assistant',
          content: [{ type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'refund' } }],
        },
      ],
    });
    expect(runTurn('anthropic', s, ctxFor([]), {}, chapterTools, 'stateful').refused?.params).toEqual({
      kind: 'stateless_only',
    });
  });
  it('a pause_turn with a client tool_use stays NOT_A_TOOL_TURN', () => {
    const s = anthropic({}, [
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_order', input: {} },
      },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: ARGS } },
      { type: 'content_block_stop', index: 0 },
      stop('pause_turn'),
    ]);
    expect(assembleTurn('anthropic', s).problems.map((p) => p.code)).toEqual(['NOT_A_TOOL_TURN']);
  });
  it('an end that asks for tools with no call is STREAM_ORDER', () => {
    expect(assembleTurn('anthropic', text('tool_use')).problems.map((p) => p.params.kind)).toEqual([
      'tools_without_call',
    ]);
  });
});

describe('Gemini: an interaction with the empty id (store: false)', () => {
  const s = gemini('', [
    {
      event_type: 'step.start',
      index: 0,
      step: { type: 'function_call', id: 'fc_1', name: 'get_order', arguments: {} },
    },
    { event_type: 'step.delta', index: 0, delta: { type: 'arguments_delta', arguments: ARGS } },
    { event_type: 'step.stop', index: 0 },
  ]);
  it("binds the calls to the turn context's response_ref; continues statelessly only", () => {
    const r = runTurn(
      'gemini',
      s,
      ctxFor(['fc_1'], { response_ref: 'req_dispatcher_1' }),
      { fc_1: ORDER },
      chapterTools,
    );
    expect(r.calls[0]?.package?.protected_audit).toBeDefined();
    expect(r.refused).toBeNull();
    const stateful = runTurn(
      'gemini',
      s,
      ctxFor(['fc_1'], { response_ref: 'req_dispatcher_1' }),
      { fc_1: ORDER },
      chapterTools,
      'stateful',
    );
    expect(stateful.refused?.params).toEqual({ kind: 'no_stored_interaction' });
  });
  it('without response_ref a call reaching the gate is bad input', () => {
    expect(() => runTurn('gemini', s, ctxFor(['fc_1']), { fc_1: ORDER }, chapterTools)).toThrow(TurnInputError);
  });
  it('results bound to another request id do not answer it', () => {
    const t = assembleTurn('gemini', s);
    const results = dispatchTurn(t, ctxFor(['fc_1'], { response_ref: 'req_1' }), { fc_1: ORDER }, chapterTools).map(
      (d) => ({
        package: d.package,
        trusted: d.trusted,
      }),
    );
    expect(
      continueTurn('gemini', t, results, { tools: chapterTools, mode: 'stateless', history: [], response_ref: 'req_1' })
        .ok,
    ).toBe(true);
    const other = continueTurn('gemini', t, results, {
      tools: chapterTools,
      mode: 'stateless',
      history: [],
      response_ref: 'req_2',
    });
    expect(!other.ok && other.params).toEqual({
      kind: 'other_response',
      call_id: 'fc_1',
      bound: 'req_1',
      expected: 'req_2',
    });
  });
});
