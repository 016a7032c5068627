/** The attack's verdict from the core's real checks: stopped (and by what), a contract error, A11's two digests, nothing to reject (A14), or not stopped. */
import type { JSX, Ref } from 'react';
import type { Lang } from '../../../lang.ts';
import { VisibleText } from '../../components/DiffView/VisibleText.tsx';
import { INJECTED_NEXT_TOOL, type AttackView, type Verdict } from '../../../playground/attackView.ts';
import { cx } from '../../components/cx.ts';
import { DigestTable } from './DigestTable.tsx';
import { StoppedBy } from './StoppedBy.tsx';
import { ATTACK_LAB_TEXT } from './text.ts';
import lab from './AttackLab.module.css';
import styles from './VerdictView.module.css';

/** The model turn mode at the injection's follow-up stream (A14: what the model asks for next). */
export interface InjectionTurn {
  href: string;
  open(): void;
}

export function VerdictView({
  verdict,
  view,
  lang,
  injectionTurn,
  verdictRef,
}: {
  verdict: Verdict;
  view: AttackView;
  lang: Lang;
  injectionTurn: InjectionTurn;
  /** Receives the verdict, which the sticky bar's jump scrolls to and focuses. */
  verdictRef: Ref<HTMLElement> | undefined;
}): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  const run = view.run;
  switch (verdict.kind) {
    case 'stopped':
      return (
        <section
          className={cx(styles.verdict, styles.good)}
          ref={verdictRef}
          id="attack-verdict"
          tabIndex={-1}
          data-testid="attack-verdict"
          data-verdict="stopped"
          aria-label={t.verdict}
        >
          <h4 className={styles.verdictTitle}>
            <span aria-hidden="true">✓ </span>
            {t.stoppedTitle}
          </h4>
          <StoppedBy heading={t.stoppedBy} violations={verdict.violations} lang={lang} />
          {run !== null && <DigestTable title={t.digests} report={run.report} lang={lang} />}
        </section>
      );
    case 'contract_error': {
      const mr = run?.tampered.pkg.model_result;
      return (
        <section
          className={cx(styles.verdict, styles.good)}
          ref={verdictRef}
          id="attack-verdict"
          tabIndex={-1}
          data-testid="attack-verdict"
          data-verdict="contract_error"
          aria-label={t.verdict}
        >
          <h4 className={styles.verdictTitle}>
            <span aria-hidden="true">✓ </span>
            {t.contractTitle(verdict.errorCode)}
          </h4>
          {mr !== undefined && mr.error !== null && (
            <dl className={styles.facts}>
              <dt>{t.contractModelGets}</dt>
              <dd>
                <code data-testid="model-error-code">{mr.error.code}</code> · <code>status: {mr.status}</code> ·{' '}
                <code>recovery: {mr.error.recovery}</code>
                <br />“{mr.error.message}”
                <br />
                <span className={lab.note} data-testid="catalog-message-note">
                  {t.catalogMessageNote}
                </span>
              </dd>
            </dl>
          )}
          <p className={lab.note}>{t.contractNote}</p>
          <StoppedBy heading={t.auditViolations} violations={verdict.violations} lang={lang} />
        </section>
      );
    }
    case 'sha256_passes_keyed_stops':
      return (
        <section
          className={styles.verdictPair}
          ref={verdictRef}
          id="attack-verdict"
          tabIndex={-1}
          data-testid="attack-verdict"
          data-verdict="sha256_passes_keyed_stops"
          aria-label={t.verdict}
        >
          <div className={cx(styles.verdict, styles.bad)} data-testid="a11-sha256">
            <h4 className={styles.verdictTitle}>
              <span aria-hidden="true">✗ </span>
              {t.a11Plain}
            </h4>
            <p className={lab.note}>{t.a11PlainNote}</p>
            <DigestTable title={t.digests} report={verdict.plain} lang={lang} />
          </div>
          <div className={cx(styles.verdict, styles.good)} data-testid="a11-keyed">
            <h4 className={styles.verdictTitle}>
              <span aria-hidden="true">✓ </span>
              {t.a11Keyed(run?.keyed?.victim.trusted.key?.id ?? '')}
            </h4>
            <p className={lab.note}>{t.a11KeyedNote}</p>
            <StoppedBy heading={t.stoppedBy} violations={verdict.keyed.violations} lang={lang} />
            <DigestTable title={t.digestsKeyed} report={verdict.keyed} lang={lang} />
          </div>
        </section>
      );
    case 'nothing_to_reject': {
      const [lead, ...steps] = t.nothingNext(INJECTED_NEXT_TOOL, verdict.nextToolRegistered);
      return (
        <section
          className={cx(styles.verdict, styles.neutral)}
          ref={verdictRef}
          id="attack-verdict"
          tabIndex={-1}
          data-testid="attack-verdict"
          data-verdict="nothing_to_reject"
          aria-label={t.verdict}
        >
          <h4 className={styles.verdictTitle}>
            <span aria-hidden="true">○ </span>
            {t.nothingTitle}
          </h4>
          <p className={lab.note}>{t.nothingTrust(verdict.trust)}</p>
          {verdict.injected.map((it) => (
            <figure key={it.path} className={styles.inert} data-testid="inert-text">
              <figcaption>
                <code>{it.path}</code> · <code>trust: {verdict.trust}</code>
              </figcaption>
              <blockquote className={styles.inertText}>
                <VisibleText text={it.text} lang={lang} />
              </blockquote>
            </figure>
          ))}
          <p className={lab.note}>{lead}</p>
          <ol className={styles.steps}>
            {steps
              .filter((s) => s !== '')
              .map((s) => (
                <li key={s}>{s}</li>
              ))}
          </ol>
          <p className={lab.note}>
            <a
              href={injectionTurn.href}
              data-testid="injection-turn-link"
              onClick={(e) => {
                if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                e.preventDefault();
                injectionTurn.open();
              }}
            >
              {t.nextTurnLink}
            </a>
          </p>
        </section>
      );
    }
    case 'not_stopped':
      return (
        <section
          className={cx(styles.verdict, styles.bad)}
          ref={verdictRef}
          id="attack-verdict"
          tabIndex={-1}
          data-testid="attack-verdict"
          data-verdict="not_stopped"
          aria-label={t.verdict}
        >
          <h4 className={styles.verdictTitle}>
            <span aria-hidden="true">✗ </span>
            {t.notStoppedTitle}
          </h4>
          <p className={lab.note}>{t.notStoppedNote}</p>
          <p className={lab.note}>
            {t.expected}: <code>{view.info.stoppedBy}</code>
          </p>
        </section>
      );
  }
}
