/** The attack's verdict from the core's real checks: stopped (and by what), a contract error, A11's two digests, nothing to reject (A14), or not stopped. */
import type { JSX, MouseEvent, ReactNode, Ref } from 'react';
import type { Lang } from '../../../lang.ts';
import { VisibleText } from '../../components/DiffView/VisibleText.tsx';
import { INJECTED_NEXT_TOOL, type AttackView, type Verdict } from '../../../playground/attackView.ts';
import { usePlaceHref } from '../../hooks/usePresent.ts';
import { cx } from '../../components/cx.ts';
import { attackPreimages } from '../../../playground/attackInputs.ts';
import { DigestTable } from './DigestTable.tsx';
import { StoppedBy } from './StoppedBy.tsx';
import { ATTACK_LAB_TEXT } from './text.ts';
import styles from './VerdictView.module.css';

/** The recovery lab's case where send_email exists: the injected call held for approval (a full address: it opens that mode). */
const INJECTED_EMAIL = {
  mode: 'recovery',
  scenarioId: 'search_kb.injection',
  attackId: null,
  mistake: undefined,
  recoveryCase: 'injected_email',
} as const;

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
  realCase,
  verdictRef,
}: {
  verdict: Verdict;
  view: AttackView;
  lang: Lang;
  injectionTurn: InjectionTurn;
  /** The lab's real case: the same attack from AgentDojo's banking suite, held by the control plane. */
  realCase: InjectionTurn;
  /** Receives the verdict, which the sticky bar's jump scrolls to and focuses. */
  verdictRef: Ref<HTMLElement> | undefined;
}): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  const href = usePlaceHref();
  const run = view.run;
  // The object this verdict judges, named: the editor and the Problems panel judge the learner's own, untampered text.
  const subject = (
    <p className={styles.subject} data-testid="verdict-subject">
      {t.verdictSubject[view.info.surface]}
    </p>
  );
  switch (verdict.kind) {
    case 'stopped':
      return (
        <VerdictSection
          className={cx(styles.verdict, styles.good)}
          kind="stopped"
          label={t.verdict}
          verdictRef={verdictRef}
        >
          <VerdictTitle mark="✓">{t.stoppedTitle}</VerdictTitle>
          {subject}
          <StoppedBy heading={t.stoppedBy} violations={verdict.violations} lang={lang} />
          {run !== null && (
            <DigestTable
              title={t.digests}
              report={run.report}
              lang={lang}
              inputs={attackPreimages(run.victim, run.report, run.tampered.trusted)}
            />
          )}
        </VerdictSection>
      );
    case 'contract_error': {
      const mr = run?.tampered.pkg.model_result;
      return (
        <VerdictSection
          className={cx(styles.verdict, styles.good)}
          kind="contract_error"
          label={t.verdict}
          verdictRef={verdictRef}
        >
          <VerdictTitle mark="✓">{t.contractTitle(verdict.errorCode)}</VerdictTitle>
          {subject}
          {mr !== undefined && mr.error !== null && (
            <dl className={styles.facts}>
              <dt>{t.contractModelGets}</dt>
              <dd>
                <code data-testid="model-error-code">{mr.error.code}</code> · <code>status: {mr.status}</code> ·{' '}
                <code>recovery: {mr.error.recovery}</code>
                <br />“{mr.error.message}”
                <br />
                <span className={styles.note} data-testid="catalog-message-note">
                  {t.catalogMessageNote}
                </span>
              </dd>
            </dl>
          )}
          <p className={styles.note}>{t.contractNote}</p>
          <StoppedBy heading={t.auditViolations} violations={verdict.violations} lang={lang} />
        </VerdictSection>
      );
    }
    case 'sha256_passes_keyed_stops':
      return (
        <VerdictSection
          className={styles.verdictPair}
          kind="sha256_passes_keyed_stops"
          label={t.verdict}
          verdictRef={verdictRef}
        >
          {subject}
          <div className={cx(styles.verdict, styles.bad)} data-testid="a11-sha256">
            <VerdictTitle mark="✗">{t.a11Plain}</VerdictTitle>
            <p className={styles.note}>{t.a11PlainNote}</p>
            <DigestTable
              title={t.digests}
              report={verdict.plain}
              lang={lang}
              inputs={run === null ? undefined : attackPreimages(run.victim, verdict.plain, run.tampered.trusted)}
            />
          </div>
          <div className={cx(styles.verdict, styles.good)} data-testid="a11-keyed">
            <VerdictTitle mark="✓">{t.a11Keyed(run?.keyed?.victim.trusted.key?.id ?? '')}</VerdictTitle>
            <p className={styles.note}>{t.a11KeyedNote}</p>
            <StoppedBy heading={t.stoppedBy} violations={verdict.keyed.violations} lang={lang} />
            <DigestTable
              title={t.digestsKeyed}
              report={verdict.keyed}
              lang={lang}
              inputs={
                run?.keyed === undefined
                  ? undefined
                  : attackPreimages(run.keyed.victim, verdict.keyed, run.keyed.victim.trusted)
              }
            />
          </div>
        </VerdictSection>
      );
    case 'nothing_to_reject': {
      const [lead, ...steps] = t.nothingNext(INJECTED_NEXT_TOOL, verdict.nextToolRegistered);
      return (
        <VerdictSection
          className={cx(styles.verdict, styles.neutral)}
          kind="nothing_to_reject"
          label={t.verdict}
          verdictRef={verdictRef}
        >
          <VerdictTitle mark="○">{t.nothingTitle}</VerdictTitle>
          {subject}
          <p className={styles.note}>{t.nothingTrust(verdict.trust)}</p>
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
          <p className={styles.note}>{lead}</p>
          <ol className={styles.steps}>
            {steps
              .filter((s) => s !== '')
              .map((s) => (
                <li key={s}>{s}</li>
              ))}
          </ol>
          <p className={styles.note}>
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
          <p className={styles.note}>
            <a href={href(INJECTED_EMAIL)} data-testid="injection-recovery-link">
              {t.recoveryLink}
            </a>
          </p>
          <p className={styles.note}>
            <a href={realCase.href} data-testid="injection-real-case-link" onClick={followIn(realCase)}>
              {t.realCaseLink}
            </a>
          </p>
        </VerdictSection>
      );
    }
    case 'not_stopped':
      return (
        <VerdictSection
          className={cx(styles.verdict, styles.bad)}
          kind="not_stopped"
          label={t.verdict}
          verdictRef={verdictRef}
        >
          <VerdictTitle mark="✗">{t.notStoppedTitle}</VerdictTitle>
          {subject}
          <p className={styles.note}>{t.notStoppedNote}</p>
          <p className={styles.note}>
            {t.expected}: <code>{t.expectedStop(view.info.stoppedBy)}</code>
          </p>
        </VerdictSection>
      );
  }
}

/** A link that is a real address (a modified click opens a new tab), followed in the page on a plain click. */
const followIn = (link: InjectionTurn) => (e: MouseEvent<HTMLAnchorElement>) => {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  link.open();
};

/** The verdict's region: one id and test id whatever its kind, the sticky bar's jump target (verdictRef). */
function VerdictSection(props: {
  className: string | undefined;
  kind: Verdict['kind'];
  label: string;
  verdictRef: Ref<HTMLElement> | undefined;
  children: ReactNode;
}): JSX.Element {
  return (
    <section
      className={props.className}
      ref={props.verdictRef}
      id="attack-verdict"
      tabIndex={-1}
      data-testid="attack-verdict"
      data-verdict={props.kind}
      aria-label={props.label}
    >
      {props.children}
    </section>
  );
}

/** A verdict's title, its mark (✓ ✗ ○) hidden from screen readers, which read the words. */
function VerdictTitle({ mark, children }: { mark: string; children: ReactNode }): JSX.Element {
  return (
    <h4 className={styles.verdictTitle}>
      <span aria-hidden="true">{mark} </span>
      {children}
    </h4>
  );
}
