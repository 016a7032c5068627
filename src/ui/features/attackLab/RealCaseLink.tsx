/**
 * The lab's list ends with its real case: AgentDojo's banking suite, the step after A14 (the injection that
 * stays data), where the hijacked model's payment meets the control plane. A real address (open it in a new
 * tab), followed in the page on a plain click.
 */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { ATTACK_LAB_TEXT } from './text.ts';
import type { InjectionTurn } from './VerdictView.tsx';
import styles from './RealCaseLink.module.css';

export function RealCaseLink({ lang, link }: { lang: Lang; link: InjectionTurn }): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  return (
    <a
      className={styles.link}
      href={link.href}
      data-testid="attack-real-case"
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        link.open();
      }}
    >
      <span className={styles.title}>{t.realCaseTitle} →</span>
      <span className={styles.note}>{t.realCaseNote}</span>
    </a>
  );
}
