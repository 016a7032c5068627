/** What the plane's world holds: the downstream ledger (what really happened) and the store's idempotency records. */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import type { LabState } from '../../../lessons/recoveryLab/lab.ts';
import { Panel } from '../../components/Panel.tsx';
import { clockTime, short } from './format.ts';
import { RECOVERY_TEXT } from './text.ts';
import styles from './RecoveryMode.module.css';

export function LedgerPanel({ lang, state }: { lang: Lang; state: LabState }): JSX.Element {
  const t = RECOVERY_TEXT[lang];
  return (
    <Panel id="recovery-ledger" lang={lang} title={t.ledgerTitle} subtitle={t.ledgerWhy} className={styles.panel}>
      <div data-testid="recovery-ledger" data-drafts={state.drafts.length} data-emails={state.emails.length}>
        <h3>{t.drafts(state.drafts.length)}</h3>
        {state.drafts.length === 0 ? (
          <p className="muted">{t.none}</p>
        ) : (
          <ul className={styles.rows}>
            {state.drafts.map((d) => (
              <li key={d.draft_ref} data-testid="recovery-draft">
                <code>{d.draft_ref}</code> · <code>{d.order_ref}</code> · “{d.reason}” · {t.key}{' '}
                <code>{d.idempotency_key}</code> · {t.requests} {d.requests}
              </li>
            ))}
          </ul>
        )}
        <h3>{t.emails(state.emails.length)}</h3>
        {state.emails.length === 0 ? (
          <p className="muted">{t.none}</p>
        ) : (
          <ul className={styles.rows}>
            {state.emails.map((m) => (
              <li key={m.message_ref} data-testid="recovery-email">
                <code>{m.message_ref}</code> → <code>{m.to}</code> · “{m.title}” · {t.key}{' '}
                <code>{m.idempotency_key}</code> · {t.requests} {m.requests}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}

export function RecordsPanel({ lang, state }: { lang: Lang; state: LabState }): JSX.Element {
  const t = RECOVERY_TEXT[lang];
  return (
    <Panel id="recovery-records" lang={lang} title={t.recordsTitle} subtitle={t.recordsWhy} className={styles.panel}>
      {state.records.length === 0 ? (
        <p className="muted">{t.noRecords}</p>
      ) : (
        <ul className={styles.rows} data-testid="recovery-records">
          {state.records.map((r) => (
            <li key={r.idempotency_key} data-testid="recovery-record" data-state={r.state}>
              <code>{r.idempotency_key}</code> · <code>{r.tool}</code>
              <br />
              {t.fingerprint} <code>{short(r.fingerprint)}</code> · {t.state} <strong>{r.state}</strong>
              <br />
              {t.owner} <code>{r.operation_id}</code> · {t.lease} {clockTime(r.lease_until)}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
