/** The call: the tool and its arguments, the learner's next action, the faults for the next attempt, access and approval. */
import { useState, type JSX } from 'react';
import { parseStrictJson } from '#lib/core/index.ts';
import type { Lang } from '../../../lang.ts';
import type { LabState, RecoveryLab } from '../../../lessons/recoveryLab/lab.ts';
import {
  FAULT_IDS,
  LAB_TOOL_NAMES,
  STATUS_FAULT_IDS,
  type FaultId,
  type LabTool,
  type StatusFaultId,
} from '../../../lessons/recoveryLab/stage.ts';
import { cx } from '../../components/cx.ts';
import { Panel } from '../../components/Panel.tsx';
import { clockTime, short } from './format.ts';
import { OwnerDied } from './OwnerDied.tsx';
import { OWNER_DIED_TEXT } from './ownerDiedText.ts';
import { RECOVERY_TEXT } from './text.ts';
import styles from './RecoveryMode.module.css';

const EFFECT: Record<LabTool, 'read' | 'write'> = {
  create_refund_draft: 'write',
  get_order: 'read',
  search_kb: 'read',
  send_email: 'write',
};
const RETRY_AFTER_S = [5, 10, 45, 120];
const pretty = (v: unknown) => JSON.stringify(v, null, 2);

export function CallPanel({ lang, lab, state }: { lang: Lang; lab: RecoveryLab; state: LabState }): JSX.Element {
  const t = RECOVERY_TEXT[lang];
  const [draft, setDraft] = useState<{ tool: LabTool; text: string } | null>(null);
  const text = draft !== null && draft.tool === state.tool ? draft.text : pretty(state.args);
  const parsed = parseStrictJson(text);
  const argsOk = parsed.ok && typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value);
  const busy = state.pending !== null;
  const onText = (next: string) => {
    setDraft({ tool: state.tool, text: next });
    const p = parseStrictJson(next);
    if (p.ok && typeof p.value === 'object' && p.value !== null && !Array.isArray(p.value))
      lab.setArgs(p.value as Record<string, unknown>);
  };
  return (
    <Panel id="recovery-call" lang={lang} title={t.callTitle} subtitle={t.callWhy} className={styles.panel}>
      <div className={styles.stack} data-testid="recovery-call">
        <label className={styles.field}>
          <span>{t.tool}</span>
          <select
            value={state.tool}
            onChange={(e) => {
              setDraft(null);
              lab.setTool(e.target.value as LabTool);
            }}
            data-testid="recovery-tool"
          >
            {LAB_TOOL_NAMES.map((name) => (
              <option key={name} value={name}>
                {name} ({t.toolEffect(EFFECT[name])})
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t.callAs}</span>
          <select
            value={String(state.principal)}
            onChange={(e) => lab.setPrincipal(Number(e.target.value))}
            data-testid="recovery-principal"
          >
            {t.principals.map((label, i) => (
              <option key={label} value={String(i)}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t.args}</span>
          <textarea
            rows={4}
            value={text}
            spellCheck={false}
            onChange={(e) => onText(e.target.value)}
            aria-invalid={!argsOk}
            data-testid="recovery-args"
          />
        </label>
        {!argsOk ? <p className={styles.bad}>{t.argsInvalid}</p> : null}
        <div className={styles.actionsRow}>
          <button
            type="button"
            className="btn"
            disabled={busy || !argsOk}
            onClick={() => void lab.dispatch()}
            data-testid="recovery-dispatch"
          >
            {t.dispatch}
          </button>
        </div>
        <p className="muted small">{t.keyWhy}</p>
        <p className={cx('muted', styles.lastCall)}>
          {t.lastCall}:{' '}
          {state.last === null ? (
            t.noCall
          ) : (
            <code data-testid="recovery-last-call">
              {state.last.tool} · {state.last.key}
            </code>
          )}
        </p>
        <div className={styles.actionsRow} role="group" aria-label={t.lastCall}>
          {(
            [
              ['same_key', t.retrySame],
              ['other_args', t.retryOther],
              ['new_key', t.retryNewKey],
              ['model_again', t.retryModel],
            ] as const
          ).map(([kind, label]) => (
            <button
              key={kind}
              type="button"
              className="btn"
              disabled={busy || state.last === null}
              onClick={() => void lab.retry(kind)}
              data-testid={`recovery-retry-${kind}`}
            >
              {label}
            </button>
          ))}
        </div>
        {busy ? (
          <p className={styles.warn} role="status">
            {t.busy}
          </p>
        ) : null}
        <OwnerDied lang={lang} state={state} />
        {state.approval !== null ? <ApprovalBox lang={lang} lab={lab} state={state} /> : null}
        <Faults lang={lang} lab={lab} state={state} />
        <section className={styles.sub} aria-labelledby="recovery-access-title">
          <h3 id="recovery-access-title">{t.accessTitle}</h3>
          <p className="muted">{t.accessWhy}</p>
          <p data-testid="recovery-access" data-access={state.board.access ? 'granted' : 'revoked'}>
            {state.board.access ? t.accessGranted : t.accessRevoked}
          </p>
          <button
            type="button"
            className="btn"
            onClick={() => lab.setAccess(!state.board.access)}
            data-testid="recovery-access-toggle"
          >
            {state.board.access ? t.revoke : t.grant}
          </button>
          <label className={styles.field}>
            <span>{t.recipientsLabel}</span>
            <select
              value={state.board.recipients}
              onChange={(e) => lab.setRecipients(e.target.value === 'any' ? 'any' : 'customer')}
              data-testid="recovery-recipients"
            >
              {(['customer', 'any'] as const).map((p) => (
                <option key={p} value={p}>
                  {t.recipientPolicies[p]}
                </option>
              ))}
            </select>
          </label>
        </section>
        {state.approval === null ? <ApprovalBox lang={lang} lab={lab} state={state} /> : null}
      </div>
    </Panel>
  );
}

function Faults({ lang, lab, state }: { lang: Lang; lab: RecoveryLab; state: LabState }): JSX.Element {
  const t = RECOVERY_TEXT[lang];
  return (
    <section className={styles.sub} aria-labelledby="recovery-faults-title">
      <h3 id="recovery-faults-title">{t.faultsTitle}</h3>
      <p className="muted">{t.faultsWhy}</p>
      <label className={styles.field}>
        <span>{t.fault}</span>
        <select
          value={state.board.fault ?? 'none'}
          onChange={(e) => lab.setFault(e.target.value === 'none' ? null : (e.target.value as FaultId))}
          data-testid="recovery-fault"
        >
          <option value="none">{t.faults.none}</option>
          {FAULT_IDS.map((f) => (
            <option key={f} value={f}>
              {t.faults[f]}
            </option>
          ))}
        </select>
      </label>
      {state.board.fault === 'owner_dies' ? (
        <p className="muted small" data-testid="recovery-owner-dies-why">
          {OWNER_DIED_TEXT[lang].ownerDiesWhy}
        </p>
      ) : null}
      <label className={styles.field}>
        <span>{t.retryAfter}</span>
        <select
          value={String(state.board.retry_after_ms)}
          onChange={(e) => lab.setRetryAfter(Number(e.target.value))}
          data-testid="recovery-retry-after"
        >
          {RETRY_AFTER_S.map((s) => (
            <option key={s} value={String(s * 1000)}>
              {t.seconds(s)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>{t.status}</span>
        <select
          value={state.board.status ?? 'truth'}
          onChange={(e) => lab.setStatusAnswer(e.target.value === 'truth' ? null : (e.target.value as StatusFaultId))}
          data-testid="recovery-status-answer"
        >
          <option value="truth">{t.statuses.truth}</option>
          {STATUS_FAULT_IDS.map((f) => (
            <option key={f} value={f}>
              {t.statuses[f]}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={state.reworded}
          onChange={(e) => lab.setReworded(e.target.checked)}
          data-testid="recovery-reworded"
        />
        <span>
          {t.reworded}
          <br />
          <span className="muted">{t.rewordedWhy}</span>
        </span>
      </label>
    </section>
  );
}

function ApprovalBox({ lang, lab, state }: { lang: Lang; lab: RecoveryLab; state: LabState }): JSX.Element {
  const t = RECOVERY_TEXT[lang];
  const a = state.approval;
  const args = (a?.preview.arguments ?? {}) as { to?: string; title?: string };
  return (
    <section className={styles.sub} aria-labelledby="recovery-approval-title" data-testid="recovery-approval">
      <h3 id="recovery-approval-title">{t.approvalTitle}</h3>
      <p className="muted">{t.approvalWhy}</p>
      {a === null ? (
        <p>{t.noApproval}</p>
      ) : (
        <>
          <dl className={styles.facts} data-state={a.state}>
            <dt>{t.tool}</dt>
            <dd>
              <code>{a.preview.tool}</code>
            </dd>
            <dt>{t.recipient}</dt>
            <dd>
              <code data-testid="recovery-approval-recipient">{args.to ?? '—'}</code>
            </dd>
            <dt>request_sha256</dt>
            <dd>
              <code>{short(a.preview.request_sha256)}</code>
            </dd>
            <dt>{t.expires}</dt>
            <dd>{clockTime(Date.parse(a.preview.expires_at))}</dd>
          </dl>
          <p data-testid="recovery-approval-state" data-state={a.state} data-reason={a.reason ?? ''}>
            {t.approvalStates[a.state]}
            {a.reason !== undefined ? (
              <>
                {' '}
                <code>{a.reason}</code>
              </>
            ) : null}
          </p>
          {a.state === 'pending' ? (
            <div className={styles.actionsRow}>
              <button type="button" className="btn" onClick={() => void lab.approve()} data-testid="recovery-approve">
                {t.approve}
              </button>
              <button type="button" className="btn" onClick={() => lab.decline()} data-testid="recovery-decline">
                {t.decline}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
