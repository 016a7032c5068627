import { describe, expect, it } from 'vitest';
import { edited } from '../testWork.ts';
import { parsePrefs } from './prefs.ts';
import { parseSavedWork, serializeWork } from './savedWork.ts';
import { parseStrictJson } from '../../core/strictJson.ts';

const JSON_OF = (text: string): Record<string, unknown> => {
  const r = parseStrictJson(text);
  if (!r.ok || r.value === null || typeof r.value !== 'object' || Array.isArray(r.value)) throw new Error('saved work is a JSON object');
  return r.value;
};

describe('saved work', () => {
  it('round-trips', () => {
    const w = edited();
    const r = parseSavedWork(serializeWork(w));
    expect(r.ok && r.value).toEqual({ ...w, docs: w.docs });
  });

  it('keeps the turn mode’s edits, and opens work saved before the turn mode at its first stream', () => {
    const w = {
      ...edited(),
      mode: 'turn' as const,
      turn: {
        stream: 'gemini.truncated',
        docs: { 'gemini.truncated': { stream: '[]', fault: null, handlers: {} }, 'openai.one_call': { stream: null, fault: 'cut_before_terminal', handlers: { call_1: '{}' } } },
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
