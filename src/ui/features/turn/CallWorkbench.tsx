/**
 * A call that runs, in the editor the learner knows: its handler output,
 * checked under the trusted context the gate built (the response id and call
 * id taken from the stream), with the problems, both projections, the
 * digests and the payloads the playground shows for any handler output. A
 * call the gate answered itself has no handler: its result is the
 * dispatcher's own.
 */
import { useCallback, useMemo, useState, type JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { draftFromContext } from '../../../playground/contextDraft.ts';
import type { Problem } from '../../../playground/evaluate.ts';
import type { DecidedCall } from '../../../playground/turn/decision.ts';
import type { HandlerText } from '../../../playground/turn/turnView.ts';
import { Tabs } from '../../components/Tabs.tsx';
import { PanelBoundary } from '../../components/Panel.tsx';
import { useDocumentEvaluation } from '../../evaluation/useDocumentEvaluation.ts';
import { DIGESTS_TEXT } from '../digests/text.ts';
import { PAYLOADS_TEXT } from '../payloads/text.ts';
import { PROBLEMS_TEXT } from '../problems/text.ts';
import { useViolationWords } from '../../i18n/useViolationWords.ts';
import { DigestsPanel } from '../digests/DigestsPanel.tsx';
import type { EditorBridge } from '../editor/bridge.ts';
import { EditorPanel } from '../editor/EditorPanel.tsx';
import { PayloadsPanel } from '../payloads/PayloadsPanel.tsx';
import { ProblemsList, problemMessage } from '../problems/ProblemsList.tsx';
import { NoResult, ProjectionPanels } from '../projections/ProjectionPanels.tsx';
import type { TurnTexts } from './text.ts';
import styles from './CallWorkbench.module.css';

type View = 'problems' | 'projections' | 'digests' | 'payloads';

export interface CallWorkbenchProps {
  x: TurnTexts;
  lang: Lang;
  theme: 'light' | 'dark';
  streamId: string;
  call: DecidedCall;
  handler: HandlerText;
  onHandlerText(callId: string, text: string): void;
  bridge: EditorBridge;
}

export function CallWorkbench({
  x,
  lang,
  theme,
  streamId,
  call,
  handler,
  onHandlerText,
  bridge,
}: CallWorkbenchProps): JSX.Element {
  const [view, setView] = useState<View>('problems');
  const context = useMemo(() => draftFromContext(call.trusted), [call.trusted]);
  const input = useMemo(
    () => ({ key: `turn:${streamId}:${call.call_id}`, handlerText: handler.text, context }),
    [streamId, call.call_id, handler.text, context],
  );
  const { input: evaluated, evaluation } = useDocumentEvaluation(input);
  const words = useViolationWords(lang);
  const markerMessage = useCallback((p: Problem) => problemMessage(p, lang, words), [lang, words]);
  const onChange = useCallback((text: string) => onHandlerText(call.call_id, text), [onHandlerText, call.call_id]);
  const onReveal = useCallback(
    (p: Problem) => {
      if (p.range !== null) bridge.reveal(p.range);
    },
    [bridge],
  );
  const tc = call.trusted.call;
  const count = evaluation.problems.length;
  return (
    <div className={styles.callWorkbench} data-testid="call-workbench" data-call={call.call_id}>
      <section className="gate-context" aria-labelledby="gate-context-title">
        <h3 id="gate-context-title">{x.gateBuilt}</h3>
        <p className="muted small">{x.gateBuiltDesc}</p>
        <dl className={styles.stepFacts}>
          <dt>response_id</dt>
          <dd data-testid="gate-response-id">
            <code>{tc.response_id}</code> <span className="chip chip-accent">{x.fromStream}</span>
          </dd>
          <dt>call_id</dt>
          <dd data-testid="gate-call-id">
            <code>{tc.call_id}</code> <span className="chip chip-accent">{x.fromStream}</span>
          </dd>
          <dt>tool · arguments</dt>
          <dd>
            <code>{call.trusted.tool}</code>{' '}
            <code className={styles.wrap}>{JSON.stringify(call.trusted.arguments)}</code>{' '}
            <span className="chip chip-accent">{x.fromStream}</span>
          </dd>
          <dt>operation_id · idempotency_key</dt>
          <dd>
            <code>{tc.operation_id}</code> <code>{tc.idempotency_key}</code>{' '}
            <span className="chip chip-quiet">{x.fromDispatcher}</span>
          </dd>
          <dt>principal · now</dt>
          <dd>
            <code>
              {call.trusted.principal.tenant}/{call.trusted.principal.subject}
            </code>{' '}
            <code>{call.trusted.now}</code> <span className="chip chip-quiet">{x.fromDispatcher}</span>
          </dd>
        </dl>
      </section>
      <p className="muted small">{x.handlerEditorNote}</p>
      <div className={styles.workbenchGrid}>
        <div className={styles.workbenchEditor}>
          <EditorPanel
            lang={lang}
            docKey={input.key}
            tool={call.trusted.tool}
            text={handler.text}
            onChange={onChange}
            theme={theme}
            evaluatedText={evaluated.handlerText}
            problems={evaluation.problems}
            problemMessage={markerMessage}
            tooLarge={!evaluation.parse.ok && evaluation.parse.error.code === 'TOO_LARGE'}
            bridge={bridge}
          />
        </div>
        <div className={`${styles.workbenchViews} panel`}>
          <Tabs<View>
            id="turn-call-views"
            label={x.tabHandler}
            selected={view}
            onSelect={setView}
            items={[
              {
                key: 'problems',
                label: (
                  <>
                    {PROBLEMS_TEXT[lang].problemsTab}{' '}
                    <span className={`count ${count > 0 ? 'count-bad' : 'count-ok'}`}>{count}</span>
                  </>
                ),
                content: (
                  <div className="tab-scroll" tabIndex={0} role="group" aria-label={PROBLEMS_TEXT[lang].problemsTab}>
                    <PanelBoundary lang={lang} resetKey={evaluation}>
                      <ProblemsList lang={lang} words={words} problems={evaluation.problems} onReveal={onReveal} />
                    </PanelBoundary>
                  </div>
                ),
              },
              {
                key: 'projections',
                label: 'model_result · protected_audit',
                content: <ProjectionPanels lang={lang} evaluation={evaluation} />,
              },
              {
                key: 'digests',
                label: DIGESTS_TEXT[lang].digestsTitle,
                content: (
                  <div className="tab-scroll" tabIndex={0} role="group" aria-label={DIGESTS_TEXT[lang].digestsTitle}>
                    {evaluation.result === null ? (
                      <NoResult lang={lang} evaluation={evaluation} />
                    ) : (
                      <DigestsPanel lang={lang} result={evaluation.result} />
                    )}
                  </div>
                ),
              },
              {
                key: 'payloads',
                label: PAYLOADS_TEXT[lang].payloadsTitle,
                content: (
                  <div className="tab-scroll" tabIndex={0} role="group" aria-label={PAYLOADS_TEXT[lang].payloadsTitle}>
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
                  </div>
                ),
              },
            ]}
          />
        </div>
      </div>
    </div>
  );
}
