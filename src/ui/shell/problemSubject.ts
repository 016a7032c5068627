/**
 * The page's one verdict on what the editor holds, and what the Problems panel judges in each mode (ProblemsList's
 * subject line). In the exercise, the open result is judged once, here: still the template every slot opens with
 * (not started, so neither the editor, the list, the bar nor the projections call any of it a failure), rejected
 * (its problems), kept to the contract but not yet what its slot asks for (unmet: the rule its card reads,
 * ../../lessons/exerciseKinds.ts), or met. The problems list and the phone's bar say this verdict, never ✓ beside a
 * card's "not met yet".
 */
import { useMemo } from 'react';
import { EXERCISE_KINDS, showsKind } from '../../lessons/exerciseKinds.ts';
import type { Evaluation, Problem } from '../../playground/evaluate.ts';
import { SCAFFOLD_HANDLER_TEXT, type Work } from '../../playground/work.ts';
import type { ProblemSubject } from '../features/problems/ProblemsList.tsx';

/** One empty list: the editor's markers are set again only when the list changes. */
const NO_PROBLEMS: readonly Problem[] = [];

/** The verdict on the editor's text: `unmet` only in the exercise, where a valid result may not be its slot's. */
export type EditorVerdict = 'not_started' | 'rejected' | 'unmet' | 'ok';

export function useProblemSubject(
  work: Work,
  handlerText: string,
  evaluation: Pick<Evaluation, 'problems' | 'result'>,
): { subject: ProblemSubject; verdict: EditorVerdict; notStarted: boolean; problems: readonly Problem[] } {
  const exercise = work.mode === 'exercise';
  const slot = work.exercise.activeIndex + 1;
  const notStarted = exercise && handlerText === SCAFFOLD_HANDLER_TEXT;
  const sealed = exercise && work.exercise.sealed[slot - 1] != null;
  const kind = EXERCISE_KINDS[slot - 1];
  const mr = evaluation.result?.pkg.model_result;
  const verdict: EditorVerdict = notStarted
    ? 'not_started'
    : evaluation.problems.length > 0
      ? 'rejected'
      : exercise && (kind === undefined || mr === undefined || !showsKind(kind, mr))
        ? 'unmet'
        : 'ok';
  const unmet = verdict === 'unmet' ? { unmet: slot } : {};
  const subject = useMemo<ProblemSubject>(
    () =>
      notStarted
        ? { kind: 'not_started', slot }
        : work.mode === 'attack'
          ? { kind: 'attack' }
          : sealed
            ? { kind: 'sealed', slot, ...unmet }
            : { kind: 'typed', ...unmet },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `unmet` is `verdict` and `slot` restated
    [notStarted, slot, work.mode, sealed, verdict],
  );
  return { subject, verdict, notStarted, problems: notStarted ? NO_PROBLEMS : evaluation.problems };
}
