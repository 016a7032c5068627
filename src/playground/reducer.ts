/**
 * The playground's state as one pure reducer: the work, the preferences, the
 * notices and the progress. No React, no browser: ./boot.ts builds the first
 * state, and the UI's usePlayground hook (src/ui/state) dispatches to it.
 */
import type { AttackId } from '../lessons/attacks.ts';
import type { Lang } from '../lang.ts';
import type { JsonParseError } from '#lib/core/json/index.ts';
import type { IoErrorCode, IoIssue } from './codecs/decoded.ts';
import type { AddressProblem, Place } from './address.ts';
import type { LabAction } from '../lessons/recoveryLab/labLog.ts';
import type { Layout, Prefs, ThemePref } from './codecs/prefs.ts';
import { draftsEqual, type ContextDraft } from './contextDraft.ts';
import { EMPTY_PROGRESS, recordProgress, type Progress, type ProgressEvent } from './progress.ts';
import { compactTurnDocs, withTurnStep, type TurnWork } from './turn/turnWork.ts';
import {
  compactDocs,
  currentDoc,
  exerciseEdited,
  initialExercise,
  workedAnswer,
  awaitingMcpData,
  isBuiltinScenario,
  knownScenario,
  type Doc,
  type Mode,
  type Work,
} from './work.ts';

/** An address's problems are notices as they are; the rest come from storage, files and the share link. */
export type NoticeCode =
  | AddressProblem['kind']
  | 'corrupt-progress'
  /** Progress saved by an older version: its proof and question counts were not the learner's own and start again. */
  | 'progress-recounted'
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
  | 'worked-answer-loaded'
  | 'work-restored';

export interface Notice {
  id: number;
  kind: 'error' | 'warning' | 'info';
  code: NoticeCode;
  params: Record<string, string>;
  /** A refusal by the strict parser behind its `detail`: said in the learner's language (parseErrors.ts). */
  parse?: JsonParseError;
  /** A schema refusal behind its `detail`: what is wrong at each pointer, said in the learner's language. */
  issues?: readonly IoIssue[];
  /** The refusal's code behind its `detail` (codecs/decoded.ts): a detail with no data but English is said from it. */
  io?: IoErrorCode;
  /** A detail already said in each language (the lazy panel that raised the notice had the words). */
  detailIn?: Readonly<Record<Lang, string>>;
  /** Offer to bring back the work that was set aside before this change. */
  restore?: boolean;
}

export type NoticeInput = Omit<Notice, 'id'>;

export interface AppState {
  work: Work;
  prefs: Prefs;
  /** The language in use: the saved preference, else the browser's. */
  lang: Lang;
  notices: Notice[];
  nextId: number;
  /** What the learner has done (learn mode), kept apart from the work: a share link never carries it. */
  progress: Progress;
}

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
  /** Seal (keep the package as stored) or unseal one exercise result. */
  | { type: 'sealExercise'; index: number; seal: boolean }
  /** Put the shipped result into a slot, at the learner's request. */
  | { type: 'loadWorkedAnswer'; index: number }
  | { type: 'resetScenario' }
  | { type: 'replaceWork'; work: Work }
  /** The turn mode's part of the work: the open stream and the learner's edits. */
  | { type: 'setTurn'; turn: TurnWork }
  /** The recovery lab's actions in its open case (none: undefined). */
  | { type: 'setRecoveryLog'; log: LabAction[] | undefined }
  | { type: 'place'; place: Place }
  | { type: 'notice'; notice: NoticeInput }
  | { type: 'dismiss'; id: number }
  | { type: 'setLang'; lang: Lang }
  | { type: 'setTheme'; theme: ThemePref }
  | { type: 'setLayout'; layout: Partial<Layout> };

/** Replaces the document the editor shows (the open scenario, or the active exercise result). */
function updateDoc(work: Work, f: (d: Doc) => Doc): Work {
  if (work.mode === 'exercise') {
    const i = work.exercise.activeIndex;
    const items = work.exercise.items.map((d, n) => (n === i ? f(d) : d));
    return { ...work, exercise: { ...work.exercise, items } };
  }
  // The stand-in shown while an MCP scenario's data loads is nobody's document: an edit to it would replace the scenario.
  if (awaitingMcpData(work)) return work;
  const next = f(currentDoc(work));
  return { ...work, docs: { ...work.docs, [work.scenarioId]: next } };
}

export function addNotice(state: AppState, n: NoticeInput): AppState {
  // One notice per code and value: the same unknown id twice is one message.
  const same = state.notices.find((x) => x.code === n.code && JSON.stringify(x.params) === JSON.stringify(n.params));
  const others = state.notices.filter((x) => x !== same);
  return { ...state, notices: [...others, { ...n, id: state.nextId }].slice(-5), nextId: state.nextId + 1 };
}

/**
 * The notices about how the learner arrived (a shared state opened, a link naming what does not exist): once they
 * move on to another mode these say nothing about what is on screen, and go. A shared state that set the learner's
 * own work aside keeps its notice, and its offer to bring that work back, until dismissed.
 */
const ARRIVAL: ReadonlySet<NoticeCode> = new Set<NoticeCode>([
  'share-opened',
  'unknown-scenario',
  'unknown-attack',
  'unknown-mode',
  'unknown-mistake',
  'unknown-stream',
  'unknown-step',
  'unknown-case',
  'unknown-broken',
]);
function movedOn(state: AppState, from: Work['mode'], to: Work['mode']): Notice[] {
  if (from === to) return state.notices;
  const kept = state.notices.filter((n) => !ARRIVAL.has(n.code) || n.restore === true);
  return kept.length === state.notices.length ? state.notices : kept;
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
    case 'setMode': {
      // A mode chosen is its own page: the attack lab opens on its list, not on the real case it was last showing.
      const { attackCase: _case, ...rest } = w;
      return { ...state, work: { ...rest, mode: a.mode }, notices: movedOn(state, w.mode, a.mode) };
    }
    case 'selectAttack': {
      const { attackCase: _case, ...rest } = w;
      return {
        ...state,
        work: { ...rest, attackId: a.id, mode: 'attack' },
        progress: a.id === null ? state.progress : recordProgress(state.progress, { attacks: [a.id] }),
      };
    }
    case 'selectMistake': {
      const { mistake: _off, ...rest } = w;
      if (a.id === null) return { ...state, work: { ...rest, mode: 'learn' } };
      // Explored is counted by the view, once the mistake's run shows its harm on the learner's input.
      return { ...state, work: { ...rest, mode: 'learn', mistake: a.id } };
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
      // A reset starts the exercise over: the scaffold, nothing sealed, no proof shown.
      return {
        ...state,
        work: { ...w, exercise: initialExercise(w.exercise.activeIndex) },
        progress: recordProgress(state.progress, { exercise: { type: 'reset' } }),
      };
    case 'sealExercise': {
      const i = a.index;
      const item = w.exercise.items[i];
      if (item === undefined) return state;
      const sealed = w.exercise.sealed.map((d, n) => (n === i ? (a.seal ? item : null) : d));
      return {
        ...state,
        work: { ...w, exercise: { ...w.exercise, sealed } },
        progress: recordProgress(state.progress, { exercise: { type: a.seal ? 'seal' : 'unseal', slot: i + 1 } }),
      };
    }
    case 'loadWorkedAnswer': {
      const answer = workedAnswer(a.index);
      if (answer === null) return state;
      const items = w.exercise.items.map((d, n) => (n === a.index ? answer : d));
      // The slot is reopened: a worked answer compared with an earlier seal would show a proof the learner never made.
      const sealed = w.exercise.sealed.map((d, n) => (n === a.index ? null : d));
      return {
        ...state,
        work: { ...w, exercise: { items, activeIndex: a.index, sealed } },
        progress: recordProgress(state.progress, { exercise: { type: 'load_worked_answer', slot: a.index + 1 } }),
      };
    }
    case 'resetScenario': {
      const docs = { ...w.docs };
      if (isBuiltinScenario(w.scenarioId)) delete docs[w.scenarioId];
      return { ...state, work: { ...w, docs } };
    }
    case 'replaceWork':
      return { ...state, work: a.work };
    case 'setTurn':
      return { ...state, work: { ...w, turn: a.turn } };
    case 'setRecoveryLog': {
      const { recoveryLog: _old, ...rest } = w;
      return { ...state, work: a.log === undefined ? rest : { ...rest, recoveryLog: a.log } };
    }
    case 'place': {
      const { mistake: _old, recoveryBroken: _plane, attackCase: _case, recoveryLog, ...rest } = w;
      const { mistake, turnStream, turnStep, ...place } = a.place;
      // The lab's actions belong to its stage: another case or broken plane is a fresh one.
      const sameStage = place.recoveryCase === w.recoveryCase && place.recoveryBroken === w.recoveryBroken;
      const turn =
        turnStream === undefined
          ? w.turn
          : withTurnStep(turnStream === w.turn.stream ? w.turn : { ...w.turn, stream: turnStream }, turnStep);
      const work: Work = {
        ...rest,
        ...place,
        turn,
        ...(mistake !== undefined ? { mistake } : {}),
        ...(sameStage && recoveryLog !== undefined ? { recoveryLog } : {}),
      };
      const seen: ProgressEvent = {
        ...(work.mode === 'attack' && work.attackId !== null ? { attacks: [work.attackId] } : {}),
      };
      return {
        ...state,
        work,
        progress: recordProgress(state.progress, seen),
        notices: movedOn(state, w.mode, work.mode),
      };
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
  const bt = compactTurnDocs(before.turn.docs);
  const at = compactTurnDocs(after.turn.docs);
  if (Object.entries(bt).some(([id, d]) => JSON.stringify(at[id]) !== JSON.stringify(d))) return true;
  const lab = (w: Work) => JSON.stringify([w.recoveryCase ?? null, w.recoveryBroken ?? null, w.recoveryLog ?? []]);
  if ((before.recoveryLog ?? []).length > 0 && lab(before) !== lab(after)) return true;
  return (
    exerciseEdited(before) &&
    (JSON.stringify(before.exercise.items) !== JSON.stringify(after.exercise.items) ||
      JSON.stringify(before.exercise.sealed) !== JSON.stringify(after.exercise.sealed))
  );
}
