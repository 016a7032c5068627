/**
 * The hands-on exercise (docs/scenarios.md#the-exercise, the chapter's 动手实践;
 * docs/decisions.md#the-exercises-proofs): the
 * learner designs five search_kb results from a scaffold, seals them, and
 * shows the five proofs by hand. Nothing counts until the learner's own
 * action shows it; the app's exhaustive checks are shown beside, never counted.
 */
import { useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { useSettled } from '../../hooks/useSettled.ts';
import { proofStatuses, PROOF_IDS, type ProofStep } from '../../../lessons/exerciseProofs.ts';
import { evaluateExercise, type ExerciseInput, type ExerciseView } from '../../../playground/exerciseModel.ts';
import { ProofCard } from './ProofCard.tsx';
import { cx } from '../../components/cx.ts';
import { SlotCard } from './SlotCard.tsx';
import { EXERCISE_TEXT } from './text.ts';
import { ChapterTrack } from './ChapterTrack.tsx';
import { TrackSwitch, type Track } from './TrackSwitch.tsx';
import styles from './ExercisePanel.module.css';
import type { Lang } from '../../../lang.ts';

export interface ExercisePanelProps {
  /** The five results; the shell's main editor edits items[activeIndex].handler_output_text. */
  items: ExerciseInput[];
  /** Each result as sealed (its text and context then), or null. */
  sealed: (ExerciseInput | null)[];
  /** The shipped results' handler output texts: the worked answers. */
  workedTexts: string[];
  activeIndex: number;
  lang: Lang;
  /** The learner's steps that showed a proof (the progress). */
  shown: readonly ProofStep[];
  onActivate(index: number): void;
  onReset(): void;
  onSeal(index: number, seal: boolean): void;
  onUseWorked(index: number): void;
  /** An action of the learner's showed a step of a proof. */
  onShown(step: ProofStep): void;
  /** Replaces the open result's handler output text (an injection button writes into the editor). */
  onWrite(text: string): void;
  /** Where to go once all five are shown. */
  next: { href: string; open(): void };
}

interface Content {
  items: ExerciseInput[];
  sealed: (ExerciseInput | null)[];
}

const sameInputs = (a: readonly (ExerciseInput | null)[], b: readonly (ExerciseInput | null)[]): boolean =>
  a.length === b.length &&
  a.every((x, i) => x?.handler_output_text === b[i]?.handler_output_text && x?.context === b[i]?.context);
const sameContent = (a: Content, b: Content): boolean => sameInputs(a.items, b.items) && sameInputs(a.sealed, b.sealed);

/** A change of text or context waits for typing to settle; the same content in a new array does not. */
const contentChanged = (settled: Content, next: Content): boolean => !sameContent(settled, next);

/** evaluateExercise, recomputed only when a text or a context actually changed. */
function useExerciseView(content: Content): ExerciseView {
  const cache = useRef<{ content: Content; view: ExerciseView } | null>(null);
  if (cache.current === null || !sameContent(cache.current.content, content))
    cache.current = { content, view: evaluateExercise(content.items, content.sealed) };
  return cache.current.view;
}

export function ExercisePanel({
  items,
  sealed,
  workedTexts,
  activeIndex,
  lang,
  shown,
  onActivate,
  onReset,
  onSeal,
  onUseWorked,
  onShown,
  onWrite,
  next,
}: ExercisePanelProps): JSX.Element {
  const t = EXERCISE_TEXT[lang];
  const content = useMemo(() => ({ items, sealed }), [items, sealed]);
  const settled = useSettled(content, contentChanged);
  const view = useExerciseView(settled);
  const statuses = proofStatuses(shown);
  const count = statuses.filter((s) => s.shown).length;
  const pending = !sameContent(content, settled);
  // A sealed result the learner changed is presented against its stored audit: a refused business change shows proof 2.
  // The view is recomputed only when the content changes, so this runs once per settled edit; never for
  // the view the page opened with (opening the exercise, after a progress reset say, shows nothing).
  // An injection in a result's text counts as the learner's, typed or written by a button, on the same terms.
  // Only the slots whose text, context or seal changed since the last view are read: the latest action of a kind is
  // the one named, and an untouched slot's old injection is no new action.
  const openedWith = useRef(view);
  const lastContent = useRef(settled);
  useEffect(() => {
    const before = lastContent.current;
    lastContent.current = settled;
    if (view === openedWith.current) return;
    for (const s of view.slots) {
      const i = s.index;
      if (
        sameInputs([before.items[i] ?? null], [settled.items[i] ?? null]) &&
        sameInputs([before.sealed[i] ?? null], [settled.sealed[i] ?? null])
      )
        continue;
      if (s.presented?.step != null) onShown(s.presented.step);
      for (const step of s.injected) onShown(step);
    }
  }, [view, settled, onShown]);
  // Each sealed result whose stored request digest another sealed one shares: the same intent, said where the digests are.
  const sameRequest = view.slots.map((s) => {
    const d = s.sealed?.pkg.protected_audit.binding.request_sha256;
    return d === undefined
      ? []
      : view.slots.filter((o) => o !== s && o.sealed?.pkg.protected_audit.binding.request_sha256 === d);
  });
  // A reset clears what the proof cards last showed.
  const [epoch, setEpoch] = useState(0);
  // Which track is shown; both stay mounted, so switching keeps each one's work.
  const [track, setTrack] = useState<Track>('handler');
  const handler = track === 'handler';
  // The proof cards, by position: the glance row's buttons scroll to them.
  const proofCards = useRef<(HTMLLIElement | null)[]>([]);

  return (
    <section className={styles.root} data-testid="exercise" aria-labelledby="exercise-title" aria-busy={pending}>
      <header className={styles.header}>
        <h2 id="exercise-title" className={styles.title}>
          {t.title}
        </h2>
        <TrackSwitch track={track} lang={lang} onTrack={setTrack} />
        {handler && (
          <>
            <p
              className={cx(styles.summary, count === PROOF_IDS.length ? styles.allHold : styles.notAll)}
              role="status"
              aria-live="polite"
              data-testid="exercise-summary"
              data-count={count}
            >
              {t.summary(count, PROOF_IDS.length)}
              {pending && <span className={styles.pending}> · {t.checking}</span>}
            </p>
            <button
              type="button"
              className={styles.reset}
              onClick={() => {
                setEpoch(epoch + 1);
                onReset();
              }}
              data-testid="exercise-reset"
            >
              {t.reset}
            </button>
            <ol className={styles.ticks} aria-label={t.atAGlance}>
              {statuses.map((p, k) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className={cx(styles.tick, p.shown ? styles.tick_holds : styles.tick_pending)}
                    title={`${t.proofStatements[p.id]} (${p.shown ? t.shownBadge : t.notYet})`}
                    onClick={() => proofCards.current[k]?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })}
                  >
                    <span aria-hidden="true">{p.shown ? '✓ ' : '○ '}</span>
                    {k + 1}. {t.proofShort[p.id]}
                    <span className={styles.srOnly}>: {p.shown ? t.shownBadge : t.notYet}</span>
                  </button>
                </li>
              ))}
            </ol>
          </>
        )}
      </header>
      <div hidden={handler}>
        <ChapterTrack lang={lang} />
      </div>
      <div hidden={!handler} className={styles.handlerTrack}>
        {count === PROOF_IDS.length && (
          <section className={styles.complete} data-testid="exercise-complete" aria-label={t.complete}>
            <p className={styles.completeTitle}>{t.complete}</p>
            <p className={styles.completeNext}>
              {t.next}{' '}
              <a
                href={next.href}
                data-testid="exercise-next"
                onClick={(e) => {
                  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                  e.preventDefault();
                  next.open();
                }}
              >
                {t.nextLink}
              </a>
            </p>
          </section>
        )}
        <p className={styles.intro}>
          {t.intro} <span className={styles.muted}>{t.summaryNote}</span>
        </p>
        <p className={styles.intro} data-testid="handler-format">
          {t.handlerFormat}
        </p>

        <div className={styles.columns}>
          <section aria-labelledby="exercise-results-title" className={styles.resultsSection}>
            <h3 id="exercise-results-title" className={styles.sectionTitle}>
              {t.results}
            </h3>
            <ol className={styles.slots}>
              {view.slots.map((slot) => (
                <SlotCard
                  key={slot.index}
                  slot={slot}
                  active={slot.index === activeIndex}
                  lang={lang}
                  workedText={workedTexts[slot.index] ?? ''}
                  sameRequest={sameRequest[slot.index] ?? []}
                  onActivate={onActivate}
                  onSeal={onSeal}
                  onUseWorked={onUseWorked}
                />
              ))}
            </ol>
          </section>

          <section aria-labelledby="exercise-proofs-title" className={styles.proofsSection}>
            <h3 id="exercise-proofs-title" className={styles.sectionTitle}>
              {t.proofs}
            </h3>
            <ol className={styles.proofs}>
              {statuses.map((p, k) => (
                <ProofCard
                  key={`${p.id} ${epoch}`}
                  ref={(el) => {
                    proofCards.current[k] = el;
                  }}
                  n={k + 1}
                  status={p}
                  appCheck={view.proofs.find((x) => x.id === p.id)}
                  view={view}
                  activeIndex={activeIndex}
                  activeText={items[activeIndex]?.handler_output_text ?? ''}
                  lang={lang}
                  onShown={onShown}
                  onWrite={onWrite}
                />
              ))}
            </ol>
          </section>
        </div>
      </div>
    </section>
  );
}
