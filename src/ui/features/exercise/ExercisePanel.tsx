/**
 * The hands-on exercise (SPEC 6, the chapter's 动手实践): five search_kb
 * results, each with its own protected_audit, and five proofs checked live
 * over whatever the learner makes of them in the editor.
 */
import { useEffect, useRef, type JSX, type MouseEvent } from 'react';
import { DIGEST_NAMES } from '../../../core/protectedAudit.ts';
import { useSettled } from '../../hooks/useSettled.ts';
import { PROOF_IDS, type ProofResult } from '../../../lessons/exercise.ts';
import { Digest } from '../../components/DiffView/Digest.tsx';
import { VisibleText } from '../../components/DiffView/VisibleText.tsx';
import { evaluateExercise, type ExerciseInput, type ExerciseView, type SlotView } from './exerciseModel.ts';
import { EXERCISE_TEXT } from './text.ts';
import styles from './ExercisePanel.module.css';
import type { Lang } from '../../../lang.ts';

export interface ExercisePanelProps {
  /** The five results; the shell's main editor edits items[activeIndex].handler_output_text. */
  items: ExerciseInput[];
  activeIndex: number;
  lang: Lang;
  onActivate(index: number): void;
  onReset(): void;
  /** Told which proofs hold, whenever that changes (the learn mode's progress). */
  onProofsHeld?(proofs: string[]): void;
}

const cx = (...names: (string | false | null | undefined)[]): string => names.filter(Boolean).join(' ');

const sameContent = (a: readonly ExerciseInput[], b: readonly ExerciseInput[]): boolean =>
  a.length === b.length && a.every((x, i) => x.handler_output_text === b[i]?.handler_output_text && x.context === b[i]?.context);

/** A change of text or context waits for typing to settle; the same content in a new array does not. */
const contentChanged = (settled: readonly ExerciseInput[], next: readonly ExerciseInput[]): boolean => !sameContent(settled, next);

/** evaluateExercise, recomputed only when a text or a context actually changed. */
function useExerciseView(items: ExerciseInput[]): ExerciseView {
  const cache = useRef<{ items: ExerciseInput[]; view: ExerciseView } | null>(null);
  if (cache.current === null || !sameContent(cache.current.items, items)) cache.current = { items, view: evaluateExercise(items) };
  return cache.current.view;
}

const VERDICT_MARK = { holds: '✓', fails: '✗', vacuous: '○' } as const;

export function ExercisePanel({ items, activeIndex, lang, onActivate, onReset, onProofsHeld }: ExercisePanelProps): JSX.Element {
  const t = EXERCISE_TEXT[lang];
  const settled = useSettled(items, contentChanged);
  const view = useExerciseView(settled);
  const held = view.proofs
    .filter((p) => p.verdict === 'holds')
    .map((p) => p.id)
    .join(' ');
  useEffect(() => {
    if (held !== '') onProofsHeld?.(held.split(' '));
  }, [held, onProofsHeld]);
  const pending = !sameContent(items, settled);

  return (
    <section className={styles.root} data-testid="exercise" aria-labelledby="exercise-title" aria-busy={pending}>
      <header className={styles.header}>
        <h2 id="exercise-title" className={styles.title}>
          {t.title}
        </h2>
        <p className={cx(styles.summary, view.holding === PROOF_IDS.length ? styles.allHold : styles.notAll)} role="status" aria-live="polite" data-testid="exercise-summary">
          {t.summary(view.holding, PROOF_IDS.length)}
          {pending && <span className={styles.pending}> · {t.checking}</span>}
        </p>
        <button type="button" className={styles.reset} onClick={onReset} data-testid="exercise-reset">
          {t.reset}
        </button>
        <ol className={styles.ticks} aria-label={t.atAGlance}>
          {view.proofs.map((p, k) => (
            <li key={p.id}>
              <button
                type="button"
                className={cx(styles.tick, styles[`tick_${p.verdict}`])}
                title={`${t.proofStatements[p.id]} (${t.verdicts[p.verdict]})`}
                onClick={() => document.getElementById(`exercise-proof-${k + 1}`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })}
              >
                <span aria-hidden="true">{VERDICT_MARK[p.verdict]} </span>
                {k + 1}. {t.proofShort[p.id]}
                <span className={styles.srOnly}>: {t.verdicts[p.verdict]}</span>
              </button>
            </li>
          ))}
        </ol>
      </header>
      <p className={styles.intro}>{t.intro}</p>
      <p className={styles.hint}>
        <strong>{t.tryIt} </strong>
        {t.hint}
      </p>

      <div className={styles.columns}>
        <section aria-labelledby="exercise-results-title" className={styles.resultsSection}>
          <h3 id="exercise-results-title" className={styles.sectionTitle}>
            {t.results}
          </h3>
          <ol className={styles.slots}>
            {view.slots.map((slot) => (
              <Slot key={slot.index} slot={slot} active={slot.index === activeIndex} lang={lang} onActivate={onActivate} />
            ))}
          </ol>
        </section>

        <section aria-labelledby="exercise-proofs-title" className={styles.proofsSection}>
          <h3 id="exercise-proofs-title" className={styles.sectionTitle}>
            {t.proofs}
          </h3>
          {view.checked < view.slots.length && <p className={styles.note}>{t.overParsed(view.checked)}</p>}
          <ol className={styles.proofs}>
            {view.proofs.map((p, k) => (
              <Proof key={p.id} proof={p} n={k + 1} lang={lang} />
            ))}
          </ol>
        </section>
      </div>
    </section>
  );
}

function Slot({ slot, active, lang, onActivate }: { slot: SlotView; active: boolean; lang: Lang; onActivate(i: number): void }): JSX.Element {
  const t = EXERCISE_TEXT[lang];
  const n = slot.index + 1;
  const pkg = slot.pkg;
  const mr = pkg?.model_result;
  const audit = pkg?.protected_audit;
  const hits = mr?.data !== null && mr?.data !== undefined && Array.isArray(mr.data.hits) ? mr.data.hits.length : null;
  // A click anywhere on the card opens it, except on its own buttons (copy, open).
  const onCardClick = (e: MouseEvent<HTMLLIElement>): void => {
    if (e.target instanceof Element && e.target.closest('button, a, summary') !== null) return;
    onActivate(slot.index);
  };

  return (
    <li
      className={cx(styles.slot, active && styles.active, slot.shows ? styles.slotOk : styles.slotBad)}
      data-testid={`exercise-slot-${n}`}
      data-kind={slot.kind}
      data-shows={slot.shows}
      onClick={onCardClick}
    >
      <div className={styles.slotHead}>
        <button type="button" className={styles.slotButton} aria-pressed={active} title={t.open(n, t.kinds[slot.kind])} data-testid="slot-open" onClick={() => onActivate(slot.index)}>
          <span className={styles.slotNum}>{n}</span>
          <span className={styles.slotKind}>{t.kinds[slot.kind]}</span>
        </button>
        <span className={cx(styles.badge, slot.shows ? styles.ok : styles.bad)} data-testid="slot-verdict">
          <span aria-hidden="true">{slot.shows ? '✓ ' : '✗ '}</span>
          {slot.shows ? t.shows : t.notShows}
        </span>
      </div>
      <p className={styles.asks}>
        <span className={styles.muted}>{t.asksLabel}: </span>
        {t.asks[slot.kind]}
      </p>

      {slot.parseError !== null ? (
        <div className={styles.parseError} data-testid="slot-parse-error">
          <p>
            <strong>{t.parseError(slot.parseError.line, slot.parseError.column)}</strong> <code>{slot.parseError.code}</code>
          </p>
          <p className={styles.parseMessage}>
            <VisibleText text={slot.parseError.message} lang={lang} />
          </p>
          <p className={styles.muted}>{t.leftOut}</p>
        </div>
      ) : mr === undefined || audit === undefined ? (
        <p className={styles.parseError} data-testid="slot-context-invalid">
          {t.contextInvalid}
        </p>
      ) : (
        <>
          <p className={styles.status}>
            <code data-testid="slot-status">{mr.status}</code>
            {mr.error !== null && (
              <code className={styles.errorCode} data-testid="slot-error">
                {mr.error.code}
              </code>
            )}
            {mr.error?.retry_after_ms != null && <code>retry_after_ms: {mr.error.retry_after_ms}</code>}
            {hits !== null && <span>{t.hitsCount(hits)}</span>}
            {mr.execution.truncated && <code>truncated: true</code>}
            {mr.status === 'succeeded' && <code>complete: {String(mr.execution.complete)}</code>}
          </p>
          <dl className={styles.audit} aria-label={`${t.audit} ${n}`}>
            <dt>{t.principal}</dt>
            <dd>
              <Digest value={audit.principal_ref} label={`principal_ref ${n}`} lang={lang} />
            </dd>
            <dt>{t.callId}</dt>
            <dd>
              <code className={styles.mono}>
                <VisibleText text={audit.provider_context.call_id} lang={lang} />
              </code>
            </dd>
            {DIGEST_NAMES.map((d) => (
              <DigestRow key={d} name={d} value={audit.binding[d]} n={n} lang={lang} />
            ))}
            {audit.violations.length > 0 && (
              <>
                <dt>{t.auditViolations}</dt>
                <dd data-testid="slot-violations">
                  {audit.violations.map((v) => (
                    <code key={`${v.code} ${v.path}`} className={styles.violation}>
                      {v.code} <VisibleText text={v.path} lang={lang} />
                    </code>
                  ))}
                </dd>
              </>
            )}
          </dl>
        </>
      )}
    </li>
  );
}

function DigestRow({ name, value, n, lang }: { name: string; value: string; n: number; lang: Lang }): JSX.Element {
  return (
    <>
      <dt>{name.replace('_sha256', '')}</dt>
      <dd>
        <Digest value={value} label={`${name} ${n}`} lang={lang} />
      </dd>
    </>
  );
}

function Proof({ proof, n, lang }: { proof: ProofResult; n: number; lang: Lang }): JSX.Element {
  const t = EXERCISE_TEXT[lang];
  return (
    <li id={`exercise-proof-${n}`} className={cx(styles.proof, styles[`proof_${proof.verdict}`])} data-testid={`proof-${n}`} data-proof={proof.id} data-verdict={proof.verdict}>
      <div className={styles.proofHead}>
        <span className={styles.proofNum}>{n}.</span>
        <p className={styles.statement}>{t.proofStatements[proof.id]}</p>
        <span className={cx(styles.badge, proof.verdict === 'holds' ? styles.ok : proof.verdict === 'fails' ? styles.bad : styles.vacuous)} data-testid="proof-verdict">
          <span aria-hidden="true">{VERDICT_MARK[proof.verdict]} </span>
          {t.verdicts[proof.verdict]}
        </span>
      </div>
      <p className={styles.proofMeta}>
        <span data-testid="proof-checks">{t.checks[proof.id](proof.checks)}</span>
        <span className={styles.muted}> · {t.proofHow[proof.id]}</span>
      </p>
      {proof.verdict === 'vacuous' && <p className={styles.note}>{t.vacuousWhy}</p>}
      {proof.failures.length > 0 && (
        <div className={styles.failures}>
          <p className={styles.failuresTitle}>{t.failures}</p>
          <ul>
            {proof.failures.map((f) => (
              <li key={f}>
                <VisibleText text={f} lang={lang} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}
