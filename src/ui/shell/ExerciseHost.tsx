/**
 * The exercise above the two projections (exercise mode). Its panel loads
 * with the mode: the playground paints with less JavaScript.
 */
import { lazy, Suspense, useCallback, useMemo, type JSX, type Ref } from 'react';
import type { TrustedContext } from '#lib/core/result/index.ts';
import type { ProofStep } from '../../lessons/exerciseProofs.ts';
import type { Lang } from '../../lang.ts';
import { contextFromDraft, type ContextDraft } from '../../playground/contextDraft.ts';
import type { AppState } from '../../playground/reducer.ts';
import { workedAnswer, type Doc } from '../../playground/work.ts';
import { PanelBoundary } from '../components/Panel.tsx';
import type { PlaygroundApi } from '../state/usePlayground.ts';
import styles from './ExerciseHost.module.css';

const ExercisePanel = lazy(() =>
  import('../features/exercise/ExercisePanel.tsx').then((m) => ({ default: m.ExercisePanel })),
);

/** The exercise panel receives trusted contexts: a draft that is not a valid one goes as null, and its slot has no package. */
function exerciseContext(d: ContextDraft): TrustedContext | null {
  const r = contextFromDraft(d);
  return r.ok ? r.value : null;
}
const exerciseInput = (d: Doc) => ({ handler_output_text: d.handlerText, context: exerciseContext(d.context) });
/** The worked answers' texts, shown only when the learner asks for one. */
const WORKED_TEXTS = [0, 1, 2, 3, 4].map((i) => workedAnswer(i)?.handlerText ?? '');

export interface ExerciseHostProps {
  lang: Lang;
  state: AppState;
  api: PlaygroundApi;
  hostRef: Ref<HTMLDivElement>;
  /** Learn's recovery walk-through: the next step once all five proofs are shown. */
  next: { href: string; open(): void };
}

export function ExerciseHost({ lang, state, api, hostRef, next }: ExerciseHostProps): JSX.Element {
  const exercise = state.work.exercise;
  const items = useMemo(() => exercise.items.map(exerciseInput), [exercise.items]);
  const sealed = useMemo(() => exercise.sealed.map((d) => (d === null ? null : exerciseInput(d))), [exercise.sealed]);
  const onShown = useCallback((step: ProofStep) => api.recordProgress({ exercise: { type: 'shown', step } }), [api]);
  return (
    <div
      ref={hostRef}
      id="panel-exercise"
      // `exercise-host` stays a plain name too: the browser tests find the exercise by it.
      className={`exercise-host ${styles.host}`}
      data-panel="panel-exercise"
      tabIndex={-1}
      role="group"
      aria-labelledby="exercise-title"
    >
      <PanelBoundary lang={lang} resetKey={items}>
        <Suspense fallback={<p className="muted">…</p>}>
          <ExercisePanel
            items={items}
            sealed={sealed}
            workedTexts={WORKED_TEXTS}
            activeIndex={exercise.activeIndex}
            lang={lang}
            shown={state.progress.proofs}
            onActivate={api.activateExercise}
            onReset={api.resetExercise}
            onSeal={api.sealExercise}
            onUseWorked={api.loadWorkedAnswer}
            onShown={onShown}
            onWrite={api.setHandlerText}
            next={next}
          />
        </Suspense>
      </PanelBoundary>
    </div>
  );
}
