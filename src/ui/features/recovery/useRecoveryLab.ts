/**
 * The lab in React: one view model (src/lessons/recoveryLab/lab.ts) per case,
 * start and broken plane, read through useSyncExternalStore; each proof step
 * the real plane's stage shows is handed to the learner's progress once. With
 * a broken plane chosen, a second stage runs it and every action goes to both.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { BrokenPlaneId } from '../../../lessons/recoveryLab/brokenPlaneIds.ts';
import { createRecoveryLab, type LabState, type RecoveryLab } from '../../../lessons/recoveryLab/lab.ts';
import { pairLabs } from '../../../lessons/recoveryLab/pairLabs.ts';
import type { RecoveryCaseId, RecoveryStep } from '../../../lessons/recoveryProofs.ts';

const NONE = (): null => null;
const never = () => () => undefined;

export function useRecoveryLab(
  caseId: RecoveryCaseId,
  start: number,
  onStep: (step: RecoveryStep) => void,
  broken: BrokenPlaneId | null = null,
): { lab: RecoveryLab; state: LabState; beside: LabState | null } {
  // New stages for every case, every "start over" (`start` counts them) and every broken plane chosen.
  const { lab, real, other } = useMemo(() => {
    void start;
    const r = createRecoveryLab(caseId);
    const b = broken === null ? null : createRecoveryLab(caseId, { broken });
    return { lab: b === null ? r : pairLabs(r, b), real: r, other: b };
  }, [caseId, start, broken]);
  const state = useSyncExternalStore(real.subscribe, real.state);
  const beside = useSyncExternalStore(other?.subscribe ?? never, other?.state ?? NONE);
  const reported = useRef<{ lab: RecoveryLab; n: number }>({ lab: real, n: 0 });
  const latest = useRef(onStep);
  latest.current = onStep;
  useEffect(() => {
    if (reported.current.lab !== real) reported.current = { lab: real, n: 0 };
    const fresh = state.steps.slice(reported.current.n);
    reported.current.n = state.steps.length;
    for (const step of fresh) latest.current(step);
  }, [real, state.steps]);
  return { lab, state, beside };
}
