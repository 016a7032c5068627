/** Messages about the page itself (a refused link, a corrupt save, an import): each says what happened and that the work is safe. */
import type { JSX } from 'react';
import type { Notice, NoticeCode } from '../../../playground/reducer.ts';
import type { StringKey, Translate } from '../../i18n/strings.ts';

const KEY: Record<NoticeCode, StringKey> = {
  'unknown-scenario': 'notice_unknown_scenario',
  'unknown-attack': 'notice_unknown_attack',
  'unknown-mode': 'notice_unknown_mode',
  'unknown-mistake': 'notice_unknown_mistake',
  'corrupt-progress': 'notice_corrupt_progress',
  'share-opened': 'notice_share_opened',
  'share-refused': 'notice_share_refused',
  'share-too-large': 'notice_share_too_large',
  'corrupt-saved': 'notice_corrupt_saved',
  'save-failed': 'notice_save_failed',
  'import-ok': 'notice_import_ok',
  'import-refused': 'notice_import_refused',
  'export-refused': 'notice_export_refused',
  'scenario-reset': 'notice_scenario_reset',
  'exercise-reset': 'notice_exercise_reset',
  'work-restored': 'notice_work_restored',
};

export interface NoticesProps {
  t: Translate;
  notices: readonly Notice[];
  onDismiss(id: number): void;
  onRestore(): void;
}

export function Notices({ t, notices, onDismiss, onRestore }: NoticesProps): JSX.Element {
  return (
    <div className="notices" aria-live="polite" aria-label={t('noticesLabel')} role="region">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.kind}`} data-notice={n.code} role={n.kind === 'error' ? 'alert' : undefined}>
          <p>
            {t(KEY[n.code], n.params)}
            {n.restore === true && n.code !== 'work-restored' ? ` ${t('noticeStashed')}` : ''}
          </p>
          <div className="notice-actions">
            {n.restore === true ? (
              <button type="button" className="btn" onClick={onRestore}>
                {t('restore')}
              </button>
            ) : null}
            <button type="button" className="btn btn-quiet" onClick={() => onDismiss(n.id)} aria-label={`${t('dismiss')}: ${t(KEY[n.code], n.params)}`}>
              ×
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
