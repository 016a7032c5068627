/**
 * The turn mode's stepping model (issue 13): a stream becomes the list of
 * steps a learner walks through, one per event. Each step is what the core's
 * incremental assembler says after events 0..i (SPEC 8.1), fed one event at a
 * time: nothing here reads a provider event's shape, so the steps can never
 * disagree with `assembleTurn`. Pure data; no UI.
 *
 * @example
 * const r = stepThrough('anthropic', fixture.stream);
 * r.ok && r.steps[3].calls[0].added // '{"order_ref"'
 */
import { createTurnAssembler } from '../../core/assembleTurn.ts';
import type { ProviderName } from '../../core/providerAdapters.ts';
import type { AssembledTurn, TurnProblem, TurnTerminal } from '../../core/turn.ts';
import { readTurnStream, type StreamEvent, type StreamLayout, type StreamTextError } from '../../core/turnStream.ts';
import type { JsonValue } from '../../core/jsonValue.ts';

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

/**
 * Steps kept by default. Each step holds a snapshot of the turn, so steps
 * cost O(events × turn size); a 1 MiB stream can hold 100 000 events. Past
 * the limit the rest of the stream is still assembled (`final`), only not
 * kept step by step (`truncated`).
 */
export const DEFAULT_STEP_LIMIT = 5000;

export type StepThrough = { ok: true; layout: StreamLayout | 'values'; steps: TurnStep[]; truncated: boolean; final: AssembledTurn } | { ok: false; error: StreamTextError };

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

/**
 * Steps through a stream: events as values (a fixture's `stream`) or the text
 * of a stream file (JSON array, JSON Lines or SSE, read strictly by the core).
 * Text that is not JSON is `{ ok: false, error }` with its line and column;
 * bad events are problems of the steps. Never throws for a known provider.
 * Cost: one snapshot per kept step (see {@link DEFAULT_STEP_LIMIT}).
 */
export function stepThrough(provider: ProviderName, input: string | readonly unknown[], opts: { limit?: number } = {}): StepThrough {
  const limit = opts.limit ?? DEFAULT_STEP_LIMIT;
  let events: readonly StreamEvent[];
  let layout: StreamLayout | 'values';
  if (typeof input === 'string') {
    const r = readTurnStream(input);
    if (!r.ok) return { ok: false, error: r.error };
    events = r.events;
    layout = r.layout;
  } else {
    events = input.map((value) => ({ value, line: 0, column: 0 }));
    layout = 'values';
  }
  const a = createTurnAssembler(provider);
  const steps: TurnStep[] = [];
  let prev: AssembledTurn | null = null;
  events.forEach((e, index) => {
    a.push(e.value, e.sse_event);
    if (index >= limit) return;
    const turn = a.turn();
    const problems = turn.problems.filter((p) => p.at <= index);
    steps.push({
      event: {
        index,
        type: typeOf(provider, e.value),
        raw: e.value,
        line: layout === 'values' ? null : e.line,
        column: layout === 'values' ? null : e.column,
        sse_event: e.sse_event ?? null,
      },
      calls: stepCalls(turn, prev, index),
      response_id: turn.response_id,
      response_id_new: turn.response_id !== null && turn.response_id !== (prev?.response_id ?? null),
      call_ids_new: turn.calls.slice(prev?.calls.length ?? 0).map((c) => c.call_id),
      terminal: turn.terminal,
      problems,
      problems_new: problems.filter((p) => p.at === index),
      turn,
    });
    prev = turn;
  });
  return { ok: true, layout, steps, truncated: events.length > steps.length, final: a.turn() };
}
