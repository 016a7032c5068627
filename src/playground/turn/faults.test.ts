import { describe, expect, it } from 'vitest';
import { assembleTurn } from '#lib/core/turn/index.ts';
import { applyFault, FAULT_SWITCHES, faultsFor } from './faults.ts';
import { FAULT_TEXT } from './faultText.ts';
import { isHealthyFixture, turnFixtures } from '../../chapter/index.ts';

const healthy = turnFixtures.filter(isHealthyFixture);
const cases = healthy.flatMap((f) => faultsFor(f.provider).map((s) => [s.id, f.id, s, f] as const));

describe('each fault switch shows exactly its code, on every healthy fixture where it applies', () => {
  it.each(cases)('%s on %s', (_s, _f, s, f) => {
    const r = applyFault(s.id, f.provider, f.stream);
    if (!r.ok) {
      // Only these may not apply: a duplicate needs two calls.
      expect(s.id).toBe('duplicate_call_id');
      expect(assembleTurn(f.provider, f.stream).calls.length).toBeLessThan(2);
      expect(r.reason).toEqual({ why: 'one_call' });
      expect(FAULT_TEXT.zh.refused(r.reason)).toBe('重复 id 需要一个包含两个调用的流');
      return;
    }
    const codes = assembleTurn(f.provider, r.events).problems.map((p) => p.code);
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set([s.code]));
    // The healthy stream is untouched.
    expect(assembleTurn(f.provider, f.stream).problems).toEqual([]);
  });
});

describe('which switches apply to which provider', () => {
  it('every provider has every switch but .done, which is OpenAI only; every switch applies to some fixture of each of its providers', () => {
    expect(faultsFor('openai').map((s) => s.id)).toEqual(FAULT_SWITCHES.map((s) => s.id));
    expect(faultsFor('anthropic').map((s) => s.id)).not.toContain('done_disagrees');
    expect(faultsFor('gemini').map((s) => s.id)).not.toContain('done_disagrees');
    for (const s of FAULT_SWITCHES) {
      for (const p of s.providers) {
        const applied = healthy.filter((f) => f.provider === p).some((f) => applyFault(s.id, p, f.stream).ok);
        expect(applied, `${s.id} on ${p}`).toBe(true);
      }
    }
  });
  it('a switch a provider cannot show, an unhealthy start, or an unknown switch is refused with a reason', () => {
    const a = healthy.find((f) => f.provider === 'anthropic');
    expect(applyFault('done_disagrees', 'anthropic', a?.stream ?? [])).toMatchObject({ ok: false });
    const bad = turnFixtures.find((f) => f.id === 'openai.truncated');
    expect(applyFault('cut_before_terminal', 'openai', bad?.stream ?? [])).toMatchObject({ ok: false });
    expect(applyFault('nope' as never, 'openai', [])).toMatchObject({ ok: false });
  });
  it('budget_runs_out leaves the cut-off arguments in the turn; the input is never changed', () => {
    const f = turnFixtures.find((x) => x.id === 'anthropic.one_call');
    if (f === undefined) throw new Error('fixture');
    const before = structuredClone(f.stream);
    const r = applyFault('budget_runs_out', 'anthropic', f.stream);
    if (!r.ok) throw new Error('not applied');
    const t = assembleTurn('anthropic', r.events);
    expect(t.calls[0]?.arguments).toBeNull();
    expect(t.calls[0]?.arguments_text).toBe('{"order_ref"');
    expect(f.stream).toEqual(before);
  });
});

describe('a faulted stream, written out as SSE text and stepped through, shows the same code', () => {
  it('every switch on every healthy fixture', async () => {
    const { overviewStream } = await import('./stepThrough.ts');
    for (const [, , s, f] of cases) {
      const r = applyFault(s.id, f.provider, f.stream);
      if (!r.ok) continue;
      const text = r.events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
      const st = overviewStream(f.provider, text);
      if (!st.ok) throw new Error(st.error.message);
      expect(new Set(st.final.problems.map((p) => p.code)), `${s.id} ${f.id}`).toEqual(new Set([s.code]));
      // The learner sees the problem arrive at one event (or, for a cut stream, only at the end).
      const shown = st.marks.findIndex((x) => x.problems_new.length > 0);
      if (s.code === 'STREAM_UNTERMINATED') expect(shown).toBe(-1);
      else expect(st.marks[shown]?.problems_new[0]?.code).toBe(s.code);
    }
  });
});
