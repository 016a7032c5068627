/**
 * One of the five proofs as the learner's to show: "not yet shown" until the
 * learner's own action shows each part of it, named ("you swapped 1 and 2 →
 * CALL_BINDING_MISMATCH"); the buttons that run those actions on the
 * learner's results, with what the checks answered in place; and the app's
 * own exhaustive checks, as a line that never counts.
 */
import { Fragment, useState, type JSX, type Ref } from 'react';
import type { ProofResult } from '../../../lessons/exercise.ts';
import { inject, replaceKey, scanPayloads, scanProjections, swapResults } from '../../../lessons/exerciseActions.ts';
import { INJECTION_KINDS, type ProofStatus, type ProofStep } from '../../../lessons/exerciseProofs.ts';
import type { ExerciseView } from '../../../playground/exerciseModel.ts';
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
  lang: Lang;
  onShown(step: ProofStep): void;
  /** The card's element, for the glance row's buttons to scroll it into view. */
  ref?: Ref<HTMLLIElement>;
}

export function ProofCard({ n, status, appCheck, view, activeIndex, lang, onShown, ref }: ProofCardProps): JSX.Element {
  const t = EXERCISE_TEXT[lang];
  const [outcome, setOutcome] = useState<Outcome | null>(null);
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
        const ok =
          active !== undefined &&
          active.raw !== undefined &&
          active.trusted !== null &&
          active.pkg?.model_result.status === 'succeeded';
        return (
          <>
            {INJECTION_KINDS.map((k) => (
              <Fragment key={k}>
                {action({
                  label: t.injections[k],
                  disabledWhy: ok ? null : t.injectNeeds(activeIndex + 1),
                  onClick: () => {
                    if (active === undefined || active.trusted === null) return;
                    const result = inject(k, active.raw, active.trusted, activeIndex + 1);
                    if (result !== null)
                      record({ kind: 'inject', slot: activeIndex + 1, injection: k, result }, result.step);
                  },
                  testId: `action-inject-${k}`,
                })}
              </Fragment>
            ))}
          </>
        );
      }
    }
  })();

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
      <ActionRow>{actions}</ActionRow>
      {why.length > 0 && (
        <p className={cx(styles.proofMeta, styles.muted)} data-testid="proof-needs">
          {why.join(' ')}
        </p>
      )}
      {outcome !== null && <OutcomeView outcome={outcome} lang={lang} />}
      {appCheck !== undefined && (
        <p className={cx(styles.proofMeta, styles.muted)} data-testid="proof-app-checks">
          {t.alsoChecked(appCheck.checks, t.verdicts[appCheck.verdict])}
        </p>
      )}
    </li>
  );
}
