/**
 * The playground shell. State comes from one hook (./state/usePlayground.ts);
 * what the learner sees is one pure function of it (src/playground/evaluate.ts);
 * this file only lays the panels out and wires them together.
 *
 *   ┌ header: modes · language · theme · help ─────────────────────────────┐
 *   ├ toolbar: scenario · summary · share / export / import ───────────────┤
 *   │ editor (handler output)  ┃ model_result │ protected_audit           │
 *   │━━━━━━━━━━━━━━━━━━━━━━━━━━┃━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━│
 *   │ problems | trusted context┃ digests      │ provider payloads         │
 *   └──────────────────────────────────────────────────────────────────────┘
 * In attack mode the right column is the attack lab; in exercise mode, the
 * exercise panel above the two projections. Below 1024 px the same panels
 * form one column under a sticky bar (styles/narrow.css, PanelNav).
 */
import { createRef, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type JSX, type RefObject } from 'react';
import { EXERCISE_SCENARIO_IDS, findScenario } from '../core/result/index.ts';
import { type TrustedContext } from '../core/result/index.ts';
import { contextFromDraft, type ContextDraft, type ContextIssue, type DraftField } from '../playground/contextDraft.ts';
import type { Problem } from '../playground/evaluate.ts';
import { searchOf } from '../playground/address.ts';
import { providerOfStream } from '../playground/turn/turnAddress.ts';
import { copyText, setPresenting } from '../playground/browser.ts';
import { withPresent } from '../playground/presentAddress.ts';
import { PresentContext } from './hooks/usePresent.ts';
import type { AttackId } from '../lessons/attacks.ts';
import { sharePayloadOf } from '../playground/codecs/shareLink.ts';
import type { AppState } from '../playground/reducer.ts';
import { usePlayground } from './state/usePlayground.ts';
import { currentDoc, isEdited, listedScenarioIds, scenarioMeta, workedAnswer, type Doc, type Mode } from '../playground/work.ts';
import type { ProofStep } from '../lessons/exerciseProofs.ts';
import { Panel, PanelBoundary } from './components/Panel.tsx';
import { Splitter } from './components/Splitter.tsx';
import { Tabs, type TabsHandle } from './components/Tabs.tsx';
import { focusFirstSoon, PANEL_IDS, type PanelId } from './components/focus.ts';
import type { ContextFormHandle } from './features/context/ContextForm.tsx';
import { createEditorBridge } from './features/editor/bridge.ts';
import { EditorPanel } from './features/editor/EditorPanel.tsx';
import { DigestsPanel } from './features/digests/DigestsPanel.tsx';
import type { GuideLink, GuideTargets } from './features/guide/GuideDialog.tsx';
import { useGuide } from './features/guide/useGuide.ts';
import { Header } from './features/header/Header.tsx';
import { Notices } from './features/notices/Notices.tsx';
import { modeJumps, PanelNav, type BottomTab } from './features/panelNav/PanelNav.tsx';
import { useViolationDetail } from './i18n/useViolationDetail.ts';
import { PayloadsPanel } from './features/payloads/PayloadsPanel.tsx';
import { ProblemsList, problemMessage } from './features/problems/ProblemsList.tsx';
import { NoResult, ProjectionPanels } from './features/projections/ProjectionPanels.tsx';
import { Toolbar } from './features/toolbar/Toolbar.tsx';
import { evaluationCounts, useDocumentEvaluation } from './evaluation/useDocumentEvaluation.ts';
import { useLastGoodScenario } from './hooks/useLastGoodScenario.ts';
import { useShortcuts } from './hooks/useShortcuts.ts';
import { afterNextPaint } from './hooks/useAfterFirstPaint.ts';
import { useResolvedTheme } from './hooks/useTheme.ts';
import { translator } from './i18n/strings.ts';
import { exposeForTests } from './testHooks.ts';

// The attack lab and the exercise load when their mode opens: the playground paints with less JavaScript.
const AttackLab = lazy(() => import('./features/attackLab/AttackLab.tsx').then((m) => ({ default: m.AttackLab })));
type AttackVerdictLine = import('./features/attackLab/AttackLab.tsx').AttackVerdictLine;
const ExercisePanel = lazy(() => import('./features/exercise/ExercisePanel.tsx').then((m) => ({ default: m.ExercisePanel })));
// Opened on demand: off the first load.
const ShareDialog = lazy(() => import('./features/share/ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));
const HelpDialog = lazy(() => import('./features/help/HelpDialog.tsx').then((m) => ({ default: m.HelpDialog })));
// The "Start here" guide: its words load with it, on a first visit or from Help.
const GuideDialog = lazy(() => import('./features/guide/GuideDialog.tsx').then((m) => ({ default: m.GuideDialog })));
// In the second bottom tab: off the first load (issue 10's budget), fetched as soon as the page has painted.
const loadContextForm = () => import('./features/context/ContextForm.tsx');
const ContextForm = lazy(() => loadContextForm().then((m) => ({ default: m.ContextForm })));
const LearnView = lazy(() => import('./features/learn/LearnView.tsx').then((m) => ({ default: m.LearnView })));
// The model's turn carries the stream fixtures and the turn core: its own chunk, loaded with its mode.
const TurnMode = lazy(() => import('./features/turn/TurnMode.tsx'));

/** One empty list, so that the memoized context form is not re-rendered by a new `[]` on every keystroke. */
const NO_CONTEXT_ISSUES: readonly ContextIssue[] = [];

/** The exercise panel receives trusted contexts: a draft that is not a valid one goes as null, and its slot has no package. */
function exerciseContext(d: ContextDraft): TrustedContext | null {
  const r = contextFromDraft(d);
  return r.ok ? r.value : null;
}
const exerciseInput = (d: Doc) => ({ handler_output_text: d.handlerText, context: exerciseContext(d.context) });
/** The worked answers' texts, shown only when the learner asks for one. */
const WORKED_TEXTS = [0, 1, 2, 3, 4].map((i) => workedAnswer(i)?.handlerText ?? '');

const panelRefs = () => Object.fromEntries(PANEL_IDS.map((id) => [id, createRef<HTMLHeadingElement>()])) as Record<PanelId, RefObject<HTMLHeadingElement | null>>;

export function App({ boot, firstVisit = false, present: presentAtBoot = false }: { boot: () => AppState; firstVisit?: boolean; present?: boolean }): JSX.Element {
  const { state, api } = usePlayground(boot);
  const { work, lang, prefs, notices } = state;
  const t = useMemo(() => translator(lang), [lang]);
  const theme = useResolvedTheme(prefs.theme);
  const [bottomTab, setBottomTab] = useState<BottomTab>('problems');
  const [helpOpen, setHelpOpen] = useState(false);
  const [present, setPresent] = useState(presentAtBoot);
  // The open attack's verdict, reported by the lab: on a phone the sticky bar says it, not the editor's.
  const [attackVerdict, setAttackVerdict] = useState<AttackVerdictLine | null>(null);
  const onPresent = useCallback((on: boolean) => {
    setPresenting(on);
    setPresent(on);
  }, []);
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const bridge = useMemo(createEditorBridge, []);
  // What focus can move to: each component hands out its own handle.
  const panels = useMemo(panelRefs, []);
  const projectionFocus = useMemo(() => ({ modelResult: panels['panel-model-result'], protectedAudit: panels['panel-protected-audit'] }), [panels]);
  const bottomTabs = useRef<TabsHandle<BottomTab>>(null);
  const firstProblem = useRef<HTMLButtonElement>(null);
  const contextForm = useRef<ContextFormHandle>(null);
  const exerciseHost = useRef<HTMLDivElement>(null);
  // The form may still be loading when a context problem is chosen: try again on the next frames until it is there.
  const focusField = useCallback((f: DraftField) => {
    let tries = 0;
    const attempt = () => {
      if (contextForm.current !== null) contextForm.current.focusField(f);
      else if (tries++ < 120) requestAnimationFrame(attempt);
    };
    requestAnimationFrame(attempt);
  }, []);
  // After the first frame: the verdict is painted before this chunk is evaluated.
  useEffect(() => afterNextPaint(() => void loadContextForm()), []);

  // The document in the editor, and its evaluation (deferred, and for large texts in a worker: typing stays smooth).
  const doc = useMemo(() => currentDoc(work), [work]);
  const docKey = work.mode === 'exercise' ? `exercise-${work.exercise.activeIndex + 1}` : work.scenarioId;
  const input = useMemo(() => ({ key: docKey, handlerText: doc.handlerText, context: doc.context }), [docKey, doc.handlerText, doc.context]);
  const { input: deferred, evaluation } = useDocumentEvaluation(input);
  const attackScenario = useLastGoodScenario(work, evaluation, deferred.key);

  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.title = t('appTitle');
  }, [lang, t]);

  const detailOf = useViolationDetail(lang);
  const markerMessage = useCallback((p: Problem) => problemMessage(p, lang, t, detailOf), [lang, t, detailOf]);
  const onReveal = useCallback(
    (p: Problem) => {
      if (p.range !== null) bridge.reveal(p.range);
      else if (p.field !== null) {
        setBottomTab('context');
        focusField(p.field);
      }
    },
    [bridge, focusField],
  );

  useShortcuts({
    help: () => setHelpOpen(true),
    panel: (n) => {
      if (n === 1) bridge.focus();
      else if (n === 2) {
        setBottomTab('problems');
        requestAnimationFrame(() => (firstProblem.current ?? bottomTabs.current?.tab('problems'))?.focus());
      } else if (n === 3) {
        setBottomTab('context');
        focusField('tenant');
      } else if (n === 4) focusFirstSoon(panels['panel-attack'], panels['panel-learn'], exerciseHost, panels['panel-model-result']);
      // Modes without digests and payloads send 5 and 6 to what they show instead.
      else if (n === 5) focusFirstSoon(panels['panel-digests'], panels['panel-model-result'], panels['panel-attack']);
      else if (n === 6) focusFirstSoon(panels['panel-payloads'], panels['panel-protected-audit'], panels['panel-attack']);
    },
  });

  // Browser tests read the state and set text through the app in an `e2e` build only.
  const latestWork = useRef(work);
  latestWork.current = work;
  useEffect(() => {
    exposeForTests('__playground', {
      snapshot: () => structuredClone(sharePayloadOf(latestWork.current)) as unknown,
      setHandlerText: (text: string) => api.setHandlerText(text),
      openShare: (fragment: string) => api.openShare(fragment),
      evaluations: () => ({ ...evaluationCounts }),
    });
  }, [api]);

  const closeHelp = useCallback(() => setHelpOpen(false), []);
  const onProofShown = useCallback((step: ProofStep) => api.recordProgress({ exercise: { type: 'shown', step } }), [api]);
  const { guideOpen, openGuide, closeGuide } = useGuide(firstVisit, closeHelp);
  const contextIssues = evaluation.context.ok ? NO_CONTEXT_ISSUES : evaluation.context.issues;
  const problemCount = evaluation.problems.length;
  const tool = doc.context.tool;
  const meta = work.mode === 'exercise' ? findScenario(EXERCISE_SCENARIO_IDS[work.exercise.activeIndex] ?? '') : scenarioMeta(work, work.scenarioId);
  const options = useMemo(() => listedScenarioIds(work).map((id) => ({ id, title: scenarioMeta(work, id)?.title[lang] ?? id, imported: findScenario(id) === null })), [work, lang]);
  const exerciseItems = useMemo(() => work.exercise.items.map(exerciseInput), [work.exercise.items]);
  const exerciseSealed = useMemo(() => work.exercise.sealed.map((d) => (d === null ? null : exerciseInput(d))), [work.exercise.sealed]);
  const layout = prefs.layout;
  const wideRight = work.mode === 'attack' || work.mode === 'learn';
  const left = wideRight ? layout.attackLeft : layout.left;
  const setLeft = (v: number) => api.setLayout(wideRight ? { attackLeft: v } : { left: v });
  // Every address the page writes keeps presentation on (a link opened in a new tab presents too).
  const hrefFor = (place: Parameters<typeof searchOf>[0]) => withPresent(searchOf(place), present);
  const hrefOf = (m: Mode) =>
    hrefFor({ mode: m, scenarioId: work.scenarioId, attackId: m === 'attack' ? work.attackId : null, mistake: m === 'learn' ? work.mistake : undefined, turnStream: work.turn.stream });
  // search_kb.injection's next turn (issue 13): the playground's bar and the attack lab's A14 link to it.
  const injectionStream = `${providerOfStream(work.turn.stream)}.injection_follow_up`;
  const injectionTurn = {
    href: hrefFor({ mode: 'turn', scenarioId: work.scenarioId, attackId: null, turnStream: injectionStream }),
    open: () => api.go({ mode: 'turn', scenarioId: work.scenarioId, attackId: null, turnStream: injectionStream }),
  };
  const guideTargets = (): GuideTargets => {
    const to = (place: Parameters<typeof api.go>[0]): GuideLink => ({ href: hrefFor({ ...place, attackId: place.attackId as AttackId | null, mistake: undefined }), open: () => api.go(place) });
    return {
      playground: to({ mode: 'playground', scenarioId: 'search_kb.hits', attackId: null }),
      exercise: to({ mode: 'exercise', scenarioId: work.scenarioId, attackId: null }),
      learn: to({ mode: 'learn', scenarioId: work.scenarioId, attackId: null }),
      attack: to({ mode: 'attack', scenarioId: 'search_kb.injection', attackId: 'A14' }),
      turn: injectionTurn,
    };
  };
  const onShare = () => {
    void api.share().then((r) => {
      if (r.ok) setShareUrl(r.url);
    });
  };

  const bottom = (
    <section className="panel panel-bottom" aria-label={`${t('problemsTab')} / ${t('contextTab')}`}>
      <Tabs<BottomTab>
        handle={bottomTabs}
        id="bottom-tabs"
        label={`${t('problemsTab')} / ${t('contextTab')}`}
        selected={bottomTab}
        onSelect={setBottomTab}
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
                  <ProblemsList t={t} lang={lang} detailOf={detailOf} problems={evaluation.problems} onReveal={onReveal} firstRef={firstProblem} />
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
                <PanelBoundary t={t} resetKey={doc.context}>
                  <Suspense fallback={<p className="no-result">…</p>}>
                    <ContextForm t={t} lang={lang} draft={doc.context} issues={contextIssues} onChange={api.setContext} handle={contextForm} />
                  </Suspense>
                </PanelBoundary>
              </div>
            ),
          },
        ]}
      />
    </section>
  );

  const proofsRow = (
    <div className="lower">
      <Panel id="panel-digests" title={t('digestsTitle')} subtitle={t('digestsDesc')} t={t} resetKey={evaluation} focusRef={panels['panel-digests']}>
        {evaluation.result === null ? <NoResult t={t} evaluation={evaluation} /> : <DigestsPanel t={t} result={evaluation.result} />}
      </Panel>
      <Panel id="panel-payloads" title={t('payloadsTitle')} subtitle={t('payloadsDesc')} t={t} resetKey={evaluation} focusRef={panels['panel-payloads']}>
        {evaluation.result === null ? <NoResult t={t} evaluation={evaluation} /> : <PayloadsPanel t={t} detailOf={detailOf} payloads={evaluation.result.payloads} />}
      </Panel>
    </div>
  );

  let right: JSX.Element;
  if (work.mode === 'learn') {
    right = (
      <div className="right right-single">
        <Panel id="panel-learn" title={t('learnTitle')} subtitle={t('learnDesc')} t={t} focusableBody={false} resetKey={attackScenario} focusRef={panels['panel-learn']}>
          <Suspense fallback={<p className="no-result">…</p>}>
            <LearnView
              scenario={attackScenario}
              mistake={work.mistake ?? null}
              lang={lang}
              progress={state.progress}
              onMistake={api.selectMistake}
              onOpenScenario={api.openScenario}
              onGo={(p) => {
                api.go(p);
                if (p.focus !== null) focusFirstSoon(panels[p.focus]);
              }}
              onPoints={(q, points) => api.recordProgress({ points: { [String(q)]: points } })}
              onAnswer={(q, text) => api.recordProgress({ answers: { [String(q)]: text } })}
              onResetProgress={api.resetProgress}
            />
          </Suspense>
        </Panel>
      </div>
    );
  } else if (work.mode === 'attack') {
    right = (
      <div className="right right-single">
        <Panel id="panel-attack" title={t('attackTitle')} subtitle={t('attackDesc')} t={t} focusableBody={false} resetKey={attackScenario} focusRef={panels['panel-attack']}>
          <Suspense fallback={<p className="no-result">…</p>}>
            <AttackLab
              scenario={attackScenario}
              attackId={work.attackId}
              lang={lang}
              onSelectAttack={api.selectAttack}
              onOpenScenario={api.openScenario}
              injectionTurn={injectionTurn}
              onVerdict={setAttackVerdict}
            />
          </Suspense>
        </Panel>
      </div>
    );
  } else {
    const upper =
      work.mode === 'exercise' ? (
        <div ref={exerciseHost} id="panel-exercise" className="exercise-host" data-panel="panel-exercise" tabIndex={-1} role="group" aria-labelledby="exercise-title">
          <PanelBoundary t={t} resetKey={exerciseItems}>
            <Suspense fallback={<p className="no-result">…</p>}>
              <ExercisePanel
                items={exerciseItems}
                sealed={exerciseSealed}
                workedTexts={WORKED_TEXTS}
                activeIndex={work.exercise.activeIndex}
                lang={lang}
                shown={state.progress.proofs}
                onActivate={api.activateExercise}
                onReset={api.resetExercise}
                onSeal={api.sealExercise}
                onUseWorked={api.loadWorkedAnswer}
                onShown={onProofShown}
              />
            </Suspense>
          </PanelBoundary>
        </div>
      ) : (
        <ProjectionPanels t={t} evaluation={evaluation} focus={projectionFocus} />
      );
    // Presenting the playground, the two projections are what the room reads: the digests and payloads fold (the toggle unfolds them).
    const lower = work.mode === 'exercise' ? <ProjectionPanels t={t} evaluation={evaluation} focus={projectionFocus} /> : present ? null : proofsRow;
    const top = work.mode === 'exercise' ? layout.exerciseTop : layout.top;
    const setTop = (v: number) => api.setLayout(work.mode === 'exercise' ? { exerciseTop: v } : { top: v });
    right =
      lower === null ? (
        <div className="right right-single right-folded">
          {upper}
          <p className="folded-note muted" data-testid="folded-note">
            {t('presentFolded')}
          </p>
        </div>
      ) : (
        <div className="right" style={{ '--top': `${top}%` } as CSSProperties}>
          {upper}
          <Splitter orientation="horizontal" value={top} min={20} max={85} label={t('splitterRows')} onChange={setTop} />
          {lower}
        </div>
      );
  }

  const noticesRow = <Notices t={t} lang={lang} notices={notices} onDismiss={api.dismiss} onRestore={api.restoreStash} />;

  return (
    <PresentContext value={present}>
      <div className="app" data-mode={work.mode} data-present={present ? 'on' : undefined}>
        <a
          className="skip-link"
          href="#editor"
          onClick={(e) => {
            e.preventDefault();
            bridge.focus();
          }}
        >
          {t('skipToEditor')}
        </a>
        <Header
          t={t}
          lang={lang}
          mode={work.mode}
          theme={prefs.theme}
          present={present}
          hrefOf={hrefOf}
          onMode={api.setMode}
          onLang={api.setLang}
          onTheme={api.setTheme}
          onPresent={onPresent}
          onHelp={() => setHelpOpen(true)}
        />
        {work.mode === 'turn' ? (
          <Suspense fallback={<p className="no-result">…</p>}>
            <TurnMode
              t={t}
              lang={lang}
              theme={theme}
              turn={work.turn}
              onTurn={api.setTurn}
              onReplaceTurn={api.replaceTurn}
              notify={api.notify}
              onShare={onShare}
              onOpenScenario={(id) => api.go({ mode: 'playground', scenarioId: id, attackId: null })}
              scenarioHref={(id) => hrefFor({ mode: 'playground', scenarioId: id, attackId: null, mistake: undefined })}
              left={layout.turnLeft}
              onLeft={(v) => api.setLayout({ turnLeft: v })}
              splitterLabel={t('splitterColumns')}
              bridge={bridge}
              notices={noticesRow}
            />
          </Suspense>
        ) : (
          <>
            <Toolbar
              t={t}
              lang={lang}
              exercise={work.mode === 'exercise' ? { index: work.exercise.activeIndex } : null}
              scenarioId={work.scenarioId}
              options={options}
              summary={meta?.summary[lang] ?? ''}
              edited={isEdited(work)}
              onSelect={api.selectScenario}
              onReset={api.resetScenario}
              onShare={onShare}
              onExport={api.exportScenario}
              onImport={(f) => void api.importScenario(f)}
              next={work.mode === 'playground' && work.scenarioId === 'search_kb.injection' ? { ...injectionTurn, label: t('nextTurn') } : null}
            />
            {noticesRow}
            {work.mode === 'attack' && attackVerdict !== null ? (
              <PanelNav
                t={t}
                ok={attackVerdict.kind !== 'not_stopped' && attackVerdict.kind !== 'sha256_passes_keyed_stops'}
                neutral={attackVerdict.kind === 'nothing_to_reject'}
                status={[attackVerdict.text, t('problemCount', { n: problemCount })]}
                jumps={[{ key: 'verdict', label: t('jumpVerdict', { id: attackVerdict.id }), section: 'attack-verdict', focus: 'attack-verdict' }, ...modeJumps(t, work.mode, setBottomTab)]}
              />
            ) : (
              <PanelNav
                t={t}
                ok={problemCount === 0}
                status={[t(problemCount === 0 ? 'verdictOk' : 'verdictRejected'), t('problemCount', { n: problemCount })]}
                jumps={modeJumps(t, work.mode, setBottomTab)}
              />
            )}
            <main className="workspace" style={{ '--left': `${left}%` } as CSSProperties}>
              <div className="left" style={{ '--editor': `${layout.editor}%` } as CSSProperties}>
                <EditorPanel
                  t={t}
                  lang={lang}
                  docKey={docKey}
                  tool={tool}
                  text={doc.handlerText}
                  onChange={api.setHandlerText}
                  theme={theme}
                  evaluatedText={deferred.handlerText}
                  problems={evaluation.problems}
                  problemMessage={markerMessage}
                  tooLarge={!evaluation.parse.ok && evaluation.parse.error.code === 'TOO_LARGE'}
                  bridge={bridge}
                />
                <Splitter orientation="horizontal" value={layout.editor} min={20} max={85} label={t('splitterEditor')} onChange={(v) => api.setLayout({ editor: v })} />
                {bottom}
              </div>
              <Splitter orientation="vertical" value={left} min={20} max={80} label={t('splitterColumns')} onChange={setLeft} />
              {right}
            </main>
          </>
        )}
        {helpOpen ? (
          <Suspense fallback={null}>
            <HelpDialog t={t} lang={lang} open onClose={closeHelp} onGuide={openGuide} />
          </Suspense>
        ) : null}
        {guideOpen ? (
          <Suspense fallback={null}>
            <GuideDialog t={t} lang={lang} targets={guideTargets()} onClose={closeGuide} />
          </Suspense>
        ) : null}
        {shareUrl !== null ? (
          <Suspense fallback={null}>
            <ShareDialog t={t} lang={lang} url={shareUrl} onClose={() => setShareUrl(null)} onCopy={copyText} />
          </Suspense>
        ) : null}
      </div>
    </PresentContext>
  );
}
