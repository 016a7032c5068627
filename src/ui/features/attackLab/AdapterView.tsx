/** What the provider adapter makes of the victim's package and of the tampered one: an item serialized, or a refusal with its codes. */
import type { JSX } from 'react';
import type { TrustedContext } from '#lib/core/result/index.ts';
import type { Lang } from '../../../lang.ts';
import { VisibleText } from '../../components/DiffView/VisibleText.tsx';
import type { AdapterOutcome } from '../../../playground/attackView.ts';
import { pretty } from '../../../playground/mistakeView.ts';
import { cx } from '../../components/cx.ts';
import { ATTACK_LAB_TEXT } from './text.ts';
import styles from './AdapterView.module.css';

export function AdapterView({
  adapter,
  victim,
  tampered,
  lang,
}: {
  adapter: { victim: AdapterOutcome; tampered: AdapterOutcome };
  victim: TrustedContext;
  tampered: TrustedContext;
  lang: Lang;
}): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  const side = (
    o: AdapterOutcome,
    trusted: TrustedContext,
    ok: string,
    refused: string,
    testId: string,
  ): JSX.Element => (
    <div
      className={cx(styles.side, o.refused ? styles.refused : styles.serialized)}
      data-testid={testId}
      data-refused={o.refused}
    >
      <h5 className={styles.title}>
        <span aria-hidden="true">{o.refused ? '⊘ ' : '→ '}</span>
        {o.refused ? refused : ok}
      </h5>
      <p className={styles.route}>
        <code>
          <VisibleText
            text={`${trusted.call.provider} / ${trusted.call.api_family} / ${trusted.call.adapter_revision}`}
            lang={lang}
          />
        </code>
      </p>
      {o.refused ? (
        <p>
          {t.adapterRefusedCodes}{' '}
          {o.codes.map((c) => (
            <code key={c} className={styles.code}>
              {c}
            </code>
          ))}
        </p>
      ) : (
        <pre className={styles.pre} tabIndex={0} aria-label={ok}>
          <VisibleText text={pretty(o.item)} lang={lang} />
        </pre>
      )}
    </div>
  );
  return (
    <section className={styles.adapter} aria-label={t.adapter}>
      <h4 className={styles.sectionTitle}>{t.adapter}</h4>
      <div className={styles.grid}>
        {side(
          adapter.victim,
          victim,
          t.adapterOk(victim.call.adapter_revision),
          t.adapterVictimRefused(victim.call.adapter_revision),
          'adapter-victim',
        )}
        {side(
          adapter.tampered,
          tampered,
          t.adapterOk(tampered.call.adapter_revision),
          t.adapterRefused(tampered.call.adapter_revision),
          'adapter-refusal',
        )}
      </div>
    </section>
  );
}
