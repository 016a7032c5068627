import { describe, expect, it } from 'vitest';
import { parsePrefs } from './codecs/prefs.ts';
import { EMPTY_PROGRESS } from './progress.ts';
import { losesWork, reducer, type AppState } from './reducer.ts';
import { edited } from './testWork.ts';
import {
  builtinDoc,
  currentDoc,
  docOfScenario,
  initialWork,
  isBuiltinScenario,
  SCAFFOLD_HANDLER_TEXT,
} from './work.ts';
import { scenarios } from '../chapter/index.ts';

const base = (): AppState => ({
  work: initialWork(),
  prefs: parsePrefs(null),
  lang: 'en',
  notices: [],
  nextId: 1,
  progress: EMPTY_PROGRESS,
});

describe('builtinDoc', () => {
  it('is one object per built-in scenario, equal to the doc made from it afresh', () => {
    // The page asks for it on every change of work: a new object each time re-evaluated a document nobody edited.
    for (const sc of scenarios) {
      const d = builtinDoc(sc.id);
      expect(builtinDoc(sc.id)).toBe(d);
      expect(d).toEqual(docOfScenario(sc));
    }
    expect(builtinDoc('no.such_scenario')).toBeNull();
  });

  it('is what a reset and an unedited scenario show, and an edit never changes it', () => {
    const before = structuredClone(builtinDoc('search_kb.hits'));
    const w = reducer(base(), { type: 'setHandlerText', text: 'changed' }).work;
    expect(currentDoc(w).handlerText).toBe('changed');
    expect(builtinDoc('search_kb.hits')).toEqual(before);
  });
});

describe('state', () => {
  it('a mode switch dismisses the notices about how the learner arrived, unless one offers to restore their work', () => {
    let s = reducer(base(), { type: 'notice', notice: { kind: 'info', code: 'share-opened', params: {} } });
    s = reducer(s, { type: 'notice', notice: { kind: 'warning', code: 'unknown-attack', params: { value: 'A99' } } });
    s = reducer(s, { type: 'notice', notice: { kind: 'error', code: 'save-failed', params: {} } });
    // The same mode, or another scenario in it: still arriving.
    expect(reducer(s, { type: 'setMode', mode: 'playground' }).notices).toHaveLength(3);
    expect(reducer(s, { type: 'selectScenario', id: 'get_order.paid' }).notices).toHaveLength(3);
    expect(reducer(s, { type: 'setMode', mode: 'attack' }).notices.map((n) => n.code)).toEqual(['save-failed']);
    const place = { mode: 'turn', scenarioId: 'search_kb.hits', attackId: null } as const;
    expect(reducer(s, { type: 'place', place }).notices.map((n) => n.code)).toEqual(['save-failed']);
    const offer = reducer(base(), {
      type: 'notice',
      notice: { kind: 'info', code: 'share-opened', params: {}, restore: true },
    });
    expect(reducer(offer, { type: 'setMode', mode: 'learn' }).notices).toHaveLength(1);
  });

  it('the recovery lab’s unknown case and unknown broken plane go once the learner leaves the lab', () => {
    let s = reducer(base(), { type: 'setMode', mode: 'recovery' });
    s = reducer(s, { type: 'notice', notice: { kind: 'warning', code: 'unknown-case', params: { value: 'x' } } });
    s = reducer(s, { type: 'notice', notice: { kind: 'warning', code: 'unknown-broken', params: { value: 'y' } } });
    expect(reducer(s, { type: 'setMode', mode: 'recovery' }).notices).toHaveLength(2);
    expect(reducer(s, { type: 'setMode', mode: 'playground' }).notices).toEqual([]);
  });

  it('edits stay with their scenario when the learner switches away and back', () => {
    let s = base();
    s = reducer(s, { type: 'setHandlerText', text: 'my text' });
    s = reducer(s, { type: 'selectScenario', id: 'get_order.paid' });
    expect(currentDoc(s.work).handlerText).toBe(builtinDoc('get_order.paid')?.handlerText);
    s = reducer(s, { type: 'selectScenario', id: 'search_kb.hits' });
    expect(currentDoc(s.work).handlerText).toBe('my text');
  });

  it('in exercise mode the editor edits the active result', () => {
    let s = base();
    s = reducer(s, { type: 'setMode', mode: 'exercise' });
    s = reducer(s, { type: 'activateExercise', index: 3 });
    s = reducer(s, { type: 'setHandlerText', text: '{}' });
    expect(s.work.exercise.items[3]?.handlerText).toBe('{}');
    expect(s.work.docs).toEqual({});
    s = reducer(s, { type: 'resetExercise' });
    expect(s.work.exercise.items[3]?.handlerText).toBe(SCAFFOLD_HANDLER_TEXT);
  });

  it('the exercise opens as a scaffold; a worked answer is loaded only on request, unseals its slot, and shows no proof', () => {
    let s = reducer(base(), { type: 'setMode', mode: 'exercise' });
    expect(s.work.exercise.items.every((d) => d.handlerText === SCAFFOLD_HANDLER_TEXT)).toBe(true);
    s = reducer(s, { type: 'loadWorkedAnswer', index: 0 });
    expect(s.work.exercise.items[0]?.handlerText).toBe(builtinDoc('search_kb.hits')?.handlerText);
    s = reducer(s, { type: 'sealExercise', index: 0, seal: true });
    expect(s.work.exercise.sealed[0]).toEqual(s.work.exercise.items[0]);
    s = reducer(s, { type: 'loadWorkedAnswer', index: 0 });
    expect(s.work.exercise.sealed[0]).toBeNull();
    expect(s.progress.proofs).toEqual([]);
    s = reducer(s, {
      type: 'recordProgress',
      event: { exercise: { type: 'shown', step: { step: 'replace_key', slot: 1, codes: ['CALL_BINDING_MISMATCH'] } } },
    });
    expect(s.progress.proofs).toHaveLength(1);
    s = reducer(s, { type: 'resetExercise' });
    expect(s.progress.proofs).toEqual([]);
    expect(s.work.exercise.sealed).toEqual([null, null, null, null, null]);
  });

  it('unknown scenario ids are ignored', () => {
    const s = reducer(base(), { type: 'selectScenario', id: 'nope.nope' });
    expect(s.work.scenarioId).toBe('search_kb.hits');
    expect(isBuiltinScenario('nope.nope')).toBe(false);
  });

  it('knows when a replacement would drop the learner’s work', () => {
    const w = edited();
    expect(losesWork(w, initialWork())).toBe(true);
    expect(losesWork(initialWork(), w)).toBe(false);
    expect(losesWork(w, w)).toBe(false);
  });
});

describe('attack ids', () => {
  it('the playground’s list is the core’s', async () => {
    const { ATTACK_IDS } = await import('../lessons/attacks.ts');
    const { ATTACK_ID_LIST } = await import('./work.ts');
    expect([...ATTACK_ID_LIST]).toEqual([...ATTACK_IDS]);
  });
});

describe('the attack lab’s real case', () => {
  const inCase = (): AppState => ({
    ...base(),
    work: { ...initialWork(), mode: 'attack', attackId: 'A14', attackCase: 'agentdojo_banking' },
  });

  it('is left by choosing a mode or an attack: the lab opens on its list, not on the case last shown', () => {
    expect(reducer(inCase(), { type: 'setMode', mode: 'attack' }).work.attackCase).toBeUndefined();
    expect(reducer(inCase(), { type: 'setMode', mode: 'playground' }).work.attackCase).toBeUndefined();
    const a = reducer(inCase(), { type: 'selectAttack', id: 'A3' }).work;
    expect(a.attackCase).toBeUndefined();
    expect(a.attackId).toBe('A3');
  });

  it('is a place: going to one without it leaves the case, going to it opens it', () => {
    const place = { mode: 'attack', scenarioId: 'search_kb.injection', attackId: 'A14', mistake: undefined } as const;
    expect(reducer(inCase(), { type: 'place', place }).work.attackCase).toBeUndefined();
    const opened = reducer(base(), { type: 'place', place: { ...place, attackCase: 'agentdojo_banking' } }).work;
    expect(opened).toMatchObject({ mode: 'attack', attackCase: 'agentdojo_banking' });
  });
});
