/**
 * The attack lab (SPEC 6): pick one of A1–A14, run it on the scenario as the
 * learner edited it, and see exactly what the attacker changed and which
 * check stops it, in the learner's language. Every verdict comes from the
 * core's real checks (`runAttack`, `validateResult`, `toProviderItem`).
 */
import { useDeferredValue, useEffect, useMemo, type JSX, type Ref } from 'react';
import { ATTACKS, ATTACK_IDS, attackApplies, type AttackId } from '../../../lessons/attacks.ts';
import { findScenario } from '../../../core/result/index.ts';
import type { Scenario } from '../../../core/result/index.ts';
import type { Package } from '../../../core/result/index.ts';
import type { TrustedContext } from '../../../core/result/index.ts';
import type { ValidationDetails } from '../../../core/result/index.ts';
import { DiffView } from '../../components/DiffView/DiffView.tsx';
import { Digest } from '../../components/DiffView/Digest.tsx';
import { VisibleText } from '../../components/DiffView/VisibleText.tsx';
import { attackView, INJECTED_NEXT_TOOL, type AdapterOutcome, type AttackView, type Verdict } from './attackView.ts';
import { StoppedBy } from './StoppedBy.tsx';
import { ATTACK_LAB_TEXT } from './text.ts';
import styles from './AttackLab.module.css';
import { DIGEST_NAMES } from '../../../core/result/index.ts';
import type { Lang } from '../../../lang.ts';

export interface AttackLabProps {
  /** The current scenario as the learner edited it. */
  scenario: Scenario;
  attackId: AttackId | null;
  lang: Lang;
  onSelectAttack(id: AttackId | null): void;
  /** Switch to another built-in scenario (e.g. the attack's defaultScenario). */
  onOpenScenario(id: string): void;
  /** The model turn mode at the injection's follow-up stream (A14: what the model asks for next). */
  injectionTurn: { href: string; open(): void };
  /** The open attack's verdict in a few words, for the phone's sticky bar (null: none chosen, or it does not apply). */
  onVerdict?(v: AttackVerdictLine | null): void;
  /** Receives the verdict, which the sticky bar's jump scrolls to and focuses. */
  verdictRef?: Ref<HTMLElement>;
}

export interface AttackVerdictLine {
  id: AttackId;
  kind: Verdict['kind'];
  /** With its mark: "A14 ○ nothing to reject". */
  text: string;
}

const cx = (...names: (string | false | null | undefined)[]): string => names.filter(Boolean).join(' ');

const pretty = (v: unknown): string => JSON.stringify(v, null, 2) ?? String(v);

export function AttackLab({ scenario, attackId, lang, onSelectAttack, onOpenScenario, injectionTurn, onVerdict, verdictRef }: AttackLabProps): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  // The list's "needs another scenario" hints may lag a keystroke behind; the selected attack never does.
  const listScenario = useDeferredValue(scenario);
  const applies = useMemo(() => {
    const out = new Map<AttackId, boolean>();
    for (const id of ATTACK_IDS) {
      try {
        out.set(id, attackApplies(id, listScenario));
      } catch {
        out.set(id, false);
      }
    }
    return out;
  }, [listScenario]);
  const view = useMemo(() => (attackId === null ? null : attackView(attackId, scenario)), [attackId, scenario]);
  const verdict = view?.verdict ?? null;
  useEffect(() => {
    onVerdict?.(attackId === null || verdict === null ? null : { id: attackId, kind: verdict.kind, text: `${attackId} ${t.barVerdict[verdict.kind]}` });
  }, [onVerdict, attackId, verdict, t]);
  useEffect(() => () => onVerdict?.(null), [onVerdict]);

  return (
    <div className={styles.root} data-testid="attack-lab">
      <div className={styles.layout}>
        <nav className={styles.nav} aria-label={t.listLabel}>
          <p className={styles.scenarioLine}>
            {t.runningOn}:{' '}
            <strong>
              <VisibleText text={scenario.title[lang]} lang={lang} />
            </strong>{' '}
            <code>
              <VisibleText text={scenario.id} lang={lang} />
            </code>
          </p>
          <ol className={styles.list}>
            {ATTACK_IDS.map((id) => {
              const info = ATTACKS[id];
              const selected = id === attackId;
              const here = applies.get(id) ?? false;
              return (
                <li key={id}>
                  <button type="button" className={cx(styles.item, selected && styles.selected)} aria-pressed={selected} data-testid={`attack-${id}`} onClick={() => onSelectAttack(id)}>
                    <span className={styles.itemId}>{id}</span>
                    <span className={styles.itemTitle}>{info.title[lang]}</span>
                    <span className={styles.itemMeta}>
                      <span className={cx(styles.surface, styles[`surface_${info.surface}`])}>
                        <span className={styles.srOnly}>{t.surfaceHint}: </span>
                        {t.surface[info.surface]}
                      </span>
                      {!here && <span className={styles.notHere}>{t.notHere}</span>}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>

        <p className={styles.srOnly} role="status" aria-live="polite">
          {view === null ? '' : t.announce(view.info.id, t.kindWord[view.verdict?.kind ?? 'inapplicable'] ?? '')}
        </p>
        <section className={styles.detail} aria-labelledby={view === null ? undefined : 'attack-lab-title'}>
          {view === null ? (
            <p className={styles.pick}>{t.pick}</p>
          ) : (
            <AttackDetail key={view.info.id} view={view} scenario={scenario} lang={lang} onOpenScenario={onOpenScenario} injectionTurn={injectionTurn} verdictRef={verdictRef} />
          )}
        </section>
      </div>
    </div>
  );
}

function AttackDetail({
  view,
  scenario,
  lang,
  onOpenScenario,
  injectionTurn,
  verdictRef,
}: {
  view: AttackView;
  scenario: Scenario;
  lang: Lang;
  onOpenScenario(id: string): void;
  injectionTurn: AttackLabProps['injectionTurn'];
  verdictRef: AttackLabProps['verdictRef'];
}): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  const { info, run, verdict, inapplicable } = view;
  const fallback = findScenario(info.defaultScenario);
  return (
    <article className={styles.article} data-testid="attack-detail" data-attack={info.id}>
      <header className={styles.detailHeader}>
        <h3 id="attack-lab-title" className={styles.detailTitle}>
          <span className={styles.itemId}>{info.id}</span> {info.title[lang]}
        </h3>
        <span className={cx(styles.surface, styles[`surface_${info.surface}`])}>
          <span className={styles.srOnly}>{t.surfaceHint}: </span>
          {t.surface[info.surface]}
        </span>
      </header>
      <p className={styles.lesson} data-testid="attack-lesson">
        <strong>{t.lesson}: </strong>
        {info.lesson[lang]}
      </p>

      {inapplicable !== null || run === null || verdict === null ? (
        <div className={styles.inapplicable} data-testid="attack-inapplicable" data-why={inapplicable?.why}>
          <p>{inapplicable === null ? '' : t.inapplicable(inapplicable, info.id)}</p>
          {fallback !== null && (
            <button type="button" className={styles.primary} onClick={() => onOpenScenario(info.defaultScenario)} data-testid="attack-run-default">
              {t.runOn(fallback.title[lang])}
              {fallback.id === scenario.id ? ' ↺' : ''}
            </button>
          )}
        </div>
      ) : (
        <>
          <VerdictView verdict={verdict} view={view} lang={lang} injectionTurn={injectionTurn} verdictRef={verdictRef} />
          {view.adapter !== null && <AdapterView adapter={view.adapter} victim={run.victim.trusted} tampered={run.tampered.trusted} lang={lang} />}
          {run.other !== undefined && <TwoCalls other={run.other} victim={run.victim} id={info.id} lang={lang} />}
          <Diffs view={view} lang={lang} />
        </>
      )}
    </article>
  );
}

function VerdictView({
  verdict,
  view,
  lang,
  injectionTurn,
  verdictRef,
}: {
  verdict: Verdict;
  view: AttackView;
  lang: Lang;
  injectionTurn: AttackLabProps['injectionTurn'];
  verdictRef: AttackLabProps['verdictRef'];
}): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  const run = view.run;
  switch (verdict.kind) {
    case 'stopped':
      return (
        <section className={cx(styles.verdict, styles.good)} ref={verdictRef} id="attack-verdict" tabIndex={-1} data-testid="attack-verdict" data-verdict="stopped" aria-label={t.verdict}>
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
        <section className={cx(styles.verdict, styles.good)} ref={verdictRef} id="attack-verdict" tabIndex={-1} data-testid="attack-verdict" data-verdict="contract_error" aria-label={t.verdict}>
          <h4 className={styles.verdictTitle}>
            <span aria-hidden="true">✓ </span>
            {t.contractTitle(verdict.errorCode)}
          </h4>
          {mr !== undefined && mr.error !== null && (
            <dl className={styles.facts}>
              <dt>{t.contractModelGets}</dt>
              <dd>
                <code data-testid="model-error-code">{mr.error.code}</code> · <code>status: {mr.status}</code> · <code>recovery: {mr.error.recovery}</code>
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
        </section>
      );
    }
    case 'sha256_passes_keyed_stops':
      return (
        <section className={styles.verdictPair} ref={verdictRef} id="attack-verdict" tabIndex={-1} data-testid="attack-verdict" data-verdict="sha256_passes_keyed_stops" aria-label={t.verdict}>
          <div className={cx(styles.verdict, styles.bad)} data-testid="a11-sha256">
            <h4 className={styles.verdictTitle}>
              <span aria-hidden="true">✗ </span>
              {t.a11Plain}
            </h4>
            <p className={styles.note}>{t.a11PlainNote}</p>
            <DigestTable title={t.digests} report={verdict.plain} lang={lang} />
          </div>
          <div className={cx(styles.verdict, styles.good)} data-testid="a11-keyed">
            <h4 className={styles.verdictTitle}>
              <span aria-hidden="true">✓ </span>
              {t.a11Keyed(run?.keyed?.victim.trusted.key?.id ?? '')}
            </h4>
            <p className={styles.note}>{t.a11KeyedNote}</p>
            <StoppedBy heading={t.stoppedBy} violations={verdict.keyed.violations} lang={lang} />
            <DigestTable title={t.digestsKeyed} report={verdict.keyed} lang={lang} />
          </div>
        </section>
      );
    case 'nothing_to_reject': {
      const [lead, ...steps] = t.nothingNext(INJECTED_NEXT_TOOL, verdict.nextToolRegistered);
      return (
        <section className={cx(styles.verdict, styles.neutral)} ref={verdictRef} id="attack-verdict" tabIndex={-1} data-testid="attack-verdict" data-verdict="nothing_to_reject" aria-label={t.verdict}>
          <h4 className={styles.verdictTitle}>
            <span aria-hidden="true">○ </span>
            {t.nothingTitle}
          </h4>
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
        </section>
      );
    }
    case 'not_stopped':
      return (
        <section className={cx(styles.verdict, styles.bad)} ref={verdictRef} id="attack-verdict" tabIndex={-1} data-testid="attack-verdict" data-verdict="not_stopped" aria-label={t.verdict}>
          <h4 className={styles.verdictTitle}>
            <span aria-hidden="true">✗ </span>
            {t.notStoppedTitle}
          </h4>
          <p className={styles.note}>{t.notStoppedNote}</p>
          <p className={styles.note}>
            {t.expected}: <code>{view.info.stoppedBy}</code>
          </p>
        </section>
      );
  }
}

function DigestTable({ title, report, lang }: { title: string; report: ValidationDetails; lang: Lang }): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  return (
    // Wider than a phone: it scrolls sideways, and as a named, focusable box it can be scrolled from the keyboard too.
    <div className={styles.digestsWrap} role="group" aria-label={title} tabIndex={0}>
      <table className={styles.digests}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t.digest}</th>
            <th scope="col">{t.storedCol}</th>
            <th scope="col">{t.recomputedCol}</th>
            <th scope="col">{t.matchCol}</th>
          </tr>
        </thead>
        <tbody>
          {DIGEST_NAMES.map((d) => {
            const stored = report.stored[d];
            const again = report.recomputed[d];
            const same = stored !== undefined && stored === again;
            return (
              <tr key={d} data-digest={d} data-match={same}>
                <th scope="row">
                  <code>{d}</code>
                </th>
                <td>{stored === undefined ? '—' : <Digest value={stored} label={`${d} (${t.storedCol})`} lang={lang} />}</td>
                <td>{again === undefined ? '—' : <Digest value={again} label={`${d} (${t.recomputedCol})`} lang={lang} />}</td>
                <td className={same ? styles.okText : styles.badText}>
                  <span aria-hidden="true">{same ? '✓ ' : '✗ '}</span>
                  {same ? t.match : t.differs}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function AdapterView({
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
  const side = (o: AdapterOutcome, trusted: TrustedContext, ok: string, refused: string, testId: string): JSX.Element => (
    <div className={cx(styles.adapterSide, o.refused ? styles.refused : styles.serialized)} data-testid={testId} data-refused={o.refused}>
      <h5 className={styles.adapterTitle}>
        <span aria-hidden="true">{o.refused ? '⊘ ' : '→ '}</span>
        {o.refused ? refused : ok}
      </h5>
      <p className={styles.route}>
        <code>
          <VisibleText text={`${trusted.call.provider} / ${trusted.call.api_family} / ${trusted.call.adapter_revision}`} lang={lang} />
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
      <div className={styles.adapterGrid}>
        {side(adapter.victim, victim, t.adapterOk(victim.call.adapter_revision), t.adapterVictimRefused(victim.call.adapter_revision), 'adapter-victim')}
        {side(adapter.tampered, tampered, t.adapterOk(tampered.call.adapter_revision), t.adapterRefused(tampered.call.adapter_revision), 'adapter-refusal')}
      </div>
    </section>
  );
}

type Call = { pkg: Package; trusted: TrustedContext };

function CallCard({ heading, call, lang, testId }: { heading: string; call: Call; lang: Lang; testId: string }): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  const mr = call.pkg.model_result;
  const b = call.pkg.protected_audit.binding;
  return (
    <div className={styles.callCard} data-testid={testId} data-call-id={call.trusted.call.call_id}>
      <h5 className={styles.adapterTitle}>{heading}</h5>
      <dl className={styles.callFacts}>
        <dt>{t.callId}</dt>
        <dd>
          <code>
            <VisibleText text={call.trusted.call.call_id} lang={lang} />
          </code>
        </dd>
        <dt>{t.operationId}</dt>
        <dd>
          <code>
            <VisibleText text={call.trusted.call.operation_id} lang={lang} />
          </code>
        </dd>
        <dt>{t.idempotencyKey}</dt>
        <dd>
          <code>
            <VisibleText text={call.trusted.call.idempotency_key} lang={lang} />
          </code>
        </dd>
        <dt>result_sha256</dt>
        <dd>
          <Digest value={b.result_sha256} label={`result_sha256 (${heading})`} lang={lang} />
        </dd>
        <dt>call_binding_sha256</dt>
        <dd>
          <Digest value={b.call_binding_sha256} label={`call_binding_sha256 (${heading})`} lang={lang} />
        </dd>
      </dl>
      <p className={styles.callLabel}>{mr.data !== null ? t.modelData : t.modelError}</p>
      {/* Scrollable, so it takes focus: keyboard users can scroll it too. */}
      <pre className={styles.pre} tabIndex={0} aria-label={`${heading}: ${mr.data !== null ? t.modelData : t.modelError}`}>
        <VisibleText text={pretty(mr.data ?? mr.error)} lang={lang} />
      </pre>
    </div>
  );
}

function TwoCalls({ other, victim, id, lang }: { other: Call; victim: Call; id: string; lang: Lang }): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  return (
    <section className={styles.twoCalls} aria-label={t.twoCalls} data-testid="two-calls">
      <h4 className={styles.sectionTitle}>{t.twoCalls}</h4>
      <p className={styles.note}>{id === 'A1' ? t.a1Note : t.a2Note}</p>
      <div className={styles.adapterGrid}>
        <CallCard heading={t.callA} call={other} lang={lang} testId="call-other" />
        <CallCard heading={t.callB} call={victim} lang={lang} testId="call-victim" />
      </div>
    </section>
  );
}

function Diffs({ view, lang }: { view: AttackView; lang: Lang }): JSX.Element | null {
  const t = ATTACK_LAB_TEXT[lang];
  const run = view.run;
  if (run === null) return null;
  if (run.handler !== undefined) {
    return (
      <div className={styles.diffs}>
        <DiffView title={t.diffHandler} before={run.handler.before} after={run.handler.after} beforeLabel={t.handlerBefore} afterLabel={t.handlerAfter} lang={lang} testId="diff-handler" />
        <DiffView
          title={t.diffModel}
          before={run.victim.pkg.model_result}
          after={run.tampered.pkg.model_result}
          beforeLabel={t.modelBefore}
          afterLabel={t.modelAfter}
          lang={lang}
          testId="diff-model-result"
        />
      </div>
    );
  }
  const showTrusted = run.id === 'A3' || run.id === 'A12';
  return (
    <div className={styles.diffs}>
      <DiffView title={t.diffPackage} before={run.victim.pkg} after={run.tampered.pkg} beforeLabel={t.stored} afterLabel={t.presented} lang={lang} testId="diff-package" />
      {showTrusted && (
        <DiffView title={t.diffTrusted} before={run.victim.trusted} after={run.tampered.trusted} beforeLabel={t.trustedVictim} afterLabel={t.trustedTampered} lang={lang} testId="diff-trusted" />
      )}
    </div>
  );
}
