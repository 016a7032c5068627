/**
 * The three digests as stored and as recomputed, and whether each matches; with
 * the two calls' preimages, each digest opens its inputs, those that differ
 * between the honest call and the attacked one marked.
 */
import { Fragment, useState, type JSX } from 'react';
import { DIGEST_NAMES, type ValidationDetails } from '#lib/core/result/index.ts';
import type { Lang } from '../../../lang.ts';
import { Digest } from '../../components/DiffView/Digest.tsx';
import type { CallPreimages } from '../../../playground/attackInputs.ts';
import { DigestInputsTable } from '../digests/DigestInputsTable.tsx';
import { DIGEST_MAP_TEXT } from '../digests/mapText.ts';
import { ATTACK_LAB_TEXT } from './text.ts';
import styles from './DigestTable.module.css';

export function DigestTable({
  title,
  report,
  lang,
  inputs,
}: {
  title: string;
  report: ValidationDetails;
  lang: Lang;
  /** The honest and the attacked call's preimages: each digest can show its inputs. */
  inputs?: CallPreimages;
}): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  const m = DIGEST_MAP_TEXT[lang];
  const [open, setOpen] = useState<string | null>(null);
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
            const rowId = `${title}-${d}-inputs`.replace(/[^A-Za-z0-9_-]/g, '_');
            return (
              <Fragment key={d}>
                <tr data-digest={d} data-match={same}>
                  <th scope="row">
                    <code>{d}</code>
                    {inputs !== undefined ? (
                      <>
                        {' '}
                        <button
                          type="button"
                          className={styles.inputsButton}
                          aria-expanded={open === d}
                          aria-controls={open === d ? rowId : undefined}
                          aria-label={m.inputsButtonLabel(d)}
                          data-testid={`attack-inputs-${d}`}
                          onClick={() => setOpen(open === d ? null : d)}
                        >
                          {m.inputsButton}
                        </button>
                      </>
                    ) : null}
                  </th>
                  <td className={same ? styles.okText : styles.badText} data-label={t.matchCol}>
                    <span aria-hidden="true">{same ? '✓ ' : '✗ '}</span>
                    {same ? t.match : t.differs}
                  </td>
                  <td data-label={t.storedCol}>
                    {stored === undefined ? '—' : <Digest value={stored} label={`${d} (${t.storedCol})`} lang={lang} />}
                  </td>
                  <td data-label={t.recomputedCol}>
                    {again === undefined ? (
                      '—'
                    ) : (
                      <Digest value={again} label={`${d} (${t.recomputedCol})`} lang={lang} />
                    )}
                  </td>
                </tr>
                {inputs !== undefined && open === d ? (
                  <tr className={styles.inputsRow}>
                    <td colSpan={4}>
                      <DigestInputsTable
                        id={rowId}
                        lang={lang}
                        digest={d}
                        preimage={inputs.attacked[d]}
                        before={inputs.honest[d]}
                        against="honest"
                      />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
