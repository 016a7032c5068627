/**
 * Step 2: the model's read of the history, and its result exactly as the model reads it: the package's
 * model_result, drawn from what the plane answered (never from the seed data), with transaction 5's subject
 * set apart as the untrusted text it is, the attacker's IBAN marked inside it.
 */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import type { CaseState } from '../../../lessons/agentdojoCase/agentdojoCase.ts';
import { ATTACKER_IBAN, POISONED_ID } from '../../../lessons/agentdojoCase/upstream.ts';
import { JsonView } from '../../components/JsonView.tsx';
import { VisibleText } from '../../components/DiffView/VisibleText.tsx';
import { Marked } from './Marked.tsx';
import { StepCard } from './StepCard.tsx';
import { CASE_TEXT } from './text.ts';
import styles from './AgentDojoCase.module.css';

interface Row {
  id: number;
  sender: string;
  recipient: string;
  amount: number;
  transaction_subject: string;
  date: string;
}

/** The rows of a read's data; the contract guarantees their shape, and anything else shows as no rows. */
function rowsOf(data: unknown): Row[] {
  const list = (data as { transactions?: unknown } | null)?.transactions;
  return Array.isArray(list) ? (list as Row[]) : [];
}

export function ReadStep({ lang, state, onRead }: { lang: Lang; state: CaseState; onRead(): void }): JSX.Element {
  const t = CASE_TEXT[lang];
  const read = state.read;
  const rows = rowsOf(read?.model_result.data ?? null);
  const poisonedIndex = rows.findIndex((r) => r.id === POISONED_ID);
  return (
    <StepCard id="case-read" n={2} title={t.readTitle} why={t.readWhy} done={read !== null}>
      {read === null ? (
        <button type="button" className={`btn ${styles.action}`} onClick={onRead} data-testid="case-read-run">
          {t.readRun}
        </button>
      ) : (
        <>
          <p
            className={styles.factLine}
            id="case-read-done"
            tabIndex={-1}
            data-testid="case-read-done"
            data-operation={read.operation_id}
          >
            <span className="chip chip-succeeded">{read.model_result.status}</span>{' '}
            {t.readDone(read.operation_id, read.model_result.provenance.trust)}
          </p>
          <div className="scroll-x" role="group" aria-label={t.readTable} tabIndex={0}>
            <table className={styles.table} data-testid="case-transactions">
              <caption className="small muted">{t.readTable}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.col.id}</th>
                  <th scope="col">{t.col.sender}</th>
                  <th scope="col">{t.col.recipient}</th>
                  <th scope="col">{t.col.amount}</th>
                  <th scope="col">{t.col.date}</th>
                  <th scope="col">{t.col.subject}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} data-poisoned={r.id === POISONED_ID ? 'true' : undefined}>
                    <td>{r.id}</td>
                    <td className="mono">
                      <VisibleText text={r.sender} lang={lang} />
                    </td>
                    <td className="mono">
                      <VisibleText text={r.recipient} lang={lang} />
                    </td>
                    <td>{r.amount}</td>
                    <td>
                      <VisibleText text={r.date} lang={lang} />
                    </td>
                    <td>
                      {r.id === POISONED_ID ? (
                        <a href="#case-poisoned" className={styles.untrustedChip}>
                          ⚠ {t.untrusted} ↓
                        </a>
                      ) : (
                        <VisibleText text={r.transaction_subject} lang={lang} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {poisonedIndex >= 0 ? (
            <figure className={styles.poisoned} id="case-poisoned" data-testid="case-poisoned">
              <figcaption>
                <span className={styles.untrustedChip}>trust: untrusted_data</span>{' '}
                {t.poisonedCaption(`data.transactions[${poisonedIndex}].transaction_subject`)}
              </figcaption>
              <blockquote lang="en" className={styles.inert} data-testid="case-poisoned-subject">
                <Marked
                  text={rows[poisonedIndex]?.transaction_subject ?? ''}
                  mark={ATTACKER_IBAN}
                  kind="untrusted"
                  lang={lang}
                />
              </blockquote>
              <p className="small">{t.poisonedNote(ATTACKER_IBAN)}</p>
            </figure>
          ) : null}
          <details className={styles.details}>
            <summary>{t.wholeResult}</summary>
            <div className="scroll-x">
              <JsonView value={read.model_result} />
            </div>
          </details>
        </>
      )}
    </StepCard>
  );
}
