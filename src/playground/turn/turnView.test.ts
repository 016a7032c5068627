import { describe, expect, it } from 'vitest';
import { assembleTurn } from '#lib/core/turn/index.ts';
import { faultsFor } from './faults.ts';
import { FAULT_TEXT } from './faultText.ts';
import { EMPTY_TURN_DOC, type TurnDoc } from './turnWork.ts';
import { stepAt } from './stepThrough.ts';
import { callsView, streamTextOf, streamView, turnView } from './turnView.ts';
import { turnFixtures } from '../../chapter/index.ts';

const view = (stream: string, doc: Partial<TurnDoc> = {}, continuation: 'stateless' | 'stateful' = 'stateless') =>
  turnView({ stream, doc: { ...EMPTY_TURN_DOC, ...doc }, continuation });

describe('turnView: everything the turn mode shows, from the core', () => {
  it.each(turnFixtures.map((f) => [f.id, f] as const))(
    '%s: the fixture’s own expectations, step by step and at the end',
    (_id, f) => {
      const v = view(f.id);
      expect(v.textError).toBeNull();
      if (v.overview === null || v.decision === null) throw new Error('no overview');
      expect(v.overview.marks).toHaveLength(f.stream.length);
      // The last step is the whole stream: the same turn as assembling it at once.
      expect(stepAt(f.provider, v.overview, f.stream.length - 1).turn).toEqual(assembleTurn(f.provider, f.stream));
      if (f.expect.problems.length > 0) {
        expect(v.decision.kind).toBe('stopped');
        if (v.decision.kind === 'stopped') expect(v.decision.problems.map((p) => p.code)).toEqual(f.expect.problems);
        expect(v.handlers).toEqual([]);
        expect(v.continuation).toMatchObject({ ok: false, stage: 'problems' });
      } else {
        expect(v.decision.kind).toBe('gated');
        if (v.decision.kind === 'gated')
          expect(Object.fromEntries(v.decision.calls.map((c) => [c.call_id, c.gate]))).toEqual(f.expect.gates);
        expect(v.handlers.map((h) => h.call_id)).toEqual(
          Object.entries(f.expect.gates).flatMap(([id, g]) => (g === 'handler' ? [id] : [])),
        );
        expect(v.continuation.ok).toBe(true);
        if (v.continuation.ok) expect(v.continuation.proof.found).toEqual([]);
      }
    },
  );

  it('every fault switch on every healthy fixture that asks for tools shows its code, and only that code', () => {
    let applied = 0;
    for (const f of turnFixtures.filter((x) => x.expect.problems.length === 0)) {
      for (const sw of faultsFor(f.provider)) {
        const v = view(f.id, { fault: sw.id });
        if (v.fault?.applied !== true) continue;
        applied++;
        expect(v.decision?.kind, `${f.id} + ${sw.id}`).toBe('stopped');
        if (v.decision?.kind === 'stopped')
          expect(new Set(v.decision.problems.map((p) => p.code)), `${f.id} + ${sw.id}`).toEqual(new Set([sw.code]));
      }
    }
    expect(applied).toBeGreaterThan(40);
  });

  it('the switches apply exactly to the healthy streams that ask for tools', () => {
    for (const f of turnFixtures) expect(view(f.id).faultsApply, f.id).toBe(f.expect.problems.length === 0);
    expect(view('openai.one_call', { fault: 'cut_before_terminal' }).faultsApply).toBe(true);
    expect(view('openai.truncated', { fault: 'cut_before_terminal' }).faultsApply).toBe(false);
  });

  it('a fault switch that cannot apply says why, and the stream is shown as it is', () => {
    const v = view('openai.one_call', { fault: 'duplicate_call_id' });
    expect(v.fault).toMatchObject({ id: 'duplicate_call_id', applied: false });
    if (v.fault?.applied === false) expect(FAULT_TEXT.zh.refused(v.fault.reason)).not.toBe('');
    expect(v.decision?.kind).toBe('gated');
  });

  it('an edited stream text that does not read is a located error, never a throw; the text is kept as typed', () => {
    const f = turnFixtures.find((x) => x.id === 'anthropic.one_call');
    if (f === undefined) throw new Error('fixture');
    const text = streamTextOf(f.stream).replace('"message_start"', '"message_start",');
    const v = view(f.id, { stream: text });
    expect(v.text).toBe(text);
    expect(v.textError).toMatchObject({ line: 3 });
    expect(v.decision).toBeNull();
    for (const bad of ['', '[', '{"a":1,"a":2}', '\u0000', 'data: {"type":"ping"\n\n', '[1,2,3]']) {
      expect(() => view(f.id, { stream: bad })).not.toThrow();
    }
  });

  it('an edited handler output is what the continuation carries; one that is not JSON blocks it, located', () => {
    const v0 = view('openai.one_call');
    const id = v0.handlers[0]?.call_id ?? '';
    const edited = view('openai.one_call', {
      handlers: { [id]: '{"kind":"error","code":"NOT_FOUND","message":"no such order"}' },
    });
    expect(edited.handlers[0]?.edited).toBe(true);
    expect(edited.continuation.ok).toBe(true);
    if (edited.continuation.ok)
      expect(edited.continuation.body_text).not.toEqual(v0.continuation.ok ? v0.continuation.body_text : '');
    const broken = view('openai.one_call', { handlers: { [id]: '{"kind":' } });
    expect(broken.continuation).toMatchObject({ ok: false, stage: 'handler_text', call_id: id });
  });

  it('its two parts compose to it, and a handler edit leaves the stream part as it was', () => {
    const doc = { ...EMPTY_TURN_DOC, fault: 'event_after_terminal' };
    const sv = streamView('anthropic.parallel_calls', doc);
    expect(callsView(sv, {}, 'stateless')).toEqual(view('anthropic.parallel_calls', doc));
    const id = view('anthropic.parallel_calls').handlers[0]?.call_id ?? '';
    const edits = { [id]: '{"kind":"error","code":"NOT_FOUND","message":"gone"}' };
    const edited = callsView(streamView('anthropic.parallel_calls', EMPTY_TURN_DOC), edits, 'stateful');
    expect(edited).toEqual(view('anthropic.parallel_calls', { handlers: edits }, 'stateful'));
    expect(edited.handlers[0]?.edited).toBe(true);
  });

  it('stateful and stateless bodies pair every result with its call by id', () => {
    for (const mode of ['stateless', 'stateful'] as const) {
      const v = view('gemini.parallel_calls', {}, mode);
      expect(v.continuation.ok).toBe(true);
      if (!v.continuation.ok) continue;
      expect(v.continuation.mode).toBe(mode);
      expect(v.continuation.pairs.map((p) => p.call_id)).toEqual(v.final?.calls.map((c) => c.call_id));
      for (const p of v.continuation.pairs) expect(p.result_pointer).not.toBe('');
    }
  });
});
