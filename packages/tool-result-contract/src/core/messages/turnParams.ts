/**
 * What the turn core says in words, as typed data (the way violations carry
 * theirs, violationParams.ts): each problem of an assembled turn (docs/turn-contract.md#stream-problems),
 * each note, and each reason a continuation is refused (docs/turn-contract.md#refused-continuations). A locale
 * renders them (locales/en.ts, locales/zh.ts), and every `detail` the core
 * gives is the English locale's text. A locale answers in segments, plain text
 * and code identifiers apart, so a page can put the identifiers in `<code>`
 * and the CLI can print the same sentence flat.
 */
import type { JsonValue } from '../json/jsonValue.ts';
import type { ViolationParams } from './violationParams.ts';

/** How a turn ended, as far as the words need it. */
export interface TurnEnd {
  type: string;
  status: string | null;
  reason: string | null;
}

/** Where OpenAI arguments text came from, besides the fragments (docs/turn-contract.md#arguments). */
export type ArgumentsSource = 'arguments_done' | 'done_item' | 'completed_response' | 'opening_item';

/** Why a value given as an event is not plain JSON data. */
export type JsonDataFault =
  'non_finite_number' | 'too_deep' | 'not_plain_object' | 'function' | 'bigint' | 'symbol' | 'undefined';

export type TurnProblemParams =
  | { kind: 'not_an_event'; found: 'null' | 'array' | 'string' | 'number' | 'boolean' | 'other' }
  | { kind: 'not_json_data'; fault: JsonDataFault }
  | { kind: 'no_type'; member: 'type' | 'event_type' }
  | { kind: 'sse_name'; sse_event: string; type: string }
  | { kind: 'after_terminal'; type: string; terminal_at: number }
  | { kind: 'first_event'; type: string; expected: string }
  | { kind: 'only_first'; type: string }
  | { kind: 'no_id'; type: string }
  | { kind: 'malformed'; type: string; members: string[] }
  | { kind: 'opened_twice'; type: string; index: number }
  | { kind: 'not_open'; type: string; index: JsonValue }
  | { kind: 'item_mismatch'; type: string; item_id: JsonValue; expected: string | null; index: number }
  | { kind: 'arguments_closed'; type: string; item_id: string | null }
  | { kind: 'call_without_id'; item_type: string; index: number }
  | { kind: 'two_sources'; call_id: string }
  | { kind: 'delta_kind'; delta: string; block: string; index: number }
  | { kind: 'fragment_type'; type: string; call_id: string }
  | { kind: 'done_not_added'; index: number }
  | { kind: 'after_message_delta' }
  | { kind: 'open_at_end'; id: string; end: TurnEnd }
  | { kind: 'block_open_at_end'; block: string; index: number; stop_reason: string }
  | { kind: 'open_across_hop'; call_id: string }
  | { kind: 'other_interaction'; id: string; response_id: string | null }
  | { kind: 'after_continuation'; type: string }
  | { kind: 'below_message_start'; index: number; given: number }
  | { kind: 'sequence'; type: string; value: JsonValue; previous: number | null }
  | { kind: 'sequence_mixed'; type: string; carried: boolean }
  | { kind: 'tools_without_call'; end: TurnEnd }
  | { kind: 'unterminated'; events: number }
  | { kind: 'failed'; end: TurnEnd; code: string | null; message: string | null }
  | { kind: 'not_a_tool_turn'; calls: number; end: TurnEnd }
  | {
      kind: 'arguments_disagree';
      call_id: string;
      source: ArgumentsSource;
      says: JsonValue;
      fragments: boolean;
      text: string;
    }
  | { kind: 'name_disagree'; call_id: string; done: JsonValue; item: string }
  | { kind: 'call_id_disagree'; index: number; found: JsonValue; expected: string }
  | { kind: 'unopened_call'; call_id: JsonValue }
  | { kind: 'duplicate_call_id'; call_id: string }
  | { kind: 'unsupported_call'; item_type: string; index: number };

export type TurnNoteParams =
  | { kind: 'unknown_event'; type: string }
  | { kind: 'unknown_member'; member: string; type: string }
  | { kind: 'tolerated_event'; type: string }
  | { kind: 'unknown_delta'; delta: string }
  | { kind: 'no_sequence_numbers' }
  | { kind: 'handler_output_unused'; call_id: string };

/** The pairing problems of composeTurn (docs/contract.md#several-results-in-one-turn) that refuse a continuation. */
export type PairingCode =
  | 'MISSING_RESULT'
  | 'DUPLICATE_CALL_ID'
  | 'DUPLICATE_RESULT'
  | 'UNKNOWN_CALL_ID'
  | 'PROVIDER_MISMATCH'
  | 'TOOL_MISMATCH'
  | 'MALFORMED_CALL';

export type RefusalParams =
  | { kind: 'other_provider'; assembled: string; asked: string }
  | { kind: 'turn_problems'; codes: string[] }
  | { kind: 'ended_without_calls'; end: TurnEnd }
  | { kind: 'no_tool_request'; end: TurnEnd | null }
  | { kind: 'unknown_mode'; mode: JsonValue }
  | { kind: 'history_not_list' }
  | { kind: 'stateless_only' }
  | { kind: 'no_stored_interaction' }
  | { kind: 'other_response'; call_id: string; bound: string; expected: string }
  | { kind: 'pairing'; problems: { code: PairingCode; call_id: string }[] }
  | { kind: 'text_before_result' }
  | { kind: 'result_invalid'; call_id: string; codes: string[] }
  | { kind: 'internal'; message: string };

/**
 * Why a turn is bad input for the dispatcher (docs/turn-contract.md#the-input-gate): the caller's turn context
 * or handler outputs do not fit the turn, or the stream text cannot be read. The caller's mistake, not the
 * model's: nothing is gated, nothing runs.
 */
export type TurnInputParams =
  | { kind: 'no_context_entry'; call_id: string }
  | { kind: 'needs_response_ref'; call_id: string }
  | {
      kind: 'context_invalid';
      call_id: string;
      /** Each issue's pointer and English words, and what is wrong as data for the other locales. */
      issues: { path: string; message: string; params?: ViolationParams }[];
    }
  | { kind: 'problems_before_gate'; codes: string[] }
  | { kind: 'no_handler_output'; call_id: string; tool: string }
  | { kind: 'stream_text'; line: number; column: number; code: string };

export type TurnWordsParams = TurnProblemParams | TurnNoteParams | RefusalParams | TurnInputParams;

/** A sentence in pieces: plain text, or an identifier, value or code to set apart. */
export type Segment = string | { code: string };

/** The segments as one line of text, identifiers as they are. */
export const segmentsText = (segments: readonly Segment[]): string =>
  segments.map((s) => (typeof s === 'string' ? s : s.code)).join('');

/** An identifier or value as code: a string as it is, anything else as JSON. */
export const codeSegment = (v: JsonValue | undefined): Segment => ({
  code: typeof v === 'string' ? v : JSON.stringify(v ?? null),
});
/** A literal value (an id, a text), quoted as JSON so an empty one still shows. */
export const literalSegment = (v: JsonValue | undefined): Segment => ({ code: JSON.stringify(v ?? null) });
