import { describe, expect, it } from 'vitest';
import { scenarios } from '../core/index.ts';
import { languageFromNavigator } from '../lang.ts';
import { parseSearch, resolveAddress, searchOf } from './address.ts';
import { initialWork, knownScenario } from './work.ts';

describe('addresses', () => {
  const known = (id: string) => knownScenario(initialWork(), id);

  it('every scenario and attack has its own address', () => {
    expect(searchOf({ mode: 'playground', scenarioId: 'search_kb.hits', attackId: null })).toBe('?scenario=search_kb.hits');
    expect(searchOf({ mode: 'attack', scenarioId: 'search_kb.hits', attackId: 'A3' })).toBe('?scenario=search_kb.hits&attack=A3');
    expect(searchOf({ mode: 'exercise', scenarioId: 'search_kb.hits', attackId: null })).toBe('?mode=exercise');
    for (const s of scenarios) {
      const r = resolveAddress(initialWork(), parseSearch(searchOf({ mode: 'playground', scenarioId: s.id, attackId: null })), known, 'search_kb.hits');
      expect(r).toEqual({ place: { mode: 'playground', scenarioId: s.id, attackId: null }, problems: [] });
    }
  });

  it('unknown ids fall back and are reported, never thrown', () => {
    const r = resolveAddress(initialWork(), parseSearch('?scenario=nope.nope&attack=A99&mode=weird'), known, 'search_kb.hits');
    expect(r.place.scenarioId).toBe('search_kb.hits');
    expect(r.problems.map((p) => p.kind).sort()).toEqual(['unknown-attack', 'unknown-mode', 'unknown-scenario']);
    expect(resolveAddress(initialWork(), parseSearch('?attack=A3'), known, 'search_kb.hits').place).toEqual({ mode: 'attack', scenarioId: 'search_kb.hits', attackId: 'A3' });
  });
});

describe('language', () => {
  it('Chinese when the browser prefers it first', () => {
    expect(languageFromNavigator(['zh-CN', 'en'])).toBe('zh');
    expect(languageFromNavigator(['zh'])).toBe('zh');
    expect(languageFromNavigator(['en-US', 'zh-CN'])).toBe('en');
    expect(languageFromNavigator([])).toBe('en');
  });
});
