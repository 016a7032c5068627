/**
 * The exercise's two tracks (docs/scenarios.md#the-chapter-track): write handler outputs and let the dispatcher
 * make the packages, or write each model_result and protected_audit by hand as the chapter asks. A pair of toggle
 * buttons: each says whether it is the one shown.
 */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { cx } from '../../components/cx.ts';
import { CHAPTER_TEXT } from './chapterText.ts';
import styles from './ChapterTrack.module.css';

export type Track = 'handler' | 'chapter';

export function TrackSwitch({
  track,
  lang,
  onTrack,
}: {
  track: Track;
  lang: Lang;
  onTrack(t: Track): void;
}): JSX.Element {
  const t = CHAPTER_TEXT[lang];
  const one = (id: Track, label: string) => (
    <button
      type="button"
      aria-pressed={track === id}
      className={cx(styles.tab, track === id && styles.tabActive)}
      onClick={() => onTrack(id)}
      data-testid={`track-${id}`}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label={t.tracks} className={styles.switch}>
      {one('handler', t.handlerTrack)}
      {one('chapter', t.chapterTrack)}
    </div>
  );
}
