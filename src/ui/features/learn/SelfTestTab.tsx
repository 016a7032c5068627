/** The self-test: answer first, then reveal the explanation and open the state that demonstrates it. */
import { useEffect, useState, type JSX } from 'react';
import { QUESTIONS, type DemoPlace, type Question } from './selfTest.ts';
import { LEARN_TEXT } from './text.ts';
import styles from './Learn.module.css';
import questionStyles from './SelfTest.module.css';
import { MAX_ANSWER_CHARS } from '../../../playground/progress.ts';
import type { Lang } from '../../../lang.ts';

export interface SelfTestTabProps {
  lang: Lang;
  answered: readonly number[];
  /** The learner's answers by question number, kept with the progress: a tab switch, a demo or a reload loses none. */
  answers: Readonly<Record<string, string>>;
  onAnswer(question: number, text: string): void;
  onGo(place: DemoPlace): void;
  onAnswered(question: number): void;
}

export function SelfTestTab({ lang, answered, answers, onAnswer, onGo, onAnswered }: SelfTestTabProps): JSX.Element {
  const t = LEARN_TEXT[lang];
  return (
    <div className={styles.tab}>
      <p className={styles.lead}>{t.selfTestLead}</p>
      <ol className={questionStyles.questions}>
        {QUESTIONS.map((q) => (
          <QuestionCard key={q.id} q={q} lang={lang} answered={answered.includes(q.id)} answer={answers[String(q.id)] ?? ''} onAnswer={onAnswer} onGo={onGo} onAnswered={onAnswered} />
        ))}
      </ol>
    </div>
  );
}

interface QuestionCardProps {
  q: Question;
  lang: Lang;
  answered: boolean;
  answer: string;
  onAnswer(question: number, text: string): void;
  onGo(place: DemoPlace): void;
  onAnswered(question: number): void;
}

function QuestionCard({ q, lang, answered, answer, onAnswer, onGo, onAnswered }: QuestionCardProps): JSX.Element {
  const t = LEARN_TEXT[lang];
  // A question answered before (this visit or an earlier one) opens with its explanation shown.
  const [revealed, setRevealed] = useState(answered);
  // Reset progress un-answers it: the explanation closes with it.
  useEffect(() => {
    if (!answered) setRevealed(false);
  }, [answered]);
  const canReveal = answer.trim().length > 0;
  const id = `selftest-q${q.id}`;
  return (
    <li className={questionStyles.question} data-testid={`question-${q.id}`} data-answered={answered}>
      <h4 id={`${id}-title`} className={questionStyles.questionTitle}>
        <span className={styles.switchId}>Q{q.id}</span> {q.question[lang]}
        {answered && <span className={questionStyles.answered}> ✓ {t.answered}</span>}
      </h4>
      <label className={questionStyles.answerLabel} htmlFor={`${id}-answer`}>
        {t.yourAnswer}
      </label>
      <textarea
        id={`${id}-answer`}
        className={questionStyles.answer}
        rows={3}
        value={answer}
        maxLength={MAX_ANSWER_CHARS}
        placeholder={t.answerPlaceholder}
        onChange={(e) => onAnswer(q.id, e.target.value)}
        data-testid="answer"
      />
      <div className={questionStyles.questionActions}>
        <button
          type="button"
          className={styles.primary}
          aria-expanded={revealed}
          aria-controls={`${id}-explanation`}
          disabled={!canReveal && !revealed}
          onClick={() => {
            if (!revealed) onAnswered(q.id);
            setRevealed(!revealed);
          }}
          data-testid="reveal"
        >
          {revealed ? t.hide : t.reveal}
        </button>
        {!canReveal && !revealed && <span className={styles.muted}>{t.revealHint}</span>}
      </div>
      {
        <div id={`${id}-explanation`} className={styles.explanation} data-testid="explanation" hidden={!revealed}>
          <h5 className={styles.subTitle}>{t.explanation}</h5>
          {q.explanation.map((p, i) => (
            <p key={i}>{p[lang]}</p>
          ))}
          <button type="button" className={styles.secondary} onClick={() => onGo(q.demo)} data-testid="demo">
            {q.demoLabel[lang]} →
          </button>
        </div>
      }
    </li>
  );
}
