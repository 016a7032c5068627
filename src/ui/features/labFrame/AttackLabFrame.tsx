/** An attack framed as a lab (../../../lessons/labs/attackLabText.ts), with the checks that answer it read from ATTACKS. */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { ATTACKS, type AttackId } from '../../../lessons/attacks.ts';
import { ATTACK_LAB_CASES } from '../../../lessons/labs/attackLabText.ts';
import { LabFrame } from './LabFrame.tsx';
import { LAB_FRAME_TEXT } from './text.ts';
import styles from './LabFrame.module.css';

export function AttackLabFrame({ lang, id, solved }: { lang: Lang; id: AttackId; solved: boolean }): JSX.Element {
  const t = LAB_FRAME_TEXT[lang];
  const codes = ATTACKS[id].stoppedBy.codes;
  return (
    <LabFrame
      key={id}
      lang={lang}
      caseId={id}
      text={ATTACK_LAB_CASES[lang][id]}
      solved={solved}
      solvedText={t.solvedAttack}
      extra={
        <span className={styles.checks} data-testid="lab-checks">
          {t.checks}:{' '}
          {codes.length === 0
            ? t.noCheck
            : codes.map((c, i) => (
                <span key={c}>
                  {i > 0 ? ', ' : ''}
                  <code>{c}</code>
                </span>
              ))}
        </span>
      }
    />
  );
}
