/**
 * A broken plane beside the real one: the chooser, the mistake and how to show it, each stage's last answer,
 * ledger and records side by side, and what the broken stage shows that the real one does not (harmsOf).
 */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { BROKEN_PLANE_IDS, isBrokenPlaneId, type BrokenPlaneId } from '../../../lessons/recoveryLab/brokenPlaneIds.ts';
import { harmsOf, type Harm } from '../../../lessons/recoveryLab/harms.ts';
import type { LabState } from '../../../lessons/recoveryLab/lab.ts';
import { JsonView } from '../../components/JsonView.tsx';
import { Panel } from '../../components/Panel.tsx';
import { PayloadRefused } from './AnswerPanels.tsx';
import { BROKEN_TEXT } from './brokenText.ts';
import { RECOVERY_TEXT } from './text.ts';
import styles from './RecoveryMode.module.css';

function harmText(lang: Lang, h: Harm): string {
  const t = BROKEN_TEXT[lang].harms;
  switch (h.harm) {
    case 'duplicate_write':
      return t.duplicate_write(h.rows, h.real);
    case 'other_principal':
      return t.other_principal(h.ref, h.owner, h.principal);
    case 'old_result':
      return t.old_result(h.field, h.asked, h.got);
    case 'revoked_served':
      return t.revoked_served(h.principal);
    case 'told_not_started':
      return t.told_not_started(h.code, h.ref);
    case 'left_unknown':
      return t.left_unknown;
  }
}

function Side({ lang, title, state, side }: { lang: Lang; title: string; state: LabState; side: string }): JSX.Element {
  const t = RECOVERY_TEXT[lang];
  const b = BROKEN_TEXT[lang];
  const a = state.answers[0];
  const rows = [
    ...state.drafts.map((d) => [d.draft_ref, d.owner]),
    ...state.emails.map((m) => [m.message_ref, m.owner]),
  ];
  return (
    <section
      className={styles.side}
      aria-labelledby={`recovery-side-${side}`}
      data-testid={`recovery-side-${side}`}
      data-drafts={state.drafts.length}
      data-emails={state.emails.length}
    >
      <h3 id={`recovery-side-${side}`}>{title}</h3>
      {a === undefined ? (
        <p className="muted">{b.sideNoAnswer}</p>
      ) : (
        <>
          <p
            className={styles.chips}
            data-testid={`recovery-side-${side}-answer`}
            data-code={a.model_result.error?.code ?? ''}
            data-delivery={a.delivery}
            data-status={a.model_result.status}
          >
            <strong>{t.answerHead(a.n, a.call_id)}</strong>
            <code>status: {a.model_result.status}</code>
            <code>delivery: {a.delivery}</code>
            {a.model_result.error !== null ? <code>{a.model_result.error.code}</code> : null}
          </p>
          <p className="muted">
            {t.retryKinds[a.kind]} · {a.principal}
          </p>
          <details>
            <summary>{b.sideModelSaw}: model_result</summary>
            <div className={styles.json} tabIndex={0} role="region" aria-label={`${title}: model_result ${a.n}`}>
              <JsonView value={a.model_result} label={`${title}: model_result ${a.n}`} />
            </div>
          </details>
          {a.payload.ok ? null : <PayloadRefused lang={lang} codes={a.payload.codes} />}
        </>
      )}
      <p>{t.sideLedger(state.drafts.length, state.emails.length)}</p>
      {rows.length > 0 ? (
        <ul className={styles.rows}>
          {rows.map(([ref, owner]) => (
            <li key={ref}>
              <code>{b.owner_of(ref ?? '', owner ?? '')}</code>
            </li>
          ))}
        </ul>
      ) : null}
      <p>{b.sideRecords(state.records.length)}</p>
    </section>
  );
}

export function BrokenPanel({
  lang,
  broken,
  onBroken,
  state,
  beside,
}: {
  lang: Lang;
  broken: BrokenPlaneId | null;
  onBroken(id: BrokenPlaneId | null): void;
  state: LabState;
  beside: LabState | null;
}): JSX.Element {
  const t = RECOVERY_TEXT[lang];
  const b = BROKEN_TEXT[lang];
  const harms = beside === null ? [] : harmsOf(beside, state);
  return (
    <Panel id="recovery-broken" lang={lang} title={t.brokenTitle} subtitle={b.brokenWhy} className={styles.panel}>
      <div className={styles.stack} data-testid="recovery-broken" data-plane={broken ?? 'none'}>
        <label className={styles.field}>
          <span>{b.brokenChoose}</span>
          <select
            value={broken ?? 'none'}
            onChange={(e) => onBroken(isBrokenPlaneId(e.target.value) ? e.target.value : null)}
            data-testid="recovery-broken-plane"
          >
            <option value="none">{b.brokenNone}</option>
            {BROKEN_PLANE_IDS.map((id) => (
              <option key={id} value={id}>
                {b.brokenPlanes[id].title}
              </option>
            ))}
          </select>
        </label>
        <p className="muted">{b.brokenRestart}</p>
        {broken !== null && beside !== null ? (
          <>
            <p>
              <strong>{b.brokenPlanes[broken].title}</strong>
              <br />
              {b.brokenPlanes[broken].mistake}
            </p>
            <p className={styles.hintLine} data-testid="recovery-broken-try">
              {b.brokenPlanes[broken].try}
            </p>
            <section aria-labelledby="recovery-harms-title">
              <h3 id="recovery-harms-title">{b.harmsTitle}</h3>
              {harms.length === 0 ? (
                <p className="muted" data-testid="recovery-no-harm">
                  {b.noHarm}
                </p>
              ) : (
                <ul className={styles.rows} data-testid="recovery-harms">
                  {harms.map((h) => (
                    <li key={h.harm} className={styles.bad} data-testid="recovery-harm" data-harm={h.harm}>
                      {harmText(lang, h)}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <div className={styles.sides}>
              <Side lang={lang} title={b.sideReal} state={state} side="real" />
              <Side lang={lang} title={b.sideBroken} state={beside} side="broken" />
            </div>
          </>
        ) : null}
      </div>
    </Panel>
  );
}
