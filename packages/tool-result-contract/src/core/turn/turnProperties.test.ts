/** Property tests for the turn (docs/turn-contract.md; fast-check, fixed seed so CI is repeatable). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assembleTurn, createTurnAssembler } from './assembleTurn.ts';
import { runTurn } from './runTurn.ts';
import { readTurnStream } from './turnStream.ts';
import { toSse } from '../../../test/support/turnSse.ts';
import { isHealthyFixture, turnFixtures, type TurnFixture, chapterTools } from '../../../../../src/chapter/index.ts';

const SEED = 20260719;
const healthy = turnFixtures.filter(isHealthyFixture);
type Ev = Record<string, unknown>;

/** Test-side knowledge of each provider's shapes (docs/turn-contract.md#assembling-a-streamed-turn), independent of the assemblers. */
const typeOf = (p: TurnFixture['provider'], e: Ev) => String(e[p === 'gemini' ? 'event_type' : 'type']);
const isFragment = (p: TurnFixture['provider'], e: Ev) => {
  const t = typeOf(p, e);
  const d = e.delta as Ev | undefined;
  if (p === 'openai') return t === 'response.function_call_arguments.delta';
  if (p === 'anthropic') return t === 'content_block_delta' && d?.type === 'input_json_delta';
  return t === 'step.delta' && d?.type === 'arguments_delta';
};
const fragmentKey = (p: TurnFixture['provider'], e: Ev) => (p === 'openai' ? e.output_index : e.index);
const fragmentOf = (p: TurnFixture['provider'], e: Ev) =>
  String(p === 'openai' ? e.delta : p === 'anthropic' ? (e.delta as Ev).partial_json : (e.delta as Ev).arguments);
function withFragment(p: TurnFixture['provider'], template: Ev, text: string): Ev {
  const e = structuredClone(template);
  if (p === 'openai') e.delta = text;
  else if (p === 'anthropic') (e.delta as Ev).partial_json = text;
  else (e.delta as Ev).arguments = text;
  return e;
}
const renumber = (p: TurnFixture['provider'], events: Ev[]) => {
  if (p === 'openai')
    events.forEach((e, i) => {
      e.sequence_number = i;
    });
  return events;
};
const withoutAt = (calls: { at: number[] }[]) => calls.map(({ at: _at, ...rest }) => rest);

/** The stream with the fragments of call `key` replaced by `pieces`, at the place of its first fragment. */
function refragment(f: TurnFixture, key: unknown, pieces: string[]): Ev[] {
  const events = structuredClone(f.stream) as Ev[];
  const first = events.findIndex((e) => isFragment(f.provider, e) && fragmentKey(f.provider, e) === key);
  const template = events[first] as Ev;
  const kept = events.filter((e) => !(isFragment(f.provider, e) && fragmentKey(f.provider, e) === key));
  kept.splice(first, 0, ...pieces.map((t) => withFragment(f.provider, template, t)));
  return renumber(f.provider, kept);
}

/** A text cut at the given positions (any number, repeated or out of range), empty pieces included. */
function splitAt(text: string, points: number[]): string[] {
  const bounds = [...new Set(points.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const b of bounds) {
    out.push(text.slice(from, b));
    from = b;
  }
  out.push(text.slice(from));
  return out;
}

describe('any split of the same arguments into fragments gives the same calls', () => {
  const cases = healthy.flatMap((f) => {
    const keys = [
      ...new Set((f.stream as Ev[]).filter((e) => isFragment(f.provider, e)).map((e) => fragmentKey(f.provider, e))),
    ];
    return keys.map((key) => ({ f, key }));
  });
  it(`over ${cases.length} calls of the healthy fixtures`, () => {
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.array(fc.nat(), { maxLength: 12 }), ({ f, key }, points) => {
        const base = assembleTurn(f.provider, f.stream);
        const text = (f.stream as Ev[])
          .filter((e) => isFragment(f.provider, e) && fragmentKey(f.provider, e) === key)
          .map((e) => fragmentOf(f.provider, e))
          .join('');
        // Empty pieces included: a leading empty partial_json is what Anthropic really sends.
        const turn = assembleTurn(f.provider, refragment(f, key, splitAt(text, points)));
        expect(turn.problems).toEqual([]);
        expect(withoutAt(turn.calls)).toEqual(withoutAt(base.calls));
        expect(turn.replay).toEqual(base.replay);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

/**
 * The provider's order, as an oracle of its own: the first event first, the
 * terminal event(s) last, and for each call, block or step its start before
 * its fragments before its close; OpenAI's sequence_number increasing.
 */
function breaksOrder(f: TurnFixture, events: Ev[]): boolean {
  const p = f.provider;
  if (p === 'openai')
    return events.some(
      (e, i) => i > 0 && (e.sequence_number as number) <= ((events[i - 1] as Ev).sequence_number as number),
    );
  const first = typeOf(p, f.stream[0] as Ev);
  if (typeOf(p, events[0] as Ev) !== first) return true;
  const endTypes = p === 'anthropic' ? ['message_delta', 'message_stop'] : ['interaction.completed'];
  const tail = events.slice(-endTypes.length).map((e) => typeOf(p, e));
  if (JSON.stringify(tail) !== JSON.stringify(endTypes)) return true;
  const phase: Record<string, number> =
    p === 'anthropic'
      ? { content_block_start: 0, content_block_delta: 1, content_block_stop: 2 }
      : { 'step.start': 0, 'step.delta': 1, 'step.stop': 2 };
  const last = new Map<unknown, number>();
  for (const e of events) {
    const ph = phase[typeOf(p, e)];
    if (ph === undefined) continue;
    if ((last.get(e.index) ?? -1) > ph) return true;
    last.set(e.index, ph);
  }
  return false;
}

describe("any reordering that breaks the provider's order is STREAM_ORDER", () => {
  it('moving one event of a healthy stream elsewhere', () => {
    let broken = 0;
    fc.assert(
      fc.property(fc.constantFrom(...healthy), fc.nat(), fc.nat(), (f, a, b) => {
        const events = structuredClone(f.stream) as Ev[];
        const from = a % events.length;
        const to = b % events.length;
        fc.pre(from !== to);
        const [moved] = events.splice(from, 1);
        events.splice(to, 0, moved as Ev);
        fc.pre(breaksOrder(f, events));
        broken++;
        expect(assembleTurn(f.provider, events).problems.map((x) => x.code)).toContain('STREAM_ORDER');
      }),
      { seed: SEED, numRuns: 600 },
    );
    expect(broken).toBeGreaterThan(200);
  });
});

describe('any cut of a healthy stream before its terminal event is STREAM_UNTERMINATED or a refusal, never an executed call', () => {
  it.each(healthy.map((f) => [f.id, f] as const))('%s, at every event', (_id, f) => {
    const terminal = assembleTurn(f.provider, f.stream).terminal?.at as number;
    for (let k = 0; k <= terminal; k++) {
      const r = runTurn(f.provider, f.stream.slice(0, k), f.turn_context, f.handlers, chapterTools);
      expect(r.problems.map((p) => p.code)).toContain('STREAM_UNTERMINATED');
      expect(r.continuation).toBeNull();
      for (const c of r.calls) expect([c.gate, c.package]).toEqual([null, null]);
    }
  });
  it('at any character of its SSE text: bad input or a refusal, never a package', () => {
    fc.assert(
      fc.property(fc.constantFrom(...healthy), fc.nat(), (f, n) => {
        const sse = toSse(f);
        const lastData = sse.lastIndexOf(f.provider === 'anthropic' ? 'data: {"type":"message_stop"}' : 'event: done');
        const text = sse.slice(0, n % lastData);
        const read = readTurnStream(text);
        if (!read.ok) return; // a cut inside a data line: bad input, with its line and column
        const r = runTurn(f.provider, { events: read.events }, f.turn_context, f.handlers, chapterTools);
        expect(r.problems.length).toBeGreaterThan(0);
        expect(r.calls.every((c) => c.package === null)).toBe(true);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('incremental assembly answers as whole-stream assembly', () => {
  it.each(turnFixtures.map((f) => [f.id, f] as const))('%s, after every event', (_id, f) => {
    const a = createTurnAssembler(f.provider);
    expect(a.turn()).toEqual(assembleTurn(f.provider, []));
    f.stream.forEach((e, i) => {
      a.push(e);
      expect(a.turn()).toEqual(assembleTurn(f.provider, f.stream.slice(0, i + 1)));
    });
  });
  it('over generated streams of fixture events and junk, never throwing', () => {
    const junk = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.record({ type: fc.string() }),
      fc.record({ event_type: fc.string(), index: fc.integer() }),
    );
    const pool = (p: TurnFixture['provider']) => turnFixtures.filter((f) => f.provider === p).flatMap((f) => f.stream);
    fc.assert(
      fc.property(
        fc.constantFrom('openai', 'anthropic', 'gemini' as const),
        fc.array(
          fc.oneof(
            fc.nat(),
            junk.map((j) => ({ j })),
          ),
          { maxLength: 40 },
        ),
        (p, picks) => {
          const events = picks.map((x) => (typeof x === 'number' ? structuredClone(pool(p)[x % pool(p).length]) : x.j));
          const a = createTurnAssembler(p);
          for (const e of events) a.push(e);
          expect(a.turn()).toEqual(assembleTurn(p, events));
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('stream text: bad input is a located refusal or a turn, never a crash', () => {
  it("any text, and any edit of a fixture's SSE text", () => {
    const edited = fc
      .tuple(fc.constantFrom(...turnFixtures), fc.nat(), fc.nat({ max: 40 }), fc.string({ maxLength: 8 }))
      .map(([f, at, del, ins]) => {
        const sse = toSse(f);
        const i = at % (sse.length + 1);
        return { provider: f.provider, text: sse.slice(0, i) + ins + sse.slice(i + del) };
      });
    const anyText = fc
      .tuple(fc.constantFrom('openai', 'anthropic', 'gemini' as const), fc.string({ unit: 'binary', maxLength: 200 }))
      .map(([provider, text]) => ({ provider, text }));
    fc.assert(
      fc.property(fc.oneof(edited, anyText), ({ provider, text }) => {
        const read = readTurnStream(text);
        if (!read.ok) {
          expect(read.error.line).toBeGreaterThanOrEqual(1);
          expect(read.error.column).toBeGreaterThanOrEqual(1);
          return;
        }
        const turn = assembleTurn(provider, { events: read.events });
        expect(Array.isArray(turn.problems)).toBe(true);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});
