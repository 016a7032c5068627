/**
 * The next request: the body for the chosen provider, stateless or stateful,
 * each result beside the call it answers (paired by id, never by position),
 * and the line proving that no audit value is in the body. For Anthropic,
 * why the tool results come first.
 */
import type { JSX } from 'react';
import type { ContinuationMode } from '#lib/core/turn/index.ts';
import { TurnWords } from './TurnWords.tsx';
import type { JsonValue } from '#lib/core/json/index.ts';
import type { Lang } from '../../../lang.ts';
import type { TurnContinuation } from '../../../playground/turn/turnView.ts';
import { JsonView } from '../../components/JsonView.tsx';
import type { TurnTexts } from './text.ts';
import styles from './ContinuationPanel.module.css';

/** The value at an RFC 6901 pointer (the pairs point into the body). */
function at(root: JsonValue, pointer: string): JsonValue | undefined {
  let v: JsonValue | undefined = root;
  for (const raw of pointer.split('/').slice(1)) {
    const k = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(v)) v = v[Number(k)];
    else if (v !== null && typeof v === 'object') v = Object.hasOwn(v, k) ? v[k] : undefined;
    else return undefined;
  }
  return v;
}

export interface ContinuationPanelProps {
  x: TurnTexts;
  lang: Lang;
  view: TurnContinuation;
  mode: ContinuationMode;
  onMode(m: ContinuationMode): void;
}

export function ContinuationPanel({ x, lang, view, mode, onMode }: ContinuationPanelProps): JSX.Element {
  return (
    <div className={styles.turnContinuation} data-testid="turn-continuation">
      <p className="muted">{x.continuationDesc}</p>
      <div className="segmented" role="group" aria-label={x.modeLabel}>
        {(['stateless', 'stateful'] as const).map((m) => (
          <button key={m} type="button" aria-pressed={mode === m} onClick={() => onMode(m)} data-mode={m}>
            {x[m]}
          </button>
        ))}
      </div>
      {!view.ok ? (
        <p className="inline-warning" data-testid="continuation-blocked" data-stage={view.stage}>
          {view.stage === 'final_answer' ? (
            x.finalAnswer
          ) : view.stage === 'problems' ? (
            x.continuationProblems(view.codes.join(', '))
          ) : view.stage === 'stream' ? (
            x.streamNotRead
          ) : view.stage === 'handler_text' ? (
            <>
              {x.continuationNotJson(view.call_id, view.line, view.column)} <code>{view.code}</code>
            </>
          ) : (
            <>
              {x.continuationBlocked} <TurnWords lang={lang} params={view.params} />
            </>
          )}
        </p>
      ) : (
        <>
          <p
            className={`mark ${view.proof.found.length === 0 ? 'mark-ok' : 'mark-bad'}`}
            data-testid="no-audit-line"
            role="status"
          >
            {view.proof.found.length === 0
              ? x.proofOk(view.proof.searched.length)
              : x.proofBad(view.proof.found.join(', '))}
          </p>
          {view.proof.not_searched.map((n) => (
            <p key={n.value} className="muted small">
              {x.notSearched}: <code>{n.value}</code> — {x.notSearchedWhy[n.why]}
            </p>
          ))}
          {view.results_first ? (
            <section className={styles.resultsFirst} aria-labelledby="results-first-title">
              <h3 id="results-first-title">{x.resultsFirst}</h3>
              <p>{x.anthropicResultsFirst}</p>
            </section>
          ) : null}
          <h3>{x.pairsHeading}</h3>
          <ul className={styles.resultPairs}>
            {view.pairs.map((p) => (
              <li
                key={`${p.call_id}-${p.position}`}
                className={styles.resultPair}
                data-call={p.call_id}
                data-testid="result-pair"
              >
                <div>
                  <p className="small">
                    {x.callSide} {p.call_pointer !== null ? <code>{p.call_pointer}</code> : null}
                  </p>
                  {p.call_pointer !== null ? (
                    <JsonView value={at(view.body, p.call_pointer)} label={`${x.callSide} ${p.call_id}`} />
                  ) : (
                    <p className="muted small">{x.callNotReplayed}</p>
                  )}
                </div>
                <div>
                  <p className="small">
                    {x.resultSide} <code>{p.result_pointer}</code>
                  </p>
                  <JsonView value={at(view.body, p.result_pointer)} label={`${x.resultSide} ${p.call_id}`} />
                  <details className="small">
                    <summary>{x.carries}</summary>
                    <JsonView
                      value={view.packages.find((k) => k.position === p.position)?.package.model_result}
                      label={`model_result ${p.call_id}`}
                    />
                  </details>
                </div>
              </li>
            ))}
          </ul>
          <h3>{x.bodyHeading}</h3>
          <JsonView value={view.body} label={x.bodyHeading} />
        </>
      )}
    </div>
  );
}
