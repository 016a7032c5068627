import { describe, expect, it } from 'vitest';
import { edited } from '../testWork.ts';
import { parsePrefs } from './prefs.ts';
import { parseSavedWork, serializeWork } from './savedWork.ts';

describe('saved work', () => {
  it('round-trips', () => {
    const w = edited();
    const r = parseSavedWork(serializeWork(w));
    expect(r.ok && r.value).toEqual({ ...w, docs: w.docs });
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
