/**
 * The SDK cross-check (docs/turn-contract.md#fixtures-and-the-sdk-cross-check). Every fixture is served as SSE bytes through
 * a stub `fetch` to the official SDKs' own stream helpers (openai
 * `responses.stream`, @anthropic-ai/sdk `messages.stream`, @google/genai
 * `interactions.create({stream: true})`). For a healthy fixture the calls the
 * SDK assembles equal the project's (genai has no accumulator: its SSE reader
 * must yield exactly the project's events). For a fault fixture the test pins
 * what the SDK does next to the project's refusal: the SDKs are more lenient
 * than this contract (docs/turn-contract.md#stream-problems). No request leaves the process: the
 * global fetch throws, and each client gets the stub.
 */
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assembleTurn } from '../src/core/turn/index.ts';
import { readTurnStream } from '../src/core/turn/index.ts';
import { toSse } from './support/turnSse.ts';
import { isHealthyFixture, turnFixtures, type TurnFixture } from '../../../src/chapter/index.ts';

const HOSTS = {
  openai: 'api.openai.com',
  anthropic: 'api.anthropic.com',
  gemini: 'generativelanguage.googleapis.com',
} as const;

/** A fetch that answers one request for the provider's own host with the SSE bytes, and refuses anything else. */
function stubFetch(provider: TurnFixture['provider'], sse: string) {
  let calls = 0;
  const fetch = async (input: unknown): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url);
    expect(url.hostname).toBe(HOSTS[provider]);
    calls++;
    if (calls > 1) throw new Error('the SDK asked a second time: nothing here answers that');
    return new Response(new TextEncoder().encode(sse), {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
    });
  };
  return fetch;
}

beforeAll(() => {
  vi.stubGlobal('fetch', () => {
    throw new Error('no network in the SDK cross-check');
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

type Outcome<T> = { ok: true; value: T } | { ok: false; error: Error };
async function settle<T>(p: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await p };
  } catch (e) {
    return { ok: false, error: e as Error };
  }
}

async function openaiFinal(f: TurnFixture) {
  const client = new OpenAI({ apiKey: 'sk-FIXTURE', fetch: stubFetch('openai', toSse(f)), maxRetries: 0 });
  return settle(client.responses.stream({ model: 'MODEL-FIXTURE', input: 'FIXTURE' }).finalResponse());
}
async function anthropicFinal(f: TurnFixture) {
  const client = new Anthropic({ apiKey: 'FIXTURE', fetch: stubFetch('anthropic', toSse(f)), maxRetries: 0 });
  return settle(
    client.messages
      .stream({ model: 'MODEL-FIXTURE', max_tokens: 1024, messages: [{ role: 'user', content: 'FIXTURE' }] })
      .finalMessage(),
  );
}
async function geminiEvents(sse: string): Promise<unknown[]> {
  const ai = new GoogleGenAI({ apiKey: 'FIXTURE', httpOptions: { fetch: stubFetch('gemini', sse) } });
  // A requires_continuation hop would make the SDK ask again; the stub answers once and the fixtures have none.
  const stream = await ai.interactions.create({ model: 'MODEL-FIXTURE', input: 'FIXTURE', stream: true });
  const events: unknown[] = [];
  for await (const e of stream) events.push(e);
  return events;
}

const openaiCalls = (output: readonly { type: string }[]) =>
  output
    .filter((o) => o.type === 'function_call')
    .map((o) => {
      const c = o as unknown as { call_id: string; name: string; arguments: string };
      return { call_id: c.call_id, name: c.name, arguments_text: c.arguments };
    });
const anthropicCalls = (content: readonly { type: string }[]) =>
  content
    .filter((b) => b.type === 'tool_use')
    .map((b) => {
      const c = b as unknown as { id: string; name: string; input: unknown };
      return { call_id: c.id, name: c.name, arguments: c.input };
    });

const healthy = turnFixtures.filter(isHealthyFixture);
const byId = (id: string) => turnFixtures.find((f) => f.id === id) as TurnFixture;

describe('healthy fixtures: the SDK assembles the same calls', () => {
  it.each(healthy.filter((f) => f.provider === 'openai').map((f) => [f.id, f] as const))(
    '%s through openai ResponseStream',
    async (_id, f) => {
      const r = await openaiFinal(f);
      if (!r.ok) throw r.error;
      expect(r.value.status).toBe('completed');
      const ours = assembleTurn('openai', toSse(f));
      expect(openaiCalls(r.value.output)).toEqual(
        ours.calls.map((c) => ({ call_id: c.call_id, name: c.name, arguments_text: c.arguments_text })),
      );
      expect(r.value.id).toBe(ours.response_id);
    },
  );
  it.each(
    healthy
      .filter((f) => f.provider === 'anthropic' && f.id !== 'anthropic.invalid_arguments')
      .map((f) => [f.id, f] as const),
  )('%s through @anthropic-ai/sdk MessageStream', async (_id, f) => {
    const r = await anthropicFinal(f);
    if (!r.ok) throw r.error;
    expect(r.value.stop_reason).toBe('tool_use');
    const ours = assembleTurn('anthropic', toSse(f));
    expect(anthropicCalls(r.value.content)).toEqual(
      ours.calls.map((c) => ({ call_id: c.call_id, name: c.name, arguments: c.arguments })),
    );
    // The replayed assistant content is the SDK's, but for what the API does not take back (caller, citations: null).
    expect(ours.replay.map((b) => (b as { type: string }).type)).toEqual(r.value.content.map((b) => b.type));
  });
  it.each(healthy.filter((f) => f.provider === 'gemini').map((f) => [f.id, f] as const))(
    "%s: the genai SSE reader yields exactly the project's events",
    async (_id, f) => {
      const sse = toSse(f);
      const ours = readTurnStream(sse);
      if (!ours.ok) throw new Error(ours.error.message);
      expect(await geminiEvents(sse)).toEqual(ours.events.map((e) => e.value));
    },
  );
});

describe('where the SDKs are more lenient than the contract (pinned)', () => {
  const problems = (f: TurnFixture) => assembleTurn(f.provider, toSse(f)).problems.map((p) => p.code);

  it('openai.truncated: the SDK resolves (status incomplete) with the cut-off arguments; here NOT_A_TOOL_TURN', async () => {
    const f = byId('openai.truncated');
    const r = await openaiFinal(f);
    expect(r.ok && [r.value.status, openaiCalls(r.value.output)[0]?.arguments_text]).toEqual([
      'incomplete',
      '{"order_ref":"ORD',
    ]);
    expect(problems(f)).toEqual(['NOT_A_TOOL_TURN']);
  });
  it('openai.stream_unterminated: the SDK resolves without a terminal event (status in_progress, arguments cut); here STREAM_UNTERMINATED', async () => {
    const f = byId('openai.stream_unterminated');
    const r = await openaiFinal(f);
    expect(r.ok && [r.value.status, openaiCalls(r.value.output)[0]?.arguments_text]).toEqual([
      'in_progress',
      '{"order_ref":"ORDER',
    ]);
    expect(problems(f)).toEqual(['STREAM_UNTERMINATED']);
  });
  it('openai.stream_order: a delta for another item is accepted silently; here STREAM_ORDER', async () => {
    const f = byId('openai.stream_order');
    const r = await openaiFinal(f);
    expect(r.ok && r.value.status).toBe('completed');
    expect(problems(f)).toEqual(['STREAM_ORDER']);
  });
  it('openai.arguments_disagree: .done says ORDER-8, the SDK resolves without a word (the last snapshot wins); here ARGUMENTS_DISAGREE', async () => {
    const f = byId('openai.arguments_disagree');
    const r = await openaiFinal(f);
    expect(r.ok && openaiCalls(r.value.output)).toEqual([
      { call_id: 'call_FIXTURE_oa10', name: 'get_order', arguments_text: '{"order_ref":"ORDER-7"}' },
    ]);
    expect(problems(f)).toEqual(['ARGUMENTS_DISAGREE']);
  });
  it('openai.duplicate_call_id: the SDK resolves with two calls of one call_id; here DUPLICATE_CALL_ID', async () => {
    const f = byId('openai.duplicate_call_id');
    const r = await openaiFinal(f);
    expect(r.ok && openaiCalls(r.value.output).map((c) => c.call_id)).toEqual([
      'call_FIXTURE_oa11',
      'call_FIXTURE_oa11',
    ]);
    expect(problems(f)).toEqual(['DUPLICATE_CALL_ID']);
  });
  it('openai.stream_error: the SDK rejects with the error event; here STREAM_ERROR (both refuse)', async () => {
    const f = byId('openai.stream_error');
    const r = await openaiFinal(f);
    expect(!r.ok && r.error.message).toMatch(/server had an error/);
    expect(problems(f)).toEqual(['STREAM_ERROR']);
  });
  it('openai: an unknown event type makes the SDK reject; here it is a note', async () => {
    const f = structuredClone(byId('openai.one_call'));
    f.stream.splice(2, 0, { type: 'response.future_event', sequence_number: 1.5 });
    f.stream.forEach((e, i) => {
      (e as { sequence_number: number }).sequence_number = i;
    });
    const r = await openaiFinal(f);
    expect(!r.ok && r.error.message).toMatch(/response\.future_event/);
    const t = assembleTurn('openai', f.stream);
    expect(t.problems).toEqual([]);
    expect(t.notes.map((n) => n.params)).toContainEqual({ kind: 'unknown_event', type: 'response.future_event' });
  });

  it('anthropic.truncated: the SDK resolves (max_tokens) and its partial parser turns {"order_ref":"ORD into {}; here NOT_A_TOOL_TURN and no parse', async () => {
    const f = byId('anthropic.truncated');
    const r = await anthropicFinal(f);
    expect(r.ok && [r.value.stop_reason, anthropicCalls(r.value.content)[0]?.arguments]).toEqual(['max_tokens', {}]);
    expect(problems(f)).toEqual(['NOT_A_TOOL_TURN']);
    expect(assembleTurn('anthropic', f.stream).calls[0]?.arguments).toBeNull();
  });
  it('anthropic.invalid_arguments: the SDK rejects the whole message; here the turn is healthy and the gate answers INVALID_ARGUMENTS', async () => {
    const f = byId('anthropic.invalid_arguments');
    const r = await anthropicFinal(f);
    expect(!r.ok && r.error.message).toMatch(/JSON/);
    expect(problems(f)).toEqual([]);
  });
  it('anthropic.stream_order: an input_json_delta into a text block is dropped silently; here STREAM_ORDER', async () => {
    const f = byId('anthropic.stream_order');
    const r = await anthropicFinal(f);
    expect(r.ok && anthropicCalls(r.value.content)).toEqual([
      { call_id: 'toolu_FIXTURE_an10', name: 'get_order', arguments: { order_ref: 'ORDER-7' } },
    ]);
    expect(problems(f)).toEqual(['STREAM_ORDER']);
  });
  it('anthropic.duplicate_call_id: the SDK resolves with two tool_use blocks of one id; here DUPLICATE_CALL_ID', async () => {
    const f = byId('anthropic.duplicate_call_id');
    const r = await anthropicFinal(f);
    expect(r.ok && anthropicCalls(r.value.content).map((c) => c.call_id)).toEqual([
      'toolu_FIXTURE_an11',
      'toolu_FIXTURE_an11',
    ]);
    expect(problems(f)).toEqual(['DUPLICATE_CALL_ID']);
  });
  it('anthropic.stream_unterminated and anthropic.stream_error: the SDK rejects too', async () => {
    const u = await anthropicFinal(byId('anthropic.stream_unterminated'));
    expect(!u.ok && u.error.message).toMatch(/stream ended without producing a Message/);
    const e = await anthropicFinal(byId('anthropic.stream_error'));
    expect(!e.ok && e.error.message).toMatch(/overloaded_error/);
    expect([problems(byId('anthropic.stream_unterminated')), problems(byId('anthropic.stream_error'))]).toEqual([
      ['STREAM_UNTERMINATED'],
      ['STREAM_ERROR'],
    ]);
  });

  it.each(turnFixtures.filter((f) => f.provider === 'gemini' && !isHealthyFixture(f)).map((f) => [f.id, f] as const))(
    '%s: the genai reader yields every event, error events included, without throwing; here the turn is refused',
    async (_id, f) => {
      expect(await geminiEvents(toSse(f))).toEqual(f.stream);
      expect(problems(f)).toEqual(f.expect.problems);
    },
  );
  it('gemini: an SSE data line that is not JSON is yielded as a raw string by the SDK; here it is bad input with line and column', async () => {
    const f = byId('gemini.one_call');
    const sse = toSse(f).replace(
      'data: {"event_type":"step.stop","index":0}',
      'data: {"event_type":"step.stop","index":0',
    );
    const events = await geminiEvents(sse);
    expect(events).toContain('{"event_type":"step.stop","index":0');
    expect(readTurnStream(sse)).toMatchObject({
      ok: false,
      error: { code: 'SYNTAX', line: expect.any(Number), column: expect.any(Number) },
    });
  });
});
