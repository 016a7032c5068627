/**
 * The learner's progress (docs/decisions.md#the-exercises-proofs), as plain data: exercise proofs
 * shown by the learner's own actions, attacks tried, self-test key points
 * covered, mistakes explored. Pure: the state module records events through
 * `recordProgress`, and ./browser.ts keeps it in localStorage.
 */
import { proofsAfter, shownCount, type ExerciseEvent, type ProofStep } from '../lessons/exerciseProofs.ts';
import { ATTACK_ID_LIST } from './work.ts';
import { recoveryAfter, recoveryShownCount, RECOVERY_PROOF_IDS, type RecoveryStep } from '../lessons/recoveryProofs.ts';

export interface Progress {
  /** The learner's actions that showed a part of an exercise proof (lessons/exerciseProofs.ts). */
  proofs: readonly ProofStep[];
  /** Attacks A1–A15 opened in the attack lab. */
  attacks: string[];
  /** Mistakes switched on (1–8). */
  mistakes: number[];
  /** The learner's own answer to each self-test question, by question number ("1"–"5"): kept like any edit. */
  answers: Record<string, string>;
  /** The key points of a good answer the learner ticked as covered, by question number (indices from 0). */
  points: Record<string, number[]>;
  /** The recovery lab's proof steps, each an answer of the real plane to the learner's action (lessons/recoveryProofs.ts); absent: none yet. */
  recovery?: readonly RecoveryStep[];
}

export interface ProgressEvent {
  attacks?: string[];
  mistakes?: number[];
  answers?: Record<string, string>;
  /** The full set of points ticked for one or more questions (it replaces what was ticked). */
  points?: Record<string, number[]>;
  exercise?: ExerciseEvent;
  /** A step the recovery lab showed; recorded only when it demonstrates its proof. */
  recovery?: RecoveryStep;
  /** The learner cleared the recovery lab's proofs (after confirming): the lab's steps go, nothing else does. */
  recoveryReset?: true;
}

/** Longest answer kept, in UTF-16 units: a paragraph, not a document. */
export const MAX_ANSWER_CHARS = 4000;

/** The self-test's key points in all (./selfTestText.ts; a test holds the two together). */
export const SELF_TEST_POINTS = 12;
export const PROGRESS_TOTALS = {
  proofs: 5,
  // The attack lab's own list: a hand-written 14 read "15/14" once A15 was added.
  attacks: ATTACK_ID_LIST.length,
  points: SELF_TEST_POINTS,
  mistakes: 8,
  recovery: RECOVERY_PROOF_IDS.length,
} as const;

export const EMPTY_PROGRESS: Progress = { proofs: [], attacks: [], mistakes: [], answers: {}, points: {} };

function union<T extends string | number>(a: readonly T[], b: readonly T[] | undefined): T[] {
  if (b === undefined || b.every((x) => a.includes(x))) return a as T[];
  return [...a, ...b.filter((x, i) => !a.includes(x) && b.indexOf(x) === i)];
}

/** Answers are replaced, not merged: the latest text of each question wins; an empty one is dropped. */
function withAnswers(a: Record<string, string>, e: Record<string, string> | undefined): Record<string, string> {
  if (e === undefined || Object.entries(e).every(([k, v]) => (a[k] ?? '') === v.slice(0, MAX_ANSWER_CHARS))) return a;
  const next = { ...a };
  for (const [k, v] of Object.entries(e)) {
    if (v === '') delete next[k];
    else next[k] = v.slice(0, MAX_ANSWER_CHARS);
  }
  return next;
}

const sortedSet = (xs: readonly number[]): number[] => [...new Set(xs)].sort((x, y) => x - y);

/** Ticked points replace a question's set; an empty set is dropped. */
function withPoints(a: Record<string, number[]>, e: Record<string, number[]> | undefined): Record<string, number[]> {
  if (
    e === undefined ||
    Object.entries(e).every(([k, v]) => JSON.stringify(a[k] ?? []) === JSON.stringify(sortedSet(v)))
  )
    return a;
  const next = { ...a };
  for (const [k, v] of Object.entries(e)) {
    if (v.length === 0) delete next[k];
    else next[k] = sortedSet(v);
  }
  return next;
}

/** The progress after an event; the same object when nothing is new (so nothing re-renders or saves). */
export function recordProgress(p: Progress, e: ProgressEvent): Progress {
  const next: Progress = {
    proofs: e.exercise === undefined ? p.proofs : proofsAfter(p.proofs, e.exercise),
    attacks: union(p.attacks, e.attacks),
    mistakes: union(p.mistakes, e.mistakes),
    answers: withAnswers(p.answers, e.answers),
    points: withPoints(p.points, e.points),
  };
  const kept = e.recoveryReset === true ? undefined : p.recovery;
  const recovery = e.recovery === undefined ? kept : recoveryAfter(kept ?? [], e.recovery);
  if (recovery !== undefined && recovery.length > 0) next.recovery = recovery;
  return next.recovery === p.recovery &&
    next.proofs === p.proofs &&
    next.attacks === p.attacks &&
    next.mistakes === p.mistakes &&
    next.answers === p.answers &&
    next.points === p.points
    ? p
    : next;
}

/** A self-test question counts as answered only when the learner ticked at least one key point their answer covers. */
export const answeredQuestions = (p: Progress): number[] =>
  Object.entries(p.points)
    .filter(([, v]) => v.length > 0)
    .map(([k]) => Number(k));

export interface ProgressCounts {
  proofs: number;
  attacks: number;
  points: number;
  questions: number;
  mistakes: number;
  /** The recovery lab's proofs shown. */
  recovery: number;
  done: number;
  total: number;
}

export function progressCounts(p: Progress): ProgressCounts {
  const points = Object.values(p.points).reduce((n, v) => n + v.length, 0);
  const c = {
    proofs: shownCount(p.proofs),
    attacks: p.attacks.length,
    points,
    mistakes: p.mistakes.length,
    recovery: recoveryShownCount(p.recovery ?? []),
  };
  const T = PROGRESS_TOTALS;
  return {
    ...c,
    questions: answeredQuestions(p).length,
    done: c.proofs + c.attacks + c.points + c.mistakes + c.recovery,
    total: T.proofs + T.attacks + T.points + T.mistakes + T.recovery,
  };
}
