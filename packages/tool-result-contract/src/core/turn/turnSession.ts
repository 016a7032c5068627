/**
 * Stepping through a turn fast, from an object the caller holds, as the live
 * session does for a call (docs/contract.md#the-live-session).
 * A turn session is opened for one stream and answers `turnAt(n)`, the turn
 * as if the stream ended after its first n events, exactly as
 * `assembleTurn(provider, events.slice(0, n))` would (a property test holds
 * it to that at every step, forward, backward, by jumps and across edits).
 *
 * What it keeps, and why that cannot go stale:
 * - the list of events it was opened with, copied: an edit of the stream is
 *   a new list, and a new session (the turn mode opens one per reading);
 * - a cursor: one assembler that has read the first `at` events, extended
 *   event by event while the learner steps forward;
 * - checkpoints: a fork of the assembler after every `every` events, made as
 *   the cursor first passes them (the first full read makes them all). A
 *   step backward, or a jump, forks the nearest checkpoint before it and
 *   reads at most `every` events, instead of the whole prefix again.
 * Every answer is a fresh copy the caller owns (`turn()` copies); nothing is
 * keyed by anything but the event's place in the list the session copied.
 * The events are read, never changed, and must not change while the session
 * is open (they are what `readTurnStream` or a fixture gave).
 *
 * `close()` drops the cursor and the checkpoints; later calls throw.
 *
 * @example
 * const session = openTurnSession('anthropic', read);
 * session.turnAt(session.length); // the whole turn, and every checkpoint made on the way
 * session.turnAt(3).calls[0].arguments_text // as assembleTurn('anthropic', { events: read.events.slice(0, 3) })
 */
import type { ForkableTurnAssembler, ProviderName } from '../providers/index.ts';
import { createTurnAssembler, StreamTextRefusedError, type TurnEvents } from './assembleTurn.ts';
import type { AssembledTurn } from '../providers/index.ts';
import { readTurnStream, type StreamEvent } from './turnStream.ts';

export interface TurnSession {
  readonly provider: ProviderName;
  /** How many events the stream has: `turnAt` takes 0 … length. */
  readonly length: number;
  /** The same answer as `assembleTurn(provider, events.slice(0, n))`; a fresh copy the caller owns. Throws RangeError outside 0 … length. */
  turnAt(n: number): AssembledTurn;
  /** Drops the cursor and the checkpoints; later calls throw. */
  close(): void;
}

export interface TurnSessionOptions {
  /**
   * Events between two checkpoints. By default the larger of 128 and a 32nd
   * of the stream: at most 32 checkpoints, each a copy of the assembler's
   * state (its fragment lists are O(events)), so memory stays O(events) and a
   * step reads at most that many events.
   */
  every?: number;
}

/** One event as the assembler takes it. */
type Pushed = readonly [value: unknown, sseEvent: string | undefined];

function eventsOf(events: TurnEvents): Pushed[] {
  if (typeof events === 'string') {
    const r = readTurnStream(events);
    if (!r.ok) throw new StreamTextRefusedError(r.error);
    return r.events.map((e) => [e.value, e.sse_event]);
  }
  if (Array.isArray(events)) return (events as readonly unknown[]).map((v) => [v, undefined]);
  return (events as { events: readonly StreamEvent[] }).events.map((e) => [e.value, e.sse_event]);
}

/**
 * Opens a session for one stream of `provider` (events as `assembleTurn`
 * takes them). Throws as `assembleTurn` does: TypeError for an unknown
 * provider, StreamTextRefusedError for text that is not JSON.
 */
export function openTurnSession(
  provider: ProviderName,
  events: TurnEvents,
  options: TurnSessionOptions = {},
): TurnSession {
  const fresh = createTurnAssembler(provider) as ForkableTurnAssembler;
  const list: readonly Pushed[] = eventsOf(events);
  const every = options.every ?? Math.max(128, Math.ceil(list.length / 32));
  if (!Number.isInteger(every) || every < 1)
    throw new RangeError(`every must be a positive integer, not ${String(every)}`);
  /** checkpoints[j]: an assembler that has read j × every events; never pushed to, only forked. */
  let checkpoints: ForkableTurnAssembler[] | null = [fresh.fork()];
  let cursor: { assembler: ForkableTurnAssembler; at: number } | null = { assembler: fresh, at: 0 };

  function turnAt(n: number): AssembledTurn {
    if (checkpoints === null || cursor === null) throw new Error('this turn session is closed');
    if (!Number.isInteger(n) || n < 0 || n > list.length)
      throw new RangeError(`turnAt(${String(n)}): expected an integer from 0 to ${list.length}`);
    // The nearest checkpoint at or before n (they are made in order: no gaps), unless the cursor stands between it and n.
    const j = Math.min(Math.floor(n / every), checkpoints.length - 1);
    const from = j * every;
    if (cursor.at > n || cursor.at < from)
      cursor = { assembler: (checkpoints[j] as ForkableTurnAssembler).fork(), at: from };
    while (cursor.at < n) {
      const [value, sseEvent] = list[cursor.at] as Pushed;
      cursor.assembler.push(value, sseEvent);
      cursor.at++;
      if (cursor.at % every === 0 && checkpoints[cursor.at / every] === undefined)
        checkpoints[cursor.at / every] = cursor.assembler.fork();
    }
    return cursor.assembler.turn();
  }

  return {
    provider,
    length: list.length,
    turnAt,
    close(): void {
      checkpoints = null;
      cursor = null;
    },
  };
}
