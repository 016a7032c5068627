/**
 * Shared internals of the three turn assemblers (SPEC 8.1): the list of
 * problems and notes, the checks every provider makes on every event, and
 * the strict parse of a call's arguments. Everything lives in the object the
 * assembler holds; nothing here is kept at module level (SPEC 7.1).
 */
import type { JsonValue } from './jsonValue.ts';
import type { ProviderName } from './providerAdapters.ts';
import { parseStrictJson } from './strictJson.ts';
import type { AssembledCall, AssembledTurn, TurnNote, TurnNoteCode, TurnProblem, TurnProblemCode, TurnTerminal } from './turn.ts';

export type JsonObject = Record<string, JsonValue>;

import { isObject } from './jsonValue.ts';

/** A call as its assembler tracks it; `arguments` is set once, when it closes. */
export interface CallState {
  call_id: string;
  name: string;
  /** What the opening event carried: OpenAI's `arguments` text, or the canonical-free JSON text of Anthropic's `input` / Gemini's `arguments`. */
  opening_text: string;
  fragments: string[];
  closed: boolean;
  arguments: JsonObject | null;
  at: number[];
}

export interface TurnLog {
  readonly provider: ProviderName;
  readonly api_family: string;
  /** Index of the event being read (0-based). */
  index: number;
  response_id: string | null;
  terminal: TurnTerminal | null;
  readonly calls: CallState[];
  /** The ids of `calls`, for the duplicate check in constant time (a 1 MiB stream holds thousands of calls). */
  readonly callIds: Set<string>;
  readonly problems: TurnProblem[];
  readonly notes: Map<string, TurnNote>;
  problem(code: TurnProblemCode, detail: string, at?: number): void;
  note(code: TurnNoteCode, detail: string): void;
}

export function createTurnLog(provider: ProviderName, api_family: string): TurnLog {
  const log: TurnLog = {
    provider,
    api_family,
    index: -1,
    response_id: null,
    terminal: null,
    calls: [],
    callIds: new Set(),
    problems: [],
    notes: new Map(),
    problem(code, detail, at = log.index) {
      log.problems.push({ code, at, detail });
    },
    note(code, detail) {
      const key = `${code}\u0000${detail}`;
      const seen = log.notes.get(key);
      if (seen === undefined) log.notes.set(key, { code, detail, at: log.index, count: 1 });
      else seen.count++;
    },
  };
  return log;
}

/**
 * The checks before any provider rule (SPEC 8.1): an event that is not an
 * object, has no type member, or came under another SSE `event:` name is
 * STREAM_ORDER; so is any event after the terminal one. Returns the event's
 * type when the provider's own rules should read it, else null.
 */
export function admitEvent(log: TurnLog, event: unknown, typeMember: 'type' | 'event_type', sseEvent: string | undefined): string | null {
  log.index++;
  if (!isObject(event)) {
    log.problem('STREAM_ORDER', `event ${log.index} is ${event === null ? 'null' : Array.isArray(event) ? 'an array' : `a ${typeof event}`}, not an event object`);
    return null;
  }
  const notJson = jsonDataFault(event);
  if (notJson !== null) {
    log.problem('STREAM_ORDER', `event ${log.index} is not JSON data: ${notJson}`);
    return null;
  }
  const type = event[typeMember];
  if (typeof type !== 'string') {
    log.problem('STREAM_ORDER', `event ${log.index} has no string "${typeMember}" member`);
    return null;
  }
  if (sseEvent !== undefined && sseEvent !== type) {
    log.problem('STREAM_ORDER', `the SSE event name "${sseEvent}" differs from the event's own ${typeMember} "${type}"`);
    return null;
  }
  if (log.terminal !== null) {
    log.problem('STREAM_ORDER', `"${type}" after the terminal event ${log.terminal.at}: nothing may follow it`);
    return null;
  }
  return type;
}

/**
 * Why a value handed to `push` is not plain JSON data (a function, a bigint,
 * a cycle, a Date, nesting over 64), or null. Text from a stream file is
 * always JSON; values from a caller may not be, and the assembler copies what
 * it keeps, so such an event is refused here rather than throwing later.
 * Iterative: a hostile depth never reaches the call stack.
 */
function jsonDataFault(root: unknown): string | null {
  const stack: { v: unknown; depth: number }[] = [{ v: root, depth: 1 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop() as { v: unknown; depth: number };
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return 'a non-finite number';
      continue;
    }
    if (typeof v !== 'object') return `a ${typeof v}`;
    if (depth > 64) return 'nesting deeper than 64 (or a cycle)';
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push({ v: v[i], depth: depth + 1 });
      continue;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return 'an object that is not a plain object';
    for (const k of Object.keys(v)) stack.push({ v: (v as Record<string, unknown>)[k], depth: depth + 1 });
  }
  return null;
}

/** Members beyond the ones the provider documents: tolerated, noted once per name (SPEC 8.1). */
export function noteUnknownMembers(log: TurnLog, event: Record<string, unknown>, type: string, known: readonly string[]): void {
  for (const k of Object.keys(event)) if (!known.includes(k)) log.note('UNKNOWN_MEMBER', `"${k}" on ${type}`);
}

/** Strict JSON of an object (SPEC 2.1), else null: the gate answers INVALID_ARGUMENTS. */
export function parseArgumentsObject(text: string): JsonObject | null {
  const r = parseStrictJson(text);
  return r.ok && isObject(r.value) ? (r.value as JsonObject) : null;
}

export const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** The text of a call's arguments: its fragments when there were any, else what it opened with. */
export const argumentsText = (c: CallState): string => (c.fragments.length > 0 ? c.fragments.join('') : c.opening_text);

/** Opens a call, refusing a second call with the same id in one turn. */
export function openCall(log: TurnLog, call_id: string, name: string, opening_text: string): CallState {
  if (log.callIds.has(call_id)) log.problem('DUPLICATE_CALL_ID', `two calls of this turn share the id ${JSON.stringify(call_id)}`);
  const c: CallState = { call_id, name, opening_text, fragments: [], closed: false, arguments: null, at: [log.index] };
  log.calls.push(c);
  log.callIds.add(call_id);
  return c;
}

export function closeCall(log: TurnLog, c: CallState): void {
  c.closed = true;
  c.at.push(log.index);
  c.arguments = parseArgumentsObject(argumentsText(c));
}

/**
 * The end of a terminal event that carries a status: calls present but not a
 * tool turn is NOT_A_TOOL_TURN; a tool turn with a call still open is STREAM_ORDER.
 */
export function endTurn(log: TurnLog, terminal: Omit<TurnTerminal, 'at'>, failed: boolean): void {
  log.terminal = { ...terminal, at: log.index };
  const what = `${terminal.type}${terminal.status === null ? '' : ` (${terminal.status}${terminal.reason === null ? '' : `, ${terminal.reason}`})`}`;
  if (failed) {
    log.problem('STREAM_ERROR', `the stream ended in failure: ${what}`);
    return;
  }
  if (!terminal.tool_turn) {
    if (log.calls.length > 0) log.problem('NOT_A_TOOL_TURN', `${log.calls.length} call(s) present, but the turn ended with ${what}, which does not ask for tools`);
    return;
  }
  for (const c of log.calls) if (!c.closed) log.problem('STREAM_ORDER', `call ${JSON.stringify(c.call_id)} is still open when ${what} asks for tools`);
}

const clone = <T>(v: T): T => (v === null || typeof v !== 'object' ? v : structuredClone(v));

/**
 * The turn as if the stream ended after the last event read. Copies
 * everything, so the caller owns the answer and the log is never changed.
 */
export function snapshotTurn(log: TurnLog, replay: JsonValue[]): AssembledTurn {
  const problems = log.problems.map((p) => ({ ...p }));
  if (log.terminal === null) {
    problems.push({ code: 'STREAM_UNTERMINATED', at: log.index + 1, detail: `the stream ended after ${log.index + 1} event(s) without the provider's terminal event` });
  }
  const calls: AssembledCall[] = log.calls.map((c) => ({
    call_id: c.call_id,
    name: c.name,
    arguments_text: argumentsText(c),
    arguments: clone(c.arguments),
    at: [...c.at],
  }));
  return {
    provider: log.provider,
    api_family: log.api_family,
    response_id: log.response_id,
    terminal: log.terminal === null ? null : { ...log.terminal },
    calls,
    problems,
    notes: [...log.notes.values()].map((n) => ({ ...n })),
    replay: clone(replay),
  };
}
