/**
 * A turn session answers exactly what the plain function answers
 * (docs/contract.md#same-inputs-same-answer, #the-live-session).
 * `session.turnAt(n)` is held, deep and strict, to `assembleTurn` on the same
 * prefix, at every step of random walks (forward, backward, jumps) over every
 * fixture and random edits of them, with checkpoints close together so that
 * every fork is crossed. If one of these fails, a speed-up was bought with a
 * wrong answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assembleTurn, StreamTextRefusedError } from './assembleTurn.ts';
import { readTurnStream } from './turnStream.ts';
import { openTurnSession } from './turnSession.ts';
import { toSse } from '../../../test/support/turnSse.ts';
import { turnFixtures, type TurnFixture } from '../../../../../src/chapter/index.ts';

const SEED = 20260719;
type Provider = TurnFixture['provider'];

/** What the session must answer for the first n events. */
const plain = (provider: Provider, events: readonly unknown[], n: number) => assembleTurn(provider, events.slice(0, n));

/** An edit of a stream: events dropped, repeated, swapped, taken from another stream of the provider, or not events at all. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('repeat' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('borrow' as const), at: fc.nat(), from: fc.nat(), event: fc.nat() }),
  fc.record({
    kind: fc.constant('junk' as const),
    at: fc.nat(),
    value: fc.constantFrom<unknown>(
      null,
      42,
      'x',
      [],
      {},
      { type: 'ping' },
      { event_type: 'step.delta', index: 0 },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '}' } },
    ),
  }),
);
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function applyEdits(f: TurnFixture, edits: readonly Edit[]): unknown[] {
  const events = [...f.stream] as unknown[];
  const same = turnFixtures.filter((x) => x.provider === f.provider);
  for (const e of edits) {
    const at = events.length === 0 ? 0 : e.at % events.length;
    if (e.kind === 'drop') events.splice(at, 1);
    else if (e.kind === 'repeat' && events.length > 0) events.splice(at, 0, structuredClone(events[at]));
    else if (e.kind === 'swap' && events.length > 0) {
      const to = e.to % events.length;
      [events[at], events[to]] = [events[to], events[at]];
    } else if (e.kind === 'borrow') {
      const other = same[e.from % same.length] as TurnFixture;
      events.splice(at, 0, structuredClone(other.stream[e.event % other.stream.length]));
    } else if (e.kind === 'junk') events.splice(at, 0, structuredClone(e.value));
  }
  return events;
}

/** Where the learner goes: next and previous, jumps anywhere, start and end. */
const moves = fc.array(
  fc.oneof(
    fc.constant('next' as const),
    fc.constant('back' as const),
    fc.constant('start' as const),
    fc.constant('end' as const),
    fc.nat(),
  ),
  { minLength: 1, maxLength: 40 },
);

function walk(length: number, path: readonly (number | 'next' | 'back' | 'start' | 'end')[]): number[] {
  let at = length;
  return path.map((m) => {
    at =
      m === 'next'
        ? Math.min(length, at + 1)
        : m === 'back'
          ? Math.max(0, at - 1)
          : m === 'start'
            ? 0
            : m === 'end'
              ? length
              : m % (length + 1);
    return at;
  });
}

describe('a turn session answers as assembleTurn on the same prefix', () => {
  it('at every step of random walks over every fixture and random edits of it, whatever the checkpoint spacing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...turnFixtures),
        fc.array(edit, { maxLength: 4 }),
        fc.constantFrom(1, 2, 3, 5, undefined),
        moves,
        (f, edits, every, path) => {
          const events = applyEdits(f, edits);
          const session = openTurnSession(f.provider, events, { every });
          expect(session.length).toBe(events.length);
          for (const n of walk(events.length, path))
            expect(session.turnAt(n), `${f.id} @${n}`).toStrictEqual(plain(f.provider, events, n));
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('two sessions, a stream and its edit, interleaved: each answers for its own events', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...turnFixtures),
        fc.array(edit, { minLength: 1, maxLength: 3 }),
        moves,
        (f, edits, path) => {
          const before = [...f.stream];
          const after = applyEdits(f, edits);
          const a = openTurnSession(f.provider, before, { every: 2 });
          const b = openTurnSession(f.provider, after, { every: 2 });
          const wa = walk(before.length, path);
          const wb = walk(after.length, path);
          wa.forEach((n, i) => {
            expect(a.turnAt(n)).toStrictEqual(plain(f.provider, before, n));
            const m = wb[i] as number;
            expect(b.turnAt(m)).toStrictEqual(plain(f.provider, after, m));
          });
        },
      ),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('reads a stream as text too (SSE names included), and refuses text that is not JSON as assembleTurn does', () => {
    for (const f of turnFixtures) {
      const text = toSse(f);
      const read = readTurnStream(text);
      if (!read.ok) throw new Error(`${f.id} does not read`);
      const session = openTurnSession(f.provider, text, { every: 3 });
      for (const n of [read.events.length, 0, 2, 1, read.events.length - 1, 4]) {
        const k = Math.max(0, Math.min(read.events.length, n));
        expect(session.turnAt(k), `${f.id} @${k}`).toStrictEqual(
          assembleTurn(f.provider, { events: read.events.slice(0, k) }),
        );
      }
    }
    expect(() => openTurnSession('openai', 'data: {"type": }\n\n')).toThrow(StreamTextRefusedError);
    expect(() => openTurnSession('cohere' as Provider, [])).toThrow(TypeError);
  });

  it('gives each caller its own copy: changing an answer, or the list it was opened with, changes no later answer', () => {
    const f = turnFixtures.find((x) => x.id === 'openai.parallel_calls') as TurnFixture;
    const events = [...f.stream];
    const session = openTurnSession(f.provider, events, { every: 2 });
    const n = events.length;
    const first = session.turnAt(n);
    first.calls.splice(0, 1);
    (first.problems as unknown[]).push({ code: 'X' });
    (first.replay as unknown[]).length = 0;
    events.length = 1;
    expect(session.turnAt(n)).toStrictEqual(plain(f.provider, f.stream, n));
    expect(session.turnAt(n - 1)).toStrictEqual(plain(f.provider, f.stream, n - 1));
  });

  it('refuses a step outside the stream, and every step once closed', () => {
    const f = turnFixtures[0] as TurnFixture;
    const session = openTurnSession(f.provider, f.stream);
    expect(() => session.turnAt(-1)).toThrow(RangeError);
    expect(() => session.turnAt(f.stream.length + 1)).toThrow(RangeError);
    expect(() => session.turnAt(1.5)).toThrow(RangeError);
    expect(() => openTurnSession(f.provider, f.stream, { every: 0 })).toThrow(RangeError);
    session.close();
    expect(() => session.turnAt(0)).toThrow(/closed/);
  });
});
