/** The calls whose owner process died under them (the `owner_dies` fault): no answer came, and the record they left. */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import type { LabState } from '../../../lessons/recoveryLab/lab.ts';
import { cx } from '../../components/cx.ts';
import { clockTime } from './format.ts';
import { OWNER_DIED_TEXT } from './ownerDiedText.ts';
import styles from './RecoveryMode.module.css';

export function OwnerDied({ lang, state }: { lang: Lang; state: LabState }): JSX.Element | null {
  const t = OWNER_DIED_TEXT[lang];
  if (state.deaths.length === 0) return null;
  return (
    <section className={styles.sub} aria-labelledby="recovery-owner-died-title">
      <h3 id="recovery-owner-died-title">{t.ownerDiedTitle}</h3>
      <ol className={styles.answers} data-testid="recovery-owner-died">
        {state.deaths.map((d) => (
          <li
            key={d.n}
            className={cx(styles.answer, styles.warnTone)}
            data-testid="recovery-owner-death"
            data-call={d.call_id}
            data-key={d.key}
            data-committed={d.committed ?? ''}
            data-lease-until={d.lease_until ?? ''}
          >
            <p className={styles.answerHead}>
              <strong>{t.ownerDied(d.call_id, d.tool, d.key, `${clockTime(d.died_at)} UTC`)}</strong>
            </p>
            <p>
              {d.committed === null ? t.ownerDiedRead : t.ownerDiedCommitted(d.committed)} {t.ownerDiedNoAnswer}
            </p>
            {d.lease_until !== null ? <p>{t.ownerDiedLease(`${clockTime(d.lease_until)} UTC`)}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
