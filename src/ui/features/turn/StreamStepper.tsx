/**
 * The stream as a list of events the learner steps through: buttons (start,
 * previous, next, end) and the list itself, which takes arrows, Home and End
 * when it has focus. The fault switches sit above it: each breaks the healthy
 * stream in one way and names the problem code it will show.
 */
import { useEffect, useRef, type JSX, type KeyboardEvent } from 'react';
import type { ProviderName } from '../../../core/tables/index.ts';
import type { Lang } from '../../../lang.ts';
import { faultsFor, type FaultId } from '../../../playground/turn/faults.ts';
import { FAULT_TEXT } from '../../../playground/turn/faultText.ts';
import type { EventMark } from '../../../playground/turn/stepThrough.ts';
import type { FaultState } from '../../../playground/turn/turnView.ts';
import { CodeText } from '../../components/CodeText.tsx';
import type { TurnTexts } from './text.ts';
import { terminalChip } from './terminalChip.ts';
import styles from './Turn.module.css';

export interface StreamStepperProps {
  x: TurnTexts;
  lang: Lang;
  provider: ProviderName;
  marks: readonly EventMark[];
  index: number;
  onIndex(i: number): void;
  fault: FaultState;
  /** False for a stream that is already broken or does not ask for tools: the switches start from a healthy one. */
  faultsApply: boolean;
  onFault(id: FaultId | null): void;
}

export function StreamStepper({ x, lang, provider, marks, index, onIndex, fault, faultsApply, onFault }: StreamStepperProps): JSX.Element {
  const n = marks.length;
  const list = useRef<HTMLOListElement>(null);
  const go = (i: number) => onIndex(Math.max(0, Math.min(n - 1, i)));
  // Keep the current event in view as the learner steps (the list scrolls on its own).
  useEffect(() => {
    list.current?.querySelector(`[data-index="${index}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [index]);
  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    const to: Record<string, number> = { ArrowDown: index + 1, ArrowRight: index + 1, ArrowUp: index - 1, ArrowLeft: index - 1, Home: 0, End: n - 1 };
    if (!(e.key in to)) return;
    e.preventDefault();
    go(to[e.key] as number);
  };
  return (
    <div className={styles.turnStepper}>
      <section className={styles.turnFaults} aria-labelledby="turn-faults-title">
        <h3 id="turn-faults-title">{x.faultsTitle}</h3>
        <p className={`muted ${styles.small}`}>{faultsApply || fault !== null ? x.faultsDesc : x.faultsNeedHealthy}</p>
        <div className={styles.faultSwitches}>
          {faultsFor(provider).map((f) => {
            const on = fault?.id === f.id;
            return (
              <button
                key={f.id}
                type="button"
                className={`btn ${styles.faultSwitch}${on ? ` ${styles.on}` : ''}`}
                aria-pressed={on}
                disabled={!on && !faultsApply}
                data-fault={f.id}
                onClick={() => onFault(on ? null : f.id)}
              >
                {FAULT_TEXT[lang].label[f.id]} <code>{f.code}</code>
              </button>
            );
          })}
        </div>
        {fault !== null && !fault.applied ? (
          <p className="inline-warning" role="status">
            {x.faultNotApplied} <CodeText text={FAULT_TEXT[lang].refused(fault.reason)} />
          </p>
        ) : null}
      </section>
      <div className={styles.stepControls} role="group" aria-label={x.controlsLabel}>
        <button type="button" className="btn" onClick={() => go(0)} disabled={index <= 0} aria-keyshortcuts="Home" data-testid="step-start">
          « {x.first}
        </button>
        <button type="button" className="btn" onClick={() => go(index - 1)} disabled={index <= 0} aria-keyshortcuts="ArrowLeft">
          ◀ {x.previous}
        </button>
        <button type="button" className="btn" onClick={() => go(index + 1)} disabled={index >= n - 1} aria-keyshortcuts="ArrowRight" data-testid="step-next">
          {x.next} ▶
        </button>
        <button type="button" className="btn" onClick={() => go(n - 1)} disabled={index >= n - 1} aria-keyshortcuts="End" data-testid="step-end">
          {x.last} »
        </button>
        <span className={styles.stepCount} aria-live="polite" data-testid="step-count">
          {x.stepOf(index + 1, n)}
        </span>
      </div>
      <p className={`muted ${styles.small}`}>{x.keysHint}</p>
      <ol
        ref={list}
        className={styles.eventList}
        role="listbox"
        aria-label={x.eventsLabel}
        tabIndex={0}
        aria-activedescendant={n > 0 ? `turn-event-${index}` : undefined}
        onKeyDown={onKeyDown}
        data-testid="event-list"
      >
        {marks.map((s, i) => {
          const bad = s.problems_new.length > 0;
          return (
            // Picked by pointer here, by the list's own keys above (aria-activedescendant): the list is the one tab stop.
            <li
              key={i}
              id={`turn-event-${i}`}
              role="option"
              aria-selected={i === index}
              data-index={i}
              className={`${styles.eventItem}${i === index ? ` ${styles.current}` : ''}${i > index ? ` ${styles.ahead}` : ''}${bad ? ` ${styles.bad}` : ''}`}
              onClick={() => onIndex(i)}
            >
              <span className={styles.eventN}>{i}</span> <code>{s.event.type ?? x.noType}</code>
              {s.response_id_new ? <span className="chip chip-quiet">{x.markResponseId}</span> : null}
              {s.call_ids_new.length > 0 ? <span className="chip chip-accent">{x.markCall}</span> : null}
              {s.terminal_here !== null ? <span className={terminalChip(s.terminal_here)}>{x.markEnd}</span> : null}
              {bad ? <span className="chip chip-error">{s.problems_new.map((p) => p.code).join(' ')}</span> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
