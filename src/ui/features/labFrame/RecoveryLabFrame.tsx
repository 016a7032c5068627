/**
 * A recovery case framed as a lab (../../../lessons/labs/recoveryLabText.ts).
 * Solved when the stage, by the learner's own actions, meets the case's goal
 * (lessons/labs/labGoals.ts): what a replay showed (a reload, a share link) is
 * the baseline, never a solve, and so is a stage that met the goal when it opened.
 * Mount it keyed by the stage (case, start over, broken plane): a new stage is a new baseline.
 */
import { useState, type JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { recoveryGoalMet, solvedSince, type StageFacts } from '../../../lessons/labs/labGoals.ts';
import { RECOVERY_LAB_CASES } from '../../../lessons/labs/recoveryLabText.ts';
import type { RecoveryCaseId } from '../../../lessons/recoveryProofs.ts';
import { LabFrame } from './LabFrame.tsx';
import styles from './LabFrame.module.css';

export function RecoveryLabFrame({
  lang,
  caseId,
  state,
  replaying,
}: {
  lang: Lang;
  caseId: RecoveryCaseId;
  state: StageFacts;
  replaying: boolean;
}): JSX.Element {
  const met = recoveryGoalMet(caseId, state);
  // The baseline follows the stage while a replay runs, and is taken again the moment it ends.
  const [base, setBase] = useState({ met, replaying });
  if (base.replaying !== replaying || (replaying && base.met !== met)) setBase({ met, replaying });
  const now = !replaying && base.replaying === replaying && solvedSince(base.met, met);
  // Once solved on this stage, it stays so: a later action (a retry after the decline) does not take the learner's solve back.
  const [kept, setKept] = useState(false);
  if (now && !kept) setKept(true);
  const solved = now || kept;
  return (
    <div className={styles.wide}>
      <LabFrame heading="h2" lang={lang} caseId={caseId} text={RECOVERY_LAB_CASES[lang][caseId]} solved={solved} />
    </div>
  );
}
