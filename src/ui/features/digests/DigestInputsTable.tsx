/**
 * A digest's inputs: the members of the preimage the validator hashed, each
 * with its value, and those that differ from another preimage of the same
 * digest marked (the previous evaluation, or the honest call beside the
 * attacked one). Read off the preimage itself (playground/digestInputs.ts).
 */
import { useMemo, type JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { changedInputs, preimageInputs } from '../../../playground/digestInputs.ts';
import { VisibleText } from '../../components/DiffView/VisibleText.tsx';
import { DIGEST_MAP_TEXT } from './mapText.ts';
import styles from './DigestMap.module.css';

/** Long values (a whole data object) are cut: the preimage itself is one click away in the panel. */
const MAX_VALUE = 160;
const cut = (s: string) => (s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE)}…` : s);

export function DigestInputsTable({
  lang,
  digest,
  preimage,
  before,
  against,
  id,
}: {
  lang: Lang;
  digest: string;
  preimage: string | null;
  /** The preimage compared with; undefined: nothing yet to compare with. */
  before: string | null | undefined;
  /** What `before` is: the previous evaluation, or the honest call (the attack lab). */
  against: 'previous' | 'honest';
  id?: string;
}): JSX.Element {
  const t = DIGEST_MAP_TEXT[lang];
  const inputs = useMemo(() => preimageInputs(preimage), [preimage]);
  const changed = useMemo(() => changedInputs(before, preimage), [before, preimage]);
  const note =
    before === undefined || before === null
      ? t.noPrevious
      : changed.size === 0
        ? against === 'honest'
          ? t.attackedNothingChanged
          : t.nothingChanged
        : against === 'honest'
          ? t.honestVsAttacked
          : `${t.sinceLast} ${t.changedCount(changed.size)}.`;
  return (
    <div className={styles.inputs} id={id} data-testid={`digest-inputs-${digest}`} data-changed-count={changed.size}>
      {inputs.length === 0 ? (
        <p className="muted">{t.inputsEmpty}</p>
      ) : (
        <div className={styles.inputsWrap} role="group" aria-label={t.inputsOf(digest)} tabIndex={0}>
          <table className={styles.inputsTable}>
            <caption>
              {t.inputsOf(digest)} {note}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t.member}</th>
                <th scope="col">{t.value}</th>
              </tr>
            </thead>
            <tbody>
              {inputs.map((i) => {
                const isChanged = changed.has(i.name);
                return (
                  <tr
                    key={i.name}
                    data-input={i.name}
                    data-changed={isChanged}
                    className={isChanged ? styles.changedRow : undefined}
                  >
                    <th scope="row">
                      <code>{i.name}</code>
                      {isChanged ? (
                        <span className={styles.changedMark} data-testid="input-changed">
                          {' '}
                          ● {t.changed}
                        </span>
                      ) : null}
                    </th>
                    <td>
                      <code className={styles.value}>
                        <VisibleText text={cut(i.text)} lang={lang} />
                      </code>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
