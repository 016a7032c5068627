/**
 * A case framed as a lab: the goal at the top, a ladder of hints the learner
 * reveals one at a time, the worked answer only after the last hint, and a
 * "solved" banner when the learner's own actions met the goal (the caller
 * decides that from the progress and proofs; this view never does). Used by
 * the attack lab and the recovery lab, both loaded with their mode.
 */
import { useRef, useState, type JSX, type ReactNode } from 'react';
import type { Lang } from '../../../lang.ts';
import type { LabCaseText } from '../../../lessons/labs/attackLabText.ts';
import { LAB_FRAME_TEXT } from './text.ts';
import styles from './LabFrame.module.css';

export function LabFrame({
  lang,
  caseId,
  text,
  solved,
  solvedText,
  extra,
  heading = 'h4',
}: {
  lang: Lang;
  caseId: string;
  text: LabCaseText;
  solved: boolean;
  /** The banner's words (the frame's own when absent). */
  solvedText?: string;
  /** Shown with the worked answer (the attack lab: the checks that answer). */
  extra?: ReactNode;
  /** The title's level where the frame sits: under the attack's h3, or among the recovery lab's h2 panels. */
  heading?: 'h2' | 'h4';
}): JSX.Element {
  const Heading = heading;
  const t = LAB_FRAME_TEXT[lang];
  const [shown, setShown] = useState(0);
  const [answer, setAnswer] = useState(false);
  const next = useRef<HTMLLIElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const n = text.hints.length;
  const titleId = `lab-frame-title-${caseId}`;
  return (
    <section className={styles.frame} aria-labelledby={titleId} data-testid="lab-frame" data-case={caseId}>
      <Heading id={titleId} className={styles.title}>
        {t.title}
      </Heading>
      <p className={styles.why}>{t.why}</p>
      <p className={styles.goal} data-testid="lab-goal">
        <strong>{t.goal}: </strong>
        {text.goal}
      </p>
      {/* Always in the page, so the banner's words are announced when they arrive; empty until the goal is met. */}
      <div role="status" data-testid="lab-status" data-solved={solved}>
        {solved ? (
          <p className={styles.solved} data-testid="lab-solved">
            <span aria-hidden="true">✓ </span>
            {solvedText ?? t.solved}
          </p>
        ) : null}
      </div>
      {shown > 0 ? (
        <ol className={styles.hints} data-testid="lab-hints">
          {text.hints.slice(0, shown).map((h, i) => (
            <li
              key={i}
              ref={i === shown - 1 ? next : undefined}
              tabIndex={-1}
              data-testid={`lab-hint-${i + 1}`}
              className={styles.hint}
            >
              <strong>{t.hint(i + 1)}: </strong>
              {h}
            </li>
          ))}
        </ol>
      ) : null}
      {shown < n ? (
        <button
          type="button"
          className="btn"
          data-testid="lab-next-hint"
          onClick={() => {
            setShown(shown + 1);
            requestAnimationFrame(() => next.current?.focus());
          }}
        >
          {t.nextHint(shown + 1, n)}
        </button>
      ) : !answer ? (
        <button
          type="button"
          className="btn"
          data-testid="lab-show-answer"
          onClick={() => {
            setAnswer(true);
            requestAnimationFrame(() => answerRef.current?.focus());
          }}
        >
          {t.showAnswer}
        </button>
      ) : (
        <div className={styles.answer} data-testid="lab-answer" ref={answerRef} tabIndex={-1}>
          <strong>{t.answer}: </strong>
          {text.answer}
          {extra}
        </div>
      )}
    </section>
  );
}
