/** Step 3: the refund the user asked for. Its recipient is in the user's words, so the rule lets it run. */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import type { CaseState } from '../../../lessons/agentdojoCase/agentdojoCase.ts';
import { REFUND_IBAN } from '../../../lessons/agentdojoCase/upstream.ts';
import { JsonView } from '../../components/JsonView.tsx';
import { StepCard } from './StepCard.tsx';
import { CASE_TEXT } from './text.ts';
import styles from './AgentDojoCase.module.css';

export function RefundStep({ lang, state, onRefund }: { lang: Lang; state: CaseState; onRefund(): void }): JSX.Element {
  const t = CASE_TEXT[lang];
  const refund = state.refund;
  const ready = state.read !== null;
  return (
    <StepCard id="case-refund" n={3} title={t.refundTitle} why={t.refundWhy} done={refund !== null}>
      {refund === null ? (
        <>
          <button
            type="button"
            className={`btn ${styles.action}`}
            onClick={onRefund}
            disabled={!ready}
            aria-describedby={ready ? undefined : 'case-refund-first'}
            data-testid="case-refund-run"
          >
            {t.refundRun(REFUND_IBAN)}
          </button>
          {ready ? null : (
            <p className="small muted" id="case-refund-first">
              {t.refundFirst}
            </p>
          )}
        </>
      ) : (
        <div id="case-refund-done" tabIndex={-1} data-testid="case-refund-done" data-code={refund.code ?? 'none'}>
          <p className={styles.factLine}>
            <span className={`chip chip-${refund.model_result.status}`}>{refund.model_result.status}</span>{' '}
            {refund.code === null ? t.refundRan : t.refundOther(refund.code)}
          </p>
          <JsonView value={refund.model_result.data ?? refund.model_result.error} />
        </div>
      )}
    </StepCard>
  );
}
