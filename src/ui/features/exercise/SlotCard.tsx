/**
 * One of the learner's five results: what the slot must be and whether the
 * handler output meets it (live), its seal, the learner's current text
 * presented against the stored audit once sealed, and the worked answer,
 * shown only when asked for.
 */
import { useState, type JSX, type MouseEvent } from 'react';
import { canonicalize } from '#lib/core/json/index.ts';
import { DIGEST_NAMES } from '#lib/core/result/index.ts';
import { Digest } from '../../components/DiffView/Digest.tsx';
import { DigestPair } from '../../components/DiffView/DigestPair.tsx';
import { VisibleText } from '../../components/DiffView/VisibleText.tsx';
import { parseErrorText } from '../../i18n/parseErrors.ts';
import type { SlotView } from '../../../playground/exerciseModel.ts';
import { EXERCISE_TEXT } from './text.ts';
import styles from './SlotCard.module.css';
import { ActionButton, ActionRow } from './ExerciseActions.tsx';
import type { Lang } from '../../../lang.ts';
import { cx } from '../../components/cx.ts';

export interface SlotCardProps {
  slot: SlotView;
  active: boolean;
  lang: Lang;
  /** The shipped result's handler output text, shown on request. */
  workedText: string;
  /** The other sealed results whose stored request digest is this one's. */
  sameRequest: readonly SlotView[];
  onActivate(i: number): void;
  onSeal(i: number, seal: boolean): void;
  onUseWorked(i: number): void;
}

export function SlotCard({
  slot,
  active,
  lang,
  workedText,
  sameRequest,
  onActivate,
  onSeal,
  onUseWorked,
}: SlotCardProps): JSX.Element {
  const t = EXERCISE_TEXT[lang];
  const n = slot.index + 1;
  const [showWorked, setShowWorked] = useState(false);
  const mr = slot.pkg?.model_result;
  const hits = mr?.data !== null && mr?.data !== undefined && Array.isArray(mr.data.hits) ? mr.data.hits.length : null;
  const sealed = slot.sealed !== null;
  // A click anywhere on the card opens it, except on its own controls.
  const onCardClick = (e: MouseEvent<HTMLLIElement>): void => {
    if (e.target instanceof Element && e.target.closest('button, a, summary, pre, dl') !== null) return;
    onActivate(slot.index);
  };
  const workedId = `exercise-worked-${n}`;

  return (
    <li
      className={cx(styles.slot, active && styles.active, slot.shows ? styles.slotOk : styles.slotTodo)}
      data-testid={`exercise-slot-${n}`}
      data-kind={slot.kind}
      data-shows={slot.shows}
      data-sealed={sealed}
      onClick={onCardClick}
    >
      <div className={styles.slotHead}>
        <button
          type="button"
          className={styles.slotButton}
          aria-pressed={active}
          title={t.open(n, t.kinds[slot.kind])}
          data-testid="slot-open"
          onClick={() => onActivate(slot.index)}
        >
          <span className={styles.slotNum}>{n}</span>
          <span className={styles.slotKind}>{t.kinds[slot.kind]}</span>
        </button>
        {sealed && (
          <span className={cx(styles.badge, styles.sealedBadge)} data-testid="slot-sealed">
            {t.sealed}
          </span>
        )}
      </div>
      <p className={styles.asks} data-testid="slot-verdict">
        <span className={cx(styles.badge, slot.shows ? styles.ok : styles.muted)}>
          <span aria-hidden="true">{slot.shows ? '✓ ' : '○ '}</span>
          {slot.shows ? t.shows : t.notShows}
        </span>{' '}
        <span className={styles.muted}>{t.asksLabel}: </span>
        {t.asks[slot.kind]}
      </p>

      {slot.untouched ? (
        <p className={cx(styles.status, styles.muted)} data-testid="slot-not-started">
          <span aria-hidden="true">○ </span>
          {t.notStarted}
        </p>
      ) : slot.parseError !== null ? (
        <div className={styles.parseError} data-testid="slot-parse-error">
          <p>
            <strong>{t.parseError(slot.parseError.line, slot.parseError.column)}</strong>{' '}
            <code>{slot.parseError.code}</code>
          </p>
          <p className={styles.parseMessage}>
            <VisibleText text={parseErrorText(slot.parseError, lang)} lang={lang} />
          </p>
          <p className={styles.muted}>{t.leftOut}</p>
        </div>
      ) : mr === undefined || slot.pkg === null ? (
        <p className={styles.parseError} data-testid="slot-context-invalid">
          {t.contextInvalid}
        </p>
      ) : (
        <p className={styles.status} data-testid="slot-typed">
          <span className={styles.muted}>{t.typedLabel}</span>
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
      )}
      {!slot.untouched && slot.pkg !== null && slot.pkg.protected_audit.violations.length > 0 && (
        <p data-testid="slot-violations">
          {slot.pkg.protected_audit.violations.map((v) => (
            <code key={`${v.code} ${v.path}`} className={styles.violation}>
              {v.code} <VisibleText text={v.path} lang={lang} />
            </code>
          ))}
        </p>
      )}
      {!slot.shows && <p className={cx(styles.muted, styles.shape)}>{t.shape}</p>}

      <ActionRow>
        {sealed ? (
          <ActionButton title={t.unsealTitle(n)} onClick={() => onSeal(slot.index, false)} data-testid="slot-unseal">
            {t.unseal}
          </ActionButton>
        ) : (
          <ActionButton
            title={t.sealTitle(n)}
            disabled={!slot.shows}
            onClick={() => onSeal(slot.index, true)}
            data-testid="slot-seal"
          >
            {t.seal}
          </ActionButton>
        )}
        {!sealed && !slot.shows && <span className={styles.muted}>{t.sealNeeds}</span>}
        <button
          type="button"
          className={styles.linkButton}
          aria-expanded={showWorked}
          aria-controls={workedId}
          onClick={() => setShowWorked(!showWorked)}
          data-testid="slot-worked"
        >
          {showWorked ? t.workedHide : t.worked}
        </button>
      </ActionRow>

      {showWorked && (
        <div
          id={workedId}
          className={styles.worked}
          role="group"
          aria-label={t.workedTitle(n)}
          data-testid="slot-worked-answer"
        >
          <p className={styles.muted}>{t.workedNote}</p>
          <pre className={styles.workedText} tabIndex={0}>
            {workedText}
          </pre>
          <ActionButton
            onClick={() => {
              setShowWorked(false);
              onUseWorked(slot.index);
            }}
            data-testid="slot-use-worked"
          >
            {t.workedUse(n)}
          </ActionButton>
        </div>
      )}

      {slot.sealed !== null && <Presented slot={slot} sameRequest={sameRequest} lang={lang} />}
    </li>
  );
}

/** The sealed result's stored audit, and the learner's current text checked against it. */
function Presented({
  slot,
  sameRequest,
  lang,
}: {
  slot: SlotView;
  sameRequest: readonly SlotView[];
  lang: Lang;
}): JSX.Element | null {
  const t = EXERCISE_TEXT[lang];
  const n = slot.index + 1;
  const stored = slot.sealed?.pkg.protected_audit;
  if (stored === undefined) return null;
  const p = slot.presented;
  const report = p?.presented.report;
  const codes = report === undefined ? [] : [...new Set(report.violations.map((v) => v.code))];
  return (
    <section
      className={styles.presented}
      aria-label={`${t.presentedTitle} (${n})`}
      data-testid="slot-presented"
      data-ok={report?.ok ?? null}
    >
      <p className={styles.presentedHead}>
        <strong>{t.presentedTitle}</strong>
      </p>
      {p === null || report === undefined ? (
        <p className={styles.muted}>{t.presentedNothing}</p>
      ) : report.ok ? (
        <p className={styles.okText} data-testid="presented-verdict">
          {t.presentedOk}
        </p>
      ) : (
        <>
          <p className={styles.badText} data-testid="presented-verdict">
            {t.presentedRefused}: {codes.join(', ')}
            {p.changed.length > 0 && (
              <span className={styles.muted}> · {t.changedField(p.changed.slice(0, 3).join(t.listSep))}</span>
            )}
            {p.refusedCodes.length > 0 && (
              <span className={styles.muted}> · {t.presentedTypedRefused(p.refusedCodes.join(t.listSep))}</span>
            )}
          </p>
          {DIGEST_NAMES.filter((d) => report.stored[d] !== report.recomputed[d]).map((d) => (
            <DigestPair
              key={d}
              name={d}
              stored={report.stored[d]}
              recomputed={report.recomputed[d]}
              storedLabel={t.storedCol}
              recomputedLabel={t.recomputedCol}
              verdict={t.digestVerdict}
              testId={`presented-${d}`}
            />
          ))}
        </>
      )}
      <dl className={styles.audit} aria-label={`${t.audit} ${n}`}>
        <dt>{t.principal}</dt>
        <dd>
          <Digest value={stored.principal_ref} label={`principal_ref ${n}`} lang={lang} />
        </dd>
        <dt>{t.callId}</dt>
        <dd>
          <code className={styles.mono}>
            <VisibleText text={stored.provider_context.call_id} lang={lang} />
          </code>
        </dd>
        {DIGEST_NAMES.map((d) => (
          <DigestRow key={d} name={d} value={stored.binding[d]} n={n} lang={lang} />
        ))}
      </dl>
      {sameRequest.length > 0 && (
        <p className={cx(styles.muted, styles.sameRequest)} data-testid="slot-same-request">
          {t.sameRequest(
            sameRequest.map((o) => o.index + 1).join(t.listSep),
            sameRequest.some(
              (o) =>
                canonicalize(o.sealed?.trusted.arguments ?? null) !==
                canonicalize(slot.sealed?.trusted.arguments ?? null),
            ),
          )}
        </p>
      )}
    </section>
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
