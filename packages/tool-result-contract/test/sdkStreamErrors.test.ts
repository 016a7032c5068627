/**
 * A stream that fails, read through the official SDKs' own iterators over
 * HTTP on 127.0.0.1 (docs/turn.md#shapes, `fail`). The SDKs do not yield
 * every failure as an event: @anthropic-ai/sdk throws on `event: error`,
 * openai throws on an event that carries an `error` member (as recorded
 * streams nest it), and every SDK throws when the connection drops. What
 * the iterator threw, handed to the assembler's `fail`, must read as the
 * failure it is, STREAM_ERROR, the same as the stream file read whole; the
 * loop that forgets it gets STREAM_UNTERMINATED, which these tests show too.
 */
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { findRecording } from '../../../src/chapter/recordings/index.ts';
import { assembleTurn, createTurnAssembler, type AssembledTurn, type TurnProblem } from '../src/core/turn/index.ts';
import type { ProviderName } from '../src/core/tables/index.ts';
import { recordingSse } from './support/recordings.ts';
import { serveSse, type SseServer } from './support/sseServer.ts';
import { toSse } from './support/turnSse.ts';
import { findTurnFixture } from '../../../src/chapter/index.ts';

let server: SseServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** The SDK's raw event iterator for one streamed request to `url`. */
async function sdkStream(provider: ProviderName, url: string): Promise<AsyncIterable<unknown>> {
  switch (provider) {
    case 'openai':
      return new OpenAI({ apiKey: 'sk-LOCAL', baseURL: `${url}/v1`, maxRetries: 0 }).responses.create({
        model: 'MODEL-LOCAL',
        input: 'LOCAL',
        stream: true,
      });
    case 'anthropic':
      return new Anthropic({ apiKey: 'LOCAL', baseURL: url, maxRetries: 0 }).messages.create({
        model: 'MODEL-LOCAL',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'LOCAL' }],
        stream: true,
      });
    case 'gemini':
      return new GoogleGenAI({ apiKey: 'LOCAL', httpOptions: { baseUrl: url } }).interactions.create({
        model: 'MODEL-LOCAL',
        input: 'LOCAL',
        stream: true,
      });
  }
}

/** The engineer's loop: every event pushed, a throw handed over (or, with `handOver: false`, forgotten). */
async function readThroughSdk(provider: ProviderName, sse: string, opts: { drop?: boolean; handOver?: boolean } = {}) {
  server = await serveSse(sse, { drop: opts.drop });
  const a = createTurnAssembler(provider);
  let pushed = 0;
  let thrown: unknown = null;
  try {
    for await (const event of await sdkStream(provider, server.url)) {
      a.push(event);
      pushed++;
    }
  } catch (e) {
    thrown = e;
    if (opts.handOver !== false) a.fail(e);
  }
  return { turn: a.turn(), pushed, thrown };
}

const codes = (t: AssembledTurn) => t.problems.map((p) => p.code);
const withoutAt = ({ at: _at, ...p }: TurnProblem) => p;

describe('an error event the SDK throws instead of yielding', () => {
  const cases = [
    {
      name: 'openai: the recorded error event, its code nested under `error`',
      provider: 'openai' as const,
      sse: recordingSse(findRecording('openai.rec_error_then_failed') as NonNullable<ReturnType<typeof findRecording>>),
      sdkError: OpenAI.APIError,
      code: 'insufficient_quota',
    },
    {
      name: 'anthropic: `event: error` inside a tool_use block',
      provider: 'anthropic' as const,
      sse: toSse(findTurnFixture('anthropic.stream_error') as NonNullable<ReturnType<typeof findTurnFixture>>),
      sdkError: Anthropic.APIError,
      code: 'overloaded_error',
    },
  ];
  for (const c of cases) {
    it(`${c.name}: handed to fail, it is STREAM_ERROR, with the code and message the file read whole gives`, async () => {
      const { turn, pushed, thrown } = await readThroughSdk(c.provider, c.sse);
      expect(thrown).toBeInstanceOf(c.sdkError);
      const whole = assembleTurn(c.provider, c.sse);
      expect(codes(whole)).toEqual(['STREAM_ERROR']);
      expect(codes(turn)).toEqual(['STREAM_ERROR']);
      expect(turn.problems.map(withoutAt)).toEqual(whole.problems.map(withoutAt));
      expect(turn.problems[0]?.params).toMatchObject({ kind: 'failed', code: c.code });
      // After the last event the SDK yielded: the event it threw at never reached the assembler.
      expect(turn.problems[0]?.at).toBe(pushed);
      expect(turn.terminal).toEqual({
        type: 'error',
        kind: 'failed',
        status: c.code,
        reason: null,
        tool_turn: false,
        at: pushed,
      });
      expect(turn.response_id).toBe(whole.response_id);
    });

    it(`${c.name}: a loop that forgets the throw reads an unterminated stream instead`, async () => {
      const { turn } = await readThroughSdk(c.provider, c.sse, { handOver: false });
      expect(codes(turn)).toEqual(['STREAM_UNTERMINATED']);
    });
  }
});

describe('an error event the SDK yields', () => {
  for (const id of ['openai.stream_error', 'gemini.stream_error'] as const) {
    it(`${id}: pushed like any event, it is STREAM_ERROR without a throw`, async () => {
      const f = findTurnFixture(id) as NonNullable<ReturnType<typeof findTurnFixture>>;
      const { turn, pushed, thrown } = await readThroughSdk(f.provider, toSse(f));
      expect(thrown).toBeNull();
      expect(pushed).toBe(f.stream.length);
      expect(turn.problems).toEqual(assembleTurn(f.provider, f.stream).problems);
      expect(codes(turn)).toEqual(['STREAM_ERROR']);
    });
  }
});

describe('a connection that drops mid-stream', () => {
  for (const provider of ['openai', 'anthropic', 'gemini'] as const) {
    it(`${provider}: the SDK throws; handed to fail, the turn is STREAM_ERROR and nothing of it runs`, async () => {
      const f = findTurnFixture(`${provider}.one_call`) as NonNullable<ReturnType<typeof findTurnFixture>>;
      // The first half of a healthy turn: its call opened, its arguments not finished.
      const half = toSse({ provider, stream: f.stream.slice(0, Math.ceil(f.stream.length / 2)) }).replace(
        /event: done\ndata: \[DONE\]\n\n$/,
        '',
      );
      const { turn, thrown } = await readThroughSdk(provider, half, { drop: true });
      expect(thrown).toBeInstanceOf(Error);
      expect(codes(turn)).toEqual(['STREAM_ERROR']);
      expect(turn.terminal?.kind).toBe('failed');
      expect(turn.problems[0]?.params).toMatchObject({ kind: 'failed', message: (thrown as Error).message });
    });
  }
});

describe('fail, on its own', () => {
  it('after a failure already read is the same failure: nothing added; after a healthy end it is one event too many', () => {
    const f = findTurnFixture('anthropic.stream_error') as NonNullable<ReturnType<typeof findTurnFixture>>;
    const a = createTurnAssembler('anthropic');
    for (const e of f.stream) a.push(e);
    a.fail(new Error('the SDK threw at the same event'));
    expect(a.turn().problems).toEqual(assembleTurn('anthropic', f.stream).problems);

    const ok = findTurnFixture('anthropic.one_call') as NonNullable<ReturnType<typeof findTurnFixture>>;
    const b = createTurnAssembler('anthropic');
    for (const e of ok.stream) b.push(e);
    b.fail(new Error('late'));
    b.fail(new Error('later'));
    expect(b.turn().problems.map((p) => [p.code, p.params.kind, p.at])).toEqual([
      ['STREAM_ORDER', 'after_terminal', ok.stream.length],
    ]);
  });

  it('reads only string members of what was thrown, and survives a getter that throws', () => {
    const hostile = Object.defineProperty({}, 'message', {
      get() {
        throw new Error('no');
      },
    });
    for (const thrown of [hostile, 'a string', 42, null, undefined, { code: 7, type: 'rate_limit_error' }]) {
      const a = createTurnAssembler('gemini');
      a.push({ event_type: 'interaction.created', interaction: { id: 'v1_LOCAL', status: 'in_progress' } });
      a.fail(thrown);
      const t = a.turn();
      expect(codes(t)).toEqual(['STREAM_ERROR']);
      expect(t.problems[0]?.at).toBe(1);
    }
    const s = createTurnAssembler('openai');
    s.fail({ code: 7, type: 'rate_limit_error', message: 'slow down' });
    expect(s.turn().problems[0]?.params).toMatchObject({ code: 'rate_limit_error', message: 'slow down' });
    // Events pushed after the failure stand after it, numbered on from the last event read.
    s.push({ type: 'response.created', response: { id: 'resp_late' } });
    expect(s.turn().problems.map((p) => [p.code, p.at])).toEqual([
      ['STREAM_ERROR', 0],
      ['STREAM_ORDER', 0],
    ]);
  });
});
