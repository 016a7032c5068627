/**
 * One step of the stream: the decision as if the stream ended here, the
 * response id and call ids as they appear, each call's arguments text with
 * this event's fragment marked, the terminal event once it has arrived, and
 * the event itself.
 */
import type { JSX } from 'react';
import { JsonView } from '../../components/JsonView.tsx';
import type { Lang } from '../../../lang.ts';
import type { TurnStep } from '../../../playground/turn/stepThrough.ts';
import type { TurnDecision } from '../../../playground/turn/decision.ts';
import { VisibleText } from '../../components/DiffView/VisibleText.tsx';
import { DecisionView } from './DecisionView.tsx';
import type { TurnTexts } from './text.ts';
import { TurnWords } from './TurnWords.tsx';
import { terminalChip } from './terminalChip.ts';
import styles from './StepDetail.module.css';

export function StepDetail({
  x,
  lang,
  step,
  decision,
  last,
}: {
  x: TurnTexts;
  lang: Lang;
  step: TurnStep;
  decision: TurnDecision;
  last: boolean;
}): JSX.Element {
  const { event, terminal } = step;
  // Notes are merged by kind with their first event: a note belongs to the step that first showed it.
  const notes = step.turn.notes.filter((n) => n.at === event.index);
  // Mid-stream with nothing wrong so far, "if it ended here" is not the verdict: the stream has not ended. Said in a neutral colour.
  const pending = terminal === null && step.problems.length === 0 && !last;
  return (
    <div className="step-detail" data-testid="step-detail" data-index={event.index}>
      {pending ? (
        <section
          className={`${styles.turnDecision} verdict-card ${styles.verdictPending}`}
          aria-label={x.decisionHeading}
          data-testid="turn-decision"
          data-kind="pending"
        >
          <h3>{x.decisionHeading}</h3>
          <p className="decision-verdict">
            <span className="chip chip-quiet">…</span> <strong>{x.notDecided}</strong>: {x.notDecidedWhy}
          </p>
        </section>
      ) : (
        <DecisionView x={x} lang={lang} decision={decision} heading={x.decisionHeading} />
      )}
      <dl className={styles.stepFacts}>
        <dt>{x.responseId}</dt>
        <dd data-testid="step-response-id">
          {step.response_id === null ? <span className="muted">{x.notYet}</span> : <code>{step.response_id}</code>}
          {step.response_id_new ? <span className="chip chip-accent">{x.newHere}</span> : null}
        </dd>
        <dt>{x.terminalHeading}</dt>
        <dd data-testid="step-terminal">
          {terminal === null ? (
            <span className="muted">{x.terminalNone}</span>
          ) : (
            <>
              <code>{terminal.type}</code> {terminal.status !== null ? <code>{terminal.status}</code> : null}{' '}
              {terminal.reason !== null ? <code>{terminal.reason}</code> : null}{' '}
              <span className={terminalChip(terminal)}>{terminal.tool_turn ? x.terminalAsks : x.terminalOther}</span>
            </>
          )}
        </dd>
      </dl>
      <h3>{x.callsHeading}</h3>
      {step.calls.length === 0 ? (
        <p className="muted">{x.noCalls}</p>
      ) : (
        <ul className={styles.stepCalls}>
          {step.calls.map((c) => (
            <li key={c.position} className={c.touched ? styles.touched : undefined} data-call={c.call_id}>
              <p>
                <code>{c.call_id}</code> <code>{c.name}</code>
                {step.call_ids_new.includes(c.call_id) && c.touched ? (
                  <span className="chip chip-accent">{x.newHere}</span>
                ) : null}
              </p>
              <p className="muted small">{x.callArguments}</p>
              <pre className={styles.argsText} data-testid="call-arguments">
                <ArgumentsBefore x={x} text={c.before} />
                {c.added !== '' ? (
                  <mark title={x.addedMark} aria-label={`${x.addedMark}: ${c.added}`}>
                    <VisibleText text={c.added} />
                  </mark>
                ) : null}
              </pre>
              {c.replaced && c.touched ? <p className="muted small">{x.replacedNote}</p> : null}
              <p className="small">
                {c.arguments !== null ? (
                  <span className="chip chip-succeeded">{x.parsedArgs}</span>
                ) : (
                  <span className="chip chip-quiet">{x.notParsed}</span>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      {step.problems_new.length > 0 ? (
        <>
          <h3>{x.problemsHere}</h3>
          <ul>
            {step.problems_new.map((p, i) => (
              <li key={i}>
                <code className={styles.codeBad}>{p.code}</code> <TurnWords lang={lang} params={p.params} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {notes.length > 0 ? (
        <>
          <h3>{x.notesHere}</h3>
          <p className="muted small">{x.notesDesc}</p>
          <ul data-testid="step-notes">
            {notes.map((n, i) => (
              <li key={i} data-code={n.code}>
                <code>{n.code}</code> <TurnWords lang={lang} params={n.params} />
                {n.count > 1 ? <span className="muted small"> ×{n.count}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>
        {x.eventHeading(event.index, event.type ?? x.noType)}
        {event.line !== null ? <span className="muted small"> · {x.atLine(event.line, event.column ?? 1)}</span> : null}
      </h3>
      <JsonView value={event.raw} label={x.eventHeading(event.index, event.type ?? x.noType)} />
    </div>
  );
}

/**
 * The text a call had before this event. Past a few thousand characters only
 * its end is drawn, with how much was left out: the whole text of a 1 MiB
 * stream's call, laid out again at every step, took longer than a frame.
 */
const SHOWN = 4000;
function ArgumentsBefore({ x, text }: { x: TurnTexts; text: string }): JSX.Element {
  if (text.length <= SHOWN) return <VisibleText text={text} />;
  let from = text.length - SHOWN;
  // Never split a surrogate pair: the half left would read as a hidden character.
  const unit = text.charCodeAt(from);
  if (unit >= 0xdc00 && unit <= 0xdfff) from++;
  return (
    <>
      <span className="muted" data-testid="call-arguments-elided">
        {x.earlierText(from)}
      </span>
      {'\n'}
      <VisibleText text={text.slice(from)} />
    </>
  );
}
