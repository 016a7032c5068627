/**
 * docs/turn-contract.md#assembling-a-streamed-turn: `assembleTurn(provider, events)` reads one model turn. The events
 * are the provider's raw stream events, as values or as the text of a stream
 * file (JSON array, JSON Lines or SSE). It never throws on bad events: they
 * are problems of the turn. Text that is not JSON is bad input and throws
 * {@link StreamTextRefusedError} with its line and column; an unknown provider is a
 * programming error (TypeError).
 *
 * @example
 * assembleTurn('anthropic', sseText).calls[0] // { call_id: 'toolu_…', name: 'get_order', arguments: { order_ref: 'ORDER-7' }, … }
 */
import { ToolResultContractError } from '../json/index.ts';
import {
  findModelTurn,
  MODEL_TURNS,
  type AssembledTurn,
  type ProviderName,
  type TurnAssembler,
  type TurnReplayOf,
} from '../providers/index.ts';
import { readTurnStream, type StreamEvent, type StreamTextError } from './turnStream.ts';

/**
 * Thrown by {@link assembleTurn} when a stream given as text is not a well-formed SSE or JSON-lines stream; `error` says where.
 *
 * @example
 * ```ts
 * try {
 *   assembleTurn('anthropic', streamText);
 * } catch (e) {
 *   if (e instanceof StreamTextRefusedError) console.error(`${e.error.line}:${e.error.column} ${e.error.message}`);
 * }
 * ```
 */
export class StreamTextRefusedError extends ToolResultContractError {
  override readonly name = 'StreamTextRefusedError';
  readonly code = 'STREAM_TEXT_REFUSED';
  constructor(readonly error: StreamTextError) {
    super(`${error.line}:${error.column}: ${error.code}: ${error.message}`);
  }
}
/**
 * The model providers, in the registry's order (providers/registry.ts).
 *
 * @example
 * ```ts
 * const options = TURN_PROVIDERS.map((p) => `<option>${p}</option>`).join('');
 * ```
 */
export const TURN_PROVIDERS: readonly ProviderName[] = /* @__PURE__ */ Object.freeze(MODEL_TURNS.map((t) => t.name));

/**
 * Whether a value names a provider whose turns this package assembles.
 *
 * @example
 * ```ts
 * if (isTurnProvider(received)) assembleTurn(received, events); // received: the provider name a request gave
 * ```
 */
export const isTurnProvider = (p: unknown): p is ProviderName => findModelTurn(p) !== undefined;

/** `openai, anthropic or gemini`: the names an unknown provider is told. */
const expected = (): string => `${TURN_PROVIDERS.slice(0, -1).join(', ')} or ${TURN_PROVIDERS.at(-1)}`;

/**
 * A fresh incremental assembler for one turn of `provider`; the caller holds
 * it and feeds it events. `E`: what it is given (an SDK's stream event type),
 * which types the turn's replay; any value is read alike.
 *
 * @example
 * ```ts
 * const assembler = createTurnAssembler('anthropic');
 * for (const e of events) assembler.push(e);
 * assembler.turn().calls; // the calls the stream completed, each with its arguments
 * ```
 */
export function createTurnAssembler<E = unknown>(provider: ProviderName): TurnAssembler<E, TurnReplayOf<E>> {
  const part = findModelTurn(provider);
  if (part === undefined) throw new TypeError(`unknown provider ${JSON.stringify(provider)}: expected ${expected()}`);
  // The factory of `provider` types its replay from E as TurnReplayOf does; the registry cannot say which is which.
  return part.createAssembler() as TurnAssembler<E, TurnReplayOf<E>>;
}

/** Events as read from a stream file, or plain event values (`E`: their type, which types the replay). */
export type TurnEvents<E = unknown> = string | readonly E[] | { events: readonly StreamEvent[] };

function streamEvents(events: TurnEvents): readonly StreamEvent[] | readonly unknown[] {
  if (typeof events === 'string') {
    const r = readTurnStream(events);
    if (!r.ok) throw new StreamTextRefusedError(r.error);
    return r.events;
  }
  return Array.isArray(events) ? (events as readonly unknown[]) : (events as { events: readonly StreamEvent[] }).events;
}

/**
 * One provider turn, assembled from its whole stream (events, or the stream's text): the calls with their complete
 * arguments, the terminal event and every problem of pairing, without trusting the stream's order or its ids.
 *
 * @example
 * ```ts
 * const turn = assembleTurn('openai', streamText);
 * turn.calls.map((c) => c.name);
 * ```
 */
export function assembleTurn<E = unknown>(
  provider: ProviderName,
  events: TurnEvents<E>,
): AssembledTurn<TurnReplayOf<E>> {
  const a = createTurnAssembler<E>(provider);
  if (typeof events === 'string' || !Array.isArray(events)) {
    for (const e of streamEvents(events) as readonly StreamEvent[]) a.push(e.value as E, e.sse_event);
  } else {
    for (const e of events) a.push(e);
  }
  return a.turn();
}
