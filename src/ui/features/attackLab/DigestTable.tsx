/** The three digests as stored and as recomputed, and whether each matches. */
import type { JSX } from 'react';
import { DIGEST_NAMES, type ValidationDetails } from '../../../core/result/index.ts';
import type { Lang } from '../../../lang.ts';
import { Digest } from '../../components/DiffView/Digest.tsx';
import { ATTACK_LAB_TEXT } from './text.ts';
import styles from './DigestTable.module.css';

export function DigestTable({
  title,
  report,
  lang,
}: {
  title: string;
  report: ValidationDetails;
  lang: Lang;
}): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  return (
    // Wider than a narrow column: it scrolls sideways, and as a named, focusable box it can be scrolled from the keyboard
    // too. On a phone each digest is a card instead (DigestTable.module.css): its name, the answer, stored, recomputed,
    // each value under its column's name (data-label).
    <div className={styles.digestsWrap} role="group" aria-label={title} tabIndex={0}>
      <table className={styles.digests}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t.digest}</th>
            <th scope="col">{t.matchCol}</th>
            <th scope="col">{t.storedCol}</th>
            <th scope="col">{t.recomputedCol}</th>
          </tr>
        </thead>
        <tbody>
          {DIGEST_NAMES.map((d) => {
            const stored = report.stored[d];
            const again = report.recomputed[d];
            const same = stored !== undefined && stored === again;
            return (
              <tr key={d} data-digest={d} data-match={same}>
                <th scope="row">
                  <code>{d}</code>
                </th>
                <td className={same ? styles.okText : styles.badText} data-label={t.matchCol}>
                  <span aria-hidden="true">{same ? '✓ ' : '✗ '}</span>
                  {same ? t.match : t.differs}
                </td>
                <td data-label={t.storedCol}>
                  {stored === undefined ? '—' : <Digest value={stored} label={`${d} (${t.storedCol})`} lang={lang} />}
                </td>
                <td data-label={t.recomputedCol}>
                  {again === undefined ? '—' : <Digest value={again} label={`${d} (${t.recomputedCol})`} lang={lang} />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
