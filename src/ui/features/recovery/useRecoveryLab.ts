/**
 * The lab in React: one view model (src/lessons/recoveryLab/lab.ts) per case
 * and start, read through useSyncExternalStore; each proof step it shows is
 * handed to the learner's progress once.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { createRecoveryLab, type LabState, type RecoveryLab } from '../../../lessons/recoveryLab/lab.ts';
import type { RecoveryCaseId, RecoveryStep } from '../../../lessons/recoveryProofs.ts';

export function useRecoveryLab(
  caseId: RecoveryCaseId,
  start: number,
  onStep: (step: RecoveryStep) => void,
): { lab: RecoveryLab; state: LabState } {
  // A new stage for every case and every "start over" (`start` counts them: a new count is a new stage).
  const lab = useMemo(() => {
    void start;
    return createRecoveryLab(caseId);
  }, [caseId, start]);
  const state = useSyncExternalStore(lab.subscribe, lab.state);
  const reported = useRef<{ lab: RecoveryLab; n: number }>({ lab, n: 0 });
  const latest = useRef(onStep);
  latest.current = onStep;
  useEffect(() => {
    if (reported.current.lab !== lab) reported.current = { lab, n: 0 };
    const fresh = state.steps.slice(reported.current.n);
    reported.current.n = state.steps.length;
    for (const step of fresh) latest.current(step);
  }, [lab, state.steps]);
  return { lab, state };
}
