/**
 * The playground's fifth mode (docs/turn.md#in-the-playground-the-model-turn-mode):
 * the model's turn, from the raw
 * stream to the next request. Left, the stream the learner steps through and
 * the fault switches; right, what the dispatcher makes of it: this step and
 * its decision, the handler output of each call that runs (under the context
 * the gate built), the next request's body, the stream as text, and the
 * injection story. Everything shown is `turnView` of the learner's work
 * (src/playground/turn/turnView.ts); this component keeps only which step,
 * tab, call and continuation mode are open.
 */
import {
  useCallback,
  useDeferredValue,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type JSX,
  type ReactNode,
} from 'react';
import type { ContinuationMode } from '#lib/core/turn/index.ts';
import type { Lang } from '../../../lang.ts';
import type { NoticeInput } from '../../../playground/reducer.ts';
import type { FaultId } from '../../../playground/turn/faults.ts';
import { FAULT_TEXT } from '../../../playground/turn/faultText.ts';
import { isRecordedStreamId, providerOfStream } from '../../../playground/turn/turnAddress.ts';
import {
  isTurnDocEdited,
  turnDocOf,
  withTurnDoc,
  withTurnStep,
  type TurnDoc,
  type TurnWork,
} from '../../../playground/turn/turnWork.ts';
import { storyStepsReached } from '../../../playground/turn/storyProgress.ts';
import { callsView, streamView } from '../../../playground/turn/turnView.ts';
import { PanelNav } from '../panelNav/PanelNav.tsx';
import { Splitter } from '../../components/Splitter.tsx';
import { tabRef, Tabs, tabsRootRef, type TabsHandle } from '../../components/Tabs.tsx';
import { panelTarget } from '../../components/focus.ts';
import type { EditorBridge } from '../editor/bridge.ts';
import { ContinuationPanel } from './ContinuationPanel.tsx';
import { verdictOf } from './DecisionView.tsx';
import { HandlerTab } from './HandlerTab.tsx';
import { CallWorkbench } from './CallWorkbench.tsx';
import { InjectionStoryView } from './InjectionStoryView.tsx';
import { StepTab } from './StepTab.tsx';
import { StreamPanel } from './StreamPanel.tsx';
import { StreamTextEditor } from './StreamTextEditor.tsx';
import { TURN_TEXT } from './text.ts';
import { TurnLoading } from './TurnLoading.tsx';
import { TurnToolbar } from './TurnToolbar.tsx';
import { useTurnStep } from './useTurnStep.ts';
import { useRecordedStream } from './useRecordedStream.ts';
import { turnFileActions } from './turnFileActions.ts';
import { TAB_LABEL, tabsOf, useTurnPlace, type TurnTab } from './useTurnPlace.ts';
import styles from './TurnMode.module.css';
import { Workspace } from '../../components/Workspace.tsx';

export interface TurnModeProps {
  lang: Lang;
  theme: 'light' | 'dark';
  turn: TurnWork;
  onTurn(turn: TurnWork): void;
  /** A change that may drop edits (reset, import): set aside first, reported with an offer to restore. */
  onReplaceTurn(turn: TurnWork, notice: NoticeInput): void;
  notify(n: NoticeInput): void;
  onShare(): void;
  onOpenScenario(id: string): void;
  scenarioHref(id: string): string;
  left: number;
  onLeft(v: number): void;
  splitterLabel: string;
  bridge: EditorBridge;
  /** The page's notices row, placed between this mode's toolbar and its workspace as in every mode. */
  notices: ReactNode;
  modeSwitch: ReactNode;
}

export default function TurnMode(p: TurnModeProps): JSX.Element {
  const { lang, turn, onTurn } = p;
  const x = TURN_TEXT[lang];
  const doc = turnDocOf(turn);
  const [continuation, setContinuation] = useState<ContinuationMode>('stateless');
  const deferredDoc = useDeferredValue(doc);
  const isRecorded = isRecordedStreamId(turn.stream);
  const loaded = useRecordedStream(turn.stream, isRecorded);
  const waiting = isRecorded && (loaded === null || loaded.stream === null);
  // turnView in its two parts: a handler edit recomputes the calls and the next request, never the stream's reading.
  const streamPart = useMemo(
    () => streamView(turn.stream, { stream: deferredDoc.stream, fault: deferredDoc.fault }, loaded?.stream ?? null),
    [turn.stream, deferredDoc.stream, deferredDoc.fault, loaded],
  );
  const view = useMemo(
    () => callsView(streamPart, deferredDoc.handlers, continuation),
    [streamPart, deferredDoc.handlers, continuation],
  );
  const marks = view.overview?.marks ?? [];
  const last = deferredDoc === doc && !waiting && marks.length > 0 ? marks.length - 1 : null;
  const { index, setIndex, openStream, tab, setTab, callId, setCallId } = useTurnPlace(turn, onTurn, last);
  const [streamPanel] = useState(panelTarget);
  const tabsHandle = useRef<TabsHandle<TurnTab>>(null);
  const at = Math.min(index, Math.max(0, marks.length - 1));
  // The full step is computed for the event on screen only (O(events)); holding an arrow key defers it, never the list.
  const shownAt = useDeferredValue(at);
  const step = useTurnStep(streamPart.provider, streamPart.overview, shownAt);

  const setDoc = useCallback((d: TurnDoc) => onTurn(withTurnDoc(turn, d)), [onTurn, turn]);
  const onHandlerText = useCallback(
    (id: string, text: string) => setDoc({ ...doc, handlers: { ...doc.handlers, [id]: text } }),
    [setDoc, doc],
  );
  const onFault = (id: FaultId | null) => {
    // The switch's code shows at the end of the stream: go there (one update: the edit and the step together).
    onTurn(withTurnStep(withTurnDoc(turn, { ...doc, fault: id }), Number.MAX_SAFE_INTEGER));
    setTab('step');
  };

  const tabs = tabsOf(turn.stream);
  const shownTab = tabs.includes(tab) ? tab : 'step';
  const decision = view.decision;
  const verdict = verdictOf(x, decision);
  const running = decision?.kind === 'gated' ? decision.calls.filter((c) => c.runs) : [];
  const chosen = running.find((c) => c.call_id === callId) ?? running[0];
  const handler = view.handlers.find((h) => h.call_id === chosen?.call_id);
  const faultLabel = view.fault?.applied === true ? FAULT_TEXT[lang].label[view.fault.id] : null;

  const { exportStream, importStream, reset } = turnFileActions(turn, view, p.notify, p.onReplaceTurn);

  const stepTab = (
    <StepTab
      x={x}
      lang={lang}
      textError={view.textError}
      step={step}
      turnContext={streamPart.fixture.turn_context}
      last={shownAt >= marks.length - 1}
    />
  );
  const handlerTab = (
    <HandlerTab x={x} lang={lang} decision={decision} running={running} chosen={chosen} onCallId={setCallId}>
      {chosen !== undefined && handler !== undefined ? (
        <>
          {!handler.parsed.ok ? (
            <p className="inline-warning">{x.handlerNotJson(`${handler.parsed.line}:${handler.parsed.column}`)}</p>
          ) : null}
          <CallWorkbench
            x={x}
            lang={lang}
            theme={p.theme}
            streamId={turn.stream}
            call={chosen}
            handler={handler}
            onHandlerText={onHandlerText}
            bridge={p.bridge}
          />
        </>
      ) : null}
    </HandlerTab>
  );

  return (
    <>
      <TurnToolbar
        x={x}
        lang={lang}
        provider={providerOfStream(turn.stream)}
        stream={turn.stream}
        edited={isTurnDocEdited(doc)}
        onStream={openStream}
        onReset={reset}
        onShare={p.onShare}
        onExport={exportStream}
        onImport={(f) => void importStream(f)}
      />
      {p.notices}
      {waiting ? (
        <TurnLoading x={x} error={loaded?.error ?? null} />
      ) : (
        <>
          <PanelNav
            lang={lang}
            ok={verdict.ok}
            status={[verdict.text]}
            modeSwitch={p.modeSwitch}
            jumps={[
              { key: 'stream', label: x.streamTitle, section: streamPanel.section, focus: streamPanel.title },
              ...tabs.map((k) => ({
                key: k,
                label: x[TAB_LABEL[k]],
                section: tabsRootRef(tabsHandle),
                focus: tabRef(tabsHandle, k),
                before: () => setTab(k),
              })),
            ]}
          />
          <Workspace
            className={styles.turnWorkspace}
            style={{ '--left': `${p.left}%` } as CSSProperties}
            data-testid="turn-mode"
          >
            <StreamPanel
              x={x}
              lang={lang}
              target={streamPanel}
              recording={loaded?.stream?.recording ?? null}
              verdict={verdict}
              view={view}
              at={at}
              onIndex={setIndex}
              onFault={onFault}
            />
            <Splitter
              orientation="vertical"
              value={p.left}
              min={20}
              max={80}
              label={p.splitterLabel}
              onChange={p.onLeft}
            />
            <section className={`panel ${styles.turnTabs}`} aria-label={x.tabsLabel}>
              <Tabs<TurnTab>
                handle={tabsHandle}
                id="turn-tabs"
                label={x.tabsLabel}
                selected={shownTab}
                onSelect={setTab}
                items={[
                  { key: 'step', label: x.tabStep, content: stepTab },
                  {
                    key: 'handler',
                    label: (
                      <>
                        {x.tabHandler} <span className="count">{running.length}</span>
                      </>
                    ),
                    content: handlerTab,
                  },
                  {
                    key: 'continuation',
                    label: x.tabContinuation,
                    content: (
                      <div className="tab-scroll" tabIndex={0} role="group" aria-label={x.tabContinuation}>
                        <ContinuationPanel
                          x={x}
                          lang={lang}
                          view={view.continuation}
                          mode={continuation}
                          onMode={setContinuation}
                        />
                      </div>
                    ),
                  },
                  {
                    key: 'text',
                    label: x.tabText,
                    content: (
                      <div className="tab-scroll" tabIndex={0} role="group" aria-label={x.tabText}>
                        <StreamTextEditor
                          x={x}
                          text={doc.stream ?? view.text}
                          error={view.textError}
                          events={view.overview?.marks.length ?? null}
                          layout={view.overview?.layout ?? null}
                          faultLabel={faultLabel}
                          onText={(text) => setDoc({ ...doc, stream: text })}
                        />
                      </div>
                    ),
                  },
                  ...(tabs.includes('injection')
                    ? [
                        {
                          key: 'injection' as const,
                          label: x.tabInjection,
                          content: (
                            <div className="tab-scroll" tabIndex={0} role="group" aria-label={x.tabInjection}>
                              <InjectionStoryView
                                x={x}
                                provider={view.provider}
                                reached={storyStepsReached(marks, at)}
                                onOpenStream={openStream}
                                onOpenScenario={p.onOpenScenario}
                                scenarioHref={p.scenarioHref('search_kb.injection')}
                              />
                            </div>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
            </section>
          </Workspace>
        </>
      )}
    </>
  );
}
