/**
 * Renders an untrusted string as text (React escapes it; no markup is ever
 * interpreted) with every hidden character shown as a token such as
 * ⟦U+202E⟧, styled apart and named for assistive technology.
 */
import { Fragment, type JSX } from 'react';
import { codePointLabel, splitVisible } from './visibleText.ts';
import styles from './VisibleText.module.css';
import type { Lang } from '../../../lang.ts';
import { defineTexts } from '../../../texts.ts';

export interface VisibleTextProps {
  text: string;
  lang?: Lang;
}

const TEXT = defineTexts({ en: { hidden: 'hidden character' }, zh: { hidden: '不可见字符' } });

export function VisibleText({ text, lang = 'en' }: VisibleTextProps): JSX.Element {
  const segments = splitVisible(text);
  return (
    <>
      {segments.map((s, i) =>
        s.hidden === null ? (
          <Fragment key={i}>{s.text}</Fragment>
        ) : (
          <abbr
            key={i}
            className={styles.hidden}
            title={`${TEXT[lang].hidden} ${codePointLabel(s.hidden.codePoint)} ${s.hidden.name}`}
            data-hidden-char={codePointLabel(s.hidden.codePoint)}
          >
            {s.text}
          </abbr>
        ),
      )}
    </>
  );
}
