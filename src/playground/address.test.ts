import { describe, expect, it } from 'vitest';
import { languageFromNavigator } from '../lang.ts';
import { parseSearch, resolveAddress, searchOf } from './address.ts';
import { initialWork, knownScenario } from './work.ts';
import { scenarios } from '../chapter/index.ts';

describe('addresses', () => {
  const known = (id: string) => knownScenario(initialWork(), id);

  it('every scenario and attack has its own address', () => {
    expect(searchOf({ mode: 'playground', scenarioId: 'search_kb.hits', attackId: null })).toBe(
      '?scenario=search_kb.hits',
    );
    expect(searchOf({ mode: 'attack', scenarioId: 'search_kb.hits', attackId: 'A3' })).toBe(
      '?scenario=search_kb.hits&attack=A3',
    );
    expect(searchOf({ mode: 'exercise', scenarioId: 'search_kb.hits', attackId: null })).toBe('?mode=exercise');
    for (const s of scenarios) {
      const r = resolveAddress(
        initialWork(),
        parseSearch(searchOf({ mode: 'playground', scenarioId: s.id, attackId: null })),
        known,
        'search_kb.hits',
      );
      expect(r).toEqual({
        place: { mode: 'playground', scenarioId: s.id, attackId: null, turnStream: 'openai.one_call' },
        problems: [],
      });
    }
  });

  it('unknown ids fall back and are reported, never thrown', () => {
    const r = resolveAddress(
      initialWork(),
      parseSearch('?scenario=nope.nope&attack=A99&mode=weird'),
      known,
      'search_kb.hits',
    );
    expect(r.place.scenarioId).toBe('search_kb.hits');
    expect(r.problems.map((p) => p.kind).sort()).toEqual(['unknown-attack', 'unknown-mode', 'unknown-scenario']);
    expect(resolveAddress(initialWork(), parseSearch('?attack=A3'), known, 'search_kb.hits').place).toEqual({
      mode: 'attack',
      scenarioId: 'search_kb.hits',
      attackId: 'A3',
      turnStream: 'openai.one_call',
    });
  });

  it('the turn mode: one address per provider and stream; a bad one falls back and is reported', () => {
    const place = {
      mode: 'turn',
      scenarioId: 'search_kb.hits',
      attackId: null,
      turnStream: 'anthropic.parallel_calls',
    } as const;
    expect(searchOf(place)).toBe('?mode=turn&provider=anthropic&stream=anthropic.parallel_calls');
    expect(resolveAddress(initialWork(), parseSearch(searchOf(place)), known, 'search_kb.hits')).toEqual({
      place: { ...place, mistake: undefined },
      problems: [],
    });
    // A stream alone is enough: the mode and the provider follow from it.
    expect(
      resolveAddress(initialWork(), parseSearch('?stream=gemini.truncated'), known, 'search_kb.hits').place,
    ).toMatchObject({ mode: 'turn', turnStream: 'gemini.truncated' });
    for (const q of [
      '?mode=turn&stream=gemini.nope',
      '?mode=turn&provider=mistral',
      '?mode=turn&provider=openai&stream=gemini.one_call',
    ]) {
      const r = resolveAddress(initialWork(), parseSearch(q), known, 'search_kb.hits');
      expect(r.place).toMatchObject({ mode: 'turn', turnStream: 'openai.one_call' });
      expect(r.problems.map((p) => p.kind)).toEqual(['unknown-stream']);
    }
  });
});

describe('the turn’s step in the address', () => {
  const known = (id: string) => knownScenario(initialWork(), id);
  const open = (q: string) => resolveAddress(initialWork(), parseSearch(q), known, 'search_kb.hits');
  const place = {
    mode: 'turn',
    scenarioId: 'search_kb.hits',
    attackId: null,
    turnStream: 'openai.one_call',
  } as const;

  it('is said from 1, kept from 0, and read back', () => {
    expect(searchOf({ ...place, turnStep: 0 })).toBe('?mode=turn&provider=openai&stream=openai.one_call&step=1');
    expect(searchOf({ ...place, turnStep: 6 })).toBe('?mode=turn&provider=openai&stream=openai.one_call&step=7');
    expect(open(searchOf({ ...place, turnStep: 6 }))).toEqual({
      place: { ...place, mistake: undefined, turnStep: 6 },
      problems: [],
    });
    // Where the stream opens (no step, or "to the end" not yet known) the address says no step.
    expect(searchOf(place)).toBe('?mode=turn&provider=openai&stream=openai.one_call');
    expect(searchOf({ ...place, turnStep: Number.MAX_SAFE_INTEGER })).toBe(
      '?mode=turn&provider=openai&stream=openai.one_call',
    );
  });

  it('a step past the end is read (the stream, read later, shows its last event); the other modes keep no step', () => {
    expect(open('?mode=turn&provider=openai&stream=openai.one_call&step=999').place.turnStep).toBe(998);
    expect(searchOf({ ...place, mode: 'playground', turnStep: 4 })).toBe('?scenario=search_kb.hits');
  });

  it.each(['abc', '-1', '0', '1.5', '1e3', '', ' 2', '0x10', '9999999'])(
    'step=%s is no step: the stream opens where it opens, and the address says why',
    (bad) => {
      const r = open(`?mode=turn&provider=openai&stream=openai.one_call&step=${encodeURIComponent(bad)}`);
      expect(r.place).toMatchObject({ mode: 'turn', turnStream: 'openai.one_call' });
      expect(r.place).not.toHaveProperty('turnStep');
      expect(r.problems).toEqual([{ kind: 'unknown-step', value: bad }]);
    },
  );

  it('a link to a stream without a step opens it where it opens, whatever step the work was at', () => {
    const w = { ...initialWork(), turn: { stream: 'openai.one_call', step: 4, docs: {} } };
    const r = resolveAddress(w, parseSearch('?mode=turn&provider=openai&stream=openai.one_call'), known, 'x');
    expect(r.place).not.toHaveProperty('turnStep');
    // An address elsewhere leaves the turn where it is.
    expect(resolveAddress(w, parseSearch('?scenario=search_kb.hits'), known, 'x').place.turnStep).toBe(4);
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

describe('the recovery lab’s broken plane in the address', () => {
  const known = (id: string) => knownScenario(initialWork(), id);
  const open = (search: string, work = initialWork()) =>
    resolveAddress(work, parseSearch(search), known, 'search_kb.hits');

  it('names the plane beside the real one, and writes it back after the case', () => {
    const r = open('?mode=recovery&case=conflict&broken=global_keys');
    expect(r.problems).toEqual([]);
    expect(r.place).toMatchObject({ mode: 'recovery', recoveryCase: 'conflict', recoveryBroken: 'global_keys' });
    expect(searchOf(r.place)).toBe('?mode=recovery&case=conflict&broken=global_keys');
    expect(open('?broken=no_fingerprint').place).toMatchObject({ mode: 'recovery', recoveryBroken: 'no_fingerprint' });
  });

  it('an address without one is the real plane alone, whatever the work had (Back to before the choice)', () => {
    const r = open('?mode=recovery&case=conflict', { ...initialWork(), recoveryBroken: 'global_keys' });
    expect(r.place.recoveryBroken).toBeUndefined();
    expect(searchOf(r.place)).toBe('?mode=recovery&case=conflict');
  });

  it('an unknown plane is reported and falls back to the real plane alone', () => {
    const r = open('?mode=recovery&case=audit&broken=nope', { ...initialWork(), recoveryBroken: 'global_keys' });
    expect(r.problems).toEqual([{ kind: 'unknown-broken', value: 'nope' }]);
    expect(r.place).toMatchObject({ mode: 'recovery', recoveryCase: 'audit' });
    expect(r.place.recoveryBroken).toBeUndefined();
  });

  it('other modes write no plane', () => {
    expect(
      searchOf({ mode: 'playground', scenarioId: 'search_kb.hits', attackId: null, recoveryBroken: 'global_keys' }),
    ).toBe('?scenario=search_kb.hits');
  });
});

describe('the attack lab’s real case in the address', () => {
  const known = (id: string) => knownScenario(initialWork(), id);
  const open = (search: string, work = initialWork()) =>
    resolveAddress(work, parseSearch(search), known, 'search_kb.hits');

  it('opens the case in the attack mode, with or without the mode named, and writes it back', () => {
    for (const search of ['?mode=attack&case=agentdojo_banking', '?case=agentdojo_banking']) {
      const r = open(search);
      expect(r.problems).toEqual([]);
      expect(r.place).toMatchObject({ mode: 'attack', attackCase: 'agentdojo_banking' });
      expect(r.place.recoveryCase).toBeUndefined();
      expect(searchOf(r.place)).toBe('?mode=attack&case=agentdojo_banking');
    }
  });

  it('an address without it is the lab’s list (Back from the case), and another mode never shows it', () => {
    const inCase = { ...initialWork(), mode: 'attack' as const, attackCase: 'agentdojo_banking' as const };
    expect(open('?scenario=search_kb.injection&attack=A14', inCase).place.attackCase).toBeUndefined();
    const r = open('?mode=recovery&case=agentdojo_banking');
    expect(r.problems).toEqual([{ kind: 'unknown-case', value: 'agentdojo_banking' }]);
    expect(r.place.attackCase).toBeUndefined();
    expect(
      searchOf({ mode: 'playground', scenarioId: 'search_kb.hits', attackId: null, attackCase: 'agentdojo_banking' }),
    ).toBe('?scenario=search_kb.hits');
  });
});
