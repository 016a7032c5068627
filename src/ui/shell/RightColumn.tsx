/**
 * The workspace's right column, by mode: the learn view or the attack lab
 * alone; the exercise above the two projections; in the playground the two
 * projections above the digests and the provider payloads (presenting, the
 * projections alone: the room reads them, and the header's toggle unfolds
 * the rest). The attack lab and the learn view load with their mode.
 */
import { lazy, Suspense, type CSSProperties, type JSX, type ReactNode } from 'react';
import type { Scenario } from '#lib/core/result/index.ts';
import type { Lang } from '../../lang.ts';
import type { Evaluation } from '../../playground/evaluate.ts';
import type { AppState } from '../../playground/reducer.ts';
import { focusFirstSoon } from '../components/focus.ts';
import { Panel } from '../components/Panel.tsx';
import { Splitter } from '../components/Splitter.tsx';
import { DigestsPanel } from '../features/digests/DigestsPanel.tsx';
import { DIGESTS_TEXT } from '../features/digests/text.ts';
import type { GuideLink } from '../features/guide/GuideDialog.tsx';
import { PayloadsPanel } from '../features/payloads/PayloadsPanel.tsx';
import { PAYLOADS_TEXT } from '../features/payloads/text.ts';
import { SHELL_TEXT } from './text.ts';
import { NoResult, ProjectionPanels } from '../features/projections/ProjectionPanels.tsx';
import type { ViolationWords } from '../i18n/useViolationWords.ts';
import type { PlaygroundApi } from '../state/usePlayground.ts';
import { ExerciseHost } from './ExerciseHost.tsx';
import type { FocusTargets } from './usePanelFocus.ts';
import type { Doc } from '../../playground/work.ts';
import styles from './RightColumn.module.css';

const AttackLab = lazy(() => import('../features/attackLab/AttackLab.tsx').then((m) => ({ default: m.AttackLab })));
export type AttackVerdictLine = import('../features/attackLab/AttackLab.tsx').AttackVerdictLine;
type RecoveryCaseLinks = import('../features/learn/RecoveryTab.tsx').RecoveryCaseLinks;
const LearnView = lazy(() => import('../features/learn/LearnView.tsx').then((m) => ({ default: m.LearnView })));

export interface RightColumnProps {
  lang: Lang;
  words: ViolationWords;
  state: AppState;
  api: PlaygroundApi;
  evaluation: Evaluation;
  /** The last scenario that parsed: the attack lab and the learn view run on it. */
  scenario: Scenario;
  targets: FocusTargets;
  present: boolean;
  injectionTurn: GuideLink;
  /** The attack lab's real case (AgentDojo banking): its list and A14 link to it. */
  agentdojoCase: GuideLink;
  /** Learn's recovery walk-through, the exercise's next step. */
  recoveryLink: GuideLink;
  /** The recovery lab's cases, which Learn's recovery tab links to. */
  recoveryLab: RecoveryCaseLinks;
  /** The open exercise result is still its empty template: the projections say "not started" instead of judging it. */
  notStarted: boolean;
  onVerdict(v: AttackVerdictLine | null): void;
  /** Shown above protected_audit's JSON (ProjectionPanels). */
  auditNote?: ReactNode;
  /** Whose output the document is: an MCP server's result, or (absent) a handler's. */
  source?: Doc['source'];
}

export function RightColumn(props: RightColumnProps): JSX.Element {
  const { lang, state, api, scenario, targets } = props;
  const shellText = SHELL_TEXT[lang];
  const { work } = state;
  const { panels } = targets;
  if (work.mode === 'learn')
    return (
      <div className={`${styles.right} ${styles.single}`}>
        <Panel
          id="panel-learn"
          title={shellText.learnTitle}
          subtitle={shellText.learnDesc}
          lang={lang}
          focusableBody={false}
          resetKey={scenario}
          target={panels['panel-learn']}
        >
          <Suspense fallback={<p className="muted">…</p>}>
            <LearnView
              scenario={scenario}
              mistake={work.mistake ?? null}
              lang={lang}
              progress={state.progress}
              onMistake={api.selectMistake}
              onOpenScenario={api.openScenario}
              onGo={(p) => {
                api.go(p);
                if (p.focus !== null) focusFirstSoon(panels[p.focus].title);
              }}
              onPoints={(q, points) => api.recordProgress({ points: { [String(q)]: points } })}
              onAnswer={(q, text) => api.recordProgress({ answers: { [String(q)]: text } })}
              onMistakeShown={(id) => api.recordProgress({ mistakes: [id] })}
              onResetProgress={api.resetProgress}
              recoveryLab={props.recoveryLab}
            />
          </Suspense>
        </Panel>
      </div>
    );
  if (work.mode === 'attack')
    return (
      <div className={`${styles.right} ${styles.single}`}>
        <Panel
          id="panel-attack"
          title={shellText.attackTitle}
          subtitle={shellText.attackDesc}
          lang={lang}
          focusableBody={false}
          resetKey={scenario}
          target={panels['panel-attack']}
        >
          <Suspense fallback={<p className="muted">…</p>}>
            <AttackLab
              scenario={scenario}
              attackId={work.attackId}
              lang={lang}
              onSelectAttack={api.selectAttack}
              onOpenScenario={api.openScenario}
              injectionTurn={props.injectionTurn}
              realCase={props.agentdojoCase}
              onVerdict={props.onVerdict}
              verdictRef={targets.attackVerdict}
              tried={state.progress.attacks}
            />
          </Suspense>
        </Panel>
      </div>
    );
  return <ProjectionsColumn {...props} />;
}

/** The playground's and the exercise's right column: two rows, split by a draggable bar. */
function ProjectionsColumn({
  lang,
  words,
  state,
  api,
  evaluation,
  targets,
  present,
  recoveryLink,
  notStarted,
  auditNote,
  source,
}: RightColumnProps): JSX.Element {
  const shellText = SHELL_TEXT[lang];
  const digestsText = DIGESTS_TEXT[lang];
  const payloadsText = PAYLOADS_TEXT[lang];
  const { work, prefs } = state;
  const { panels } = targets;
  const exercise = work.mode === 'exercise';
  const projections = (
    <ProjectionPanels
      lang={lang}
      evaluation={evaluation}
      focus={targets.projections}
      notStarted={exercise && notStarted ? work.exercise.activeIndex + 1 : null}
      auditNote={auditNote}
      source={source}
    />
  );
  const upper = exercise ? (
    <ExerciseHost lang={lang} state={state} api={api} hostRef={targets.exerciseHost} next={recoveryLink} />
  ) : (
    projections
  );
  const proofsRow = (
    <div className="pair">
      <Panel
        id="panel-digests"
        title={digestsText.digestsTitle}
        subtitle={digestsText.digestsDesc}
        lang={lang}
        resetKey={evaluation}
        target={panels['panel-digests']}
      >
        {evaluation.result === null ? (
          <NoResult lang={lang} evaluation={evaluation} />
        ) : (
          <DigestsPanel lang={lang} result={evaluation.result} />
        )}
      </Panel>
      <Panel
        id="panel-payloads"
        title={payloadsText.payloadsTitle}
        subtitle={payloadsText.payloadsDesc}
        lang={lang}
        resetKey={evaluation}
        target={panels['panel-payloads']}
      >
        {evaluation.result === null ? (
          <NoResult lang={lang} evaluation={evaluation} />
        ) : (
          <PayloadsPanel
            lang={lang}
            detailOf={words.detail}
            payloads={evaluation.result.payloads}
            call={evaluation.result}
          />
        )}
      </Panel>
    </div>
  );
  // Presenting the playground, the two projections are what the room reads: the digests and payloads fold (the toggle unfolds them).
  const lower = exercise ? projections : present ? null : proofsRow;
  if (lower === null)
    return (
      <div className={`${styles.right} ${styles.single} ${styles.folded}`}>
        {upper}
        <p className={`${styles.foldedNote} muted`} data-testid="folded-note">
          {shellText.presentFolded}
        </p>
      </div>
    );
  const top = exercise ? prefs.layout.exerciseTop : prefs.layout.top;
  const setTop = (v: number) => api.setLayout(exercise ? { exerciseTop: v } : { top: v });
  return (
    <div className={styles.right} style={{ '--top': `${top}%` } as CSSProperties}>
      {upper}
      <Splitter
        orientation="horizontal"
        value={top}
        min={20}
        max={85}
        label={shellText.splitterRows}
        onChange={setTop}
      />
      {lower}
    </div>
  );
}
