/**
 * docs/turn-contract.md#fixtures-and-the-sdk-cross-check and #what-providers-really-send: every recorded stream also through the SDK's own stream
 * helper, as SSE bytes through a stub fetch (openai `responses.stream`,
 * @anthropic-ai/sdk `messages.stream`, the @google/genai SSE reader). For a
 * healthy recording the calls the SDK assembles are the calls expected of the
 * project (test/recordings.test.ts holds the project to the same list); every
 * place where the SDK does otherwise is pinned below with its reason, and so
 * is what the SDK does with each recording the contract refuses.
 */
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findRecording, recordings, type Recording } from '../../../src/chapter/recordings/index.ts';
import { readTurnStream } from '../src/core/turn/index.ts';
import { recordingSse } from './support/recordings.ts';

const HOSTS = {
  openai: 'api.openai.com',
  anthropic: 'api.anthropic.com',
  gemini: 'generativelanguage.googleapis.com',
} as const;

function stubFetch(r: Recording) {
  let calls = 0;
  return async (input: unknown): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url);
    expect(url.hostname).toBe(HOSTS[r.provider]);
    if (++calls > 1) throw new Error('the SDK asked a second time: nothing here answers that');
    return new Response(new TextEncoder().encode(recordingSse(r)), {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
    });
  };
}

beforeAll(() => {
  vi.stubGlobal('fetch', () => {
    throw new Error('no network in the SDK cross-check');
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

type Calls = { call_id: string; name: string; arguments: unknown }[];
type SdkOutcome = { ok: true; end: string | null; calls: Calls } | { ok: false; error: string };

/** What the SDK's helper makes of a recording: its end state and its calls, or the error it rejects with. */
async function sdkOutcome(r: Recording): Promise<SdkOutcome> {
  try {
    if (r.provider === 'openai') {
      const client = new OpenAI({ apiKey: 'sk-RECORDING', fetch: stubFetch(r), maxRetries: 0 });
      const res = await client.responses.stream({ model: 'MODEL-RECORDING', input: 'RECORDING' }).finalResponse();
      const calls = res.output
        .filter((o) => o.type === 'function_call')
        .map((c) => ({ call_id: c.call_id, name: c.name, arguments: JSON.parse(c.arguments) as unknown }));
      return { ok: true, end: res.status ?? null, calls };
    }
    if (r.provider === 'anthropic') {
      const client = new Anthropic({ apiKey: 'RECORDING', fetch: stubFetch(r), maxRetries: 0 });
      const m = await client.messages
        .stream({ model: 'MODEL-RECORDING', max_tokens: 1024, messages: [{ role: 'user', content: 'RECORDING' }] })
        .finalMessage();
      const calls = m.content
        .filter((b) => b.type === 'tool_use')
        .map((b) => ({ call_id: b.id, name: b.name, arguments: b.input }));
      return { ok: true, end: m.stop_reason, calls };
    }
    return { ok: true, end: null, calls: [] };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

async function geminiEvents(r: Recording): Promise<unknown[]> {
  const ai = new GoogleGenAI({ apiKey: 'RECORDING', httpOptions: { fetch: stubFetch(r) } });
  const stream = await ai.interactions.create({ model: 'MODEL-RECORDING', input: 'RECORDING', stream: true });
  const events: unknown[] = [];
  for await (const e of stream) events.push(e);
  return events;
}

const END_WHEN_EXPECTED = {
  openai: { continued: 'completed', final_answer: 'completed' },
  anthropic: { continued: 'tool_use', final_answer: 'end_turn' },
} as const;

/**
 * Where the SDK's helper does not assemble what the contract expects of a
 * healthy recording: the SDK's own outcome, and why.
 */
const HEALTHY_DIFFERENCES: Readonly<Record<string, { sdk: SdkOutcome; why: string }>> = {
  'anthropic.rec_official_sdk_tool_use': {
    sdk: { ok: false, error: 'stream ended without producing a Message with role=assistant' },
    why: 'the fixture file ends without the blank line that dispatches its last event; the SDK’s SSE decoder follows WHATWG and drops the pending message_stop, then rejects; the project’s reader takes the end of the text as the end of the stream, dispatches it, and assembles the call',
  },
  'anthropic.rec_pause_turn': {
    sdk: { ok: true, end: 'pause_turn', calls: [] },
    why: 'pause_turn is an end of its own (the contract resumes it with the content as it came); the SDK only reports it',
  },
};

const healthy = recordings.filter((r) => r.expect.problems.length === 0);

describe('healthy recordings: the SDK helper assembles the expected calls', () => {
  it.each(healthy.filter((r) => r.provider !== 'gemini').map((r) => [r.id, r] as const))('%s', async (_id, r) => {
    const got = await sdkOutcome(r);
    const pinned = HEALTHY_DIFFERENCES[r.id];
    if (pinned !== undefined) {
      if (pinned.sdk.ok === false) expect(got.ok === false && got.error).toContain(pinned.sdk.error);
      else expect(got).toEqual(pinned.sdk);
      return;
    }
    const end =
      r.expect.end === 'continued' || r.expect.end === 'final_answer'
        ? END_WHEN_EXPECTED[r.provider as 'openai' | 'anthropic'][r.expect.end]
        : null;
    expect(got).toEqual({ ok: true, end, calls: r.expect.calls });
  });
  it.each(healthy.filter((r) => r.provider === 'gemini').map((r) => [r.id, r] as const))(
    "%s: the genai SSE reader yields exactly the project's events",
    async (_id, r) => {
      const ours = readTurnStream(recordingSse(r));
      if (!ours.ok) throw new Error(ours.error.message);
      expect(await geminiEvents(r)).toEqual(ours.events.map((e) => e.value));
    },
  );
});

describe('a file that ends without its last blank line', () => {
  it('anthropic.rec_official_sdk_tool_use: with the blank line the SDK’s decoder needs, the SDK assembles the expected call', async () => {
    const r = findRecording('anthropic.rec_official_sdk_tool_use') as Recording;
    const client = new Anthropic({
      apiKey: 'RECORDING',
      maxRetries: 0,
      fetch: async () =>
        new Response(new TextEncoder().encode(`${recordingSse(r)}\n\n`), {
          status: 200,
          headers: { 'content-type': 'text/event-stream' },
        }),
    });
    const m = await client.messages
      .stream({ model: 'MODEL-RECORDING', max_tokens: 1024, messages: [{ role: 'user', content: 'RECORDING' }] })
      .finalMessage();
    expect(
      m.content.filter((b) => b.type === 'tool_use').map((b) => ({ call_id: b.id, name: b.name, arguments: b.input })),
    ).toEqual(r.expect.calls);
  });
});

/** What the SDK's helper does with each recording the contract refuses, and why they differ. */
const REFUSED: Readonly<Record<string, { sdk: SdkOutcome; why: string }>> = {
  'openai.rec_local_shell_call': {
    sdk: { ok: true, end: 'completed', calls: [] },
    why: 'the SDK resolves: a local_shell_call is just an output item to it; here UNSUPPORTED_CALL, since nothing in the registry can run it and a next request without its output is refused by the API',
  },
  'openai.rec_client_tool_search': {
    sdk: { ok: true, end: 'completed', calls: [] },
    why: 'the SDK resolves: a tool_search_call with execution "client" is an output item to it; here UNSUPPORTED_CALL',
  },
  'openai.rec_mcp_approval_request': {
    sdk: { ok: true, end: 'completed', calls: [] },
    why: "the SDK resolves; the request waits for the client's approval, which the dispatcher cannot give: UNSUPPORTED_CALL",
  },
  'openai.rec_shell_call': {
    sdk: { ok: false, error: 'Unhandled response stream event: {"type":"response.shell_call_command.added"' },
    why: 'the SDK rejects an event type it does not know; here that event is a note and the shell_call is UNSUPPORTED_CALL',
  },
  'openai.rec_apply_patch_call': {
    sdk: {
      ok: false,
      error: 'Unhandled response stream event: {"type":"response.apply_patch_call_operation_diff.delta"',
    },
    why: 'the SDK rejects an event type it does not know; here that event is a note and the apply_patch_call is UNSUPPORTED_CALL',
  },
  'openai.rec_error_then_failed': {
    sdk: { ok: false, error: 'You exceeded your current quota' },
    why: 'both refuse: the SDK throws the error event, here one STREAM_ERROR that reads the nested error.code',
  },
  'anthropic.rec_max_tokens_in_arguments': {
    sdk: { ok: false, error: 'stream ended without producing a Message with role=assistant' },
    why: 'the SDK’s SSE decoder drops the pending message_stop at the end of the file (no final blank line) and rejects; given that event, it would resolve with stop_reason max_tokens and a partial parse of the cut arguments (anthropic.truncated shows it); here NOT_A_TOOL_TURN, nothing runs',
  },
  'openai.rec_resumed_starting_after': {
    sdk: { ok: false, error: "expected 'response.created' event, got response.queued" },
    why: 'both refuse a stream that does not begin with response.created: the SDK throws, here STREAM_ORDER',
  },
};

describe('recordings the contract refuses: what the SDK helper does (pinned)', () => {
  it.each(recordings.filter((r) => r.expect.problems.length > 0).map((r) => [r.id, r] as const))(
    '%s',
    async (id, r) => {
      const pinned = REFUSED[id];
      expect(pinned, `pin what the SDK does with ${id}`).toBeDefined();
      const got = await sdkOutcome(r);
      if (pinned?.sdk.ok === false) expect(got.ok === false && got.error).toContain(pinned.sdk.error);
      else expect(got).toEqual(pinned?.sdk);
      expect(findRecording(id)?.expect.exit).toBe(1);
    },
  );
});
