/**
 * Renders an untrusted string as text (React escapes it; no markup is ever
 * interpreted) with every hidden character shown as a token such as
 * ⟦U+202E⟧, styled apart and named for assistive technology.
 */
import { Fragment, type JSX } from 'react';
import { codePointLabel, splitVisible } from './visibleText.ts';
import styles from './VisibleText.module.css';

export interface VisibleTextProps {
  text: string;
  lang?: 'en' | 'zh';
}

const HIDDEN_LABEL = { en: 'hidden character', zh: '不可见字符' } as const;

export function VisibleText({ text, lang = 'en' }: VisibleTextProps): JSX.Element {
  const segments = splitVisible(text);
  return (
    <>
      {segments.map((s, i) =>
        s.hidden === null ? (
          <Fragment key={i}>{s.text}</Fragment>
        ) : (
          <abbr key={i} className={styles.hidden} title={`${HIDDEN_LABEL[lang]} ${codePointLabel(s.hidden.codePoint)} ${s.hidden.name}`} data-hidden-char={codePointLabel(s.hidden.codePoint)}>
            {s.text}
          </abbr>
        ),
      )}
    </>
  );
}
