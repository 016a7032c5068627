/**
 * The playground's state: one reducer (pure, below) and one hook that wires it
 * to the outside world through ./io.ts — saving, the address bar, Back and
 * Forward. Components receive the state and call the hook's actions; none of
 * them touches storage or the URL.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { AttackId } from '../lessons/attacks.ts';
import { draftsEqual, type ContextDraft } from './contextDraft.ts';
import * as io from './io.ts';
import { EMPTY_PROGRESS, recordProgress, type Progress, type ProgressEvent } from './progress.ts';
import {
  DEFAULT_SCENARIO_ID,
  compactDocs,
  currentDoc,
  defaultExerciseItems,
  exerciseEdited,
  initialWork,
  isAttackId,
  isBuiltinScenario,
  isEdited,
  knownScenario,
  scenarioMeta,
  type Doc,
  type Mode,
  type Work,
} from './work.ts';

export type NoticeCode =
  | 'unknown-scenario'
  | 'unknown-attack'
  | 'unknown-mode'
  | 'unknown-mistake'
  | 'corrupt-progress'
  | 'share-opened'
  | 'share-refused'
  | 'share-too-large'
  | 'corrupt-saved'
  | 'save-failed'
  | 'import-ok'
  | 'import-refused'
  | 'export-refused'
  | 'scenario-reset'
  | 'exercise-reset'
  | 'work-restored';

export interface Notice {
  id: number;
  kind: 'error' | 'warning' | 'info';
  code: NoticeCode;
  params: Record<string, string>;
  /** Offer to bring back the work that was set aside before this change. */
  restore?: boolean;
}

export type NoticeInput = Omit<Notice, 'id'>;

export interface AppState {
  work: Work;
  prefs: io.Prefs;
  /** The language in use: the saved preference, else the browser's. */
  lang: io.Lang;
  notices: Notice[];
  nextId: number;
  /** What the learner has done (learn mode), kept apart from the work: a share link never carries it. */
  progress: Progress;
}

export type Place = Pick<Work, 'mode' | 'scenarioId' | 'attackId' | 'mistake'>;

export type Action =
  | { type: 'setHandlerText'; text: string }
  | { type: 'setContext'; draft: ContextDraft }
  | { type: 'selectScenario'; id: string }
  | { type: 'setMode'; mode: Mode }
  | { type: 'selectAttack'; id: AttackId | null }
  | { type: 'selectMistake'; id: number | null }
  | { type: 'recordProgress'; event: ProgressEvent }
  | { type: 'resetProgress' }
  | { type: 'activateExercise'; index: number }
  | { type: 'resetExercise' }
  | { type: 'resetScenario' }
  | { type: 'replaceWork'; work: Work }
  | { type: 'place'; place: Place }
  | { type: 'notice'; notice: NoticeInput }
  | { type: 'dismiss'; id: number }
  | { type: 'setLang'; lang: io.Lang }
  | { type: 'setTheme'; theme: io.ThemePref }
  | { type: 'setLayout'; layout: Partial<io.Layout> };

/** Replaces the document the editor shows (the open scenario, or the active exercise result). */
function updateDoc(work: Work, f: (d: Doc) => Doc): Work {
  if (work.mode === 'exercise') {
    const i = work.exercise.activeIndex;
    const items = work.exercise.items.map((d, n) => (n === i ? f(d) : d));
    return { ...work, exercise: { ...work.exercise, items } };
  }
  const next = f(currentDoc(work));
  return { ...work, docs: { ...work.docs, [work.scenarioId]: next } };
}

function addNotice(state: AppState, n: NoticeInput): AppState {
  // One notice per code and value: the same unknown id twice is one message.
  const same = state.notices.find((x) => x.code === n.code && JSON.stringify(x.params) === JSON.stringify(n.params));
  const others = state.notices.filter((x) => x !== same);
  return { ...state, notices: [...others, { ...n, id: state.nextId }].slice(-5), nextId: state.nextId + 1 };
}

export function reducer(state: AppState, a: Action): AppState {
  const w = state.work;
  switch (a.type) {
    case 'setHandlerText':
      if (currentDoc(w).handlerText === a.text) return state;
      return { ...state, work: updateDoc(w, (d) => ({ ...d, handlerText: a.text })) };
    case 'setContext':
      if (draftsEqual(currentDoc(w).context, a.draft)) return state;
      return { ...state, work: updateDoc(w, (d) => ({ ...d, context: a.draft })) };
    case 'selectScenario':
      if (!knownScenario(w, a.id)) return state;
      return { ...state, work: { ...w, scenarioId: a.id, mode: w.mode === 'exercise' ? 'playground' : w.mode } };
    case 'setMode':
      return { ...state, work: { ...w, mode: a.mode } };
    case 'selectAttack':
      return { ...state, work: { ...w, attackId: a.id, mode: 'attack' }, progress: a.id === null ? state.progress : recordProgress(state.progress, { attacks: [a.id] }) };
    case 'selectMistake': {
      const { mistake: _off, ...rest } = w;
      if (a.id === null) return { ...state, work: { ...rest, mode: 'learn' } };
      return { ...state, work: { ...rest, mode: 'learn', mistake: a.id }, progress: recordProgress(state.progress, { mistakes: [a.id] }) };
    }
    case 'recordProgress': {
      const progress = recordProgress(state.progress, a.event);
      return progress === state.progress ? state : { ...state, progress };
    }
    case 'resetProgress':
      return { ...state, progress: EMPTY_PROGRESS };
    case 'activateExercise':
      if (a.index < 0 || a.index >= w.exercise.items.length) return state;
      return { ...state, work: { ...w, exercise: { ...w.exercise, activeIndex: a.index } } };
    case 'resetExercise':
      return { ...state, work: { ...w, exercise: { items: defaultExerciseItems(), activeIndex: w.exercise.activeIndex } } };
    case 'resetScenario': {
      const docs = { ...w.docs };
      if (isBuiltinScenario(w.scenarioId)) delete docs[w.scenarioId];
      return { ...state, work: { ...w, docs } };
    }
    case 'replaceWork':
      return { ...state, work: a.work };
    case 'place': {
      const { mistake: _old, ...rest } = w;
      const { mistake, ...place } = a.place;
      const work: Work = { ...rest, ...place, ...(mistake !== undefined ? { mistake } : {}) };
      const seen: ProgressEvent = { ...(work.mode === 'attack' && work.attackId !== null ? { attacks: [work.attackId] } : {}), ...(work.mode === 'learn' && mistake !== undefined ? { mistakes: [mistake] } : {}) };
      return { ...state, work, progress: recordProgress(state.progress, seen) };
    }
    case 'notice':
      return addNotice(state, a.notice);
    case 'dismiss':
      return { ...state, notices: state.notices.filter((n) => n.id !== a.id) };
    case 'setLang':
      return { ...state, lang: a.lang, prefs: { ...state.prefs, lang: a.lang } };
    case 'setTheme':
      return { ...state, prefs: { ...state.prefs, theme: a.theme } };
    case 'setLayout':
      return { ...state, prefs: { ...state.prefs, layout: { ...state.prefs.layout, ...a.layout } } };
  }
}

/** Whether replacing `before` by `after` would drop something the learner made (then it is set aside first). */
export function losesWork(before: Work, after: Work): boolean {
  const b = compactDocs(before.docs);
  const a = compactDocs(after.docs);
  for (const [id, d] of Object.entries(b)) {
    const x = a[id];
    if (x === undefined || JSON.stringify(x) !== JSON.stringify(d)) return true;
  }
  return exerciseEdited(before) && JSON.stringify(before.exercise.items) !== JSON.stringify(after.exercise.items);
}

function placeOf(w: Work): Place {
  return { mode: w.mode, scenarioId: w.scenarioId, attackId: w.attackId, mistake: w.mistake };
}

/**
 * The state the page starts from, read once before React renders (so React's
 * StrictMode double calls cannot read storage twice): preferences, saved work
 * (a corrupt copy is set aside and reported), then a share link or an address.
 */
export function bootState(): AppState {
  const prefs = io.loadPrefs();
  let state: AppState = {
    work: initialWork(),
    prefs,
    lang: prefs.lang ?? io.languageFromNavigator(io.browserLanguages()),
    notices: [],
    nextId: 1,
    progress: EMPTY_PROGRESS,
  };
  const note = (n: NoticeInput) => {
    state = addNotice(state, n);
  };
  const savedProgress = io.loadProgress();
  if (savedProgress.kind === 'ok') state.progress = savedProgress.progress;
  else if (savedProgress.kind === 'corrupt') {
    note({ kind: 'error', code: 'corrupt-progress', params: { detail: `${savedProgress.error.code}: ${savedProgress.error.detail}`, key: savedProgress.setAsideKey ?? '' } });
  }
  const saved = io.loadWork();
  if (saved.kind === 'ok') state.work = saved.work;
  else if (saved.kind === 'corrupt') {
    note({ kind: 'error', code: 'corrupt-saved', params: { detail: `${saved.error.code}: ${saved.error.detail}`, key: saved.setAsideKey ?? '' } });
  }

  const { address, fragment } = io.readAddress();
  let shared = false;
  if (fragment !== null && fragment.startsWith(io.SHARE_PREFIX)) {
    const decoded = io.decodeShare(fragment);
    if (decoded.ok) {
      const next = io.applyShare(state.work, decoded.value);
      const stashed = losesWork(state.work, next) && io.stashWork(state.work);
      state.work = next;
      shared = true;
      note({ kind: 'info', code: 'share-opened', params: {}, restore: stashed });
    } else {
      note({ kind: 'error', code: 'share-refused', params: { reason: decoded.error.code, detail: decoded.error.detail } });
    }
  }
  // A refused link still has a valid address in front of its fragment: honour it.
  if (!shared) {
    const r = io.resolveAddress(state.work, address, (id) => knownScenario(state.work, id), DEFAULT_SCENARIO_ID);
    state = reducer(state, { type: 'place', place: r.place });
    for (const p of r.problems) {
      note({ kind: 'warning', code: p.kind, params: { value: p.value, fallback: p.kind === 'unknown-scenario' ? DEFAULT_SCENARIO_ID : '' } });
    }
  }
  if (!knownScenario(state.work, state.work.scenarioId)) state.work = { ...state.work, scenarioId: DEFAULT_SCENARIO_ID };
  io.writeAddress(placeOf(state.work), 'replace');
  return state;
}

export interface PlaygroundApi {
  setHandlerText(text: string): void;
  setContext(draft: ContextDraft): void;
  selectScenario(id: string): void;
  setMode(mode: Mode): void;
  selectAttack(id: AttackId | null): void;
  /** Switches a mistake on (1–8) or every mistake off (null), in the learn mode. */
  selectMistake(id: number | null): void;
  /** Opens a place (mode, scenario, attack) in one step, e.g. a self-test demo. */
  go(place: { mode: Mode; scenarioId: string; attackId: string | null }): void;
  recordProgress(event: ProgressEvent): void;
  resetProgress(): void;
  openScenario(id: string): void;
  activateExercise(index: number): void;
  resetExercise(): void;
  resetScenario(): void;
  notify(n: NoticeInput): void;
  dismiss(id: number): void;
  restoreStash(): void;
  setLang(lang: io.Lang): void;
  setTheme(theme: io.ThemePref): void;
  setLayout(layout: Partial<io.Layout>): void;
  /** The share link of the current state, or why it cannot be made (reported as a notice too). */
  share(): Promise<{ ok: true; url: string } | { ok: false; error: io.IoError }>;
  exportScenario(): void;
  importScenario(file: File): Promise<void>;
  /** Opens a share fragment inside the running page (what a link does on load). */
  openShare(fragment: string): void;
}

const SAVE_DELAY_MS = 300;

export function usePlayground(boot: () => AppState): { state: AppState; api: PlaygroundApi } {
  const [state, dispatch] = useReducer(reducer, undefined, boot);
  const latest = useRef(state);
  latest.current = state;

  // Save the work shortly after it changes (and at once when the page is hidden).
  const saveFailed = useRef(false);
  useEffect(() => {
    const save = () => {
      const r = io.saveWork(latest.current.work);
      if (!r.ok && !saveFailed.current) {
        saveFailed.current = true;
        dispatch({ type: 'notice', notice: { kind: 'warning', code: 'save-failed', params: { detail: r.error.detail } } });
      } else if (r.ok) saveFailed.current = false;
    };
    const t = window.setTimeout(save, SAVE_DELAY_MS);
    window.addEventListener('pagehide', save);
    return () => {
      window.clearTimeout(t);
      window.removeEventListener('pagehide', save);
    };
  }, [state.work]);

  useEffect(() => io.savePrefs(state.prefs), [state.prefs]);
  useEffect(() => io.saveProgress(state.progress), [state.progress]);

  // The address follows the place (a history entry per scenario, mode or attack); Back and Forward follow the address.
  const fromHistory = useRef(false);
  const { mode, scenarioId, attackId, mistake } = state.work;
  useEffect(() => {
    if (fromHistory.current) {
      fromHistory.current = false;
      return;
    }
    io.writeAddress({ mode, scenarioId, attackId, mistake }, 'push');
  }, [mode, scenarioId, attackId, mistake]);
  useEffect(() => {
    const onPop = () => {
      const w = latest.current.work;
      const { address } = io.readAddress();
      const r = io.resolveAddress(w, address, (id) => knownScenario(w, id), DEFAULT_SCENARIO_ID);
      fromHistory.current = true;
      dispatch({ type: 'place', place: r.place });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const notify = useCallback((n: NoticeInput) => dispatch({ type: 'notice', notice: n }), []);

  /** Sets the whole work aside before a change that would drop some of it. */
  const stashIfLosing = useCallback((next: Work): boolean => {
    const before = latest.current.work;
    return losesWork(before, next) && io.stashWork(before);
  }, []);

  const api = useMemo<PlaygroundApi>(
    () => ({
      setHandlerText: (text) => dispatch({ type: 'setHandlerText', text }),
      setContext: (draft) => dispatch({ type: 'setContext', draft }),
      selectScenario: (id) => dispatch({ type: 'selectScenario', id }),
      setMode: (m) => dispatch({ type: 'setMode', mode: m }),
      selectAttack: (id) => dispatch({ type: 'selectAttack', id }),
      selectMistake: (id) => dispatch({ type: 'selectMistake', id }),
      go: (place) => {
        if (!knownScenario(latest.current.work, place.scenarioId)) return;
        const attackId = place.attackId !== null && isAttackId(place.attackId) ? place.attackId : null;
        dispatch({ type: 'place', place: { mode: place.mode, scenarioId: place.scenarioId, attackId, mistake: undefined } });
      },
      recordProgress: (event) => dispatch({ type: 'recordProgress', event }),
      resetProgress: () => dispatch({ type: 'resetProgress' }),
      openScenario: (id) => {
        if (!knownScenario(latest.current.work, id)) {
          notify({ kind: 'warning', code: 'unknown-scenario', params: { value: id, fallback: latest.current.work.scenarioId } });
          return;
        }
        dispatch({ type: 'place', place: { ...placeOf(latest.current.work), scenarioId: id } });
      },
      activateExercise: (index) => dispatch({ type: 'activateExercise', index }),
      resetExercise: () => {
        const w = latest.current.work;
        const restore = stashIfLosing({ ...w, exercise: { items: defaultExerciseItems(), activeIndex: w.exercise.activeIndex } });
        dispatch({ type: 'resetExercise' });
        if (restore) notify({ kind: 'info', code: 'exercise-reset', params: {}, restore });
      },
      resetScenario: () => {
        const w = latest.current.work;
        if (!isEdited(w)) return;
        const docs = { ...w.docs };
        delete docs[w.scenarioId];
        const restore = stashIfLosing({ ...w, docs });
        dispatch({ type: 'resetScenario' });
        notify({ kind: 'info', code: 'scenario-reset', params: { id: w.scenarioId }, restore });
      },
      notify,
      dismiss: (id) => dispatch({ type: 'dismiss', id }),
      restoreStash: () => {
        const stashed = io.loadStash();
        if (stashed === null) return;
        // Swap: what is open now is set aside in turn, so restoring is itself undoable.
        io.stashWork(latest.current.work);
        dispatch({ type: 'replaceWork', work: stashed });
        notify({ kind: 'info', code: 'work-restored', params: {}, restore: true });
      },
      setLang: (lang) => dispatch({ type: 'setLang', lang }),
      setTheme: (theme) => dispatch({ type: 'setTheme', theme }),
      setLayout: (layout) => dispatch({ type: 'setLayout', layout }),
      share: async () => {
        const enc = await io.encodeShare(latest.current.work);
        if (!enc.ok) {
          notify({ kind: 'error', code: 'share-too-large', params: { detail: enc.error.detail } });
          return { ok: false as const, error: enc.error };
        }
        return { ok: true as const, url: io.shareUrlOf(enc.value) };
      },
      exportScenario: () => {
        const w = latest.current.work;
        const s = w.mode === 'exercise' ? null : w.scenarioId;
        const id = s ?? `search_kb.exercise_${w.exercise.activeIndex + 1}`;
        const doc = currentDoc(w);
        const meta = s === null ? null : scenarioMeta(w, s);
        const file = io.scenarioFileOf(id, doc, meta);
        if (!file.ok) {
          notify({ kind: 'error', code: 'export-refused', params: { reason: file.error.code, detail: file.error.detail } });
          return;
        }
        io.downloadText(`${id}.json`, file.value);
      },
      importScenario: async (file) => {
        const r = await io.readScenarioFile(file);
        if (!r.ok) {
          notify({ kind: 'error', code: 'import-refused', params: { name: file.name, reason: r.error.code, detail: r.error.detail } });
          return;
        }
        const w = latest.current.work;
        const next = io.applyImport(w, r.value, isBuiltinScenario(r.value.id));
        const restore = stashIfLosing(next);
        dispatch({ type: 'replaceWork', work: next });
        notify({ kind: 'info', code: 'import-ok', params: { name: file.name, id: r.value.id }, restore });
      },
      openShare: (fragment) => {
        const decoded = io.decodeShare(fragment);
        if (!decoded.ok) {
          notify({ kind: 'error', code: 'share-refused', params: { reason: decoded.error.code, detail: decoded.error.detail } });
          return;
        }
        const next = io.applyShare(latest.current.work, decoded.value);
        const restore = stashIfLosing(next);
        dispatch({ type: 'replaceWork', work: next });
        notify({ kind: 'info', code: 'share-opened', params: {}, restore });
      },
    }),
    [notify, stashIfLosing],
  );
  // A share link pasted into the address bar of an open playground changes only the fragment: no reload, so open it here.
  const openShare = useRef(api.openShare);
  openShare.current = api.openShare;
  useEffect(() => {
    const onHash = () => {
      const { fragment } = io.readAddress();
      if (fragment === null || !fragment.startsWith(io.SHARE_PREFIX)) return;
      openShare.current(fragment);
      io.writeAddress(placeOf(latest.current.work), 'replace');
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  return { state, api };
}
