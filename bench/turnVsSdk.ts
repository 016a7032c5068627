/**
 * The turn assembly against the SDKs' own stream helpers: the same
 * synthetic SSE text of one call whose arguments arrive in many fragments,
 * read by the project's `assembleTurn` (SSE reader, strict JSON, every order
 * check) and by openai `responses.stream(…).finalResponse()` /
 * @anthropic-ai/sdk `messages.stream(…).finalMessage()` over a stub fetch that
 * serves the bytes. The ratio is project/SDK; the gate is ≤ 1 (never slower
 * than the helper a dispatcher would otherwise trust). Rounds are interleaved,
 * and the fastest round of each is compared: on a shared machine the other
 * rounds measure the neighbours (a median under a load of 9 on 2 cores moved
 * the Anthropic ratio between 0.73 and 0.98). No request leaves the process: the stub fetch answers
 * every request with the text.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { assembleTurn } from '#lib/core/turn/index.ts';

/** One call's arguments, cut into fragments of `size` characters. */
function fragments(count: number, size: number): { args: string; parts: string[] } {
  const body = 'refund policy for damaged, late and missing items; '
    .repeat(Math.ceil((count * size) / 50))
    .slice(0, count * size - 14);
  const args = JSON.stringify({ query: body });
  const parts: string[] = [];
  for (let i = 0; i < args.length; i += size) parts.push(args.slice(i, i + size));
  return { args, parts };
}

const sse = (events: Record<string, unknown>[]) =>
  events.map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join('');

/** ~700 KiB of OpenAI Responses events. */
export function openaiText(): { text: string; args: string } {
  const { args, parts } = fragments(3110, 8);
  const item = {
    type: 'function_call',
    id: 'fc_BENCH',
    call_id: 'call_BENCH',
    name: 'search_kb',
    arguments: '',
    status: 'in_progress',
  };
  const response = {
    id: 'resp_BENCH',
    object: 'response',
    created_at: 1784419260,
    model: 'MODEL-BENCH',
    status: 'in_progress',
    output: [] as unknown[],
  };
  const done = { ...item, arguments: args, status: 'completed' };
  const events: Record<string, unknown>[] = [
    { type: 'response.created', response },
    { type: 'response.output_item.added', output_index: 0, item },
    ...parts.map((delta) => ({
      type: 'response.function_call_arguments.delta',
      output_index: 0,
      item_id: 'fc_BENCH',
      delta,
      obfuscation: 'Xq09aZ',
    })),
    {
      type: 'response.function_call_arguments.done',
      output_index: 0,
      item_id: 'fc_BENCH',
      name: 'search_kb',
      arguments: args,
    },
    { type: 'response.output_item.done', output_index: 0, item: done },
    { type: 'response.completed', response: { ...response, status: 'completed', output: [done] } },
  ].map((e, i) => ({ ...e, sequence_number: i }));
  return { text: `${sse(events)}event: done\ndata: [DONE]\n\n`, args };
}

/** ~350 KiB of Anthropic Messages events. */
export function anthropicText(): { text: string; args: string } {
  const { args, parts } = fragments(2610, 8);
  const events: Record<string, unknown>[] = [
    {
      type: 'message_start',
      message: {
        id: 'msg_BENCH',
        type: 'message',
        role: 'assistant',
        model: 'MODEL-BENCH',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      },
    },
    {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_BENCH', name: 'search_kb', input: {} },
    },
    ...parts.map((partial_json) => ({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json },
    })),
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 1 } },
    { type: 'message_stop' },
  ];
  return { text: sse(events), args };
}

const stub = (text: string) => async (): Promise<Response> =>
  new Response(new TextEncoder().encode(text), { status: 200, headers: { 'content-type': 'text/event-stream' } });

const fastest = (xs: number[]) => Math.min(...xs);

export interface TurnVsSdk {
  name: string;
  /** The size the gate's line names (the figures were measured on these). */
  nominal_kib: number;
  kib: number;
  turn: number;
  sdk: number;
  ratio: number;
}

async function compare(
  name: string,
  nominal_kib: number,
  text: string,
  args: string,
  project: () => string | undefined,
  sdk: () => Promise<string | undefined>,
  rounds: number,
): Promise<TurnVsSdk> {
  if (project() !== args || (await sdk()) !== args)
    throw new Error(`${name}: the project and the SDK must both assemble the call`);
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let i = 0; i < rounds + 3; i++) {
    let t = performance.now();
    project();
    const a = performance.now() - t;
    t = performance.now();
    await sdk();
    const b = performance.now() - t;
    if (i >= 3) {
      ours.push(a);
      theirs.push(b);
    }
  }
  const turn = fastest(ours);
  const their = fastest(theirs);
  return { name, nominal_kib, kib: text.length / 1024, turn, sdk: their, ratio: turn / their };
}

export async function turnVsSdk(rounds = 21): Promise<TurnVsSdk[]> {
  const o = openaiText();
  const openai = new OpenAI({ apiKey: 'sk-BENCH', fetch: stub(o.text), maxRetries: 0 });
  const a = anthropicText();
  const anthropic = new Anthropic({ apiKey: 'BENCH', fetch: stub(a.text), maxRetries: 0 });
  return [
    await compare(
      'OpenAI',
      700,
      o.text,
      o.args,
      () => assembleTurn('openai', o.text).calls[0]?.arguments_text,
      async () => {
        const r = await openai.responses.stream({ model: 'MODEL-BENCH', input: 'BENCH' }).finalResponse();
        const c = r.output.find((x) => x.type === 'function_call');
        return c?.type === 'function_call' ? c.arguments : undefined;
      },
      rounds,
    ),
    await compare(
      'Anthropic',
      350,
      a.text,
      a.args,
      () => assembleTurn('anthropic', a.text).calls[0]?.arguments_text,
      async () => {
        const m = await anthropic.messages
          .stream({ model: 'MODEL-BENCH', max_tokens: 1024, messages: [{ role: 'user', content: 'BENCH' }] })
          .finalMessage();
        const c = m.content.find((x) => x.type === 'tool_use');
        return c?.type === 'tool_use' ? JSON.stringify(c.input) : undefined;
      },
      rounds,
    ),
  ];
}
