/**
 * One of the five proofs as the learner's to show: "not yet shown" until the
 * learner's own action shows each part of it, named ("you swapped 1 and 2 →
 * CALL_BINDING_MISMATCH"); the buttons that run those actions on the
 * learner's results, with what the checks answered in place; and the app's
 * own exhaustive checks, as a line that never counts.
 */
import { Fragment, useState, type JSX, type Ref } from 'react';
import type { ProofResult } from '../../../lessons/exercise.ts';
import {
  inject,
  injectionEdit,
  replaceKey,
  scanPayloads,
  scanProjections,
  swapResults,
} from '../../../lessons/exerciseActions.ts';
import {
  INJECTION_KINDS,
  type InjectionKind,
  type ProofStatus,
  type ProofStep,
} from '../../../lessons/exerciseProofs.ts';
import type { ExerciseView, SlotView } from '../../../playground/exerciseModel.ts';
import { insertMember } from '../../../playground/insertMember.ts';
import { handlerTextOf } from '../../../playground/work.ts';
import { cx } from '../../components/cx.ts';
import { EXERCISE_TEXT } from './text.ts';
import styles from './ProofCard.module.css';
import { ActionButton, ActionRow } from './ExerciseActions.tsx';
import { OutcomeView, type Outcome } from './OutcomeView.tsx';
import type { Lang } from '../../../lang.ts';

export interface ProofCardProps {
  n: number;
  status: ProofStatus;
  /** The app's own exhaustive check of the same statement (never the learner's proof). */
  appCheck: ProofResult | undefined;
  view: ExerciseView;
  activeIndex: number;
  /** The open result's editor text: an injection button writes into it. */
  activeText: string;
  lang: Lang;
  onShown(step: ProofStep): void;
  /** Replaces the open result's editor text (an injection written, or taken back). */
  onWrite(text: string): void;
  /** The card's element, for the glance row's buttons to scroll it into view. */
  ref?: Ref<HTMLLIElement>;
}

/** Where each button writes when the open result has nowhere to write yet (its label still names the place). */
const DEFAULT_INTO: Record<InjectionKind, { into: string; member: string }> = {
  status: { into: '/data', member: 'status' },
  token: { into: '/data/hits/0', member: 'token' },
  extra: { into: '/data', member: 'internal_note' },
};

/** Why the open result takes no injection now, in true words (null: it does). */
function injectBlocked(active: SlotView | undefined, n: number, t: (typeof EXERCISE_TEXT)['en']): string | null {
  if (active === undefined || active.untouched) return t.injectNoData(n);
  if (active.parseError !== null) return t.injectNotJson(n);
  if (active.trusted === null || active.pkg === null) return t.injectContextInvalid(n);
  if (active.injected.length > 0)
    return t.injectAlready(
      n,
      active.injected.map((s) => t.injectionFound(s.injection, s.path ?? '', s.code)).join(t.listSep),
    );
  const mr = active.pkg.model_result;
  if (mr.error?.code === 'OUTPUT_CONTRACT_VIOLATION')
    return t.injectRefused(
      n,
      active.pkg.protected_audit.violations
        .slice(0, 3)
        .map((v) => `${v.code} ${v.path}`)
        .join(t.listSep),
    );
  if (mr.error !== null) return t.injectErrorResult(n, mr.error.code);
  if (injectionEdit('status', active.raw) === null) return t.injectNoData(n);
  return null;
}

export function ProofCard({
  n,
  status,
  appCheck,
  view,
  activeIndex,
  activeText,
  lang,
  onShown,
  onWrite,
  ref,
}: ProofCardProps): JSX.Element {
  const t = EXERCISE_TEXT[lang];
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // What an injection button wrote, so that it can be taken back while the text is still that.
  const [written, setWritten] = useState<{ slot: number; before: string; after: string } | null>(null);
  const sealedAll = view.slots.map((s) => s.sealed);
  const sealedCount = sealedAll.filter((s) => s !== null).length;
  const active = view.slots[activeIndex];
  const record = (o: Outcome, step: ProofStep | null): void => {
    setOutcome(o);
    if (step !== null) onShown(step);
  };

  // Why an action is not open yet, said in words beside the buttons (a disabled button's title reaches no one on a keyboard or a phone).
  const why: string[] = [];
  const action = ({
    label,
    disabledWhy,
    onClick,
    testId,
  }: {
    label: string;
    disabledWhy: string | null;
    onClick(): void;
    testId: string;
  }): JSX.Element => {
    if (disabledWhy !== null && !why.includes(disabledWhy)) why.push(disabledWhy);
    return (
      <ActionButton disabled={disabledWhy !== null} onClick={onClick} data-testid={testId}>
        {label}
      </ActionButton>
    );
  };
  const actions = ((): JSX.Element => {
    switch (status.id) {
      case 'no_principal_or_receipt':
      case 'no_audit_in_payloads': {
        const projection = status.id === 'no_principal_or_receipt';
        const run = (): void => {
          if (projection) {
            const result = scanProjections(sealedAll);
            record({ kind: 'scanProjection', result }, result.step);
          } else {
            const result = scanPayloads(sealedAll);
            record({ kind: 'scanPayloads', result }, result.step);
          }
        };
        return action({
          label: projection ? t.scanProjection : t.scanPayloads,
          disabledWhy: sealedCount < 5 ? t.needsFive(sealedCount) : null,
          onClick: run,
          testId: projection ? 'action-scan-projection' : 'action-scan-payloads',
        });
      }
      case 'business_change_changes_result':
        return <></>;
      case 'swap_or_key_breaks_binding': {
        const [a, b] = [sealedAll[0] ?? null, sealedAll[1] ?? null];
        const keyTarget = active?.sealed ?? null;
        return (
          <>
            {action({
              label: t.swap,
              disabledWhy: a === null || b === null ? t.swapNeeds : null,
              onClick: () => {
                if (a === null || b === null) return;
                const result = swapResults(a, b, 1, 2);
                record({ kind: 'swap', result }, result.step);
              },
              testId: 'action-swap',
            })}
            {action({
              label: t.replaceKey,
              disabledWhy: keyTarget === null ? t.replaceKeyNeeds(activeIndex + 1) : null,
              onClick: () => {
                if (keyTarget === null) return;
                const result = replaceKey(keyTarget, activeIndex + 1);
                record({ kind: 'key', slot: activeIndex + 1, result }, result.step);
              },
              testId: 'action-replace-key',
            })}
          </>
        );
      }
      case 'injections_rejected': {
        const slot = activeIndex + 1;
        const blocked = injectBlocked(active, slot, t);
        return (
          <>
            {INJECTION_KINDS.map((k) => {
              const place = (active === undefined ? null : injectionEdit(k, active.raw)) ?? DEFAULT_INTO[k];
              return (
                <Fragment key={k}>
                  {action({
                    label: t.injectButton(k, place.into, place.member),
                    disabledWhy: blocked,
                    onClick: () => {
                      if (active === undefined || active.trusted === null) return;
                      const result = inject(k, active.raw, active.trusted, slot);
                      if (result === null) return;
                      // Into the editor, where the learner sees it: the rest of the text as they wrote it.
                      const { into, member, value } = result.edit;
                      const text = insertMember(activeText, into, member, value) ?? handlerTextOf(result.after);
                      onWrite(text);
                      setWritten({ slot, before: activeText, after: text });
                      record({ kind: 'inject', slot, injection: k, result }, result.step);
                    },
                    testId: `action-inject-${k}`,
                  })}
                </Fragment>
              );
            })}
          </>
        );
      }
    }
  })();

  // Proof 3's key typed into the trusted context of the open, sealed result: when it did not count, say why.
  const keyChange = status.id === 'swap_or_key_breaks_binding' ? (active?.presented?.keyChange ?? null) : null;
  const keyWhy =
    keyChange === null || keyChange.counted
      ? null
      : keyChange.others.length > 0
        ? t.keyNotAlone(activeIndex + 1, keyChange.others.slice(0, 3).join(t.listSep))
        : keyChange.refusedCodes.length > 0
          ? t.keyTypedRefused(activeIndex + 1, keyChange.refusedCodes.join(t.listSep))
          : null;
  const canTakeBack = written !== null && written.slot === activeIndex + 1 && written.after === activeText;

  return (
    <li
      ref={ref}
      id={`exercise-proof-${n}`}
      className={cx(styles.proof, status.shown ? styles.proof_holds : styles.proof_pending)}
      data-testid={`proof-${n}`}
      data-proof={status.id}
      data-shown={status.shown}
    >
      <div className={styles.proofHead}>
        <span className={styles.proofNum}>{n}.</span>
        <p className={styles.statement}>{t.proofStatements[status.id]}</p>
        <span className={cx(styles.badge, status.shown ? styles.ok : styles.muted)} data-testid="proof-verdict">
          <span aria-hidden="true">{status.shown ? '✓ ' : '○ '}</span>
          {status.shown ? t.shownBadge : t.notYet}
        </span>
      </div>
      <ul className={styles.parts}>
        {status.parts.map((p) => (
          <li key={p.key} data-testid={`part-${p.key}`} data-shown={p.by !== null}>
            <span aria-hidden="true" className={p.by !== null ? styles.okText : styles.muted}>
              {p.by !== null ? '✓ ' : '○ '}
            </span>
            {p.by !== null ? (
              t.stepSentence(p.by)
            ) : (
              <>
                {t.parts[p.key]} <span className={styles.muted}>({t.partNotYet})</span>
              </>
            )}
          </li>
        ))}
      </ul>
      {!status.shown && <p className={styles.proofMeta}>{t.howTo[status.id]}</p>}
      {/* The take-back sits beside the button that wrote: the reason the other buttons wait appears below it once the
          page has checked the new text (150 ms later), and moves nothing the learner is about to press. */}
      <ActionRow>
        {actions}
        {canTakeBack && (
          <ActionButton
            onClick={() => {
              onWrite(written.before);
              setWritten(null);
              setOutcome(null);
            }}
            data-testid="action-take-back"
          >
            {t.takeBack}
          </ActionButton>
        )}
      </ActionRow>
      {why.length > 0 && (
        <p className={cx(styles.proofMeta, styles.muted)} data-testid="proof-needs">
          {why.join(' ')}
        </p>
      )}
      {keyWhy !== null && (
        <p className={styles.proofMeta} data-testid="proof-key-why" role="status">
          {keyWhy}
        </p>
      )}
      {outcome !== null && <OutcomeView outcome={outcome} lang={lang} />}
      {/* The app's own check runs on the learner's results: before a word is written it would vouch for nothing. */}
      {appCheck !== undefined && view.slots.some((s) => !s.untouched) && (
        <p className={cx(styles.proofMeta, styles.muted)} data-testid="proof-app-checks">
          {t.alsoChecked(appCheck.checks, t.verdicts[appCheck.verdict])}
        </p>
      )}
    </li>
  );
}
