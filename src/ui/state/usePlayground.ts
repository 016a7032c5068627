/**
 * The playground's state in React: the pure reducer (src/playground/reducer.ts)
 * behind useReducer, wired to the browser through src/playground/browser.ts —
 * saving, the address bar, Back and Forward. Components receive the state and
 * call the hook's actions; none of them touches storage or the URL.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { AttackId } from '../../lessons/attacks.ts';
import { isRecoveryCaseId, type RecoveryCaseId } from '../../lessons/recoveryProofs.ts';
import { isBrokenPlaneId, type BrokenPlaneId } from '../../lessons/recoveryLab/brokenPlaneIds.ts';
import { isAttackCaseId, type AttackCaseId } from '../../lessons/agentdojoCase/caseIds.ts';
import type { LabAction } from '../../lessons/recoveryLab/labLog.ts';
import type { Lang } from '../../lang.ts';
import { placeOf, resolveAddress } from '../../playground/address.ts';
import * as browser from '../../playground/browser.ts';
import { parseOf, type IoError } from '../../playground/codecs/decoded.ts';
import type { Layout, ThemePref } from '../../playground/codecs/prefs.ts';
import { scenarioFileOf, applyImport } from '../../playground/codecs/scenarioFile.ts';
import { applyShare, decodeShare, encodeShare, SHARE_PREFIX } from '../../playground/codecs/shareLink.ts';
import type { ContextDraft } from '../../playground/contextDraft.ts';
import type { ProgressEvent } from '../../playground/progress.ts';
import { losesWork, reducer, type AppState, type NoticeInput } from '../../playground/reducer.ts';
import { isTurnStreamId } from '../../playground/turn/turnAddress.ts';
import type { TurnWork } from '../../playground/turn/turnWork.ts';
import {
  DEFAULT_SCENARIO_ID,
  awaitingMcpData,
  currentDoc,
  defaultExerciseItems,
  docsEqual,
  initialExercise,
  workedAnswer,
  type Doc,
  isAttackId,
  isBuiltinScenario,
  isEdited,
  knownScenario,
  scenarioMeta,
  type Mode,
  type Work,
} from '../../playground/work.ts';

export interface PlaygroundApi {
  setHandlerText(text: string): void;
  /** The open document's text without its comments and trailing commas: one edit, which the editor's Undo takes back. */
  stripComments(): void;
  setContext(draft: ContextDraft): void;
  selectScenario(id: string): void;
  setMode(mode: Mode): void;
  selectAttack(id: AttackId | null): void;
  /** Switches a mistake on (1–8) or every mistake off (null), in the learn mode. */
  selectMistake(id: number | null): void;
  /** Opens a place (mode, scenario, attack) in one step, e.g. a self-test demo. */
  go(place: {
    mode: Mode;
    scenarioId: string;
    attackId: string | null;
    turnStream?: string;
    recoveryCase?: RecoveryCaseId;
    /** The lab's broken plane beside the real one; absent: the real plane alone. */
    recoveryBroken?: BrokenPlaneId;
    /** A real case of the attack lab (with mode `attack`); absent: the lab's list. */
    attackCase?: AttackCaseId;
  }): void;
  recordProgress(event: ProgressEvent): void;
  resetProgress(): void;
  openScenario(id: string): void;
  activateExercise(index: number): void;
  resetExercise(): void;
  /** Seals one exercise result (its package is kept as stored) or unseals it. */
  sealExercise(index: number, seal: boolean): void;
  /** Puts the worked answer into one slot; what the learner had written there is set aside and offered back. */
  loadWorkedAnswer(index: number): void;
  resetScenario(): void;
  notify(n: NoticeInput): void;
  dismiss(id: number): void;
  restoreStash(): void;
  setLang(lang: Lang): void;
  setTheme(theme: ThemePref): void;
  setLayout(layout: Partial<Layout>): void;
  /** Replaces the turn mode's part of the work (its open stream and edits); a new stream is a new address. */
  setTurn(turn: TurnWork): void;
  /** Replaces the turn work where edits may be dropped (a reset, an import): what would be lost is set aside first, and the notice offers it back. */
  replaceTurn(turn: TurnWork, notice: NoticeInput): void;
  /** The recovery lab's actions in its open case, kept with the work (none: undefined). */
  setRecoveryLog(log: LabAction[] | undefined): void;
  /** The share link of the current state, or why it cannot be made (reported as a notice too). */
  share(): Promise<{ ok: true; url: string } | { ok: false; error: IoError }>;
  exportScenario(): void;
  importScenario(file: File): Promise<void>;
  /** Opens a share fragment inside the running page (what a link does on load). */
  openShare(fragment: string): void;
}

export const SAVE_DELAY_MS = 300;

/** What the address names of the work but the turn's step, as one comparable key. */
const spotKey = (w: AppState['work']): string =>
  JSON.stringify([
    w.mode,
    w.scenarioId,
    w.attackId,
    w.mistake ?? null,
    w.turn.stream,
    w.recoveryCase ?? null,
    w.recoveryBroken ?? null,
    w.attackCase ?? null,
  ]);
/** What the address names of the work, as one comparable key. */
const placeKey = (w: AppState['work']): string =>
  JSON.stringify([spotKey(w), w.mode === 'turn' ? (w.turn.step ?? null) : null]);

export function usePlayground(boot: () => AppState): { state: AppState; api: PlaygroundApi } {
  const [state, dispatch] = useReducer(reducer, undefined, boot);
  const latest = useRef(state);
  latest.current = state;

  // Save the work shortly after it changes (and at once when the page is hidden).
  const saveFailed = useRef(false);
  useEffect(() => {
    const save = () => {
      const r = browser.saveWork(latest.current.work);
      if (!r.ok && !saveFailed.current) {
        saveFailed.current = true;
        dispatch({
          type: 'notice',
          notice: { kind: 'warning', code: 'save-failed', params: { detail: r.error.detail }, ...parseOf(r.error) },
        });
      } else if (r.ok) saveFailed.current = false;
    };
    const t = window.setTimeout(save, SAVE_DELAY_MS);
    const unsubscribe = browser.onPageHide(save);
    return () => {
      window.clearTimeout(t);
      unsubscribe();
    };
  }, [state.work]);

  useEffect(() => browser.savePrefs(state.prefs), [state.prefs]);
  useEffect(() => browser.saveProgress(state.progress), [state.progress]);

  // The address follows the place (a history entry per scenario, mode, attack or stream); Back and Forward follow the
  // address. A step through a stream rewrites its entry rather than add one, as presenting does: a learner steps
  // dozens of times, and Back should leave the stream, not rewind it one event at a time (nor hit the browser's limit
  // on history writes while an arrow key is held). Back to a stream finds it at the step it was left at.
  // The place a Back or Forward put on the page, whose address is already in the bar: its write is skipped. A pop
  // that changes no place (only the fragment moved) leaves nothing behind that would swallow the next real write.
  const fromHistory = useRef<string | null>(null);
  const { mode, scenarioId, attackId, mistake, recoveryCase, recoveryBroken, attackCase } = state.work;
  const turnStream = state.work.turn.stream;
  const turnStep = mode === 'turn' ? state.work.turn.step : undefined;
  const here = placeKey(state.work);
  const spot = spotKey(state.work);
  const writtenSpot = useRef(spot);
  useEffect(() => {
    const skip = fromHistory.current === here;
    fromHistory.current = null;
    const how = writtenSpot.current === spot ? 'replace' : 'push';
    writtenSpot.current = spot;
    if (skip) return;
    browser.writeAddress(
      {
        mode,
        scenarioId,
        attackId,
        mistake,
        turnStream,
        ...(turnStep !== undefined ? { turnStep } : {}),
        ...(recoveryCase !== undefined ? { recoveryCase } : {}),
        ...(recoveryBroken !== undefined ? { recoveryBroken } : {}),
        ...(attackCase !== undefined ? { attackCase } : {}),
      },
      how,
    );
  }, [here, spot, mode, scenarioId, attackId, mistake, turnStream, turnStep, recoveryCase, recoveryBroken, attackCase]);
  useEffect(() => {
    const onPop = () => {
      const w = latest.current.work;
      const { address } = browser.readAddress();
      const r = resolveAddress(w, address, (id) => knownScenario(w, id), DEFAULT_SCENARIO_ID);
      const action = { type: 'place', place: r.place } as const;
      const next = placeKey(reducer(latest.current, action).work);
      fromHistory.current = next === placeKey(w) ? null : next;
      dispatch(action);
    };
    return browser.onHistoryMove(onPop);
  }, []);

  const notify = useCallback((n: NoticeInput) => dispatch({ type: 'notice', notice: n }), []);

  /** Sets the whole work aside before a change that would drop some of it. */
  const stashIfLosing = useCallback((next: Work): boolean => {
    const before = latest.current.work;
    return losesWork(before, next) && browser.stashWork(before);
  }, []);

  const api = useMemo<PlaygroundApi>(
    () => ({
      setHandlerText: (text) => dispatch({ type: 'setHandlerText', text }),
      // Loaded when pressed (off the first load); the text is read then, so a keystroke in between is kept.
      stripComments: () =>
        void import('../../playground/stripJsonc.ts').then(({ stripJsonc }) =>
          dispatch({ type: 'setHandlerText', text: stripJsonc(currentDoc(latest.current.work).handlerText) }),
        ),
      setContext: (draft) => dispatch({ type: 'setContext', draft }),
      selectScenario: (id) => dispatch({ type: 'selectScenario', id }),
      setMode: (m) => dispatch({ type: 'setMode', mode: m }),
      selectAttack: (id) => dispatch({ type: 'selectAttack', id }),
      selectMistake: (id) => dispatch({ type: 'selectMistake', id }),
      go: (place) => {
        if (!knownScenario(latest.current.work, place.scenarioId)) return;
        const attackId = place.attackId !== null && isAttackId(place.attackId) ? place.attackId : null;
        const turnStream =
          place.turnStream !== undefined && isTurnStreamId(place.turnStream) ? place.turnStream : undefined;
        dispatch({
          type: 'place',
          place: {
            mode: place.mode,
            scenarioId: place.scenarioId,
            attackId,
            mistake: undefined,
            turnStream,
            ...(place.recoveryCase !== undefined && isRecoveryCaseId(place.recoveryCase)
              ? { recoveryCase: place.recoveryCase }
              : {}),
            ...(place.recoveryBroken !== undefined && isBrokenPlaneId(place.recoveryBroken)
              ? { recoveryBroken: place.recoveryBroken }
              : {}),
            ...(place.mode === 'attack' && isAttackCaseId(place.attackCase) ? { attackCase: place.attackCase } : {}),
          },
        });
      },
      recordProgress: (event) => dispatch({ type: 'recordProgress', event }),
      resetProgress: () => dispatch({ type: 'resetProgress' }),
      openScenario: (id) => {
        if (!knownScenario(latest.current.work, id)) {
          notify({
            kind: 'warning',
            code: 'unknown-scenario',
            params: { value: id, fallback: latest.current.work.scenarioId },
          });
          return;
        }
        dispatch({ type: 'place', place: { ...placeOf(latest.current.work), scenarioId: id } });
      },
      activateExercise: (index) => dispatch({ type: 'activateExercise', index }),
      resetExercise: () => {
        const w = latest.current.work;
        const restore = stashIfLosing({ ...w, exercise: initialExercise(w.exercise.activeIndex) });
        dispatch({ type: 'resetExercise' });
        if (restore) notify({ kind: 'info', code: 'exercise-reset', params: {}, restore });
      },
      sealExercise: (index, seal) => dispatch({ type: 'sealExercise', index, seal }),
      loadWorkedAnswer: (index) => {
        const w = latest.current.work;
        const answer = workedAnswer(index);
        if (answer === null) return;
        // Only the learner's own text in that slot is worth setting aside (not the empty scaffold).
        const mine = w.exercise.items[index];
        const restore =
          mine !== undefined &&
          !docsEqual(mine, defaultExerciseItems()[index] as Doc) &&
          !docsEqual(mine, answer) &&
          browser.stashWork(w);
        dispatch({ type: 'loadWorkedAnswer', index });
        if (restore) notify({ kind: 'info', code: 'worked-answer-loaded', params: { n: String(index + 1) }, restore });
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
        const stashed = browser.loadStash();
        if (stashed === null) return;
        // Swap: what is open now is set aside in turn, so restoring is itself undoable.
        browser.stashWork(latest.current.work);
        dispatch({ type: 'replaceWork', work: stashed });
        notify({ kind: 'info', code: 'work-restored', params: {}, restore: true });
      },
      setLang: (lang) => dispatch({ type: 'setLang', lang }),
      setTheme: (theme) => dispatch({ type: 'setTheme', theme }),
      setLayout: (layout) => dispatch({ type: 'setLayout', layout }),
      setTurn: (turn) => dispatch({ type: 'setTurn', turn }),
      setRecoveryLog: (log) => dispatch({ type: 'setRecoveryLog', log }),
      replaceTurn: (turn, notice) => {
        const restore = stashIfLosing({ ...latest.current.work, turn });
        dispatch({ type: 'setTurn', turn });
        notify({ ...notice, restore });
      },
      share: async () => {
        const enc = await encodeShare(latest.current.work);
        if (!enc.ok) {
          notify({
            kind: 'error',
            code: 'share-too-large',
            params: { detail: enc.error.detail },
            ...parseOf(enc.error),
          });
          return { ok: false as const, error: enc.error };
        }
        return { ok: true as const, url: browser.shareUrlOf(enc.value) };
      },
      exportScenario: () => {
        const w = latest.current.work;
        // Its document is not here yet (the MCP chunk is loading): nothing to write but a stand-in.
        if (awaitingMcpData(w)) return;
        const s = w.mode === 'exercise' ? null : w.scenarioId;
        const id = s ?? `search_kb.exercise_${w.exercise.activeIndex + 1}`;
        const doc = currentDoc(w);
        const meta = s === null ? null : scenarioMeta(w, s);
        const file = scenarioFileOf(id, doc, meta);
        if (!file.ok) {
          notify({
            kind: 'error',
            code: 'export-refused',
            params: { reason: file.error.code, detail: file.error.detail },
            ...parseOf(file.error),
          });
          return;
        }
        browser.downloadText(`${id}.json`, file.value);
      },
      importScenario: async (file) => {
        const r = await browser.readScenarioFile(file);
        if (!r.ok) {
          notify({
            kind: 'error',
            code: 'import-refused',
            params: { name: file.name, reason: r.error.code, detail: r.error.detail },
            ...parseOf(r.error),
          });
          return;
        }
        const w = latest.current.work;
        const next = applyImport(w, r.value, isBuiltinScenario(r.value.id));
        const restore = stashIfLosing(next);
        dispatch({ type: 'replaceWork', work: next });
        notify({ kind: 'info', code: 'import-ok', params: { name: file.name, id: r.value.id }, restore });
      },
      openShare: (fragment) => {
        const decoded = decodeShare(fragment);
        if (!decoded.ok) {
          notify({
            kind: 'error',
            code: 'share-refused',
            params: { reason: decoded.error.code, detail: decoded.error.detail },
            ...parseOf(decoded.error),
          });
          return;
        }
        const next = applyShare(latest.current.work, decoded.value);
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
      const { fragment } = browser.readAddress();
      if (fragment === null || !fragment.startsWith(SHARE_PREFIX)) return;
      openShare.current(fragment);
      browser.writeAddress(placeOf(latest.current.work), 'replace');
    };
    return browser.onFragmentChange(onHash);
  }, []);

  return { state, api };
}
