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
 * form one column under a sticky bar (PanelNav); each component's module
 * says its own narrow layout.
 * The pieces are in ./shell: the right column, the problems and context
 * tabs, the narrow bar, the links and where focus can go.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type CSSProperties, type JSX } from 'react';
import type { Problem } from '../playground/evaluate.ts';
import { copyText, setPageLanguage, setPresenting } from '../playground/browser.ts';
import { AwaitingMcpSource } from './shell/AwaitingMcpSource.tsx';
import { PresentContext } from './hooks/usePresent.ts';
import type { AppState } from '../playground/reducer.ts';
import { usePlayground } from './state/usePlayground.ts';
import { isEdited, scenarioMeta } from '../playground/work.ts';
import { Splitter } from './components/Splitter.tsx';
import { createEditorBridge } from './features/editor/bridge.ts';
import { EditorPanel } from './features/editor/EditorPanel.tsx';
import { useGuide } from './features/guide/useGuide.ts';
import { Header } from './features/header/Header.tsx';
import { ModeSwitch } from './features/header/ModeSwitch.tsx';
import { Notices } from './features/notices/Notices.tsx';
import { useViolationWords } from './i18n/useViolationWords.ts';
import { problemMessage } from './features/problems/ProblemsList.tsx';
import { scenarioOptions, Toolbar } from './features/toolbar/Toolbar.tsx';
import { useOpenDocument } from './evaluation/useOpenDocument.ts';
import { useLastGoodScenario } from './hooks/useLastGoodScenario.ts';
import { afterNextPaint } from './hooks/useAfterFirstPaint.ts';
import { useResolvedTheme } from './hooks/useTheme.ts';
import { useTopOnNewMode } from './hooks/useTopOnNewMode.ts';
import { HEADER_TEXT } from './features/header/text.ts';
import { TOOLBAR_TEXT } from './features/toolbar/text.ts';
import { SHELL_TEXT } from './shell/text.ts';
import { loadContextForm, ProblemsAndContext } from './shell/ProblemsAndContext.tsx';
import { PageHost } from './shell/PageHost.tsx';
import { KeyboardAids } from './shell/KeyboardAids.tsx';
import { RightColumn, type AttackVerdictLine } from './shell/RightColumn.tsx';
import { shellLinks } from './shell/shellLinks.ts';
import { usePanelFocus } from './shell/usePanelFocus.ts';
import { useProblemSubject } from './shell/problemSubject.ts';
import { VerdictBar } from './shell/VerdictBar.tsx';
import { usePlaygroundTestHook } from './shell/usePlaygroundTestHook.ts';
import { Workspace } from './components/Workspace.tsx';
import styles from './App.module.css';
import { EXERCISE_SCENARIO_IDS, findScenario } from '../chapter/index.ts';

// The model's turn carries the stream fixtures and the turn core: its own chunk, loaded with its mode.
const TurnMode = lazy(() => import('./features/turn/TurnMode.tsx'));
// Opened on demand: off the first load.
const ShareDialog = lazy(() => import('./features/share/ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));
const HelpDialog = lazy(() => import('./features/help/HelpDialog.tsx').then((m) => ({ default: m.HelpDialog })));
// The "Start here" guide: its words load with it, on a first visit or from Help.
const GuideDialog = lazy(() => import('./features/guide/GuideDialog.tsx').then((m) => ({ default: m.GuideDialog })));

export function App({
  boot,
  firstVisit = false,
  present: presentAtBoot = false,
}: {
  boot: () => AppState;
  firstVisit?: boolean;
  present?: boolean;
}): JSX.Element {
  const { state, api } = usePlayground(boot);
  const { work, lang, prefs, notices } = state;
  const theme = useResolvedTheme(prefs.theme);
  const shellText = SHELL_TEXT[lang];
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
  const openHelp = useCallback(() => setHelpOpen(true), []);
  const closeHelp = useCallback(() => setHelpOpen(false), []);
  const { targets, bottomTab, setBottomTab, focusField } = usePanelFocus(bridge, openHelp);
  // After the first frame: the verdict is painted before this chunk is evaluated.
  useEffect(() => afterNextPaint(() => void loadContextForm()), []);

  // The document in the editor and its evaluation; for an MCP document, also what the page says of it.
  const { doc, docKey, input: deferred, evaluation, counts, awaiting, mcp, view } = useOpenDocument(work, lang);
  const attackScenario = useLastGoodScenario(work, evaluation, deferred.key, deferred.source);

  useEffect(() => setPageLanguage(lang === 'zh' ? 'zh-CN' : 'en', HEADER_TEXT[lang].appTitle), [lang]);
  useTopOnNewMode(work.mode);

  const words = useViolationWords(lang);
  const markerMessage = useCallback((p: Problem) => problemMessage(p, lang, words), [lang, words]);
  const onReveal = useCallback(
    (p: Problem) => {
      if (p.range !== null) bridge.reveal(p.range);
      else if (p.field !== null) focusField(p.field);
    },
    [bridge, focusField],
  );

  usePlaygroundTestHook(work, api, counts);

  const { guideOpen, openGuide, closeGuide } = useGuide(firstVisit, closeHelp);
  const judged = useProblemSubject(work, doc.handlerText, evaluation);
  const problemCount = judged.problems.length;
  const meta =
    work.mode === 'exercise'
      ? findScenario(EXERCISE_SCENARIO_IDS[work.exercise.activeIndex] ?? '')
      : scenarioMeta(work, work.scenarioId);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `mcp`: the MCP scenarios' titles come with its chunk
  const options = useMemo(() => scenarioOptions(work, lang), [work, lang, mcp]);
  const layout = prefs.layout;
  const wideRight = work.mode === 'attack' || work.mode === 'learn';
  const left = wideRight ? layout.attackLeft : layout.left;
  const setLeft = (v: number) => api.setLayout(wideRight ? { attackLeft: v } : { left: v });
  const links = shellLinks(work, present, api.go);
  const onShare = () => {
    void api.share().then((r) => {
      if (r.ok) setShareUrl(r.url);
    });
  };

  const noticesRow = <Notices lang={lang} notices={notices} onDismiss={api.dismiss} onRestore={api.restoreStash} />;
  const modeSwitch = <ModeSwitch lang={lang} mode={work.mode} hrefOf={links.hrefOf} onMode={api.setMode} />;
  return (
    <PresentContext value={present}>
      <div className={`app ${styles.app}`} data-mode={work.mode} data-present={present ? 'on' : undefined}>
        <KeyboardAids lang={lang} work={work} api={api} onEditor={() => bridge.focus()} />
        <Header
          lang={lang}
          mode={work.mode}
          theme={prefs.theme}
          present={present}
          hrefOf={links.hrefOf}
          onMode={api.setMode}
          onLang={api.setLang}
          onTheme={api.setTheme}
          onPresent={onPresent}
          onHelp={openHelp}
        />
        {work.mode === 'recovery' || (work.mode === 'attack' && work.attackCase !== undefined) ? (
          <PageHost lang={lang} state={state} links={links} api={api} notices={noticesRow} onShare={onShare} />
        ) : work.mode === 'turn' ? (
          <Suspense fallback={<p className="muted">…</p>}>
            <TurnMode
              lang={lang}
              theme={theme}
              turn={work.turn}
              onTurn={api.setTurn}
              onReplaceTurn={api.replaceTurn}
              notify={api.notify}
              onShare={onShare}
              onOpenScenario={(id) => api.go({ mode: 'playground', scenarioId: id, attackId: null })}
              scenarioHref={(id) =>
                links.hrefFor({ mode: 'playground', scenarioId: id, attackId: null, mistake: undefined })
              }
              left={layout.turnLeft}
              onLeft={(v) => api.setLayout({ turnLeft: v })}
              splitterLabel={shellText.splitterColumns}
              bridge={bridge}
              notices={noticesRow}
              modeSwitch={modeSwitch}
            />
          </Suspense>
        ) : (
          <>
            <Toolbar
              lang={lang}
              exercise={work.mode === 'exercise' ? { index: work.exercise.activeIndex } : null}
              scenarioId={work.scenarioId}
              options={options}
              mcpGroup={mcp?.MCP_SOURCE_TEXT[lang].pickerGroup ?? 'MCP'}
              summary={meta?.summary[lang] ?? ''}
              edited={isEdited(work)}
              onSelect={api.selectScenario}
              onReset={api.resetScenario}
              onShare={onShare}
              onExport={api.exportScenario}
              onImport={(f) => void api.importScenario(f)}
              next={
                work.mode === 'playground' && work.scenarioId === 'search_kb.injection'
                  ? { ...links.injectionTurn, label: TOOLBAR_TEXT[lang].nextTurn }
                  : null
              }
            />
            {noticesRow}
            {awaiting !== null ? (
              <AwaitingMcpSource lang={lang} failed={awaiting === 'failed'} />
            ) : (
              <>
                <VerdictBar
                  lang={lang}
                  mode={work.mode}
                  problemCount={problemCount}
                  verdict={judged.verdict}
                  attackVerdict={attackVerdict}
                  targets={targets}
                  onTab={setBottomTab}
                  modeSwitch={modeSwitch}
                />
                <Workspace style={{ '--left': `${left}%` } as CSSProperties}>
                  <div className={styles.left} style={{ '--editor': `${layout.editor}%` } as CSSProperties}>
                    <EditorPanel
                      lang={lang}
                      docKey={docKey}
                      tool={doc.context.tool}
                      mcp={view?.editor ?? null}
                      text={doc.handlerText}
                      onChange={api.setHandlerText}
                      theme={theme}
                      evaluatedText={deferred.handlerText}
                      problems={judged.problems}
                      problemMessage={markerMessage}
                      tooLarge={!evaluation.parse.ok && evaluation.parse.error.code === 'TOO_LARGE'}
                      bridge={bridge}
                      target={targets.editor}
                    />
                    <Splitter
                      orientation="horizontal"
                      value={layout.editor}
                      min={20}
                      max={85}
                      label={shellText.splitterEditor}
                      onChange={(v) => api.setLayout({ editor: v })}
                    />
                    <ProblemsAndContext
                      lang={lang}
                      words={words}
                      evaluation={evaluation}
                      subject={view !== undefined && judged.subject.kind === 'typed' ? view.subject : judged.subject}
                      draft={doc.context}
                      onContext={api.setContext}
                      onReveal={onReveal}
                      onStripComments={api.stripComments}
                      tab={bottomTab}
                      onTab={setBottomTab}
                      targets={targets}
                    />
                  </div>
                  <Splitter
                    orientation="vertical"
                    value={left}
                    min={20}
                    max={80}
                    label={shellText.splitterColumns}
                    onChange={setLeft}
                  />
                  <RightColumn
                    lang={lang}
                    words={words}
                    state={state}
                    api={api}
                    evaluation={evaluation}
                    scenario={attackScenario}
                    targets={targets}
                    present={present}
                    injectionTurn={links.injectionTurn}
                    agentdojoCase={links.agentdojoCase}
                    recoveryLink={links.recovery}
                    recoveryLab={{ href: links.recoveryCaseHref, open: links.openRecoveryCase }}
                    notStarted={judged.notStarted}
                    onVerdict={setAttackVerdict}
                    auditNote={view?.auditNote}
                    source={doc.source}
                  />
                </Workspace>
              </>
            )}
          </>
        )}
        {helpOpen ? (
          <Suspense fallback={null}>
            <HelpDialog lang={lang} open onClose={closeHelp} onGuide={openGuide} />
          </Suspense>
        ) : null}
        {guideOpen ? (
          <Suspense fallback={null}>
            <GuideDialog lang={lang} targets={links.guideTargets()} onClose={closeGuide} />
          </Suspense>
        ) : null}
        {shareUrl !== null ? (
          <Suspense fallback={null}>
            <ShareDialog lang={lang} url={shareUrl} onClose={() => setShareUrl(null)} onCopy={copyText} />
          </Suspense>
        ) : null}
      </div>
    </PresentContext>
  );
}
