/** The lab's proofs, each with the learner's own step that showed it (kept in their progress). */
import { useRef, useState, type JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { recoveryShownCount, recoveryStatuses, type RecoveryStep } from '../../../lessons/recoveryProofs.ts';
import { Panel } from '../../components/Panel.tsx';
import { RECOVERY_TEXT } from './text.ts';
import styles from './RecoveryMode.module.css';

function shownBy(lang: Lang, s: RecoveryStep): string {
  const b = RECOVERY_TEXT[lang].shownBy;
  switch (s.proof) {
    case 'lost_response_reconciled':
      return b.lost_response_reconciled(s.seq, s.side_effects);
    case 'conflict_refused':
      return b.conflict_refused(s.seq);
    case 'reworded_ask_refused':
      return b.reworded_ask_refused(s.seq);
    case 'revoked_replay_refused':
      return b.revoked_replay_refused(s.seq);
    case 'retry_after_past_deadline':
      return b.retry_after_past_deadline(s.seq, s.code, s.retry_after_ms, s.left_ms);
    case 'retry_after_waited_out':
      return b.retry_after_waited_out(s.seq, s.code, s.retry_after_ms, s.waited_ms);
    case 'audit_change_found':
      return b.audit_change_found(s.seq);
    case 'audit_rebuild_passes_plain':
      return b.audit_rebuild_passes_plain(s.seq, s.changed);
    case 'audit_rebuild_found':
      return b.audit_rebuild_found(s.seq, s.by, s.broken_seq ?? 0);
  }
}

export function ProofsPanel({
  lang,
  shown,
  onReset,
}: {
  lang: Lang;
  shown: readonly RecoveryStep[];
  onReset(): void;
}): JSX.Element {
  const t = RECOVERY_TEXT[lang];
  const n = recoveryShownCount(shown);
  const [asking, setAsking] = useState(false);
  const resetButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setAsking(false);
    // Back where the learner was: the button that asked.
    requestAnimationFrame(() => resetButton.current?.focus());
  };
  return (
    <Panel id="recovery-proofs" lang={lang} title={t.proofsTitle} subtitle={t.proofsWhy} className={styles.panel}>
      <p data-testid="recovery-summary">
        <strong>{t.summary(n)}</strong>
      </p>
      <ul className={styles.rows}>
        {recoveryStatuses(shown).map((p) => (
          <li key={p.id} data-testid={`recovery-proof-${p.id}`} data-shown={p.by !== null}>
            <span aria-hidden="true">{p.by !== null ? '✓ ' : '○ '}</span>
            {t.proofs[p.id]}
            <br />
            <span className={p.by !== null ? styles.okText : 'muted'}>
              {p.by !== null ? shownBy(lang, p.by) : t.notYet}
            </span>
          </li>
        ))}
      </ul>
      {asking ? (
        <div
          className={styles.confirm}
          role="group"
          aria-labelledby="recovery-reset-ask"
          data-testid="recovery-reset-confirm"
        >
          <p id="recovery-reset-ask">{t.resetAsk(n)}</p>
          <div className={styles.actionsRow}>
            <button
              type="button"
              className="btn"
              autoFocus
              onClick={() => {
                onReset();
                close();
              }}
              data-testid="recovery-reset-yes"
            >
              {t.resetYes}
            </button>
            <button type="button" className="btn" onClick={close} data-testid="recovery-reset-no">
              {t.resetNo}
            </button>
          </div>
        </div>
      ) : (
        <button
          ref={resetButton}
          type="button"
          className="btn"
          disabled={n === 0}
          title={t.resetHint}
          onClick={() => setAsking(true)}
          data-testid="recovery-reset"
        >
          {t.reset}
        </button>
      )}
    </Panel>
  );
}
