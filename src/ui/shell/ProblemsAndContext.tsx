/**
 * Under the editor: the problems of the handler output, and the trusted
 * context it is checked against, in two tabs. The context form is off the
 * first load (its 150 KB budget, `npm run test:budget`): App fetches it as soon as the page has painted.
 */
import { lazy, Suspense, type JSX } from 'react';
import type { ContextDraft, ContextIssue } from '../../playground/contextDraft.ts';
import type { Evaluation, Problem } from '../../playground/evaluate.ts';
import type { Lang } from '../../lang.ts';
import { PanelBoundary } from '../components/Panel.tsx';
import { Tabs } from '../components/Tabs.tsx';
import type { BottomTab } from '../features/panelNav/PanelNav.tsx';
import { ProblemsList, type ProblemSubject } from '../features/problems/ProblemsList.tsx';
import { PROBLEMS_TEXT } from '../features/problems/text.ts';
import type { ViolationWords } from '../i18n/useViolationWords.ts';
import type { FocusTargets } from './usePanelFocus.ts';
import styles from './ProblemsAndContext.module.css';

export const loadContextForm = () => import('../features/context/ContextForm.tsx');
const ContextForm = lazy(() => loadContextForm().then((m) => ({ default: m.ContextForm })));

/** One empty list, so that the memoized context form is not re-rendered by a new `[]` on every keystroke. */
const NO_CONTEXT_ISSUES: readonly ContextIssue[] = [];

export interface ProblemsAndContextProps {
  lang: Lang;
  words: ViolationWords;
  evaluation: Evaluation;
  /** What the problems are of; an exercise result at its empty template has none to show yet. */
  subject: ProblemSubject;
  draft: ContextDraft;
  onContext(draft: ContextDraft): void;
  onReveal(p: Problem): void;
  /** Rewrites the handler text without its comments and trailing commas (the problems list offers it). */
  onStripComments?: () => void;
  tab: BottomTab;
  onTab(tab: BottomTab): void;
  targets: FocusTargets;
}

export function ProblemsAndContext({
  lang,
  words,
  evaluation,
  subject,
  draft,
  onContext,
  onReveal,
  onStripComments,
  tab,
  onTab,
  targets,
}: ProblemsAndContextProps): JSX.Element {
  const problemsText = PROBLEMS_TEXT[lang];
  const contextIssues = evaluation.context.ok ? NO_CONTEXT_ISSUES : evaluation.context.issues;
  const notStarted = subject.kind === 'not_started';
  const problemCount = notStarted ? 0 : evaluation.problems.length;
  // No problem, but the exercise's slot not yet met: the count is plain, not the green of a result that holds.
  const unmet = (subject.kind === 'typed' || subject.kind === 'sealed') && subject.unmet !== undefined;
  return (
    <section
      className={`panel ${styles.panel}`}
      aria-label={`${problemsText.problemsTab} / ${problemsText.contextTab}`}
    >
      <Tabs<BottomTab>
        handle={targets.bottomTabs}
        id="bottom-tabs"
        label={`${problemsText.problemsTab} / ${problemsText.contextTab}`}
        selected={tab}
        onSelect={onTab}
        items={[
          {
            key: 'problems',
            label: (
              <>
                {problemsText.problemsTab}{' '}
                <span
                  className={`count ${notStarted || (unmet && problemCount === 0) ? 'count-neutral' : problemCount > 0 ? 'count-bad' : 'count-ok'}`}
                >
                  {notStarted ? '–' : problemCount}
                </span>
              </>
            ),
            content: (
              <div className="tab-scroll" tabIndex={0} role="group" aria-label={problemsText.problemsTab}>
                <PanelBoundary lang={lang} resetKey={evaluation}>
                  <ProblemsList
                    lang={lang}
                    subject={subject}
                    words={words}
                    problems={evaluation.problems}
                    onReveal={onReveal}
                    onStripComments={onStripComments}
                    firstRef={targets.firstProblem}
                  />
                </PanelBoundary>
              </div>
            ),
          },
          {
            key: 'context',
            label: (
              <>
                {problemsText.contextTab}{' '}
                {contextIssues.length > 0 ? (
                  <span className="count count-bad">{problemsText.ctxInvalidCount(contextIssues.length)}</span>
                ) : null}
              </>
            ),
            content: (
              <div className="tab-scroll" tabIndex={0} role="group" aria-label={problemsText.contextTab}>
                <PanelBoundary lang={lang} resetKey={draft}>
                  <Suspense fallback={<p className="muted">…</p>}>
                    <ContextForm
                      lang={lang}
                      draft={draft}
                      issues={contextIssues}
                      onChange={onContext}
                      handle={targets.contextForm.ref}
                    />
                  </Suspense>
                </PanelBoundary>
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
