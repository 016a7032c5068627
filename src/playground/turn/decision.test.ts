import { describe, expect, it } from 'vitest';
import { assembleTurn } from '#lib/core/turn/index.ts';
import { TURN_PROBLEM_CODES } from '#lib/core/turn/index.ts';
import { TURN_PROVIDERS } from '#lib/core/turn/index.ts';
import { segmentsText } from '#lib/core/messages/index.ts';
import { zh } from '#lib/core/messages/locales/zh.ts';
import { decideTurn } from './decision.ts';
import { withoutTheRule } from './problemStories.ts';
import { PROBLEM_TEXT } from './problemText.ts';
import { TURN_TEXT } from '../../ui/features/turn/text.ts';
import { isHealthyFixture, turnFixtures } from '../../chapter/index.ts';

const fixture = (id: string) => {
  const f = turnFixtures.find((x) => x.id === id);
  if (f === undefined) throw new Error(id);
  return f;
};

describe('decideTurn over every fixture', () => {
  it.each(turnFixtures.map((f) => [f.id, f] as const))('%s: the decision is the fixture’s expectation', (_id, f) => {
    const d = decideTurn(assembleTurn(f.provider, f.stream), f.turn_context);
    if (isHealthyFixture(f)) {
      expect(d.kind).toBe('gated');
      if (d.kind !== 'gated') return;
      expect(Object.fromEntries(d.calls.map((c) => [c.call_id, c.gate]))).toEqual(f.expect.gates);
      for (const c of d.calls) {
        expect(c.runs).toBe(c.gate === 'handler');
        expect(c.trusted.call.call_id).toBe(c.call_id);
        expect(c.trusted.call.response_id).toBe(assembleTurn(f.provider, f.stream).response_id);
        expect(c.parsed).toBe(assembleTurn(f.provider, f.stream).calls[c.position]?.arguments !== null);
      }
      expect([...d.runs, ...d.answered].sort()).toEqual(Object.keys(f.expect.gates).sort());
    } else {
      expect(d.kind).toBe('stopped');
      if (d.kind !== 'stopped') return;
      expect([...new Set(d.problems.map((p) => p.code))].sort()).toEqual([...new Set(f.expect.problems)].sort());
      for (const p of d.problems) {
        expect(p.provider).toBe(f.provider);
        expect(withoutTheRule('en', p)).not.toMatch(/\$\{|undefined/);
        expect(withoutTheRule('zh', p)).not.toBe('');
      }
    }
  });
});

describe('the stories', () => {
  it('anthropic.truncated: the SDK helper turns the cut-off arguments into {}', () => {
    const f = fixture('anthropic.truncated');
    const turn = assembleTurn('anthropic', f.stream);
    const d = decideTurn(turn, f.turn_context);
    if (d.kind !== 'stopped') throw new Error(d.kind);
    const p = d.problems[0];
    expect(p?.code).toBe('NOT_A_TOOL_TURN');
    if (p === undefined) throw new Error('no problem');
    expect(withoutTheRule('en', p)).toContain('into `{}`');
    expect(withoutTheRule('en', p)).toContain(turn.calls[0]?.arguments_text);
    expect(withoutTheRule('zh', p)).toContain('`{}`');
  });
  it('every code has a rule and a story for every provider, in both languages', () => {
    for (const code of TURN_PROBLEM_CODES) {
      expect(PROBLEM_TEXT.zh.rule[code].length).toBeGreaterThan(0);
      for (const p of TURN_PROVIDERS) {
        const story = { provider: p, code, quoted: '{"city":"Par' };
        expect(withoutTheRule('en', story).length).toBeGreaterThan(20);
        expect(withoutTheRule('zh', story).length).toBeGreaterThan(10);
      }
    }
  });
  it('the injection turn: send_email is answered by the gate, nothing runs', () => {
    const f = fixture('openai.injection_follow_up');
    const d = decideTurn(assembleTurn('openai', f.stream), f.turn_context);
    expect(d).toMatchObject({ kind: 'gated', runs: [], answered: [expect.any(String)] });
    if (d.kind === 'gated') expect(d.calls[0]).toMatchObject({ gate: 'UNKNOWN_TOOL', runs: false });
    const c = d.kind === 'gated' ? d.calls[0] : undefined;
    expect(c === undefined ? '' : TURN_TEXT.en.gateWhy(c.gate, c.name, c.parsed)).toContain(
      'before the arguments are looked at',
    );
  });
  it('a call the turn context does not know is bad input, not a throw', () => {
    const f = fixture('gemini.one_call');
    const d = decideTurn(assembleTurn('gemini', f.stream), { ...f.turn_context, calls: {} });
    expect(d).toMatchObject({
      kind: 'bad_input',
      call_id: 'fncall_ge01',
      params: { kind: 'no_context_entry', call_id: 'fncall_ge01' },
    });
    // In the learner's language from the core's params: the page builds no sentence of its own.
    if (d.kind === 'bad_input')
      expect(segmentsText(zh.turn(d.params))).toBe('调用 "fncall_ge01" 到达关卡，但回合上下文里没有它的条目');
  });
  it('a clean turn without calls has nothing to run', () => {
    const f = fixture('anthropic.one_call');
    const events = f.stream.filter(
      (e) => JSON.stringify(e).indexOf('tool_use') === -1 || (e as { type: string }).type === 'message_start',
    );
    const turn = assembleTurn('anthropic', [
      ...events.slice(0, 1),
      { type: 'message_delta', delta: { stop_reason: 'end_turn' } },
      { type: 'message_stop' },
    ]);
    expect(decideTurn(turn, f.turn_context).kind).toBe('no_calls');
  });
});

describe('every fault switch stops the turn with its own story', () => {
  it('on the one_call fixture of each provider', async () => {
    const { applyFault, faultsFor } = await import('./faults.ts');
    for (const p of TURN_PROVIDERS) {
      const f = fixture(`${p}.one_call`);
      for (const s of faultsFor(p)) {
        const r = applyFault(s.id, p, f.stream);
        if (!r.ok) continue;
        const d = decideTurn(assembleTurn(p, r.events), f.turn_context);
        expect(d.kind, `${p} ${s.id}`).toBe('stopped');
        if (d.kind === 'stopped') expect(d.problems.map((x) => x.code)).toContain(s.code);
      }
    }
  });
});

describe('same inputs, same answer (docs/contract.md#same-inputs-same-answer)', () => {
  it('a caller changing a decision changes no later one', () => {
    const f = fixture('gemini.truncated');
    const turn = assembleTurn('gemini', f.stream);
    const a = decideTurn(turn, f.turn_context);
    if (a.kind !== 'stopped') throw new Error(a.kind);
    const first = a.problems[0];
    if (first === undefined) throw new Error('no problem');
    first.quoted = 'changed';
    expect(decideTurn(turn, f.turn_context)).not.toEqual(a);
  });
});
