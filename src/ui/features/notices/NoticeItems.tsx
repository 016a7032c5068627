/** The notices themselves, in the learner's language: loaded with the first notice, not with the page. */
import type { JSX } from 'react';
import type { Notice, NoticeCode } from '../../../playground/reducer.ts';
import type { Lang } from '../../../lang.ts';
import { NOTICE_REGION_TEXT } from './regionText.ts';
import { NOTICE_TEXT } from './text.ts';
import { parseErrorText } from '../../i18n/parseErrors.ts';
import { zh } from '#lib/core/messages/locales/zh.ts';
import type { SchemaIssue } from '#lib/core/tables/index.ts';
import { pointerOf, type IoIssue } from '../../../playground/codecs/decoded.ts';
import styles from './NoticeItems.module.css';

/**
 * Fills a notice text's `{name}` placeholders. A notice's values come from the page's state as data (a record
 * per notice, src/playground/reducer.ts), so its texts keep placeholders; an unknown one is left as it is, so a
 * missing value shows rather than vanishes.
 */
/** A schema refusal's issue in Chinese: its place, and what is wrong there from zod's issue data (never its message). */
const issueZh = (i: IoIssue): readonly [string, string] => [
  pointerOf(i.path),
  zh.violation(
    i.code === 'unrecognized_keys'
      ? { kind: 'unexpected_member', member: i.keys.join(', ') }
      : { kind: 'schema', issue: i as unknown as SchemaIssue },
  ),
];

function format(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) =>
    Object.prototype.hasOwnProperty.call(params, k) ? String(params[k]) : m,
  );
}

type NoticeKey = Exclude<
  keyof (typeof NOTICE_TEXT)['en'],
  'noticeStashed' | 'restore' | 'parseDetail' | 'schemaDetail' | 'ioDetail'
>;

const KEY: Record<NoticeCode, NoticeKey> = {
  'unknown-scenario': 'notice_unknown_scenario',
  'unknown-attack': 'notice_unknown_attack',
  'unknown-mode': 'notice_unknown_mode',
  'unknown-mistake': 'notice_unknown_mistake',
  'unknown-stream': 'notice_unknown_stream',
  'unknown-step': 'notice_unknown_step',
  'unknown-case': 'notice_unknown_case',
  'unknown-broken': 'notice_unknown_broken',
  'corrupt-progress': 'notice_corrupt_progress',
  'progress-recounted': 'notice_progress_recounted',
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
  'worked-answer-loaded': 'notice_worked_answer_loaded',
  'work-restored': 'notice_work_restored',
};

export interface NoticeItemsProps {
  lang: Lang;
  notices: readonly Notice[];
  onDismiss(id: number): void;
  onRestore(): void;
}

export function NoticeItems({ lang, notices, onDismiss, onRestore }: NoticeItemsProps): JSX.Element {
  const n$ = NOTICE_TEXT[lang];
  const noticeRegionText = NOTICE_REGION_TEXT[lang];
  return (
    <>
      {notices.map((n) => {
        // A parser's refusal behind the detail is said in Chinese from its reason, with its place (English: as it was).
        // Schema issues are said from their params by the core's Chinese locale; a detail said in both languages as it is;
        // a refusal with only its code and English (a size, the browser's storage) is said from its code.
        const params =
          lang === 'en'
            ? n.params
            : n.detailIn !== undefined
              ? { ...n.params, detail: n.detailIn[lang] }
              : n.parse !== undefined
                ? {
                    ...n.params,
                    detail: n$.parseDetail(n.parse.code, n.parse.line, n.parse.column, parseErrorText(n.parse, lang)),
                  }
                : n.issues !== undefined
                  ? { ...n.params, detail: n$.schemaDetail(n.issues.map(issueZh)) }
                  : n.io !== undefined
                    ? { ...n.params, detail: n$.ioDetail[n.io] }
                    : n.params;
        const text = format(n$[KEY[n.code]], params);
        return (
          <div
            key={n.id}
            // `notice` stays a plain name too: the browser tests find a notice by it.
            className={`notice ${styles.notice} ${styles[n.kind]}`}
            data-notice={n.code}
            role={n.kind === 'error' ? 'alert' : undefined}
          >
            <p>
              {text}
              {n.restore === true && n.code !== 'work-restored' ? ` ${n$.noticeStashed}` : ''}
            </p>
            <div className={styles.actions}>
              {n.restore === true ? (
                <button type="button" className="btn" onClick={onRestore}>
                  {n$.restore}
                </button>
              ) : null}
              <button
                type="button"
                className="btn btn-quiet"
                onClick={() => onDismiss(n.id)}
                aria-label={`${noticeRegionText.dismiss}: ${text}`}
              >
                ×
              </button>
            </div>
          </div>
        );
      })}
    </>
  );
}
