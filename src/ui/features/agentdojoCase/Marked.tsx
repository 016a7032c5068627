/**
 * A text with one value in it marked: the refund's IBAN in the user's words (trusted), the attacker's in the
 * poisoned subject (untrusted). The text stays text (React escapes it; hidden characters show as tokens), and
 * the mark says which kind it is in words too, for a reader who does not see its colour.
 */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { VisibleText } from '../../components/DiffView/VisibleText.tsx';
import styles from './AgentDojoCase.module.css';

export function Marked({
  text,
  mark,
  kind,
  lang,
}: {
  text: string;
  mark: string;
  kind: 'trusted' | 'untrusted';
  lang?: Lang;
}): JSX.Element {
  const parts = text.split(mark);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          <VisibleText text={part} lang={lang} />
          {i < parts.length - 1 ? (
            <mark className={styles.mark} data-kind={kind}>
              {mark}
            </mark>
          ) : null}
        </span>
      ))}
    </>
  );
}
