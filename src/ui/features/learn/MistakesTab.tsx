/** Mistake mode: one switch per mistake of the chapter; the one switched on runs beside the correct dispatcher. */
import { useEffect, useMemo, type JSX } from 'react';
import type { Scenario } from '#lib/core/result/index.ts';
import { MISTAKES, findMistake, type Mistake } from '../../../mistakes/index.ts';
import { MISTAKE_TEXT, consequenceOf } from '../../../mistakes/mistakeText.ts';
import { correctVerdict, pretty, safeRun } from '../../../playground/mistakeView.ts';
import { LEARN_TEXT } from './text.ts';
import { TabPage } from './TabPage.tsx';
import styles from './MistakesTab.module.css';
import type { Lang } from '../../../lang.ts';
import { cx } from '../../components/cx.ts';
import { LearnButton } from './LearnButton.tsx';

/** The part of a title before its colon: the switch list stays short; the detail shows the whole title. */
const shortTitle = (title: string): string => title.split(/[:：]/)[0] ?? title;

export interface MistakesTabProps {
  scenario: Scenario;
  mistake: number | null;
  lang: Lang;
  onMistake(id: number | null): void;
  onOpenScenario(id: string): void;
  /** The mistake's run showed its harm on this input: it counts as explored. */
  onShown(id: number): void;
}

export function MistakesTab({
  scenario,
  mistake,
  lang,
  onMistake,
  onOpenScenario,
  onShown,
}: MistakesTabProps): JSX.Element {
  const t = LEARN_TEXT[lang];
  const active = mistake === null ? null : findMistake(mistake);
  return (
    <TabPage lead={t.mistakesLead}>
      <p className={styles.inputLine}>
        {t.runningOn}: <strong>{scenario.title[lang]}</strong> <code>{scenario.id}</code>
      </p>
      <div className={styles.mistakesLayout}>
        <ol className={styles.switches} aria-label={t.tabMistakes}>
          {MISTAKES.map((m) => {
            const on = m.id === mistake;
            return (
              <li key={m.id}>
                <button
                  type="button"
                  role="switch"
                  aria-checked={on}
                  className={cx(styles.switchRow, on && styles.switchOn)}
                  onClick={() => onMistake(on ? null : m.id)}
                  data-testid={`mistake-switch-${m.id}`}
                >
                  <span className={styles.toggle} aria-hidden="true">
                    <span className={styles.knob} />
                  </span>
                  <span className={styles.switchId}>{m.id}</span>
                  <span className={styles.switchTitle}>{shortTitle(MISTAKE_TEXT[lang][m.id].title)}</span>
                </button>
              </li>
            );
          })}
        </ol>
        <div className={styles.mistakePane}>
          {active === null ? (
            <CorrectOnly scenario={scenario} lang={lang} />
          ) : (
            <MistakeDetail
              key={active.id}
              mistake={active}
              scenario={scenario}
              lang={lang}
              onOpenScenario={onOpenScenario}
              onShown={onShown}
            />
          )}
        </div>
      </div>
    </TabPage>
  );
}

function CorrectOnly({ scenario, lang }: { scenario: Scenario; lang: Lang }): JSX.Element {
  const t = LEARN_TEXT[lang];
  const v = useMemo(() => {
    try {
      return correctVerdict(scenario);
    } catch {
      return null;
    }
  }, [scenario]);
  return (
    <section className={cx(styles.card, styles.good)} data-testid="correct-verdict" aria-label={t.correctVerdict}>
      <h3 className={styles.cardTitle}>{t.correctVerdict}</h3>
      <p className={styles.note}>{t.allOff}</p>
      {v !== null && (
        <dl className={styles.facts}>
          <dt>{t.verdictStatus}</dt>
          <dd>
            <code data-testid="correct-status">{v.status}</code>
            {v.errorCode !== null && (
              <>
                {' '}
                · <code>{v.errorCode}</code>
              </>
            )}{' '}
            · <code>delivery: {v.delivery}</code> · <code>outcome: {v.outcome}</code>
          </dd>
          <dt>{t.verdictValid}</dt>
          <dd data-testid="correct-valid" data-valid={v.valid}>
            {v.valid ? t.verdictOk : t.verdictRejected}
            {v.violations.length > 0 && <> · {v.violations.join(', ')}</>}
          </dd>
        </dl>
      )}
    </section>
  );
}

function MistakeDetail({
  mistake,
  scenario,
  lang,
  onOpenScenario,
  onShown,
}: {
  mistake: Mistake;
  scenario: Scenario;
  lang: Lang;
  onOpenScenario(id: string): void;
  onShown(id: number): void;
}): JSX.Element {
  const t = LEARN_TEXT[lang];
  const words = MISTAKE_TEXT[lang][mistake.id];
  const r = useMemo(() => safeRun(mistake, scenario), [mistake, scenario]);
  const shown = r.ok && r.run.shows;
  useEffect(() => {
    if (shown) onShown(mistake.id);
  }, [shown, mistake.id, onShown]);
  const best =
    mistake.scenario !== scenario.id ? (
      <LearnButton kind="primary" onClick={() => onOpenScenario(mistake.scenario)} data-testid="mistake-run-best">
        {t.runOnBest(mistake.scenario)}
      </LearnButton>
    ) : null;
  if (!r.ok) {
    return (
      <section className={cx(styles.card, styles.warn)} data-testid="mistake-failed" aria-label={words.title}>
        <h3 className={styles.cardTitle}>
          {mistake.id}. {words.title}
        </h3>
        <p className={styles.note}>{t.runFailed}</p>
        <pre className={styles.pre}>{r.message}</pre>
        {best}
      </section>
    );
  }
  const run = r.run;
  return (
    <section
      className={styles.detail}
      data-testid="mistake-detail"
      data-mistake={mistake.id}
      data-shows={run.shows}
      aria-labelledby="mistake-detail-title"
    >
      <h3 id="mistake-detail-title" className={styles.cardTitle}>
        {mistake.id}. {words.title}
      </h3>
      <div className={cx(styles.card, run.shows ? styles.bad : styles.warn)}>
        <h4 className={styles.subTitle}>{t.consequence}</h4>
        <p className={styles.consequence} data-testid="mistake-consequence">
          {consequenceOf(lang, run)}
        </p>
        {!run.shows && (
          <p className={styles.note} data-testid="mistake-not-shown">
            {t.notShown}
          </p>
        )}
        <h4 className={styles.subTitle}>{t.evidence}</h4>
        {run.evidence.length === 0 ? (
          <p className={styles.muted}>{t.noEvidence}</p>
        ) : (
          <ul className={styles.evidence} data-testid="mistake-evidence">
            {run.evidence.map((e, i) => (
              <li key={i}>
                <code>{e}</code>
              </li>
            ))}
          </ul>
        )}
        {!run.shows && best}
      </div>
      <p className={styles.muted}>{t.untrustedNote}</p>
      <div className={styles.sideBySide}>
        <figure className={cx(styles.side, styles.sideGood)} data-testid="mistake-correct">
          <figcaption>
            <strong>✓ {t.correctSide}</strong> · {words.correct}
          </figcaption>
          <pre className={styles.pre} tabIndex={0} aria-label={`${t.correctSide}: ${words.correct}`}>
            {pretty(run.correct.value)}
          </pre>
        </figure>
        <figure className={cx(styles.side, styles.sideBad)} data-testid="mistake-mistaken">
          <figcaption>
            <strong>✗ {t.mistakenSide}</strong> · {words.mistaken}
          </figcaption>
          <pre className={styles.pre} tabIndex={0} aria-label={`${t.mistakenSide}: ${words.mistaken}`}>
            {pretty(run.mistaken.value)}
          </pre>
        </figure>
      </div>
    </section>
  );
}
