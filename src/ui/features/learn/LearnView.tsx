/**
 * The learning path (the Learn mode): the chapter's common mistakes as switches, the
 * recovery walk-through, the self-test, and the learner's progress at a
 * glance. Loaded with its mode. Every verdict comes from the real core or
 * from the mistaken dispatchers in src/mistakes, run side by side.
 */
import { useState, type JSX } from 'react';
import type { Scenario } from '#lib/core/result/index.ts';
import { progressCounts, PROGRESS_TOTALS, type Progress } from '../../../playground/progress.ts';
import { Tabs } from '../../components/Tabs.tsx';
import { MistakesTab } from './MistakesTab.tsx';
import { RecoveryTab, type RecoveryCaseLinks } from './RecoveryTab.tsx';
import type { DemoPlace } from '../../../playground/selfTest.ts';
import { SelfTestTab } from './SelfTestTab.tsx';
import { LEARN_TEXT } from './text.ts';
import styles from './LearnView.module.css';
import type { Lang } from '../../../lang.ts';
import { LearnButton } from './LearnButton.tsx';
import { keepLearnTab, lastLearnTab, type LearnTab } from './learnTab.ts';

export interface LearnViewProps {
  /** The scenario open in the editor, as the learner edited it (the mistakes run on it). */
  scenario: Scenario;
  mistake: number | null;
  lang: Lang;
  progress: Progress;
  onMistake(id: number | null): void;
  /** Opens a built-in scenario, staying in the learn mode. */
  onOpenScenario(id: string): void;
  /** Opens a place elsewhere in the playground (a self-test demo, a recovery step). */
  onGo(place: DemoPlace): void;
  /** The recovery lab's cases: the recovery tab is its door. */
  recoveryLab: RecoveryCaseLinks;
  onPoints(question: number, points: number[]): void;
  onAnswer(question: number, text: string): void;
  /** A mistake's run showed its harm on the learner's input: only then is it explored. */
  onMistakeShown(id: number): void;
  onResetProgress(): void;
}

export function LearnView(props: LearnViewProps): JSX.Element {
  const { lang, progress } = props;
  const t = LEARN_TEXT[lang];
  const [tab, setTabState] = useState<LearnTab>(lastLearnTab);
  const setTab = (next: LearnTab) => {
    keepLearnTab(next);
    setTabState(next);
  };
  return (
    <div className={styles.root} data-testid="learn">
      <ProgressSummary progress={progress} lang={lang} onReset={props.onResetProgress} />
      <Tabs<LearnTab>
        id="learn-tabs"
        label={t.tabsLabel}
        selected={tab}
        onSelect={setTab}
        items={[
          {
            key: 'mistakes',
            label: t.tabMistakes,
            content: (
              <MistakesTab
                scenario={props.scenario}
                mistake={props.mistake}
                lang={lang}
                onMistake={props.onMistake}
                onOpenScenario={props.onOpenScenario}
                onShown={props.onMistakeShown}
              />
            ),
          },
          {
            key: 'recovery',
            label: t.tabRecovery,
            content: <RecoveryTab lang={lang} onGo={props.onGo} lab={props.recoveryLab} />,
          },
          {
            key: 'selftest',
            label: t.tabSelfTest,
            content: (
              <SelfTestTab
                lang={lang}
                points={progress.points}
                answers={progress.answers}
                onAnswer={props.onAnswer}
                onGo={props.onGo}
                onPoints={props.onPoints}
                lab={props.recoveryLab}
              />
            ),
          },
        ]}
      />
    </div>
  );
}

function ProgressSummary({
  progress,
  lang,
  onReset,
}: {
  progress: Progress;
  lang: Lang;
  onReset(): void;
}): JSX.Element {
  const t = LEARN_TEXT[lang];
  const c = progressCounts(progress);
  const items = [
    { key: 'proofs', label: t.progressProofs, n: c.proofs, of: PROGRESS_TOTALS.proofs },
    { key: 'attacks', label: t.progressAttacks, n: c.attacks, of: PROGRESS_TOTALS.attacks },
    { key: 'points', label: t.progressPoints, n: c.points, of: PROGRESS_TOTALS.points },
    { key: 'mistakes', label: t.progressMistakes, n: c.mistakes, of: PROGRESS_TOTALS.mistakes },
    { key: 'recovery', label: t.progressRecovery, n: c.recovery, of: PROGRESS_TOTALS.recovery },
  ] as const;
  return (
    <section className={styles.progress} aria-labelledby="learn-progress-title" data-testid="learn-progress">
      <h3 id="learn-progress-title" className={styles.progressTitle}>
        {t.progressTitle} <span className={styles.progressNote}>· {t.progressNote}</span>
      </h3>
      <ul className={styles.meters}>
        {items.map((i) => (
          <li key={i.key} className={styles.meter} data-testid={`progress-${i.key}`} data-count={i.n}>
            <span className={styles.meterLabel}>{i.label}</span>
            <span className={styles.meterValue}>
              {i.n}/{i.of}
            </span>
            <span className={styles.bar} aria-hidden="true">
              <span className={styles.barFill} style={{ width: `${Math.round((100 * i.n) / i.of)}%` }} />
            </span>
          </li>
        ))}
      </ul>
      <div className={styles.progressActions}>
        <LearnButton
          kind="secondary"
          onClick={onReset}
          disabled={c.done === 0 && Object.keys(progress.answers).length === 0}
          data-testid="progress-reset"
        >
          {t.progressReset}
        </LearnButton>
      </div>
    </section>
  );
}
