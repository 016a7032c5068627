/**
 * "Stopped by": each violation code once, with the pointers where it was
 * found, the rule it enforces and the attack it stops (VIOLATION_TEXTS), in
 * the learner's language. The core's English detail stays one click away.
 */
import type { JSX } from 'react';
import type { ViolationCode } from '#lib/core/tables/index.ts';
import { VisibleText } from '../../components/DiffView/VisibleText.tsx';
import { VIOLATION_TEXTS } from '../../i18n/violations.ts';
import styles from './StoppedBy.module.css';
import type { Lang } from '../../../lang.ts';
import { defineTexts } from '../../../texts.ts';
import { MESSAGES } from '../../i18n/messages.ts';
import type { ViolationParams } from '#lib/core/tables/index.ts';

export interface StoppedByProps {
  heading: string;
  /** A core violation carries its specifics as data; an audit entry (code and path only) has none. */
  violations: readonly { code: ViolationCode; path: string; params?: ViolationParams }[];
  lang: Lang;
}

const TEXT = defineTexts({
  en: { at: 'at', rule: 'Rule', why: 'Why', detail: 'Validator detail', root: '(the whole package)' },
  zh: { at: '位置', rule: '规则', why: '作用', detail: '校验器细节', root: '（整个 package）' },
});

export function StoppedBy({ heading, violations, lang }: StoppedByProps): JSX.Element {
  const t = TEXT[lang];
  const groups = new Map<ViolationCode, { paths: string[]; details: string[] }>();
  for (const v of violations) {
    const g = groups.get(v.code) ?? { paths: [], details: [] };
    if (!g.paths.includes(v.path)) g.paths.push(v.path);
    if (v.params !== undefined)
      g.details.push(`${v.path === '' ? t.root : v.path}: ${MESSAGES[lang].violation(v.params)}`);
    groups.set(v.code, g);
  }
  return (
    <div className={styles.stoppedBy}>
      <h5 className={styles.stoppedHeading}>{heading}</h5>
      <ul className={styles.violations}>
        {[...groups].map(([code, g]) => {
          const text = VIOLATION_TEXTS[lang][code];
          return (
            <li key={code} className={styles.violation} data-testid="stopped-by" data-code={code}>
              <p className={styles.violationHead}>
                <code className={styles.code}>{code}</code> <span className={styles.muted}>{t.at}</span>{' '}
                {g.paths.map((p) => (
                  <code key={p} className={styles.path}>
                    {p === '' ? t.root : <VisibleText text={p} lang={lang} />}
                  </code>
                ))}
              </p>
              <p className={styles.rule}>
                <span className={styles.muted}>{t.rule}: </span>
                {text.rule}
              </p>
              <p className={styles.why}>
                <span className={styles.muted}>{t.why}: </span>
                {text.why}
              </p>
              {g.details.length > 0 && (
                <details className={styles.details}>
                  <summary>{t.detail}</summary>
                  <ul>
                    {g.details.map((d) => (
                      <li key={d}>
                        <code>
                          <VisibleText text={d} lang={lang} />
                        </code>
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
