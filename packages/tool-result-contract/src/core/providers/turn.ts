/**
 * docs/turn-contract.md#assembling-a-streamed-turn: the assembled model turn, the same shape for every provider. The
 * provider's own event shapes stay inside its assembler; what leaves it is
 * this. `at` is always an index into the turn's events (0-based, in stream
 * order; `events.length` means "after the last event"), so the CLI and the
 * playground can point at a line of the stream file (see docs/turn.md).
 */
import type { JsonValue } from '../json/jsonValue.ts';
import type { ProviderName } from './providerName.ts';
import type { TurnNoteParams, TurnProblemParams } from '../messages/index.ts';

export type TurnProblemCode =
  | 'STREAM_ORDER'
  | 'STREAM_UNTERMINATED'
  | 'STREAM_ERROR'
  | 'NOT_A_TOOL_TURN'
  | 'ARGUMENTS_DISAGREE'
  | 'DUPLICATE_CALL_ID'
  | 'UNSUPPORTED_CALL';

/**
 * Every code a turn problem can carry, in a fixed order; a locale has words for each.
 *
 * @example
 * ```ts
 * const counted = new Map(TURN_PROBLEM_CODES.map((code) => [code, 0]));
 * for (const p of assembled.problems) counted.set(p.code, (counted.get(p.code) ?? 0) + 1);
 * ```
 */
export const TURN_PROBLEM_CODES: readonly TurnProblemCode[] = /* @__PURE__ */ Object.freeze([
  'STREAM_ORDER',
  'STREAM_UNTERMINATED',
  'STREAM_ERROR',
  'NOT_A_TOOL_TURN',
  'ARGUMENTS_DISAGREE',
  'DUPLICATE_CALL_ID',
  'UNSUPPORTED_CALL',
]);

/** Any problem stops the whole turn: no handler runs, no continuation is built. */
export interface TurnProblem {
  code: TurnProblemCode;
  /** The event that showed it; `events.length` when the stream ended without it. */
  at: number;
  /** The English sentence of `params` (messages/turnParams.ts, the English locale), for the CLI and logs; a page renders `params`. */
  detail: string;
  params: TurnProblemParams;
}

export type TurnNoteCode =
  | 'UNKNOWN_EVENT'
  | 'UNKNOWN_MEMBER'
  | 'TOLERATED_EVENT'
  | 'UNKNOWN_DELTA'
  | 'NO_SEQUENCE_NUMBERS'
  | 'HANDLER_OUTPUT_UNUSED';

/**
 * Something tolerated (docs/turn-contract.md#assembling-a-streamed-turn: `ping`, `keepalive`, `obfuscation`, unknown
 * event types and members): never a problem. Notes with the same code and
 * detail are merged, with the first event and how many there were, so a
 * 100 000-ping stream gives one note, not 100 000.
 */
export interface TurnNote {
  code: TurnNoteCode;
  detail: string;
  /** The first event it was seen at; null for a note about the dispatcher's input, not the stream. */
  at: number | null;
  count: number;
  params: TurnNoteParams;
}

/**
 * How the stream ended. `type` is the terminal event's type (`response.completed`,
 * `message_stop`, `interaction.completed`, `error`, …), `status` the provider's
 * own word for the end (`completed`, `tool_use`, `requires_action`, …; for an
 * `error` event its code), `reason` OpenAI's `incomplete_details.reason` (else
 * null), and `tool_turn` whether this is the end that asks for tools.
 */
export type TurnEndKind = 'tools' | 'final_answer' | 'pause_turn' | 'stopped' | 'failed';

export interface TurnTerminal {
  type: string;
  /**
   * What the end means (docs/turn-contract.md#the-final-answer): `tools` asks for tools; `final_answer` is the
   * model's answer with no call to answer; `pause_turn` is Anthropic's paused
   * server-tool turn, resumed (docs/turn-contract.md#paused-and-storeless-turns); `stopped` any other end (the output
   * budget, a refusal, …); `failed` a failure or cancellation.
   */
  kind: TurnEndKind;
  status: string | null;
  reason: string | null;
  tool_turn: boolean;
  at: number;
}

export interface AssembledCall {
  call_id: string;
  name: string;
  /** The concatenated fragments, or where they join to nothing the opening event's arguments (OpenAI: the closing events' text). */
  arguments_text: string;
  /** Parsed once, strictly (docs/strict-json.md), when the call closed: an object, or null. */
  arguments: Record<string, JsonValue> | null;
  /** Every event that made this call: its opening, fragments and closing events, in stream order. */
  at: number[];
}

/** The key of {@link AssembledTurn}'s type-only member: declared, never a value at run time. */
declare const replayItems: unique symbol;

/**
 * `R`: the replay items' type as the caller's event type tells it (an
 * assembler's `E`, docs/turn.md#shapes), `unknown` where it does not; a type,
 * never a check. `replay` holds the same values either way, JSON.
 */
export interface AssembledTurn<R = unknown> {
  provider: ProviderName;
  api_family: string;
  /** null until the stream says it (OpenAI `response.created`, …). */
  response_id: string | null;
  terminal: TurnTerminal | null;
  calls: AssembledCall[];
  problems: TurnProblem[];
  notes: TurnNote[];
  /**
   * The turn's output as the provider's next stateless request replays it
   * (docs/turn-contract.md#what-the-replay-keeps): OpenAI output items, Anthropic content blocks, Gemini steps,
   * in stream order. Built by the provider's assembler, so continueTurn never
   * reads a provider event.
   */
  replay: JsonValue[];
  /**
   * Type-level only, never set: the type of the replay's items as the events
   * pushed tell it, which `continueTurn` gives the stateless body's replay.
   * Read it with {@link ReplayItemOf}.
   */
  readonly [replayItems]?: R;
}

/** The replay items' type of a turn (`unknown`: not known, the JSON view). */
export type ReplayItemOf<T> = T extends AssembledTurn<infer R> ? R : never;

/**
 * An incremental assembler: the caller holds it and feeds it one event at a
 * time (the playground steps through a stream). `turn()` answers as if the
 * stream ended after the last event pushed, and never changes the state, so
 * pushing events one by one answers exactly as assembling them all at once.
 */
export interface TurnAssembler<E = unknown, R = unknown> {
  readonly provider: ProviderName;
  /**
   * `sseEvent`: the SSE `event:` name the event came with, if any. Any value
   * is read (and checked) alike; `E` is the caller's word for what it pushes
   * (an SDK's stream event type), from which the turn's replay is typed.
   */
  push(event: E, sseEvent?: string): void;
  /**
   * What the stream's source threw, handed over (docs/turn.md#shapes): the
   * official SDKs' iterators throw on some `error` events instead of yielding
   * them. The turn ends there as a failure, STREAM_ERROR, not unterminated.
   */
  fail(thrown: unknown): void;
  turn(): AssembledTurn<R>;
}
