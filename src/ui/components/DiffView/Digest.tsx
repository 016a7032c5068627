/**
 * A long identifier (a digest, a principal reference) shown shortened, with
 * the full value in its title and a button that copies it. When the
 * clipboard is not available the full value is shown instead, to select.
 */
import { useEffect, useState, type JSX } from 'react';
import styles from './Digest.module.css';
import type { Lang } from '../../../lang.ts';
import { defineTexts } from '../../../texts.ts';
import { copyText } from '../../../playground/browser.ts';

export interface DigestProps {
  value: string;
  /** What it is, for the copy button's accessible name ("result_sha256 of result 1"). */
  label: string;
  lang: Lang;
}

const TEXT = defineTexts({
  en: { copy: (l: string) => `Copy the full ${l}`, copied: 'copied', failed: 'copy failed: select it' },
  zh: { copy: (l: string) => `复制完整的 ${l}`, copied: '已复制', failed: '无法复制：请手动选择' },
});

/** "e5218fdcb9…0561": the head and the tail, enough to compare by eye. */
export function shortHash(s: string, head = 10, tail = 4): string {
  return s.length <= head + tail + 1 ? s : `${s.slice(0, head)}…${s.slice(-tail)}`;
}

export function Digest({ value, label, lang }: DigestProps): JSX.Element {
  const t = TEXT[lang];
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const id = window.setTimeout(() => setState('idle'), 1500);
    return () => window.clearTimeout(id);
  }, [state]);

  const copy = (): void => {
    void copyText(value).then((ok) => setState(ok ? 'copied' : 'failed'));
  };

  return (
    <span className={styles.root}>
      <code
        className={state === 'failed' ? `${styles.value} ${styles.full}` : styles.value}
        title={value}
        data-full={value}
      >
        {state === 'failed' ? value : shortHash(value)}
      </code>
      <button type="button" className={styles.copy} onClick={copy} aria-label={t.copy(label)} title={t.copy(label)}>
        <svg className={styles.icon} viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
          <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path
            d="M11 3.5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
        </svg>
      </button>
      <span className={styles.status} role="status">
        {state === 'copied' ? t.copied : state === 'failed' ? t.failed : ''}
      </span>
    </span>
  );
}
