import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assembleTurn, createTurnAssembler } from '#lib/core/turn/index.ts';
import type { ProviderName } from '#lib/core/tables/index.ts';
import type { AssembledTurn } from '#lib/core/turn/index.ts';
import { applyFault, faultsFor } from './faults.ts';
import { openStepSession, overviewStream, stepAt } from './stepThrough.ts';
import { bigStream } from '../../../bench/bigStream.ts';
import { turnFixtures } from '../../chapter/index.ts';

const fixture = (id: string) => {
  const f = turnFixtures.find((x) => x.id === id);
  if (f === undefined) throw new Error(id);
  return f;
};

/** The fixture's stream as SSE text, the layout a provider sends. */
const sse = (stream: readonly unknown[]): string =>
  stream.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('') + 'data: [DONE]\n\n';

/** The definition the cheap marks must agree with: an incremental assembler fed one event at a time, a snapshot after each. */
function snapshots(provider: ProviderName, events: readonly unknown[]): AssembledTurn[] {
  const a = createTurnAssembler(provider);
  return events.map((e) => {
    a.push(e);
    return a.turn();
  });
}

function holdsToTheDefinition(provider: ProviderName, events: readonly unknown[], label: string): void {
  const o = overviewStream(provider, events);
  expect(o.ok, label).toBe(true);
  if (!o.ok) return;
  const snaps = snapshots(provider, events);
  expect(o.final, label).toEqual(assembleTurn(provider, events));
  expect(o.marks).toHaveLength(events.length);
  snaps.forEach((turn, i) => {
    const prev = i === 0 ? null : (snaps[i - 1] as AssembledTurn);
    const s = stepAt(provider, o, i);
    expect(s.turn, `${label} @${i}`).toEqual(turn);
    expect(s.event.index).toBe(i);
    expect(s.event.raw).toEqual(events[i]);
    for (const c of s.calls) expect(c.before + c.added).toBe(turn.calls[c.position]?.arguments_text);
    // What the list shows, known without a snapshot per event, is what the snapshots say.
    const m = o.marks[i];
    expect(m?.call_ids_new, `${label} @${i} calls`).toEqual(
      turn.calls.slice(prev?.calls.length ?? 0).map((c) => c.call_id),
    );
    expect(m?.problems_new, `${label} @${i} problems`).toEqual(turn.problems.filter((p) => p.at === i));
    expect(m?.terminal_here ?? null, `${label} @${i} terminal`).toEqual(turn.terminal?.at === i ? turn.terminal : null);
    expect(m?.response_id_new, `${label} @${i} response id`).toBe(
      turn.response_id !== null && turn.response_id !== (prev?.response_id ?? null),
    );
    expect(s.call_ids_new).toEqual(m?.call_ids_new);
    expect(s.problems_new).toEqual(m?.problems_new);
  });
}

describe('overviewStream and stepAt: the same as feeding the assembler one event at a time', () => {
  it.each(turnFixtures.map((f) => [f.id, f] as const))('%s', (_id, f) => {
    holdsToTheDefinition(f.provider, f.stream, f.id);
  });
  it('every faulted healthy fixture too', () => {
    for (const f of turnFixtures.filter((x) => x.expect.problems.length === 0)) {
      for (const sw of faultsFor(f.provider)) {
        const r = applyFault(sw.id, f.provider, f.stream);
        if (r.ok) holdsToTheDefinition(f.provider, r.events, `${f.id} + ${sw.id}`);
      }
    }
  });
  it('concatenating every fragment marked on a call gives its final text', () => {
    for (const f of turnFixtures) {
      const o = overviewStream(f.provider, f.stream);
      if (!o.ok) throw new Error(f.id);
      for (const [pos, c] of o.final.calls.entries()) {
        let text = '';
        for (let i = 0; i < f.stream.length; i++) {
          const sc = stepAt(f.provider, o, i).calls[pos];
          if (sc === undefined) continue;
          text = sc.replaced ? sc.added : text + sc.added;
        }
        expect(text, f.id).toBe(c.arguments_text);
      }
    }
  });
});

describe('stepping: what a learner sees', () => {
  it('anthropic.one_call: the arguments grow fragment by fragment, the new one marked', () => {
    const f = fixture('anthropic.one_call');
    const o = overviewStream('anthropic', f.stream);
    if (!o.ok) throw new Error('not ok');
    const steps = f.stream.map((_, i) => stepAt('anthropic', o, i));
    expect(steps.find((s) => s.calls.length > 0)?.calls[0]?.added).toBe('{}');
    const at = steps.findIndex((s) => s.calls[0]?.replaced === true);
    const first = steps[at];
    const grown = steps
      .slice(at + 1)
      .flatMap((s) => s.calls.filter((c) => c.touched && c.added !== '').map((c) => c.added));
    expect(grown.length).toBeGreaterThanOrEqual(2);
    expect(first?.calls[0]?.before).toBe('');
    expect((first?.calls[0]?.added ?? '') + grown.join('')).toBe(o.final.calls[0]?.arguments_text);
    expect(o.marks[0]?.response_id_new).toBe(true);
    expect(steps.slice(0, -1).every((s) => s.terminal === null)).toBe(true);
    expect(steps.at(-1)?.terminal?.tool_turn).toBe(true);
  });
  it('until the terminal event, the turn as it stands is unterminated; a step lists only what events showed', () => {
    const f = fixture('openai.one_call');
    const o = overviewStream('openai', f.stream);
    if (!o.ok) throw new Error('not ok');
    expect(stepAt('openai', o, 2).turn.problems.map((p) => p.code)).toEqual(['STREAM_UNTERMINATED']);
    expect(stepAt('openai', o, 2).problems).toEqual([]);
  });
  it('a fault shows at the event that made it', () => {
    const o = overviewStream('anthropic', fixture('anthropic.stream_order').stream);
    if (!o.ok) throw new Error('not ok');
    const at = o.marks.findIndex((m) => m.problems_new.length > 0);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(o.marks[at]?.problems_new[0]?.code).toBe('STREAM_ORDER');
  });
  it('text: SSE of a fixture reads like its values, with lines; bad text is a located error', () => {
    const f = fixture('gemini.parallel_calls');
    const o = overviewStream('gemini', sse(f.stream));
    if (!o.ok) throw new Error('not ok');
    expect(o.layout).toBe('sse');
    expect(o.final).toEqual(assembleTurn('gemini', f.stream));
    expect(o.marks[1]?.event.line).toBe(3);
    expect(overviewStream('gemini', 'data: {"event_type": }\n\n')).toMatchObject({ ok: false, error: { line: 1 } });
  });
  it('a stream near the 1 MiB limit, thousands of fragments of one call: read once, any step on demand (the old snapshot per event took 10 s and 1.3 GB)', () => {
    const { stream, start, text } = bigStream();
    expect(text.length).toBeGreaterThan(900_000);
    const o = overviewStream('anthropic', text);
    if (!o.ok) throw new Error(o.error.message);
    expect(o.marks).toHaveLength(stream.length);
    expect(o.final.problems).toEqual([]);
    const last = stepAt('anthropic', o, stream.length - 1);
    expect(last.turn.calls[0]?.arguments_text.length).toBe(600_000 + '{"order_ref":"'.length + 2);
    expect(stepAt('anthropic', o, start + 2000).calls[0]?.added).toBe('x'.repeat(150));
    // Through a held session (the turn mode's hook): the same steps, backward and by jumps included.
    const session = openStepSession('anthropic', o);
    for (const i of [stream.length - 1, 0, start + 2000, start + 1999, start + 2001, start + 5, stream.length - 2]) {
      expect(stepAt('anthropic', o, i, session), `@${i}`).toStrictEqual(stepAt('anthropic', o, i));
    }
  });
  it('property: a step through a session the caller holds is the step without one, wherever the learner goes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...turnFixtures), fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), (f, path) => {
        const o = overviewStream(f.provider, f.stream);
        if (!o.ok) throw new Error(f.id);
        const session = openStepSession(f.provider, o);
        for (const n of path)
          expect(stepAt(f.provider, o, n % o.events.length, session), `${f.id} @${n % o.events.length}`).toStrictEqual(
            stepAt(f.provider, o, n % o.events.length),
          );
      }),
      { seed: 13, numRuns: 120 },
    );
    const o = overviewStream('openai', turnFixtures[0]?.stream ?? []);
    const other = overviewStream('anthropic', turnFixtures.find((f) => f.provider === 'anthropic')?.stream ?? []);
    if (o.ok && other.ok)
      expect(() => stepAt('openai', o, 0, openStepSession('anthropic', other))).toThrow(/another stream/);
  });
  it('property: any prefix of any fixture, as values or as JSON Lines, reads to assembleTurn', () => {
    fc.assert(
      fc.property(fc.constantFrom(...turnFixtures), fc.nat(), fc.boolean(), (f, n, asText) => {
        const events = f.stream.slice(0, n % (f.stream.length + 1));
        const input = asText ? events.map((e) => JSON.stringify(e)).join('\n') : events;
        if (asText && events.length === 0) return;
        const o = overviewStream(f.provider, input);
        expect(o.ok).toBe(true);
        if (o.ok) expect(o.final).toEqual(assembleTurn(f.provider, events));
      }),
      { seed: 13, numRuns: 120 },
    );
  });
});
