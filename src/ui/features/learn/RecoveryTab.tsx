/** The recovery walk-through: three timelines, each step's delivery and outcome from the core, the next step from the catalog. */
import { LabLink } from './LabLink.tsx';
import { useMemo, useState, type JSX } from 'react';
import {
  recoveryTimeline,
  RECOVERY_PATH_IDS,
  type RecoveryPathId,
  type TimelineStep,
} from '../../../playground/recoveryTimeline.ts';
import type { DemoPlace } from '../../../playground/selfTest.ts';
import { RECOVERY_CASE_IDS, type RecoveryCaseId } from '../../../lessons/recoveryProofs.ts';
import { LEARN_TEXT } from './text.ts';
import { TabPage } from './TabPage.tsx';
import styles from './RecoveryTab.module.css';
import type { Lang } from '../../../lang.ts';
import { cx } from '../../components/cx.ts';

const PATH_LABEL: Record<RecoveryPathId, string> = {
  outcome_unknown: 'OUTCOME_UNKNOWN',
  rate_limit: 'RATE_LIMIT',
  replay_reconciled: 'local_replay / receipt_reconciled',
};

/** The recovery lab's cases as links: the door from these fixed timelines into the lab. */
export interface RecoveryCaseLinks {
  href(id: RecoveryCaseId): string;
  open(id: RecoveryCaseId): void;
}

/** Which case of the lab drives each path by hand. */
const PATH_CASE: Record<RecoveryPathId, RecoveryCaseId> = {
  outcome_unknown: 'lost_response',
  rate_limit: 'rate_limit',
  replay_reconciled: 'revoked',
};

export function RecoveryTab({
  lang,
  onGo,
  lab,
}: {
  lang: Lang;
  onGo(place: DemoPlace): void;
  lab: RecoveryCaseLinks;
}): JSX.Element {
  const t = LEARN_TEXT[lang];
  const [path, setPath] = useState<RecoveryPathId>('outcome_unknown');
  const timeline = useMemo(() => recoveryTimeline(path, lang), [path, lang]);
  return (
    <TabPage lead={t.recoveryLead}>
      <section className={styles.lab} aria-labelledby="recovery-lab-door" data-testid="recovery-lab-door">
        <h3 id="recovery-lab-door" className={styles.title}>
          {t.labTitle}
        </h3>
        <p className={styles.note}>{t.labLead}</p>
        <ul className={styles.labCases}>
          {[PATH_CASE[path], ...RECOVERY_CASE_IDS.filter((id) => id !== PATH_CASE[path])].map((id) => (
            <li key={id}>
              <LabLink lab={lab} id={id} testId={`recovery-lab-link-${id}`}>
                {t.labCases[id]}
              </LabLink>
            </li>
          ))}
        </ul>
      </section>
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
        className={styles.timelineWrap}
        data-testid="recovery-timeline"
        data-path={path}
        aria-labelledby="recovery-title"
      >
        <h3 id="recovery-title" className={styles.title}>
          {timeline.title}
        </h3>
        <p className={styles.note}>{timeline.lead}</p>
        <ol className={styles.timeline}>
          {timeline.steps.map((s, i) => (
            <Step key={s.id} step={s} n={i + 1} lang={lang} onGo={onGo} />
          ))}
        </ol>
      </section>
    </TabPage>
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
      ? t.fromCatalog(step.next.code ?? r?.errorCode ?? 'code')
      : step.next.source === 'status'
        ? t.fromStatus
        : t.fromStep;
  return (
    <li
      className={cx(
        styles.step,
        r === null
          ? styles.stepQuiet
          : r.status === 'succeeded'
            ? styles.stepGood
            : r.status === 'unknown'
              ? styles.stepWarn
              : styles.stepBad,
      )}
      data-testid={`step-${step.id}`}
      data-kind={step.kind}
    >
      <span className={styles.stepNo} aria-hidden="true">
        {n}
      </span>
      <div className={styles.stepBody}>
        <h4 className={styles.stepTitle}>{step.title}</h4>
        <p className={styles.stepDetail}>{step.detail}</p>
        {r === null ? (
          <p className={styles.muted} data-testid="step-no-result">
            {t.noResult}
          </p>
        ) : (
          <p
            className={styles.chips}
            data-testid="step-result"
            data-delivery={r.delivery}
            data-outcome={r.outcome}
            data-status={r.status}
          >
            <span className={styles.muted}>{t.stepProduces}:</span>
            <code className={styles.chip}>
              {t.status}: {r.status}
            </code>
            <code className={styles.chip} data-testid="step-delivery">
              {t.delivery}: {r.delivery}
            </code>
            <code className={styles.chip} data-testid="step-outcome">
              {t.outcome}: {r.outcome}
            </code>
            {r.errorCode !== null && (
              <code className={styles.chip}>
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
        <div className={styles.next} data-testid="step-next" data-action={step.next.action}>
          <strong>{t.next}:</strong> {step.next.text} <span className={styles.source}>({source})</span>
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
