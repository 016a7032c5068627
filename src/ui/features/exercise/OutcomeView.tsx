/**
 * What one of the learner's actions on their sealed results answered, in place under its button: the scans'
 * findings, the swap's and the key replacement's digests (stored and recomputed, differing characters marked), an
 * injection's verdict. Shown, never counted by itself: the proof card decides what counts.
 */
import type { JSX } from 'react';
import type {
  inject,
  Presented,
  replaceKey,
  scanPayloads,
  scanProjections,
  swapResults,
} from '../../../lessons/exerciseActions.ts';
import type { InjectionKind } from '../../../lessons/exerciseProofs.ts';
import { DIGEST_NAMES } from '#lib/core/result/index.ts';
import { DigestPair } from '../../components/DiffView/DigestPair.tsx';
import { VisibleText } from '../../components/DiffView/VisibleText.tsx';
import { EXERCISE_TEXT } from './text.ts';
import styles from './OutcomeView.module.css';
import type { Lang } from '../../../lang.ts';

export type Outcome =
  | { kind: 'scanProjection'; result: ReturnType<typeof scanProjections> }
  | { kind: 'scanPayloads'; result: ReturnType<typeof scanPayloads> }
  | { kind: 'swap'; result: ReturnType<typeof swapResults> }
  | { kind: 'key'; slot: number; result: ReturnType<typeof replaceKey> }
  | { kind: 'inject'; slot: number; injection: InjectionKind; result: NonNullable<ReturnType<typeof inject>> };

function PresentedView({ label, p, lang }: { label: string; p: Presented; lang: Lang }): JSX.Element {
  const t = EXERCISE_TEXT[lang];
  const codes = [...new Set(p.report.violations.map((v) => v.code))];
  return (
    <div className={styles.outcomeItem} data-testid="outcome-presented" data-ok={p.report.ok}>
      <p>
        {label}:{' '}
        {p.report.ok ? (
          <span className={styles.badText}>{t.acceptedOops}</span>
        ) : (
          <span className={styles.badText}>
            {t.refusedWith} <strong>{codes.join(', ')}</strong>
          </span>
        )}
      </p>
      {DIGEST_NAMES.map((d) => (
        <DigestPair
          key={d}
          name={d}
          stored={p.report.stored[d]}
          recomputed={p.report.recomputed[d]}
          storedLabel={t.storedCol}
          recomputedLabel={t.recomputedCol}
          verdict={t.digestVerdict}
        />
      ))}
    </div>
  );
}

export function OutcomeView({ outcome, lang }: { outcome: Outcome; lang: Lang }): JSX.Element {
  const t = EXERCISE_TEXT[lang];
  const body = ((): JSX.Element => {
    switch (outcome.kind) {
      case 'scanProjection':
        return (
          <ul>
            {outcome.result.results.map((r) =>
              r.found.length === 0 ? (
                <li key={r.slot} className={styles.okText}>
                  ✓ {t.projectionClean(r.slot, r.checks)}
                </li>
              ) : (
                r.found.map((f) => (
                  <li key={`${r.slot} ${f}`} className={styles.badText}>
                    ✗ <VisibleText text={t.projectionFound(r.slot, f)} lang={lang} />
                  </li>
                ))
              ),
            )}
          </ul>
        );
      case 'scanPayloads':
        return (
          <ul>
            {outcome.result.results.flatMap((r) =>
              r.payloads.map((p) => (
                <li
                  key={`${r.slot} ${p.provider}`}
                  className={p.leaked === null && !p.refused ? styles.okText : styles.badText}
                >
                  {p.leaked === null && !p.refused ? '✓ ' : '✗ '}
                  {r.slot} ·{' '}
                  {p.refused
                    ? t.payloadRefused(p.title)
                    : p.leaked !== null
                      ? t.payloadLeak(p.title, JSON.stringify(p.leaked))
                      : t.payloadClean(p.title)}
                </li>
              )),
            )}
          </ul>
        );
      case 'swap':
        return (
          <>
            <PresentedView label={t.underCall(1, 2)} p={outcome.result.aUnderB} lang={lang} />
            <PresentedView label={t.underCall(2, 1)} p={outcome.result.bUnderA} lang={lang} />
          </>
        );
      case 'key':
        return <PresentedView label={t.keyUnder(outcome.slot)} p={outcome.result.presented} lang={lang} />;
      case 'inject': {
        const r = outcome.result;
        const code = r.pkg.model_result.error?.code ?? r.pkg.model_result.status;
        return (
          <div className={styles.outcomeItem}>
            <p>
              {t.wroteInto(outcome.slot, r.edit.member, `${r.edit.into}/${r.edit.member}`)}{' '}
              <span className={r.step !== null ? styles.okText : styles.badText}>
                {t.refusedWith} <strong>{r.codes.join(', ')}</strong>
              </span>{' '}
              · {t.modelSees} <code>{code}</code>
            </p>
            <p>
              {r.pkg.protected_audit.violations.map((v) => (
                <code key={`${v.code} ${v.path}`} className={styles.violation}>
                  {v.code} <VisibleText text={v.path} lang={lang} />
                </code>
              ))}
            </p>
          </div>
        );
      }
    }
  })();
  return (
    <div className={styles.outcome} role="status" data-testid="proof-outcome">
      {body}
    </div>
  );
}
