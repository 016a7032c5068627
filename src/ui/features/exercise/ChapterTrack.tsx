/**
 * The chapter track of the exercise (docs/scenarios.md#the-chapter-track): the learner writes each of the five
 * calls' model_result and protected_audit by hand, the core checks them, and the five proofs are recorded, with
 * the handler-output track's own record (proofsAfter), only from the learner's actions on packages they sealed.
 * Loaded with the exercise panel, never with the first page.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { acceptedPackage, checkWrittenCase } from '../../../lessons/chapterAudit.ts';
import { presentWrittenEdit } from '../../../lessons/chapterActions.ts';
import { AUDIT_SKELETON, CHAPTER_CASES, MODEL_RESULT_SKELETON } from '../../../lessons/chapterCases.ts';
import type { Sealed } from '../../../lessons/exerciseActions.ts';
import { proofsAfter, proofStatuses, type ProofStep } from '../../../lessons/exerciseProofs.ts';
import type { Lang } from '../../../lang.ts';
import { cx } from '../../components/cx.ts';
import { ChapterCase } from './ChapterCase.tsx';
import { ChapterProofs } from './ChapterProofs.tsx';
import { CHAPTER_TEXT } from './chapterText.ts';
import { type CaseTexts, loadChapterDrafts, saveChapterDrafts } from '../../../playground/chapterDrafts.ts';
import { onPageHide } from '../../../playground/browser.ts';
import { SAVE_DELAY_MS } from '../../state/usePlayground.ts';
import styles from './ChapterTrack.module.css';

type Texts = CaseTexts;
const fresh = (): Texts[] => CHAPTER_CASES.map(() => ({ model: MODEL_RESULT_SKELETON, audit: AUDIT_SKELETON }));

export function ChapterTrack({ lang }: { lang: Lang }): JSX.Element {
  const t = CHAPTER_TEXT[lang];
  // What the learner wrote survives a reload: read once, written back on every change (../../../playground/chapterDrafts.ts).
  const [saved] = useState(() => loadChapterDrafts(CHAPTER_CASES.length));
  const [texts, setTexts] = useState<Texts[]>(() => saved?.texts ?? fresh());
  /** Each case's texts as sealed (the core accepted them then), or null. */
  const [sealedTexts, setSealedTexts] = useState<(Texts | null)[]>(
    () => saved?.sealed ?? CHAPTER_CASES.map(() => null),
  );
  // Saved as the work is (../../state/usePlayground.ts): shortly after a change, at once when the page is hidden or
  // the track unmounts, so a keystroke does not serialize five cases into storage.
  const latestDrafts = useRef({ texts, sealed: sealedTexts });
  latestDrafts.current = { texts, sealed: sealedTexts };
  useEffect(() => {
    const save = () => void saveChapterDrafts(latestDrafts.current);
    const timer = window.setTimeout(save, SAVE_DELAY_MS);
    const unsubscribe = onPageHide(save);
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [texts, sealedTexts]);
  useEffect(() => () => void saveChapterDrafts(latestDrafts.current), []);
  const [shown, setShown] = useState<readonly ProofStep[]>([]);
  const [active, setActive] = useState(0);
  const record = useCallback((step: ProofStep | null | undefined) => {
    if (step !== null && step !== undefined) setShown((s) => proofsAfter(s, { type: 'shown', step }));
  }, []);

  const checks = useMemo(
    () => CHAPTER_CASES.map((c, i) => checkWrittenCase(c.kind, texts[i]!.model, texts[i]!.audit, c.trusted)),
    [texts],
  );
  const sealed: (Sealed | null)[] = useMemo(
    () =>
      CHAPTER_CASES.map((c, i) => {
        const s = sealedTexts[i];
        if (s === null || s === undefined) return null;
        const pkg = acceptedPackage(checkWrittenCase(c.kind, s.model, s.audit, c.trusted));
        return pkg === null ? null : { pkg, trusted: c.trusted, raw: null };
      }),
    [sealedTexts],
  );
  const edits = useMemo(
    () => sealed.map((s, i) => (s === null ? null : presentWrittenEdit(s, texts[i]!.model, i + 1))),
    [sealed, texts],
  );
  // A change to a sealed case's model_result is the learner's action: its edit and injections are recorded as they
  // appear (the latest of each kind is the one named). Only the case whose text changed is read.
  const lastModels = useRef(texts.map((x) => x.model));
  useEffect(() => {
    edits.forEach((e, i) => {
      if (e === null || lastModels.current[i] === texts[i]!.model) return;
      record(e.edit);
      for (const step of e.injections) record(step);
    });
    lastModels.current = texts.map((x) => x.model);
  }, [edits, texts, record]);

  const statuses = proofStatuses(shown);
  const count = statuses.filter((s) => s.shown).length;
  const setText = (i: number, part: keyof Texts, value: string) =>
    setTexts((xs) => xs.map((x, k) => (k === i ? { ...x, [part]: value } : x)));
  const c = CHAPTER_CASES[active]!;

  return (
    <div className={styles.root} data-testid="chapter-track">
      <div className={styles.head}>
        <p
          className={cx(styles.summary, count === 5 ? styles.good : undefined)}
          role="status"
          aria-live="polite"
          data-testid="chapter-summary"
          data-count={count}
        >
          {t.summary(count)}
        </p>
        <button
          type="button"
          className={styles.action}
          data-testid="chapter-reset"
          onClick={() => {
            setTexts(fresh());
            setSealedTexts(CHAPTER_CASES.map(() => null));
            setShown([]);
            lastModels.current = fresh().map((x) => x.model);
          }}
        >
          {t.reset}
        </button>
      </div>
      <p className={styles.intro}>{t.intro}</p>
      <div role="tablist" aria-label={t.cases} className={styles.tabs}>
        {CHAPTER_CASES.map((cc, i) => (
          <button
            key={cc.kind}
            type="button"
            role="tab"
            id={`chapter-tab-${i + 1}`}
            aria-selected={i === active}
            aria-controls="chapter-case-panel"
            tabIndex={i === active ? 0 : -1}
            className={cx(styles.tab, i === active && styles.tabActive)}
            data-testid={`chapter-tab-${i + 1}`}
            data-sealed={sealed[i] !== null}
            onClick={() => setActive(i)}
            onKeyDown={(e) => {
              const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (d === 0) return;
              e.preventDefault();
              const next = (i + d + CHAPTER_CASES.length) % CHAPTER_CASES.length;
              setActive(next);
              document.getElementById(`chapter-tab-${next + 1}`)?.focus();
            }}
          >
            <span aria-hidden="true">{sealed[i] !== null || checks[i]!.sealable ? '✓ ' : '○ '}</span>
            {t.caseTab(i + 1, t.kinds[cc.kind])}
            {sealed[i] !== null && <span className={styles.muted}> · {t.sealed}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="chapter-case-panel" aria-labelledby={`chapter-tab-${active + 1}`}>
        <ChapterCase
          key={active}
          n={active + 1}
          kind={c.kind}
          trusted={c.trusted}
          modelText={texts[active]!.model}
          auditText={texts[active]!.audit}
          check={checks[active]!}
          sealed={sealed[active] !== null}
          edit={edits[active] ?? null}
          lang={lang}
          onModel={(v) => setText(active, 'model', v)}
          onAudit={(v) => setText(active, 'audit', v)}
          onSeal={(seal) =>
            setSealedTexts((xs) => xs.map((x, k) => (k === active ? (seal ? { ...texts[active]! } : null) : x)))
          }
        />
      </div>
      <ChapterProofs lang={lang} sealed={sealed} statuses={statuses} active={active} onShown={record} />
    </div>
  );
}
