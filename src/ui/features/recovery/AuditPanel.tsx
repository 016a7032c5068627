/** The audit chain: one entry per answer, the learner's change of a stored entry, and the chain's verification. */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import type { LabState, RecoveryLab } from '../../../lessons/recoveryLab/lab.ts';
import { Panel } from '../../components/Panel.tsx';
import { attemptTime, short } from './format.ts';
import { RECOVERY_TEXT } from './text.ts';
import styles from './RecoveryMode.module.css';

export function AuditPanel({ lang, lab, state }: { lang: Lang; lab: RecoveryLab; state: LabState }): JSX.Element {
  const t = RECOVERY_TEXT[lang];
  const { entries, changed, verdict } = state.audit;
  const stale = verdict !== null && verdict.size !== entries.length;
  return (
    <Panel
      id="recovery-audit"
      lang={lang}
      title={t.auditTitle}
      subtitle={t.auditWhy}
      className={styles.panel}
      actions={
        <button type="button" className="btn" onClick={() => void lab.verify()} data-testid="recovery-verify">
          {t.verify}
        </button>
      }
    >
      <p
        role="status"
        data-testid="recovery-verdict"
        data-ok={verdict === null ? '' : String(verdict.ok)}
        className={verdict === null ? 'muted' : verdict.ok ? styles.okText : styles.bad}
      >
        {verdict === null
          ? t.notVerified
          : verdict.broken === null
            ? t.verifiedOk(verdict.checked)
            : t.verifiedBroken(verdict.broken.seq, verdict.broken.reason)}
        {stale ? ` ${t.staleVerdict}` : ''}
      </p>
      {entries.length === 0 ? (
        <p className="muted">{t.noEntries}</p>
      ) : (
        <ol className={styles.rows} data-testid="recovery-audit-entries">
          {entries.map((e) => {
            const isChanged = changed.includes(e.seq);
            const last = e.attempts[e.attempts.length - 1];
            return (
              <li key={e.seq} data-testid="recovery-entry" data-seq={e.seq} data-changed={isChanged}>
                <strong>#{e.seq}</strong> {attemptTime(e.at)} · <code>{e.protected_audit.tool_contract.tool}</code> ·{' '}
                <code>{e.protected_audit.provider_context.call_id}</code>
                {last?.code != null ? (
                  <>
                    {' '}
                    · <code>{last.code}</code>
                  </>
                ) : null}
                <br />
                {t.receipt} <code>{e.protected_audit.downstream.receipt_ref ?? '—'}</code> · chain{' '}
                <code>{short(e.chain_sha256)}</code>
                {isChanged ? <span className={styles.bad}> · {t.changed}</span> : null}{' '}
                {!isChanged ? (
                  <button
                    type="button"
                    className={`btn ${styles.small}`}
                    onClick={() => void lab.changeEntry(e.seq)}
                    data-testid={`recovery-change-${e.seq}`}
                  >
                    {t.changeEntry(e.seq)}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
