/**
 * Messages about the page itself (a refused link, a corrupt save, an import):
 * each says what happened and that the work is safe. The live region is on
 * the page from the start, so a screen reader announces what appears in it;
 * the notices and their words load with the first one.
 */
import { lazy, Suspense, type JSX } from 'react';
import type { Notice } from '../../../playground/reducer.ts';
import type { Lang } from '../../../lang.ts';
import { NOTICE_REGION_TEXT } from './regionText.ts';
import styles from './Notices.module.css';

const NoticeItems = lazy(() => import('./NoticeItems.tsx').then((m) => ({ default: m.NoticeItems })));

export interface NoticesProps {
  lang: Lang;
  notices: readonly Notice[];
  onDismiss(id: number): void;
  onRestore(): void;
}

export function Notices({ lang, notices, onDismiss, onRestore }: NoticesProps): JSX.Element {
  const noticeRegionText = NOTICE_REGION_TEXT[lang];
  return (
    <div className={styles.notices} aria-live="polite" aria-label={noticeRegionText.noticesLabel} role="region">
      {notices.length > 0 ? (
        <Suspense fallback={null}>
          <NoticeItems lang={lang} notices={notices} onDismiss={onDismiss} onRestore={onRestore} />
        </Suspense>
      ) : null}
    </div>
  );
}
