/** Step 1: the user's request, and the plane's note that it is trusted (the only text this conversation trusts). */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { CONVERSATION_REF, type CaseState } from '../../../lessons/agentdojoCase/agentdojoCase.ts';
import { REFUND_IBAN } from '../../../lessons/agentdojoCase/upstream.ts';
import { Marked } from './Marked.tsx';
import { StepCard } from './StepCard.tsx';
import { CASE_TEXT } from './text.ts';
import styles from './AgentDojoCase.module.css';

export function RequestStep({ lang, state }: { lang: Lang; state: CaseState }): JSX.Element {
  const t = CASE_TEXT[lang];
  const noted = state.trusted.noted;
  return (
    <StepCard id="case-request" n={1} title={t.requestTitle} why={t.requestWhy} done={noted}>
      <figure className={styles.prompt}>
        <figcaption className="small muted">Emma Johnson · user_task_4</figcaption>
        <blockquote lang="en" data-testid="case-prompt">
          <Marked text={state.trusted.prompt} mark={REFUND_IBAN} kind="trusted" />
        </blockquote>
      </figure>
      <p className={styles.factLine} data-testid="case-trusted" data-noted={noted}>
        {noted ? (
          <>
            <span className="chip chip-succeeded">plane.noteTrusted</span> {t.requestNoted(CONVERSATION_REF)}{' '}
            {t.requestIban(REFUND_IBAN)}
          </>
        ) : (
          <span className="muted">{t.preparing}</span>
        )}
      </p>
    </StepCard>
  );
}
