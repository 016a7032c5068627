/**
 * The rules recorded streams brought for OpenAI's Responses stream
 * (docs/turn-contract.md#arguments, #stream-problems, #what-the-replay-keeps), one by one, on
 * hand-written event lists (the other providers' are in turnRevised.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { assembleTurn } from './assembleTurn.ts';
import { gateTurn } from './inputGate.ts';
import { ARGS, added, ctxFor, delta, done, fcItem, openai, type Ev } from '../../../test/support/turnEvents.ts';
import { chapterTools } from '../../../../../src/chapter/index.ts';

describe('OpenAI items the client must run that are not function calls (UNSUPPORTED_CALL)', () => {
  it.each([
    {
      type: 'local_shell_call',
      id: 'lsh_1',
      call_id: 'call_s',
      action: { type: 'exec', command: ['ls'] },
      status: 'completed',
    },
    { type: 'shell_call', id: 'sh_1', call_id: 'call_s', status: 'completed' },
    { type: 'tool_search_call', id: 'ts_1', call_id: 'call_s', execution: 'client', status: 'completed' },
  ])('$type: decided by type, reported at its output_item.added, not a call', (item) => {
    const t = assembleTurn(
      'openai',
      openai([added(item), done(item)], {
        type: 'response.completed',
        response: { id: 'resp_1', status: 'completed', output: [item] },
      }),
    );
    expect(t.problems).toMatchObject([
      { code: 'UNSUPPORTED_CALL', at: 1, params: { kind: 'unsupported_call', item_type: item.type, index: 0 } },
    ]);
    expect(t.calls).toEqual([]);
  });
  it('a program item carries a call_id and is run by the provider: not unsupported, not a call', () => {
    const item = { type: 'program', id: 'pg_1', call_id: 'call_p', status: 'completed' };
    const t = assembleTurn('openai', openai([added(item), done(item)]));
    expect(t.problems).toEqual([]);
    expect(t.calls).toEqual([]);
    expect(t.terminal?.kind).toBe('final_answer');
  });
  it('a tool_search_call the server runs is replayed, never reported', () => {
    const item = { type: 'tool_search_call', id: 'ts_1', execution: 'server', status: 'completed' };
    expect(assembleTurn('openai', openai([added(item), done(item)])).problems).toEqual([]);
  });
});

describe('OpenAI calls without deltas (docs/turn-contract.md#arguments)', () => {
  const completed = (args: string): Ev => ({
    type: 'response.completed',
    response: { id: 'resp_1', status: 'completed', output: [fcItem({ arguments: args, status: 'completed' })] },
  });
  it('take the text of .done, the done item and the completed item, which agree', () => {
    const s = openai(
      [
        added(fcItem()),
        {
          type: 'response.function_call_arguments.done',
          output_index: 0,
          item_id: 'fc_1',
          name: 'get_order',
          arguments: ARGS,
        },
        done(fcItem({ arguments: ARGS, status: 'completed' })),
      ],
      completed(ARGS),
    );
    const t = assembleTurn('openai', s);
    expect(t.problems).toEqual([]);
    expect(t.calls[0]).toMatchObject({ arguments_text: ARGS, arguments: { order_ref: 'ORDER-7' } });
  });
  it('only the .done event carrying the text (a compatible server) is enough', () => {
    const s = openai(
      [
        added(fcItem()),
        { type: 'response.function_call_arguments.done', output_index: 0, item_id: 'fc_1', arguments: ARGS },
        done(fcItem({ status: 'completed' })),
      ],
      completed(''),
    );
    expect(assembleTurn('openai', s).calls[0]?.arguments).toEqual({ order_ref: 'ORDER-7' });
  });
  it('only the completed item carrying it is enough too', () => {
    const t = assembleTurn('openai', openai([added(fcItem()), done(fcItem({ status: 'completed' }))], completed(ARGS)));
    expect(t.problems).toEqual([]);
    expect(t.calls[0]?.arguments).toEqual({ order_ref: 'ORDER-7' });
  });
  it('texts that differ are ARGUMENTS_DISAGREE, once', () => {
    const s = openai([added(fcItem()), done(fcItem({ arguments: ARGS }))], completed('{"order_ref":"ORDER-8"}'));
    expect(assembleTurn('openai', s).problems.map((p) => [p.code, p.params.kind])).toEqual([
      ['ARGUMENTS_DISAGREE', 'arguments_disagree'],
    ]);
  });
  it('all empty: the empty text, which the gate answers INVALID_ARGUMENTS with the text bound', () => {
    const s = openai([added(fcItem()), done(fcItem())], completed(''));
    const t = assembleTurn('openai', s);
    expect(t.problems).toEqual([]);
    expect(t.calls[0]).toMatchObject({ arguments_text: '', arguments: null });
    const [g] = gateTurn(t, ctxFor(['call_1']), chapterTools);
    expect(g).toMatchObject({ gate: 'INVALID_ARGUMENTS', trusted: { arguments: '' } });
  });
});

describe('OpenAI replay: every member sent, but the call item id; the completed output preferred (docs/turn-contract.md#what-the-replay-keeps)', () => {
  it('namespace, caller and status are kept; id dropped', () => {
    const item = fcItem({ arguments: ARGS, status: 'completed', namespace: 'orders', caller: { type: 'direct' } });
    const s = openai([added(fcItem({ namespace: 'orders', caller: { type: 'direct' } })), delta(ARGS), done(item)], {
      type: 'response.completed',
      response: {
        id: 'resp_1',
        status: 'completed',
        output: [{ type: 'reasoning', id: 'rs_0', summary: [], encrypted_content: 'E' }, item],
      },
    });
    // the reasoning item exists only in the completed response's output: that copy is the one replayed
    const t = assembleTurn('openai', s);
    expect(t.problems).toEqual([]);
    expect(t.replay).toEqual([
      { type: 'reasoning', id: 'rs_0', summary: [], encrypted_content: 'E' },
      {
        type: 'function_call',
        call_id: 'call_1',
        name: 'get_order',
        arguments: ARGS,
        status: 'completed',
        namespace: 'orders',
        caller: { type: 'direct' },
      },
    ]);
  });
  it('without a completed output, the done items are replayed', () => {
    const s = openai([
      added(fcItem()),
      delta(ARGS),
      done(fcItem({ arguments: ARGS, status: 'completed', namespace: 'ns' })),
    ]);
    expect(assembleTurn('openai', s).replay).toEqual([
      {
        type: 'function_call',
        call_id: 'call_1',
        name: 'get_order',
        arguments: ARGS,
        status: 'completed',
        namespace: 'ns',
      },
    ]);
  });
});

describe('OpenAI failures and numbering', () => {
  it('error then response.failed is one STREAM_ERROR, its nested code and message read', () => {
    const s = openai(
      [{ type: 'error', error: { type: 'server_error', code: 'server_error', message: 'The server had an error' } }],
      {
        type: 'response.failed',
        response: {
          id: 'resp_1',
          status: 'failed',
          error: { code: 'server_error', message: 'The server had an error' },
        },
      },
    );
    const t = assembleTurn('openai', s);
    expect(t.problems.map((p) => [p.code, p.params])).toEqual([
      [
        'STREAM_ERROR',
        {
          kind: 'failed',
          end: { type: 'error', status: 'server_error', reason: null },
          code: 'server_error',
          message: 'The server had an error',
        },
      ],
    ]);
  });
  it('no sequence numbers anywhere: a note, no problem, the call assembled, not unterminated', () => {
    const t = assembleTurn(
      'openai',
      openai([added(fcItem()), delta(ARGS), done(fcItem({ arguments: ARGS }))], undefined, false),
    );
    expect(t.problems).toEqual([]);
    expect(t.notes.map((n) => n.params)).toEqual([{ kind: 'no_sequence_numbers' }]);
    expect(t.calls[0]?.arguments).toEqual({ order_ref: 'ORDER-7' });
  });
  it('numbers on some events and not others: one STREAM_ORDER', () => {
    const s = openai([added(fcItem()), delta(ARGS), done(fcItem({ arguments: ARGS }))]);
    delete s[2]?.sequence_number;
    delete s[3]?.sequence_number;
    expect(assembleTurn('openai', s).problems.map((p) => p.params)).toEqual([
      { kind: 'sequence_mixed', type: 'response.function_call_arguments.delta', carried: false },
    ]);
  });
  it('gaps: one STREAM_ORDER for the first, none for the ones that continue it', () => {
    const s = openai([added(fcItem()), delta('{"order_ref"'), delta(':"ORDER-7"}'), done(fcItem({ arguments: ARGS }))]);
    s.forEach((e, i) => (e.sequence_number = i * 2));
    expect(assembleTurn('openai', s).problems.map((p) => [p.at, p.params.kind])).toEqual([[1, 'sequence']]);
  });
  it('a keepalive without a number is a note, outside the numbering', () => {
    const s = openai([added(fcItem()), delta(ARGS), done(fcItem({ arguments: ARGS }))]);
    s.splice(2, 0, { type: 'keepalive' });
    const t = assembleTurn('openai', s);
    expect(t.problems).toEqual([]);
    expect(t.notes.map((n) => n.params)).toEqual([{ kind: 'tolerated_event', type: 'keepalive' }]);
  });
  it('response.queued after response.created is fine; a stream without response.created is one STREAM_ORDER', () => {
    const s = openai([
      { type: 'response.queued', response: { id: 'resp_1', status: 'queued' } },
      added(fcItem()),
      delta(ARGS),
      done(fcItem({ arguments: ARGS })),
    ]);
    expect(assembleTurn('openai', s).problems).toEqual([]);
    const resumed = s.slice(2);
    expect(assembleTurn('openai', resumed).problems.map((p) => p.params)).toEqual([
      { kind: 'first_event', type: 'response.output_item.added', expected: 'response.created' },
    ]);
  });
  it('events after the terminal one: one problem, however many', () => {
    const s = openai([added(fcItem()), delta(ARGS), done(fcItem({ arguments: ARGS }))]);
    s.push({ type: 'response.in_progress', sequence_number: 5 }, { type: 'response.in_progress', sequence_number: 6 });
    expect(assembleTurn('openai', s).problems.map((p) => p.params.kind)).toEqual(['after_terminal']);
  });
});
