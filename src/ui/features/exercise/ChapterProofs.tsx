/**
 * The chapter track's five proofs (docs/scenarios.md#the-chapter-track): each statement, what to do, each part
 * with the learner's step that showed it, and the buttons that run the core over the learner's sealed packages.
 * A button whose outcome does not demonstrate its part says what it found and records nothing.
 */
import { useState, type JSX } from 'react';
import { scanWrittenPayloads, scanWrittenProjections } from '../../../lessons/chapterActions.ts';
import { replaceKey, swapResults, type Sealed } from '../../../lessons/exerciseActions.ts';
import type { ProofStatus, ProofStep } from '../../../lessons/exerciseProofs.ts';
import type { Lang } from '../../../lang.ts';
import { cx } from '../../components/cx.ts';
import { CHAPTER_TEXT } from './chapterText.ts';
import styles from './ChapterTrack.module.css';

export interface ChapterProofsProps {
  lang: Lang;
  sealed: readonly (Sealed | null)[];
  statuses: ProofStatus[];
  /** The open case (0-based): its key is the one replaced. */
  active: number;
  onShown(step: ProofStep | null): void;
}

type Said = { text: string[]; ok: boolean } | null;
const unique = (xs: readonly string[]) => [...new Set(xs)].join(', ');

export function ChapterProofs({ lang, sealed, statuses, active, onShown }: ChapterProofsProps): JSX.Element {
  const t = CHAPTER_TEXT[lang];
  const [said, setSaid] = useState<Record<number, Said>>({});
  const [pair, setPair] = useState<[number, number]>([0, 1]);
  const say = (k: number, s: Said) => setSaid((x) => ({ ...x, [k]: s }));
  const count = sealed.filter((s) => s !== null).length;

  const describe = (s: ProofStep): string => {
    switch (s.step) {
      case 'scan_projection':
        return s.slots.join(', ');
      case 'scan_payloads':
        return `${s.payloads} payloads (${s.slots.join(', ')})`;
      case 'edit_sealed':
        return `${s.slot}: ${t.editShown(s.path)}`;
      case 'swap':
        return `${t.swap(s.a, s.b)}: ${unique(s.codes)}`;
      case 'replace_key':
        return `${s.slot}: ${unique(s.codes)}`;
      case 'inject':
        return `${s.slot}: ${t.injectionShown(t.injectionKinds[s.injection] ?? s.injection, s.code, s.path ?? '')}`;
    }
  };

  const scanProjections = () => {
    const r = scanWrittenProjections(sealed);
    onShown(r.step);
    const found = r.results.flatMap((x) => x.found.map((f) => t.scanFound(x.slot, f)));
    say(0, {
      ok: r.step !== null,
      text:
        found.length > 0
          ? found
          : [
              t.scanClean(
                r.results.length,
                r.results.reduce((n, x) => n + x.checks, 0),
              ),
            ],
    });
  };
  const scanPayloads = () => {
    const r = scanWrittenPayloads(sealed);
    onShown(r.step);
    const bad = r.results.flatMap((x) =>
      x.refused ? [t.payloadRefused(x.slot)] : x.leaked !== null ? [t.payloadLeak(x.slot, x.leaked)] : [],
    );
    say(4, {
      ok: r.step !== null,
      text:
        bad.length > 0
          ? bad
          : [
              t.payloadClean(
                r.results.length,
                r.results.reduce((n, x) => n + x.checked, 0),
              ),
            ],
    });
  };
  const [a, b] = pair;
  const sa = sealed[a] ?? null;
  const sb = sealed[b] ?? null;
  const swap = () => {
    if (sa === null || sb === null) return;
    const r = swapResults(sa, sb, a + 1, b + 1);
    onShown(r.step);
    const codes = unique([...r.aUnderB.report.violations, ...r.bUnderA.report.violations].map((v) => v.code));
    say(2, { ok: r.step !== null, text: [r.step !== null ? t.swapOutcome(codes) : `${t.swapNot} (${codes})`] });
  };
  const own = sealed[active] ?? null;
  const key = () => {
    if (own === null) return;
    const r = replaceKey(own, active + 1);
    onShown(r.step);
    say(2, { ok: r.step !== null, text: [t.keyOutcome(unique(r.presented.report.violations.map((v) => v.code)))] });
  };
  const pick = (which: 0 | 1, v: string) =>
    setPair((p) => (which === 0 ? [Number(v), p[1]] : [p[0], Number(v)]) as [number, number]);

  return (
    <section className={styles.proofs} aria-labelledby="chapter-proofs-title">
      <h3 id="chapter-proofs-title" className={styles.caseTitle}>
        {t.proofsTitle}
      </h3>
      <ol className={styles.proofList}>
        {statuses.map((p, k) => (
          <li key={p.id} className={styles.proof} data-testid={`chapter-proof-${k + 1}`} data-shown={p.shown}>
            <p className={styles.label}>
              <span className={p.shown ? styles.good : styles.muted}>{p.shown ? '✓ ' : '○ '}</span>
              {k + 1}. {t.proofs[k]} <span className={styles.badge}>{p.shown ? t.shown : t.notYet}</span>
            </p>
            <p className={styles.muted}>{t.howTo[k]}</p>
            <ul className={styles.parts}>
              {p.parts.map((part) => (
                <li key={part.key} data-testid={`chapter-part-${part.key}`} data-shown={part.by !== null}>
                  {part.by !== null ? '✓ ' : '○ '}
                  <code>{part.key}</code>: {part.by !== null ? describe(part.by) : t.notYet}
                </li>
              ))}
            </ul>
            {k === 0 && (
              <button type="button" className={styles.action} disabled={count < 5} onClick={scanProjections}>
                {t.scanProjections}
              </button>
            )}
            {k === 2 && (
              <div className={styles.actionRow}>
                <label>
                  {t.swapA}{' '}
                  <select value={a} onChange={(e) => pick(0, e.target.value)} data-testid="chapter-swap-a">
                    {sealed.map((_, i) => (
                      <option key={i} value={i}>
                        {i + 1}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  {t.swapB}{' '}
                  <select value={b} onChange={(e) => pick(1, e.target.value)} data-testid="chapter-swap-b">
                    {sealed.map((_, i) => (
                      <option key={i} value={i}>
                        {i + 1}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  className={styles.action}
                  disabled={sa === null || sb === null || a === b}
                  onClick={swap}
                  data-testid="chapter-swap"
                >
                  {t.swap(a + 1, b + 1)}
                </button>
                <button
                  type="button"
                  className={styles.action}
                  disabled={own === null}
                  onClick={key}
                  data-testid="chapter-replace-key"
                >
                  {t.replaceKey(active + 1)}
                </button>
              </div>
            )}
            {k === 4 && (
              <button type="button" className={styles.action} disabled={count < 5} onClick={scanPayloads}>
                {t.scanPayloads}
              </button>
            )}
            {(k === 0 || k === 4) && count < 5 && <p className={styles.muted}>{t.needsFive(count)}</p>}
            {k === 2 && own === null && <p className={styles.muted}>{t.needsSealed(active + 1)}</p>}
            {said[k] != null && (
              <ul className={cx(styles.outcome, said[k].ok ? styles.good : styles.bad)} data-testid="chapter-outcome">
                {said[k].text.map((x, i) => (
                  <li key={i}>{x}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
