/**
 * What the Problems panel judges in each mode (ProblemsList's subject line), and whether the open exercise result
 * is still the template every slot opens with: not started, so neither the editor, the list, the bar nor the
 * projections call any of it a failure.
 */
import { useMemo } from 'react';
import type { Problem } from '../../playground/evaluate.ts';
import { SCAFFOLD_HANDLER_TEXT, type Work } from '../../playground/work.ts';
import type { ProblemSubject } from '../features/problems/ProblemsList.tsx';

/** One empty list: the editor's markers are set again only when the list changes. */
const NO_PROBLEMS: readonly Problem[] = [];

export function useProblemSubject(
  work: Work,
  handlerText: string,
  problems: readonly Problem[],
): { subject: ProblemSubject; notStarted: boolean; problems: readonly Problem[] } {
  const slot = work.exercise.activeIndex + 1;
  const notStarted = work.mode === 'exercise' && handlerText === SCAFFOLD_HANDLER_TEXT;
  const sealed = work.mode === 'exercise' && work.exercise.sealed[slot - 1] != null;
  const subject = useMemo<ProblemSubject>(
    () =>
      notStarted
        ? { kind: 'not_started', slot }
        : work.mode === 'attack'
          ? { kind: 'attack' }
          : sealed
            ? { kind: 'sealed', slot }
            : { kind: 'typed' },
    [notStarted, slot, work.mode, sealed],
  );
  return { subject, notStarted, problems: notStarted ? NO_PROBLEMS : problems };
}
