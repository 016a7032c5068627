/** A1 and A2: the other call's result presented for this one, side by side. */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { CallCard, type Call } from './CallCard.tsx';
import { ATTACK_LAB_TEXT } from './text.ts';
import styles from './TwoCalls.module.css';

export function TwoCalls({
  other,
  victim,
  id,
  lang,
}: {
  other: Call;
  victim: Call;
  id: string;
  lang: Lang;
}): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  return (
    <section className={styles.twoCalls} aria-label={t.twoCalls} data-testid="two-calls">
      <h4 className={styles.sectionTitle}>{t.twoCalls}</h4>
      <p className={styles.note}>{id === 'A1' ? t.a1Note : t.a2Note}</p>
      <div className={styles.grid}>
        <CallCard heading={t.callA} call={other} lang={lang} testId="call-other" />
        <CallCard heading={t.callB} call={victim} lang={lang} testId="call-victim" />
      </div>
    </section>
  );
}
