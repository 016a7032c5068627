/**
 * The learner's progress (issue 6), as plain data: exercise proofs reached,
 * attacks tried, self-test questions answered, mistakes explored. Pure: the
 * state module records events through `recordProgress`, and ./io.ts keeps it
 * in localStorage.
 */
export interface Progress {
  /** Exercise proofs that have held at least once (core/exercise.ts ProofId). */
  proofs: string[];
  /** Attacks A1–A14 opened in the attack lab. */
  attacks: string[];
  /** Self-test questions answered (1–5). */
  questions: number[];
  /** Mistakes switched on (1–8). */
  mistakes: number[];
}

export type ProgressEvent = Partial<Progress>;

export const PROGRESS_TOTALS = { proofs: 5, attacks: 14, questions: 5, mistakes: 8 } as const;

export const EMPTY_PROGRESS: Progress = { proofs: [], attacks: [], questions: [], mistakes: [] };

function union<T extends string | number>(a: readonly T[], b: readonly T[] | undefined): T[] {
  if (b === undefined || b.every((x) => a.includes(x))) return a as T[];
  return [...a, ...b.filter((x, i) => !a.includes(x) && b.indexOf(x) === i)];
}

/** The progress after an event; the same object when nothing is new (so nothing re-renders or saves). */
export function recordProgress(p: Progress, e: ProgressEvent): Progress {
  const next: Progress = {
    proofs: union(p.proofs, e.proofs),
    attacks: union(p.attacks, e.attacks),
    questions: union(p.questions, e.questions),
    mistakes: union(p.mistakes, e.mistakes),
  };
  return next.proofs === p.proofs && next.attacks === p.attacks && next.questions === p.questions && next.mistakes === p.mistakes ? p : next;
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
