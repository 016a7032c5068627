/** The recovery walk-through: three timelines, each step's delivery and outcome from the core, the next step from the catalog. */
import { useMemo, useState, type JSX } from 'react';
import {
  recoveryTimeline,
  RECOVERY_PATH_IDS,
  type RecoveryPathId,
  type TimelineStep,
} from '../../../playground/recoveryTimeline.ts';
import type { DemoPlace } from '../../../playground/selfTest.ts';
import { LEARN_TEXT } from './text.ts';
import styles from './Learn.module.css';
import stepStyles from './RecoveryTimeline.module.css';
import type { Lang } from '../../../lang.ts';
import { cx } from '../../components/cx.ts';

const PATH_LABEL: Record<RecoveryPathId, string> = {
  outcome_unknown: 'OUTCOME_UNKNOWN',
  rate_limit: 'RATE_LIMIT',
  replay_reconciled: 'local_replay / receipt_reconciled',
};

export function RecoveryTab({ lang, onGo }: { lang: Lang; onGo(place: DemoPlace): void }): JSX.Element {
  const t = LEARN_TEXT[lang];
  const [path, setPath] = useState<RecoveryPathId>('outcome_unknown');
  const timeline = useMemo(() => recoveryTimeline(path, lang), [path, lang]);
  return (
    <div className={styles.tab}>
      <p className={styles.lead}>{t.recoveryLead}</p>
      <div className={styles.segmented} role="group" aria-label={t.pathsLabel}>
        {RECOVERY_PATH_IDS.map((id) => (
          <button
            key={id}
            type="button"
            aria-pressed={id === path}
            onClick={() => setPath(id)}
            data-testid={`recovery-path-${id}`}
          >
            {PATH_LABEL[id]}
          </button>
        ))}
      </div>
      <section
        className={stepStyles.timelineWrap}
        data-testid="recovery-timeline"
        data-path={path}
        aria-labelledby="recovery-title"
      >
        <h3 id="recovery-title" className={styles.cardTitle}>
          {timeline.title}
        </h3>
        <p className={styles.note}>{timeline.lead}</p>
        <ol className={stepStyles.timeline}>
          {timeline.steps.map((s, i) => (
            <Step key={s.id} step={s} n={i + 1} lang={lang} onGo={onGo} />
          ))}
        </ol>
      </section>
    </div>
  );
}

function Step({
  step,
  n,
  lang,
  onGo,
}: {
  step: TimelineStep;
  n: number;
  lang: Lang;
  onGo(place: DemoPlace): void;
}): JSX.Element {
  const t = LEARN_TEXT[lang];
  const r = step.result;
  const source =
    step.next.source === 'catalog'
      ? t.fromCatalog(r?.errorCode ?? step.next.action)
      : step.next.source === 'status'
        ? t.fromStatus
        : t.fromStep;
  return (
    <li
      className={cx(
        stepStyles.step,
        r === null
          ? stepStyles.stepQuiet
          : r.status === 'succeeded'
            ? stepStyles.stepGood
            : r.status === 'unknown'
              ? stepStyles.stepWarn
              : stepStyles.stepBad,
      )}
      data-testid={`step-${step.id}`}
      data-kind={step.kind}
    >
      <span className={stepStyles.stepNo} aria-hidden="true">
        {n}
      </span>
      <div className={stepStyles.stepBody}>
        <h4 className={stepStyles.stepTitle}>{step.title}</h4>
        <p className={stepStyles.stepDetail}>{step.detail}</p>
        {r === null ? (
          <p className={styles.muted} data-testid="step-no-result">
            {t.noResult}
          </p>
        ) : (
          <p
            className={stepStyles.chips}
            data-testid="step-result"
            data-delivery={r.delivery}
            data-outcome={r.outcome}
            data-status={r.status}
          >
            <span className={styles.muted}>{t.stepProduces}:</span>
            <code className={stepStyles.chip}>
              {t.status}: {r.status}
            </code>
            <code className={stepStyles.chip} data-testid="step-delivery">
              {t.delivery}: {r.delivery}
            </code>
            <code className={stepStyles.chip} data-testid="step-outcome">
              {t.outcome}: {r.outcome}
            </code>
            {r.errorCode !== null && (
              <code className={stepStyles.chip}>
                {t.error}: {r.errorCode}
                {r.retryAfterMs !== null ? ` · retry_after_ms ${r.retryAfterMs}` : ''}
              </code>
            )}
          </p>
        )}
        {step.evidence.length > 0 && (
          <ul className={styles.evidence}>
            {step.evidence.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        )}
        <div className={stepStyles.next} data-testid="step-next" data-action={step.next.action}>
          <strong>{t.next}:</strong> {step.next.text} <span className={stepStyles.source}>({source})</span>
        </div>
        {r !== null && (
          <button
            type="button"
            className={styles.link}
            onClick={() =>
              onGo({ mode: 'playground', scenarioId: r.scenarioId, attackId: null, focus: 'panel-model-result' })
            }
          >
            {t.openScenario}: <code>{r.scenarioId}</code>
          </button>
        )}
      </div>
    </li>
  );
}
