/**
 * The bank, as the downstream sees it: how many payments it made and to whom. The count is the witness the
 * case is judged by (the hijacked payment never reaches it), so it stays in sight above the steps.
 */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import type { Payment } from '../../../lessons/agentdojoCase/bank.ts';
import { VisibleText } from '../../components/DiffView/VisibleText.tsx';
import { CASE_TEXT } from './text.ts';
import styles from './AgentDojoCase.module.css';

export function BankStrip({ lang, payments }: { lang: Lang; payments: readonly Payment[] }): JSX.Element {
  const t = CASE_TEXT[lang];
  return (
    <section className={styles.bank} aria-labelledby="case-bank-title" data-testid="case-bank">
      <h3 className={styles.bankTitle} id="case-bank-title">
        <span data-testid="case-payments" data-count={payments.length}>
          {t.counter(payments.length)}
        </span>
      </h3>
      <p className={`small muted ${styles.bankNote}`}>{t.counterNote}</p>
      <p className={styles.bankRows}>
        <span className="small">{t.paymentsLabel}: </span>
        {payments.length === 0 ? (
          <span className="small muted">{t.noPayments}</span>
        ) : (
          payments.map((p) => (
            <code key={p.id} className={styles.payment} data-recipient={p.recipient}>
              #{p.id} → <VisibleText text={p.recipient} lang={lang} /> · {p.amount} · “
              <VisibleText text={p.subject} lang={lang} />” · {p.date}
            </code>
          ))
        )}
      </p>
    </section>
  );
}
