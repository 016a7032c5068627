/**
 * Step 5: the learner's proofs, each with the ask that showed it (src/lessons/agentdojoCase/caseProofs.ts:
 * only the plane's answer to the learner's own ask counts), and what the rule cannot catch, said plainly
 * with the page in this repository that says more (the playground is offline: named, not linked).
 */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import type { CaseState } from '../../../lessons/agentdojoCase/agentdojoCase.ts';
import { CASE_PROOF_IDS, caseStatuses } from '../../../lessons/agentdojoCase/caseProofs.ts';
import { StepCard } from './StepCard.tsx';
import { CASE_TEXT } from './text.ts';
import styles from './AgentDojoCase.module.css';

export function ProofStep({ lang, state }: { lang: Lang; state: CaseState }): JSX.Element {
  const t = CASE_TEXT[lang];
  const statuses = caseStatuses(state.shown);
  const n = statuses.filter((p) => p.by !== null).length;
  return (
    <StepCard id="case-proof" n={5} title={t.proofTitle} why={t.proofWhy} done={n > 0}>
      <p data-testid="case-proof-summary" data-count={n}>
        <strong>{t.summary(n, CASE_PROOF_IDS.length)}</strong>
      </p>
      <ul className={styles.proofs}>
        {statuses.map(({ id, by }) => (
          <li key={id} data-testid={`case-proof-${id}`} data-shown={by !== null}>
            <span aria-hidden="true">{by !== null ? '✓ ' : '○ '}</span>
            {t.proofs[id]}
            <br />
            <span className="small muted">
              {by === null
                ? t.notYet
                : t.shownBy(
                    by.recipient,
                    by.code ?? '',
                    by.seen_in_tool ?? '',
                    by.seen_in_operation_id ?? '',
                    by.payments_before,
                    by.payments_after,
                  )}
            </span>
          </li>
        ))}
      </ul>
      <h4 className={styles.minor}>{t.limitsTitle}</h4>
      <ul className={styles.limits} data-testid="case-limits">
        {t.limits.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="small" data-testid="case-limits-doc">
        {t.limitsDoc}
      </p>
    </StepCard>
  );
}
