import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assembleTurn } from '../../core/assembleTurn.ts';
import { turnFixtures } from '../../core/turnFixtures.ts';
import { stepThrough } from './stepThrough.ts';

const fixture = (id: string) => {
  const f = turnFixtures.find((x) => x.id === id);
  if (f === undefined) throw new Error(id);
  return f;
};

/** The fixture's stream as SSE text, the layout a provider sends. */
const sse = (stream: readonly unknown[]): string => stream.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('') + 'data: [DONE]\n\n';

describe('stepThrough: consistent with assembleTurn for every fixture', () => {
  it.each(turnFixtures.map((f) => [f.id, f] as const))('%s', (_id, f) => {
    const r = stepThrough(f.provider, f.stream);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.steps).toHaveLength(f.stream.length);
    expect(r.truncated).toBe(false);
    const whole = assembleTurn(f.provider, f.stream);
    expect(r.final).toEqual(whole);
    expect(r.steps.at(-1)?.turn).toEqual(whole);
    // Each step is the turn of the prefix, and the texts grow by exactly the fragment marked.
    r.steps.forEach((s, i) => {
      expect(s.turn).toEqual(assembleTurn(f.provider, f.stream.slice(0, i + 1)));
      expect(s.event.index).toBe(i);
      expect(s.event.raw).toEqual(f.stream[i]);
      for (const c of s.calls) expect(c.before + c.added).toBe(s.turn.calls[c.position]?.arguments_text);
      const prevProblems = i === 0 ? [] : (r.steps[i - 1]?.problems ?? []);
      expect(s.problems).toEqual([...prevProblems, ...s.problems_new]);
    });
    // Concatenating every fragment marked on a call gives its final text.
    for (const [pos, c] of whole.calls.entries()) {
      let text = '';
      for (const s of r.steps) {
        const sc = s.calls[pos];
        if (sc === undefined) continue;
        text = sc.replaced ? sc.added : text + sc.added;
      }
      expect(text).toBe(c.arguments_text);
    }
    expect(r.steps.flatMap((s) => s.call_ids_new)).toEqual(whole.calls.map((c) => c.call_id));
    expect(r.steps.filter((s) => s.response_id_new).length).toBe(whole.response_id === null ? 0 : 1);
  });
});

describe('stepThrough: what a learner sees', () => {
  it('anthropic.one_call: the arguments grow fragment by fragment, the new one marked', () => {
    const f = fixture('anthropic.one_call');
    const r = stepThrough('anthropic', f.stream);
    if (!r.ok) throw new Error('not ok');
    expect(r.steps.find((s) => s.calls.length > 0)?.calls[0]?.added).toBe('{}');
    const at = r.steps.findIndex((s) => s.calls[0]?.replaced === true);
    const first = r.steps[at];
    const grown = r.steps.slice(at + 1).flatMap((s) => s.calls.filter((c) => c.touched && c.added !== '').map((c) => c.added));
    expect(grown.length).toBeGreaterThanOrEqual(2);
    expect(first?.calls[0]?.before).toBe('');
    expect((first?.calls[0]?.added ?? '') + grown.join('')).toBe(r.final.calls[0]?.arguments_text);
    expect(r.steps[0]?.response_id_new).toBe(true);
    expect(r.steps.slice(0, -1).every((s) => s.terminal === null)).toBe(true);
    expect(r.steps.at(-1)?.terminal?.tool_turn).toBe(true);
  });
  it('until the terminal event, the turn as it stands is unterminated; the steps list only what events showed', () => {
    const f = fixture('openai.one_call');
    const r = stepThrough('openai', f.stream);
    if (!r.ok) throw new Error('not ok');
    expect(r.steps[2]?.turn.problems.map((p) => p.code)).toEqual(['STREAM_UNTERMINATED']);
    expect(r.steps[2]?.problems).toEqual([]);
  });
  it('a fault shows at the event that made it', () => {
    const f = fixture('anthropic.stream_order');
    const r = stepThrough('anthropic', f.stream);
    if (!r.ok) throw new Error('not ok');
    const at = r.steps.findIndex((s) => s.problems_new.length > 0);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(r.steps[at]?.problems_new[0]?.code).toBe('STREAM_ORDER');
  });
  it('text: SSE of a fixture steps like its values, with lines; bad text is a located error', () => {
    const f = fixture('gemini.parallel_calls');
    const r = stepThrough('gemini', sse(f.stream));
    if (!r.ok) throw new Error('not ok');
    expect(r.layout).toBe('sse');
    expect(r.final).toEqual(assembleTurn('gemini', f.stream));
    expect(r.steps[1]?.event.line).toBe(3);
    const bad = stepThrough('gemini', 'data: {"event_type": }\n\n');
    expect(bad).toMatchObject({ ok: false, error: { line: 1 } });
  });
  it('past the step limit the rest is assembled, not kept', () => {
    const f = fixture('openai.parallel_calls');
    const r = stepThrough('openai', f.stream, { limit: 3 });
    if (!r.ok) throw new Error('not ok');
    expect(r.steps).toHaveLength(3);
    expect(r.truncated).toBe(true);
    expect(r.final).toEqual(assembleTurn('openai', f.stream));
  });
  it('property: any prefix of any fixture, as values or as JSON Lines, steps to assembleTurn', () => {
    fc.assert(
      fc.property(fc.constantFrom(...turnFixtures), fc.nat(), fc.boolean(), (f, n, asText) => {
        const events = f.stream.slice(0, n % (f.stream.length + 1));
        const input = asText ? events.map((e) => JSON.stringify(e)).join('\n') : events;
        if (asText && events.length === 0) return;
        const r = stepThrough(f.provider, input);
        expect(r.ok).toBe(true);
        if (r.ok) expect(r.final).toEqual(assembleTurn(f.provider, events));
      }),
      { seed: 13, numRuns: 120 },
    );
  });
});
