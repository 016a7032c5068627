/**
 * Under the editor: the problems of the handler output, and the trusted
 * context it is checked against, in two tabs. The context form is off the
 * first load (issue 10's budget): App fetches it as soon as the page has painted.
 */
import { lazy, Suspense, type JSX } from 'react';
import type { ContextDraft, ContextIssue } from '../../playground/contextDraft.ts';
import type { Evaluation, Problem } from '../../playground/evaluate.ts';
import type { Lang } from '../../lang.ts';
import { PanelBoundary } from '../components/Panel.tsx';
import { Tabs } from '../components/Tabs.tsx';
import type { BottomTab } from '../features/panelNav/PanelNav.tsx';
import { ProblemsList } from '../features/problems/ProblemsList.tsx';
import type { Translate } from '../i18n/strings.ts';
import type { DetailOf } from '../i18n/useViolationDetail.ts';
import type { FocusTargets } from './usePanelFocus.ts';

export const loadContextForm = () => import('../features/context/ContextForm.tsx');
const ContextForm = lazy(() => loadContextForm().then((m) => ({ default: m.ContextForm })));

/** One empty list, so that the memoized context form is not re-rendered by a new `[]` on every keystroke. */
const NO_CONTEXT_ISSUES: readonly ContextIssue[] = [];

export interface ProblemsAndContextProps {
  t: Translate;
  lang: Lang;
  detailOf: DetailOf;
  evaluation: Evaluation;
  draft: ContextDraft;
  onContext(draft: ContextDraft): void;
  onReveal(p: Problem): void;
  tab: BottomTab;
  onTab(tab: BottomTab): void;
  targets: FocusTargets;
}

export function ProblemsAndContext({ t, lang, detailOf, evaluation, draft, onContext, onReveal, tab, onTab, targets }: ProblemsAndContextProps): JSX.Element {
  const contextIssues = evaluation.context.ok ? NO_CONTEXT_ISSUES : evaluation.context.issues;
  const problemCount = evaluation.problems.length;
  return (
    <section className="panel panel-bottom" aria-label={`${t('problemsTab')} / ${t('contextTab')}`}>
      <Tabs<BottomTab>
        handle={targets.bottomTabs}
        id="bottom-tabs"
        label={`${t('problemsTab')} / ${t('contextTab')}`}
        selected={tab}
        onSelect={onTab}
        items={[
          {
            key: 'problems',
            label: (
              <>
                {t('problemsTab')} <span className={`count ${problemCount > 0 ? 'count-bad' : 'count-ok'}`}>{problemCount}</span>
              </>
            ),
            content: (
              <div className="tab-scroll" tabIndex={0} role="group" aria-label={t('problemsTab')}>
                <PanelBoundary t={t} resetKey={evaluation}>
                  <ProblemsList t={t} lang={lang} detailOf={detailOf} problems={evaluation.problems} onReveal={onReveal} firstRef={targets.firstProblem} />
                </PanelBoundary>
              </div>
            ),
          },
          {
            key: 'context',
            label: (
              <>
                {t('contextTab')} {contextIssues.length > 0 ? <span className="count count-bad">{t('ctxInvalidCount', { n: contextIssues.length })}</span> : null}
              </>
            ),
            content: (
              <div className="tab-scroll" tabIndex={0} role="group" aria-label={t('contextTab')}>
                <PanelBoundary t={t} resetKey={draft}>
                  <Suspense fallback={<p className="no-result">…</p>}>
                    <ContextForm lang={lang} draft={draft} issues={contextIssues} onChange={onContext} handle={targets.contextForm.ref} />
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
