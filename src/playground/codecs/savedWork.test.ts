import { describe, expect, it } from 'vitest';
import { edited } from '../testWork.ts';
import { SCAFFOLD_HANDLER_TEXT, workedAnswer, type Doc } from '../work.ts';
import { parsePrefs } from './prefs.ts';
import { parseSavedWork, serializeWork } from './savedWork.ts';
import { parseStrictJson } from '#lib/core/json/index.ts';

const JSON_OF = (text: string): Record<string, unknown> => {
  const r = parseStrictJson(text);
  if (!r.ok || r.value === null || typeof r.value !== 'object' || Array.isArray(r.value))
    throw new Error('saved work is a JSON object');
  return r.value;
};

describe('saved work', () => {
  it('round-trips', () => {
    const w = edited();
    const r = parseSavedWork(serializeWork(w));
    expect(r.ok && r.value).toEqual({ ...w, docs: w.docs });
  });

  it('keeps the recovery lab’s case and broken plane; an unknown plane is refused with the rest', () => {
    const w = {
      ...edited(),
      mode: 'recovery' as const,
      recoveryCase: 'conflict' as const,
      recoveryBroken: 'global_keys' as const,
    };
    const r = parseSavedWork(serializeWork(w));
    expect(r.ok && r.value).toMatchObject({ recoveryCase: 'conflict', recoveryBroken: 'global_keys' });
    const bad = parseSavedWork(JSON.stringify({ ...JSON_OF(serializeWork(w)), recovery_broken: 'nope' }));
    expect(bad.ok).toBe(false);
  });

  it('keeps the lab’s actions, so a reload rebuilds the stage; a log the lab cannot replay is refused with the rest', () => {
    const w = {
      ...edited(),
      mode: 'recovery' as const,
      recoveryLog: [{ do: 'dispatch' as const }, { do: 'advance' as const, ms: 1000 }],
    };
    const r = parseSavedWork(serializeWork(w));
    expect(r.ok && r.value.recoveryLog).toEqual(w.recoveryLog);
    const bad = parseSavedWork(JSON.stringify({ ...JSON_OF(serializeWork(w)), recovery_log: [{ do: 'nope' }] }));
    expect(bad.ok === false && bad.error.detail).toMatch(/^\/recovery_log\/0/);
  });

  it('keeps the turn mode’s edits, and opens work saved before the turn mode at its first stream', () => {
    const w = {
      ...edited(),
      mode: 'turn' as const,
      turn: {
        stream: 'gemini.truncated',
        docs: {
          'gemini.truncated': { stream: '[]', fault: null, handlers: {} },
          'openai.one_call': { stream: null, fault: 'cut_before_terminal', handlers: { call_1: '{}' } },
        },
      },
    };
    const r = parseSavedWork(serializeWork(w));
    expect(r.ok && r.value.turn).toEqual(w.turn);
    const { turn: _turn, ...old } = { ...JSON_OF(serializeWork(w)) };
    const o = parseSavedWork(JSON.stringify(old));
    expect(o.ok && o.value.turn).toEqual({ stream: 'openai.one_call', docs: {} });
    // A stream id that is not a fixture's is refused with the rest (a corrupt copy is set aside, never half-read).
    const bad = { ...old, turn: { stream: 'openai.nope', docs: {} } };
    expect(parseSavedWork(JSON.stringify(bad)).ok).toBe(false);
  });

  it('keeps sealed results; opens exercise work saved before seals with the shipped answers back to the scaffold and the learner’s edits kept', () => {
    const w = edited();
    const sealed = [w.exercise.items[0] ?? null, null, w.exercise.items[2] ?? null, null, null];
    const withSeals = { ...w, exercise: { ...w.exercise, sealed } };
    const r = parseSavedWork(serializeWork(withSeals));
    expect(r.ok && r.value.exercise.sealed).toEqual(sealed);
    // Before 2026-12-01 (f646da9) the five opened pre-filled with the shipped answers, and no seal was saved.
    const shipped = [0, 1, 2, 3, 4].map((i) => workedAnswer(i));
    const mine = { ...(shipped[1] as Doc), handlerText: '{"kind": "success", "data": {"query": "mine", "hits": []}}' };
    const old = {
      ...JSON_OF(serializeWork(w)),
      exercise: { items: [shipped[0], mine, shipped[2], shipped[3], shipped[4]], active: 1 },
    };
    const o = parseSavedWork(JSON.stringify(old));
    expect(o.ok && o.value.exercise.items.map((d) => d.handlerText)).toEqual([
      SCAFFOLD_HANDLER_TEXT,
      mine.handlerText,
      SCAFFOLD_HANDLER_TEXT,
      SCAFFOLD_HANDLER_TEXT,
      SCAFFOLD_HANDLER_TEXT,
    ]);
    expect(o.ok && o.value.exercise.sealed).toEqual([null, null, null, null, null]);
    expect(o.ok && o.value.exercise.activeIndex).toBe(1);
  });

  it('reports corrupt text, the wrong schema and the wrong format', () => {
    expect(parseSavedWork('{"format":').ok).toBe(false);
    expect(parseSavedWork('[]').ok).toBe(false);
    const r = parseSavedWork(JSON.stringify({ format: 'something-else' }));
    expect(r.ok === false && r.error.code).toBe('WRONG_SCHEMA');
  });
});

describe('preferences', () => {
  it('fall back field by field', () => {
    expect(parsePrefs(null).theme).toBe('system');
    expect(parsePrefs('{"theme":"dark","lang":"klingon"}')).toMatchObject({ theme: 'dark', lang: null });
    expect(parsePrefs('not json').lang).toBeNull();
  });
});
