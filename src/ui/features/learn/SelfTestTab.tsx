/**
 * The self-test (docs/decisions.md#the-exercises-proofs): write an answer first; then see the key points of
 * a good answer and tick the ones it covers. A question is "answered" only
 * when at least one key point is ticked, and the progress counts points
 * covered, not boxes typed into.
 */
import { LabLink } from './LabLink.tsx';
import type { RecoveryCaseLinks } from './RecoveryTab.tsx';
import { useEffect, useState, type JSX } from 'react';
import { QUESTIONS, type DemoPlace, type Question } from '../../../playground/selfTest.ts';
import { SELF_TEST_TEXT } from '../../../playground/selfTestText.ts';
import { LEARN_TEXT } from './text.ts';
import { TabPage } from './TabPage.tsx';
import styles from './SelfTestTab.module.css';
import { MAX_ANSWER_CHARS } from '../../../playground/progress.ts';
import type { Lang } from '../../../lang.ts';
import { LearnButton } from './LearnButton.tsx';

/** Shorter than this (after trimming) is not an answer yet: "x" opens nothing. */
export const MIN_ANSWER_CHARS = 8;

export interface SelfTestTabProps {
  lang: Lang;
  /** The key points ticked, by question number. */
  points: Readonly<Record<string, number[]>>;
  /** The learner's answers by question number, kept with the progress: a tab switch, a demo or a reload loses none. */
  answers: Readonly<Record<string, string>>;
  onAnswer(question: number, text: string): void;
  onGo(place: DemoPlace): void;
  onPoints(question: number, points: number[]): void;
  /** The recovery lab's cases, where a question's answer can be caused by hand. */
  lab: RecoveryCaseLinks;
}

export function SelfTestTab({ lang, points, answers, onAnswer, onGo, onPoints, lab }: SelfTestTabProps): JSX.Element {
  const t = LEARN_TEXT[lang];
  return (
    <TabPage lead={t.selfTestLead}>
      <ol className={styles.questions}>
        {QUESTIONS.map((q) => (
          <QuestionCard
            key={q.id}
            q={q}
            lang={lang}
            ticked={points[String(q.id)] ?? []}
            answer={answers[String(q.id)] ?? ''}
            onAnswer={onAnswer}
            onGo={onGo}
            onPoints={onPoints}
            lab={lab}
          />
        ))}
      </ol>
    </TabPage>
  );
}

interface QuestionCardProps {
  q: Question;
  lang: Lang;
  ticked: readonly number[];
  answer: string;
  onAnswer(question: number, text: string): void;
  onGo(place: DemoPlace): void;
  onPoints(question: number, points: number[]): void;
  lab: RecoveryCaseLinks;
}

function QuestionCard({ q, lang, ticked, answer, onAnswer, onGo, onPoints, lab }: QuestionCardProps): JSX.Element {
  const t = LEARN_TEXT[lang];
  const words = SELF_TEST_TEXT[lang][q.id];
  const answered = ticked.length > 0;
  // A question with points ticked before (this visit or an earlier one) opens with its key points shown.
  const [revealed, setRevealed] = useState(answered);
  // Reset progress clears the ticks: the key points close with them.
  useEffect(() => {
    if (!answered && answer === '') setRevealed(false);
  }, [answered, answer]);
  const canReveal = answer.trim().length >= MIN_ANSWER_CHARS;
  const id = `selftest-q${q.id}`;
  const toggle = (i: number): void =>
    onPoints(q.id, ticked.includes(i) ? ticked.filter((x) => x !== i) : [...ticked, i]);
  return (
    <li
      className={styles.question}
      data-testid={`question-${q.id}`}
      data-answered={answered}
      data-points={ticked.length}
    >
      <h4 id={`${id}-title`} className={styles.questionTitle}>
        <span className={styles.questionNo}>Q{q.id}</span> {words.question}
        {answered && (
          <span className={styles.answered} data-testid="answered">
            {' '}
            ✓ {t.answeredCovers(ticked.length, words.points.length)}
          </span>
        )}
      </h4>
      <label className={styles.answerLabel} htmlFor={`${id}-answer`}>
        {t.yourAnswer}
      </label>
      <textarea
        id={`${id}-answer`}
        className={styles.answer}
        rows={3}
        value={answer}
        maxLength={MAX_ANSWER_CHARS}
        placeholder={t.answerPlaceholder}
        onChange={(e) => onAnswer(q.id, e.target.value)}
        data-testid="answer"
      />
      <div className={styles.questionActions}>
        <LearnButton
          kind="primary"
          aria-expanded={revealed}
          aria-controls={`${id}-explanation`}
          disabled={!canReveal && !revealed}
          onClick={() => setRevealed(!revealed)}
          data-testid="reveal"
        >
          {revealed ? t.hide : t.reveal}
        </LearnButton>
        {!canReveal && !revealed && <span className={styles.muted}>{t.revealHint(MIN_ANSWER_CHARS)}</span>}
      </div>
      <div id={`${id}-explanation`} className={styles.explanation} data-testid="explanation" hidden={!revealed}>
        <fieldset className={styles.points} data-testid="key-points">
          <legend className={styles.subTitle}>{t.keyPoints}</legend>
          <p className={styles.muted}>{t.keyPointsHow}</p>
          {words.points.map((p, i) => (
            <label key={i} className={styles.point}>
              <input
                type="checkbox"
                checked={ticked.includes(i)}
                onChange={() => toggle(i)}
                data-testid={`point-${i + 1}`}
              />{' '}
              <span>{p}</span>
            </label>
          ))}
          <p className={answered ? styles.covered : styles.muted} data-testid="points-verdict">
            {answered ? t.coversN(ticked.length, words.points.length) : t.coversNone}
          </p>
        </fieldset>
        <h5 className={styles.subTitle}>{t.explanation}</h5>
        {words.explanation.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        <LearnButton kind="secondary" className={styles.demo} onClick={() => onGo(q.demo)} data-testid="demo">
          {words.demo} →
        </LearnButton>
        {q.lab !== undefined && words.lab !== undefined ? (
          <p>
            <LabLink lab={lab} id={q.lab} testId="selftest-lab">
              {words.lab} →
            </LabLink>
          </p>
        ) : null}
      </div>
    </li>
  );
}
