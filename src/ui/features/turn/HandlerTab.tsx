/**
 * The Model turn's handler tab around the call workbench: the calls the gate
 * lets run, one picked at a time; the calls the gate answered itself, with
 * its answer; and when nothing runs, the turn's final decision.
 */
import type { JSX, ReactNode } from 'react';
import type { Lang } from '../../../lang.ts';
import type { DecidedCall, TurnDecision } from '../../../playground/turn/decision.ts';
import { DecisionView } from './DecisionView.tsx';
import type { TurnTexts } from './text.ts';
import styles from './HandlerTab.module.css';

export interface HandlerTabProps {
  x: TurnTexts;
  lang: Lang;
  decision: TurnDecision | null;
  /** The calls the gate lets run, and the one picked. */
  running: readonly DecidedCall[];
  chosen: DecidedCall | undefined;
  onCallId(id: string): void;
  /** The picked call's workbench. */
  children: ReactNode;
}

export function HandlerTab({ x, lang, decision, running, chosen, onCallId, children }: HandlerTabProps): JSX.Element {
  const answered = decision?.kind === 'gated' ? decision.calls.filter((c) => !c.runs) : [];
  return (
    <div className={`tab-scroll ${styles.handlerTab}`} tabIndex={0} role="group" aria-label={x.tabHandler}>
      {running.length === 0 ? (
        <>
          <p className="muted">{x.handlerNone}</p>
          {decision !== null ? (
            <DecisionView x={x} lang={lang} decision={decision} heading={x.decisionFinalHeading} />
          ) : null}
        </>
      ) : (
        <>
          <div className={`segmented ${styles.callPicker}`} role="group" aria-label={x.callPicker}>
            {running.map((c) => (
              <button
                key={c.call_id}
                type="button"
                aria-pressed={c === chosen}
                onClick={() => onCallId(c.call_id)}
                data-call={c.call_id}
              >
                <code>{c.call_id}</code> {c.name}
              </button>
            ))}
          </div>
          {answered.map((c) => (
            <p key={c.call_id} className="muted small" data-answered={c.call_id}>
              <code>{c.call_id}</code> <code>{c.name}</code>: {x.gateAnswers(c.gate)}
            </p>
          ))}
          {children}
        </>
      )}
    </div>
  );
}
