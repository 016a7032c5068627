/**
 * The audit chain: one entry per answer; the learner, as an attacker with
 * write access, changes entries and rebuilds the plain chain over them; as
 * the operator, takes a checkpoint and checks the log plain, keyed and
 * against the checkpoint, and reconciles what the model received with it.
 */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import type { LabState, RecoveryLab } from '../../../lessons/recoveryLab/lab.ts';
import type { LabVerdict } from '../../../lessons/recoveryLab/labAudit.ts';
import { AUDIT_CHECKS, type AuditCheck } from '../../../lessons/recoveryLab/labLog.ts';
import { Panel } from '../../components/Panel.tsx';
import { attemptTime, short } from './format.ts';
import { AUDIT_TEXT } from './auditText.ts';
import { RECOVERY_TEXT } from './text.ts';
import styles from './RecoveryMode.module.css';

type Text = (typeof AUDIT_TEXT)['en'];

function verdictText(t: Text, by: AuditCheck, v: LabVerdict | null): string {
  if (v === null) return t.notRun;
  if (v.broken === null) return t.verifiedOk(v.checked);
  if (by === 'checkpoint' && v.broken.reason === 'CHECKPOINT_MISMATCH')
    return t.verifiedCheckpoint(v.broken.seq, v.broken.reason);
  return t.verifiedBroken(v.broken.seq, v.broken.reason);
}

function Checks({ lang, lab, state }: { lang: Lang; lab: RecoveryLab; state: LabState }): JSX.Element {
  const t = AUDIT_TEXT[lang];
  const { verdicts, checkpoint, revision, altered, reconciliation: rec } = state.audit;
  const newest = state.answers[0];
  const refused = state.refused === 'no_change' || state.refused === 'no_checkpoint' ? state.refused : null;
  return (
    <>
      <div className={styles.actionsRow}>
        <button
          type="button"
          className="btn"
          title={t.checkpointHint}
          onClick={() => void lab.checkpoint()}
          data-testid="recovery-checkpoint"
        >
          {t.takeCheckpoint}
        </button>
        <button
          type="button"
          className="btn"
          title={t.rebuildHint}
          disabled={state.audit.changed.length === 0}
          onClick={() => void lab.rebuild()}
          data-testid="recovery-rebuild"
        >
          {t.rebuild}
        </button>
      </div>
      <p className="muted" data-testid="recovery-checkpoint-taken">
        {checkpoint === null
          ? t.checkpointNone
          : t.checkpointTaken(checkpoint.size, short(checkpoint.head_chain_sha256), attemptTime(checkpoint.at))}
      </p>
      <div className={styles.actionsRow}>
        {AUDIT_CHECKS.map((by) => (
          <button
            key={by}
            type="button"
            className="btn"
            disabled={by === 'checkpoint' && checkpoint === null}
            onClick={() => void lab.verify(by)}
            data-testid={`recovery-verify-${by}`}
          >
            {t.verifyBy[by]}
          </button>
        ))}
      </div>
      {refused !== null ? (
        <p className={styles.bad} role="alert" data-testid="recovery-audit-refused">
          {t.refusedAudit[refused]}
        </p>
      ) : null}
      <div role="status">
        <ul className={styles.rows}>
          {AUDIT_CHECKS.map((by) => {
            const v = verdicts[by];
            return (
              <li
                key={by}
                data-testid={`recovery-verdict-${by}`}
                data-ok={v === null ? '' : String(v.ok)}
                data-seq={v?.broken?.seq ?? ''}
              >
                <strong>{t.checks[by]}</strong>
                <br />
                <span className={v === null ? 'muted' : v.ok ? styles.okText : styles.bad}>
                  {verdictText(t, by, v)}
                </span>
                {v !== null && v.revision !== revision ? <span className="muted"> {t.staleVerdict}</span> : null}
              </li>
            );
          })}
        </ul>
      </div>
      <p className="muted small">{t.reconcileWhy}</p>
      <div className={styles.actionsRow}>
        <button type="button" className="btn" onClick={() => void lab.reconcile()} data-testid="recovery-reconcile">
          {t.reconcile}
        </button>
        {newest !== undefined ? (
          <button
            type="button"
            className="btn"
            title={t.alterHint}
            disabled={altered.includes(newest.n)}
            onClick={() => void lab.alterTranscript(newest.n)}
            data-testid="recovery-alter"
          >
            {t.alter(newest.n)}
          </button>
        ) : null}
      </div>
      {altered.length > 0 ? (
        <p className={styles.warn} data-testid="recovery-altered">
          {t.altered(altered)}
        </p>
      ) : null}
      {rec !== null ? (
        <div data-testid="recovery-reconciliation" data-ok={String(rec.ok)}>
          <p className={rec.ok ? styles.okText : styles.bad}>
            {rec.ok ? t.reconciledOk(rec.results) : t.reconcileFound(rec.findings.length)}
            {rec.revision !== revision || rec.altered !== altered.length ? (
              <span className="muted"> {t.staleVerdict}</span>
            ) : null}
          </p>
          {rec.findings.length > 0 ? (
            <ul className={styles.rows}>
              {rec.findings.map((f, i) => (
                <li key={i} data-testid="recovery-finding" data-code={f.code}>
                  <code>{t.finding(f.code, f.seq)}</code>
                  {f.call_id !== null ? <> · {f.call_id}</> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

export function AuditPanel({ lang, lab, state }: { lang: Lang; lab: RecoveryLab; state: LabState }): JSX.Element {
  const t = AUDIT_TEXT[lang];
  const { entries, changed, relinked } = state.audit;
  return (
    <Panel
      id="recovery-audit"
      lang={lang}
      title={RECOVERY_TEXT[lang].auditTitle}
      subtitle={t.auditWhy}
      className={styles.panel}
    >
      <Checks lang={lang} lab={lab} state={state} />
      {entries.length === 0 ? (
        <p className="muted">{t.noEntries}</p>
      ) : (
        <ol className={styles.rows} data-testid="recovery-audit-entries">
          {entries.map((e) => {
            const isChanged = changed.includes(e.seq);
            const last = e.attempts[e.attempts.length - 1];
            return (
              <li
                key={e.seq}
                data-testid="recovery-entry"
                data-seq={e.seq}
                data-changed={isChanged}
                data-relinked={relinked.includes(e.seq)}
              >
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
                {isChanged ? <span className={styles.bad}> · {t.changed}</span> : null}
                {relinked.includes(e.seq) ? <span className={styles.warn}> · {t.relinked}</span> : null}{' '}
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
