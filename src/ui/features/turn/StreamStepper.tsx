/**
 * The stream as a list of events the learner steps through: buttons (start,
 * previous, next, end) and the list itself, which takes arrows, Home and End
 * when it has focus. The fault switches sit above it: each breaks the healthy
 * stream in one way and names the problem code it will show.
 */
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type JSX,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import type { ProviderName } from '#lib/core/tables/index.ts';
import type { Lang } from '../../../lang.ts';
import { faultsFor, type FaultId } from '../../../playground/turn/faults.ts';
import { FAULT_TEXT } from '../../../playground/turn/faultText.ts';
import type { EventMark } from '../../../playground/turn/stepThrough.ts';
import type { FaultState } from '../../../playground/turn/turnView.ts';
import { CodeText } from '../../components/CodeText.tsx';
import { usePhoneWidth } from '../../hooks/usePhoneWidth.ts';
import { usePresent } from '../../hooks/usePresent.ts';
import type { TurnTexts } from './text.ts';
import { terminalChip } from './terminalChip.ts';
import styles from './StreamStepper.module.css';

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

export function StreamStepper({
  x,
  lang,
  provider,
  marks,
  index,
  onIndex,
  fault,
  faultsApply,
  onFault,
}: StreamStepperProps): JSX.Element {
  const n = marks.length;
  const list = useRef<HTMLOListElement>(null);
  const present = usePresent();
  const phone = usePhoneWidth();
  // Folded while presenting, unless a switch is on: the room sees which one.
  const [faultsOpen, setFaultsOpen] = useState(fault !== null);
  const go = (i: number) => onIndex(Math.max(0, Math.min(n - 1, i)));
  const rows = useRowWindow(list, n, index);
  // Keep the current event in view as the learner steps (a windowed list is scrolled by useRowWindow). The list is
  // scrolled, never the page: scrollIntoView scrolled the page too, and as a stream opens at its last event, opening
  // the Model turn on a phone (where the page scrolls) landed the learner halfway down, the header out of sight.
  useEffect(() => {
    const el = list.current;
    const row = el?.querySelector(`[data-index="${index}"]`);
    if (rows !== null || el == null || row == null) return;
    const r = row.getBoundingClientRect();
    scrollListTo(el, r.top - el.getBoundingClientRect().top - el.clientTop + el.scrollTop, r.height);
  }, [index, rows]);
  // One handler for the list (a row has no props that change with the step): a step re-renders two rows, not thousands.
  const onClick = (e: MouseEvent<HTMLOListElement>) => {
    const row = (e.target as Element).closest('[data-index]');
    if (row !== null) onIndex(Number(row.getAttribute('data-index')));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    const to: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowRight: index + 1,
      ArrowUp: index - 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: n - 1,
    };
    if (!(e.key in to)) return;
    e.preventDefault();
    go(to[e.key] as number);
  };
  const faults = (
    <>
      <p className="muted small">{faultsApply || fault !== null ? x.faultsDesc : x.faultsNeedHealthy}</p>
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
    </>
  );
  return (
    <div className={styles.turnStepper}>
      {present || phone ? (
        // Presenting (1280×720 is a common projector) and on a phone, the switches fold: the step buttons stay on the
        // first screen. Seven switches of a line or two each put them below it on a 390×844 phone.
        <details
          className={styles.turnFaults}
          open={faultsOpen}
          onToggle={(e) => setFaultsOpen(e.currentTarget.open)}
          data-testid="turn-faults"
        >
          <summary className={styles.faultsSummary}>
            <h3 id="turn-faults-title">{x.faultsTitle}</h3>
          </summary>
          {faults}
        </details>
      ) : (
        <section className={styles.turnFaults} aria-labelledby="turn-faults-title" data-testid="turn-faults">
          <h3 id="turn-faults-title">{x.faultsTitle}</h3>
          {faults}
        </section>
      )}
      <div className={styles.stepControls} role="group" aria-label={x.controlsLabel}>
        <button
          type="button"
          className="btn"
          onClick={() => go(0)}
          disabled={index <= 0}
          aria-keyshortcuts="Home"
          data-testid="step-start"
        >
          « {x.first}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => go(index - 1)}
          disabled={index <= 0}
          aria-keyshortcuts="ArrowLeft"
        >
          ◀ {x.previous}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => go(index + 1)}
          disabled={index >= n - 1}
          aria-keyshortcuts="ArrowRight"
          data-testid="step-next"
        >
          {x.next} ▶
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => go(n - 1)}
          disabled={index >= n - 1}
          aria-keyshortcuts="End"
          data-testid="step-end"
        >
          {x.last} »
        </button>
        <span className={styles.stepCount} aria-live="polite" data-testid="step-count">
          {x.stepOf(index + 1, n)}
        </span>
      </div>
      <p className="muted small">{x.keysHint}</p>
      <ol
        ref={list}
        role="listbox"
        aria-label={x.eventsLabel}
        tabIndex={0}
        aria-activedescendant={n > 0 ? `turn-event-${index}` : undefined}
        onKeyDown={onKeyDown}
        onClick={onClick}
        onScroll={rows?.onScroll}
        className={rows === null ? styles.eventList : `${styles.eventList} ${styles.windowed}`}
        data-testid="event-list"
      >
        {rows !== null && rows.first > 0 ? (
          <li role="none" aria-hidden="true" style={{ height: rows.first * rows.height }} />
        ) : null}
        {(rows === null ? marks : marks.slice(rows.first, rows.last)).map((s, k) => {
          const i = k + (rows?.first ?? 0);
          return <EventRow key={i} x={x} mark={s} i={i} n={n} current={i === index} ahead={i > index} />;
        })}
        {rows !== null && rows.last < n ? (
          <li role="none" aria-hidden="true" style={{ height: (n - rows.last) * rows.height }} />
        ) : null}
      </ol>
    </div>
  );
}

/** One event of the list; its props do not change with a step but for the rows it enters or leaves, so a step re-renders two rows. */
const EventRow = memo(function EventRow({
  x,
  mark,
  i,
  n,
  current,
  ahead,
}: {
  x: TurnTexts;
  mark: EventMark;
  i: number;
  n: number;
  current: boolean;
  ahead: boolean;
}): JSX.Element {
  const bad = mark.problems_new.length > 0;
  return (
    // Picked by pointer (the list's one click handler), by the list's own keys (aria-activedescendant): the list is the one tab stop.
    <li
      id={`turn-event-${i}`}
      role="option"
      aria-selected={current}
      aria-posinset={i + 1}
      aria-setsize={n}
      data-index={i}
      className={`${styles.eventItem}${current ? ` ${styles.current}` : ''}${ahead ? ` ${styles.ahead}` : ''}${bad ? ` ${styles.bad}` : ''}`}
    >
      <span className={styles.eventN}>{i}</span> <code>{mark.event.type ?? x.noType}</code>
      {mark.response_id_new ? <span className="chip chip-quiet">{x.markResponseId}</span> : null}
      {mark.call_ids_new.length > 0 ? <span className="chip chip-accent">{x.markCall}</span> : null}
      {mark.terminal_here !== null ? <span className={terminalChip(mark.terminal_here)}>{x.markEnd}</span> : null}
      {bad ? <span className="chip chip-error">{mark.problems_new.map((p) => p.code).join(' ')}</span> : null}
    </li>
  );
});

/** Past this many events the list draws only the rows in view, and the current one's neighbours: a 1 MiB stream has thousands. */
const WINDOWED = 400;
/** Rows drawn beyond each edge of the view, so a scroll by a few rows shows drawn rows at once. */
const OVERSCAN = 30;

/** Shows `height` px of the list's content from `top` by the shortest scroll of the list alone (as `block: 'nearest'`). */
function scrollListTo(el: HTMLElement, top: number, height: number): void {
  if (top < el.scrollTop) el.scrollTop = top;
  else if (top + height > el.scrollTop + el.clientHeight) el.scrollTop = top + height - el.clientHeight;
}

/**
 * The rows of a long list to draw (null: draw them all). Rows of a windowed
 * list are one line each, of the height the first drawn row has (CSS:
 * `.eventList.windowed`); the rows not drawn are two empty rows of their
 * height, so its scrollbar is the whole list's. A step outside the view scrolls the
 * list to it before the frame is painted.
 */
function useRowWindow(
  list: RefObject<HTMLOListElement | null>,
  n: number,
  index: number,
): { first: number; last: number; height: number; onScroll(): void } | null {
  const [view, setView] = useState({ top: 0, height: 480, row: 24 });
  const windowed = n > WINDOWED;
  const measure = useCallback(() => {
    const el = list.current;
    if (el === null) return;
    const row = el.querySelector('[data-index]')?.getBoundingClientRect().height ?? 0;
    setView((v) => {
      const next = { top: el.scrollTop, height: el.clientHeight, row: row > 0 ? row : v.row };
      return next.top === v.top && next.height === v.height && next.row === v.row ? v : next;
    });
  }, [list]);
  useLayoutEffect(() => {
    const el = list.current;
    if (!windowed || el === null) return;
    scrollListTo(el, index * view.row, view.row);
    measure();
  }, [windowed, index, view.row, list, measure]);
  if (!windowed) return null;
  const first = Math.max(0, Math.floor(view.top / view.row) - OVERSCAN);
  const last = Math.min(n, Math.ceil((view.top + view.height) / view.row) + OVERSCAN);
  return { first, last, height: view.row, onScroll: measure };
}
