/**
 * The turn mode's stepping model: a stream becomes the list of
 * events a learner walks through. A step is what the core's assembler says
 * after events 0..i (docs/turn-contract.md#assembling-a-streamed-turn): nothing here reads a provider event's shape,
 * so a step can never disagree with `assembleTurn`. Pure data; no UI.
 *
 * @example
 * const o = overviewStream('anthropic', fixture.stream);
 * o.ok && stepAt('anthropic', o, 3).calls[0].added // '{"order_ref"'
 */
import { openTurnSession, type TurnSession } from '#lib/core/turn/index.ts';
import type { ProviderName } from '#lib/core/tables/index.ts';
import type { AssembledTurn, TurnProblem, TurnTerminal } from '#lib/core/turn/index.ts';
import { readTurnStream, type StreamEvent, type StreamLayout, type StreamTextError } from '#lib/core/turn/index.ts';
import type { JsonValue } from '#lib/core/json/index.ts';

/** The event a step reads: its place in the stream, its type (when it has one) and the raw value. */
export interface StepEvent {
  index: number;
  /** The event's `type` (`event_type` for Gemini), or null when it has none: that event is a problem of the turn. */
  type: string | null;
  raw: unknown;
  /** Where the event starts in the stream text, when it came from text. */
  line: number | null;
  column: number | null;
  sse_event: string | null;
}

/** A call as the assembler sees it after this step's event. */
export interface StepCall {
  /** Position in the turn's calls (ids may repeat: DUPLICATE_CALL_ID), the key for the UI. */
  position: number;
  call_id: string;
  name: string;
  /** The arguments text so far, split into what it was before this event and what this event appended. */
  before: string;
  added: string;
  /**
   * True when this event's text did not extend the previous text but replaced
   * it: the first fragment takes the place of the opening object (`{}`) that
   * Anthropic and Gemini calls start with. `before` is then '' and `added` the whole text.
   */
  replaced: boolean;
  /** Whether this event is one of the call's own events (its opening, a fragment or a close). */
  touched: boolean;
  /** The parsed arguments once the call closed and they parsed strictly; null before, or when they never parse. */
  arguments: Record<string, JsonValue> | null;
}

export interface TurnStep {
  event: StepEvent;
  calls: StepCall[];
  response_id: string | null;
  /** The response id appeared at this very event. */
  response_id_new: boolean;
  /** Ids of the calls opened at this event, in order (a repeated id is listed again: DUPLICATE_CALL_ID). */
  call_ids_new: string[];
  terminal: TurnTerminal | null;
  /** Problems the events so far showed (not counting "the stream ends here"). */
  problems: TurnProblem[];
  /** Problems this event showed. */
  problems_new: TurnProblem[];
  /** The turn as if the stream ended after this event (STREAM_UNTERMINATED included until the terminal event). */
  turn: AssembledTurn;
}

/** One event as the list shows it, known from one assembly of the whole stream (no snapshot per event). */
export interface EventMark {
  event: StepEvent;
  /** Ids of the calls this event opened. */
  call_ids_new: string[];
  /** Problems this event showed. */
  problems_new: TurnProblem[];
  /** The terminal event is this one. */
  terminal_here: TurnTerminal | null;
  /** The response id appeared at this event. */
  response_id_new: boolean;
}

/**
 * A stream, read once: its events, a mark per event for the list, and the
 * whole turn. A step's full view is {@link stepAt}, computed when the learner
 * lands on it: keeping a snapshot of the turn per event would cost
 * O(events × turn size) — a 1 MiB stream of 4 000 fragments took 10 s and
 * 1.3 GB that way.
 */
export type StreamOverview =
  | {
      ok: true;
      layout: StreamLayout | 'values';
      events: readonly StreamEvent[];
      marks: EventMark[];
      final: AssembledTurn;
    }
  | { ok: false; error: StreamTextError };

function typeOf(provider: ProviderName, raw: unknown): string | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const t = (raw as Record<string, unknown>)[provider === 'gemini' ? 'event_type' : 'type'];
  return typeof t === 'string' ? t : null;
}

function stepCalls(turn: AssembledTurn, prev: AssembledTurn | null, index: number): StepCall[] {
  return turn.calls.map((c, position) => {
    const old = prev?.calls[position];
    const was = old === undefined ? '' : old.arguments_text;
    const extends_ = c.arguments_text.startsWith(was);
    return {
      position,
      call_id: c.call_id,
      name: c.name,
      before: extends_ ? was : '',
      added: extends_ ? c.arguments_text.slice(was.length) : c.arguments_text,
      replaced: !extends_,
      touched: c.at.includes(index),
      arguments: c.arguments,
    };
  });
}

/** The first event after which the turn has a response id (it never goes away once said), by halving: log(events) steps of the session. */
function responseIdAt(session: TurnSession, final: AssembledTurn): number | null {
  if (final.response_id === null) return null;
  let lo = 1;
  let hi = session.length;
  if (session.turnAt(1).response_id !== null) return 0;
  while (lo + 1 < hi) {
    const mid = (lo + hi) >> 1;
    if (session.turnAt(mid).response_id !== null) hi = mid;
    else lo = mid;
  }
  return hi - 1;
}

function stepEvent(provider: ProviderName, e: StreamEvent, index: number, layout: StreamLayout | 'values'): StepEvent {
  return {
    index,
    type: typeOf(provider, e.value),
    raw: e.value,
    line: layout === 'values' ? null : e.line,
    column: layout === 'values' ? null : e.column,
    sse_event: e.sse_event ?? null,
  };
}

/**
 * Reads a stream: events as values (a fixture's `stream`), the text of a
 * stream file (JSON array, JSON Lines or SSE, read strictly by the core), or
 * such a text already read by `readTurnStream`.
 * Text that is not JSON is `{ ok: false, error }` with its line and column;
 * bad events are problems of the turn. Never throws for a known provider.
 * The marks come from the whole turn: where each call opened (`at[0]`), where
 * each problem showed, where the terminal event is; a test holds them to
 * {@link stepAt} at every event of every fixture.
 */
export function overviewStream(
  provider: ProviderName,
  input: string | readonly unknown[] | { layout: StreamLayout; events: readonly StreamEvent[] },
): StreamOverview {
  let events: readonly StreamEvent[];
  let layout: StreamLayout | 'values';
  if (typeof input === 'object' && !Array.isArray(input)) {
    // Text the caller has already read (the turn mode reads it once, for its fault switches too).
    ({ events, layout } = input as { layout: StreamLayout; events: readonly StreamEvent[] });
  } else if (typeof input === 'string') {
    const r = readTurnStream(input);
    if (!r.ok) return { ok: false, error: r.error };
    events = r.events;
    layout = r.layout;
  } else {
    events = input.map((value) => ({ value, line: 0, column: 0 }));
    layout = 'values';
  }
  // One full read (it makes the session's checkpoints on the way); the halving search then reads at most a checkpoint's span per probe.
  const session = openTurnSession(provider, { events });
  const final = session.turnAt(events.length);
  const rid = responseIdAt(session, final);
  const marks = events.map((e, index): EventMark => ({
    event: stepEvent(provider, e, index, layout),
    call_ids_new: final.calls.filter((c) => c.at[0] === index).map((c) => c.call_id),
    problems_new: final.problems.filter((p) => p.at === index),
    terminal_here: final.terminal?.at === index ? final.terminal : null,
    response_id_new: rid === index,
  }));
  return { ok: true, layout, events, marks, final };
}

/** A turn session over an overview's events, for {@link stepAt}: the caller holds it while the learner steps (docs/contract.md#the-live-session). */
export const openStepSession = (provider: ProviderName, overview: Extract<StreamOverview, { ok: true }>): TurnSession =>
  openTurnSession(provider, { events: overview.events });

/**
 * The full step at an event: the turn as if the stream ended there, and each
 * call's text split into what it was and what this event added. The two
 * turns (before and after the event) come from `session`, one the caller
 * holds for this overview (then a step costs a checkpoint's span of events
 * and the turn's size), else from one opened for this call (O(events)).
 */
export function stepAt(
  provider: ProviderName,
  overview: Extract<StreamOverview, { ok: true }>,
  index: number,
  session: TurnSession = openStepSession(provider, overview),
): TurnStep {
  if (session.provider !== provider || session.length !== overview.events.length)
    throw new Error('stepAt: the session was opened for another stream');
  const i = Math.max(0, Math.min(overview.events.length - 1, index));
  const prev = i === 0 ? null : session.turnAt(i);
  const turn = session.turnAt(i + 1);
  const problems = turn.problems.filter((p) => p.at <= i);
  const mark = overview.marks[i];
  return {
    event:
      mark?.event ?? stepEvent(provider, overview.events[i] ?? { value: null, line: 0, column: 0 }, i, overview.layout),
    calls: stepCalls(turn, prev, i),
    response_id: turn.response_id,
    response_id_new: mark?.response_id_new ?? false,
    call_ids_new: turn.calls.slice(prev?.calls.length ?? 0).map((c) => c.call_id),
    terminal: turn.terminal,
    problems,
    problems_new: problems.filter((p) => p.at === i),
    turn,
  };
}
