/**
 * The learner's progress (issue 6), as plain data: exercise proofs reached,
 * attacks tried, self-test questions answered, mistakes explored. Pure: the
 * state module records events through `recordProgress`, and ./io.ts keeps it
 * in localStorage.
 */
export interface Progress {
  /** Exercise proofs that have held at least once (lessons/exercise.ts ProofId). */
  proofs: string[];
  /** Attacks A1–A14 opened in the attack lab. */
  attacks: string[];
  /** Self-test questions answered (1–5). */
  questions: number[];
  /** Mistakes switched on (1–8). */
  mistakes: number[];
  /** The learner's own answer to each self-test question, by question number ("1"–"5"): kept like any edit. */
  answers: Record<string, string>;
}

export type ProgressEvent = Partial<Progress>;

/** Longest answer kept, in UTF-16 units: a paragraph, not a document. */
export const MAX_ANSWER_CHARS = 4000;

export const PROGRESS_TOTALS = { proofs: 5, attacks: 14, questions: 5, mistakes: 8 } as const;

export const EMPTY_PROGRESS: Progress = { proofs: [], attacks: [], questions: [], mistakes: [], answers: {} };

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

/** The progress after an event; the same object when nothing is new (so nothing re-renders or saves). */
export function recordProgress(p: Progress, e: ProgressEvent): Progress {
  const next: Progress = {
    proofs: union(p.proofs, e.proofs),
    attacks: union(p.attacks, e.attacks),
    questions: union(p.questions, e.questions),
    mistakes: union(p.mistakes, e.mistakes),
    answers: withAnswers(p.answers, e.answers),
  };
  return next.proofs === p.proofs && next.attacks === p.attacks && next.questions === p.questions && next.mistakes === p.mistakes && next.answers === p.answers ? p : next;
}

export interface ProgressCounts {
  proofs: number;
  attacks: number;
  questions: number;
  mistakes: number;
  done: number;
  total: number;
}

export function progressCounts(p: Progress): ProgressCounts {
  const c = { proofs: p.proofs.length, attacks: p.attacks.length, questions: p.questions.length, mistakes: p.mistakes.length };
  const T = PROGRESS_TOTALS;
  return { ...c, done: c.proofs + c.attacks + c.questions + c.mistakes, total: T.proofs + T.attacks + T.questions + T.mistakes };
}
