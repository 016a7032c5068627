/**
 * Shared internals of the three turn assemblers (docs/turn-contract.md#assembling-a-streamed-turn): the list of
 * problems and notes, the checks every provider makes on every event, and
 * the strict parse of a call's arguments. Everything lives in the object the
 * assembler holds; nothing here is kept at module level (docs/contract.md#same-inputs-same-answer).
 */
import type { JsonValue } from '../json/jsonValue.ts';
import type { ProviderName } from './providerName.ts';
import { parseStrictJson } from '../json/strictJson.ts';
import type {
  AssembledCall,
  AssembledTurn,
  TurnAssembler,
  TurnNote,
  TurnNoteCode,
  TurnProblem,
  TurnProblemCode,
  TurnTerminal,
} from './turn.ts';
import {
  describeTurnText,
  type JsonDataFault,
  type TurnNoteParams,
  type TurnProblemParams,
} from '../messages/index.ts';

export type JsonObject = Record<string, JsonValue>;

import { isObject } from '../json/jsonValue.ts';

/** A call as its assembler tracks it; `arguments` is set once, when it closes. */
export interface CallState {
  call_id: string;
  name: string;
  /** What the opening event carried: OpenAI's `arguments` text, or the canonical-free JSON text of Anthropic's `input` / Gemini's `arguments`. */
  opening_text: string;
  fragments: string[];
  /** OpenAI, a call without fragments: the text its closing events gave (docs/turn-contract.md#arguments), null until one gave a non-empty text. */
  settled: string | null;
  closed: boolean;
  /** Already reported as open at the end's first word (Anthropic's message_delta): the terminal event adds nothing. */
  openReported: boolean;
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
  /** The one event type that may follow the terminal one without a problem (OpenAI's response.failed after error). */
  follower: string | null;
  /** Set once an event after the terminal one was reported: further ones continue the same departure. */
  afterTerminalReported: boolean;
  problem(code: TurnProblemCode, params: TurnProblemParams, at?: number): void;
  /**
   * A problem about one call, block, item or index, reported once (docs/turn-contract.md#stream-problems:
   * later events that belong to it, or continue the same departure, add none).
   */
  problemOnce(key: string, code: TurnProblemCode, params: TurnProblemParams): void;
  note(code: TurnNoteCode, params: TurnNoteParams): void;
  /**
   * A copy that reads on by itself (a turn session's checkpoint): every
   * mutable part copied, so pushing to one never changes the other; what is
   * never changed once made (a problem, the terminal, parsed arguments, the
   * fragment strings) is shared. `call` maps a call of this log to the copy's.
   */
  fork(): { log: TurnLog; call(c: CallState): CallState };
}

/** A turn assembler that can be copied where it stands: what a turn session keeps as a checkpoint. */
export interface ForkableTurnAssembler<E = unknown, R = unknown> extends TurnAssembler<E, R> {
  /** An assembler in the same state that reads on by itself: pushing to either never changes the other. */
  fork(): ForkableTurnAssembler<E, R>;
}

export function createTurnLog(provider: ProviderName, api_family: string, reported: Set<string> = new Set()): TurnLog {
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
    follower: null,
    afterTerminalReported: false,
    problem(code, params, at = log.index) {
      log.problems.push({ code, at, detail: describeTurnText(params), params });
    },
    problemOnce(key, code, params) {
      if (reported.has(key)) return;
      reported.add(key);
      log.problem(code, params);
    },
    note(code, params) {
      const key = `${code}\u0000${JSON.stringify(params)}`;
      const seen = log.notes.get(key);
      if (seen === undefined)
        log.notes.set(key, { code, detail: describeTurnText(params), at: log.index, count: 1, params });
      else seen.count++;
    },
    fork() {
      const copy = createTurnLog(provider, api_family, new Set(reported));
      const calls = new Map<CallState, CallState>();
      for (const c of log.calls) {
        const d: CallState = { ...c, fragments: [...c.fragments], at: [...c.at] };
        calls.set(c, d);
        copy.calls.push(d);
      }
      for (const id of log.callIds) copy.callIds.add(id);
      for (const p of log.problems) copy.problems.push(p);
      for (const [k, n] of log.notes) copy.notes.set(k, { ...n });
      copy.index = log.index;
      copy.response_id = log.response_id;
      copy.terminal = log.terminal;
      copy.follower = log.follower;
      copy.afterTerminalReported = log.afterTerminalReported;
      return { log: copy, call: (c) => calls.get(c) as CallState };
    },
  };
  return log;
}

/**
 * The checks before any provider rule (docs/turn-contract.md#assembling-a-streamed-turn): an event that is not an
 * object, has no type member, or came under another SSE `event:` name is
 * STREAM_ORDER; so is any event after the terminal one. Returns the event's
 * type when the provider's own rules should read it, else null.
 */
export function admitEvent(
  log: TurnLog,
  event: unknown,
  typeMember: 'type' | 'event_type',
  sseEvent: string | undefined,
): string | null {
  log.index++;
  if (!isObject(event)) {
    const t = typeof event;
    const found =
      event === null
        ? 'null'
        : Array.isArray(event)
          ? 'array'
          : t === 'string' || t === 'number' || t === 'boolean'
            ? t
            : 'other';
    log.problem('STREAM_ORDER', { kind: 'not_an_event', found });
    return null;
  }
  const fault = jsonDataFault(event);
  if (fault !== null) {
    log.problem('STREAM_ORDER', { kind: 'not_json_data', fault });
    return null;
  }
  const type = event[typeMember];
  if (typeof type !== 'string') {
    log.problem('STREAM_ORDER', { kind: 'no_type', member: typeMember });
    return null;
  }
  if (sseEvent !== undefined && sseEvent !== type) {
    log.problem('STREAM_ORDER', { kind: 'sse_name', sse_event: sseEvent, type });
    return null;
  }
  if (log.terminal !== null) {
    // One failure told twice (OpenAI: error, then response.failed) is one defect, already reported.
    if (type === log.follower && log.index === log.terminal.at + 1) return null;
    if (!log.afterTerminalReported)
      log.problem('STREAM_ORDER', { kind: 'after_terminal', type, terminal_at: log.terminal.at });
    log.afterTerminalReported = true;
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
function jsonDataFault(root: unknown): JsonDataFault | null {
  const stack: { v: unknown; depth: number }[] = [{ v: root, depth: 1 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop() as { v: unknown; depth: number };
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return 'non_finite_number';
      continue;
    }
    if (typeof v !== 'object') return typeof v as 'function' | 'bigint' | 'symbol' | 'undefined';
    if (depth > 64) return 'too_deep';
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push({ v: v[i], depth: depth + 1 });
      continue;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return 'not_plain_object';
    for (const k of Object.keys(v)) stack.push({ v: (v as Record<string, unknown>)[k], depth: depth + 1 });
  }
  return null;
}

/** Members beyond the ones the provider documents: tolerated, noted once per name (docs/turn-contract.md#assembling-a-streamed-turn). */
export function noteUnknownMembers(
  log: TurnLog,
  event: Record<string, unknown>,
  type: string,
  known: readonly string[],
): void {
  for (const k of Object.keys(event))
    if (!known.includes(k)) log.note('UNKNOWN_MEMBER', { kind: 'unknown_member', member: k, type });
}

/** Strict JSON of an object (docs/strict-json.md#rules), else null: the gate answers INVALID_ARGUMENTS. */
export function parseArgumentsObject(text: string): JsonObject | null {
  const r = parseStrictJson(text);
  return r.ok && isObject(r.value) ? (r.value as JsonObject) : null;
}

/** Sets a delta's members on the step or block it belongs to (docs/turn-contract.md#arguments): arrays appended, other values replaced. */
export function completeMembers(target: Record<string, unknown>, members: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(members)) {
    const had = target[k];
    target[k] = Array.isArray(v) && Array.isArray(had) ? [...had, ...v] : v;
  }
}

export const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * The text of a call's arguments (docs/turn-contract.md#arguments): its fragments when they join to
 * some text; else the text its closing events settled on (OpenAI); else what
 * it opened with (Anthropic and Gemini: the opening object, normally `{}`, so
 * a tool without parameters that streams one `""` fragment has `{}` for its
 * trusted arguments, its digests and its replay alike).
 */
export function argumentsText(c: CallState): string {
  const joined = c.fragments.length === 1 ? (c.fragments[0] as string) : c.fragments.join('');
  if (joined !== '') return joined;
  return c.settled ?? c.opening_text;
}

/** Opens a call, refusing a second call with the same id in one turn. */
export function openCall(log: TurnLog, call_id: string, name: string, opening_text: string): CallState {
  if (log.callIds.has(call_id)) log.problem('DUPLICATE_CALL_ID', { kind: 'duplicate_call_id', call_id });
  const c: CallState = {
    call_id,
    name,
    opening_text,
    fragments: [],
    settled: null,
    closed: false,
    openReported: false,
    arguments: null,
    at: [log.index],
  };
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
 * The end of a terminal event (docs/turn-contract.md#stream-problems, #the-final-answer). A failure is STREAM_ERROR. Calls
 * under an end that does not ask for tools are NOT_A_TOOL_TURN; an end that
 * asks for tools needs a call, and every call closed. An end without calls
 * that is not a failure is no problem: the final answer, a paused turn, or an
 * end whose continuation is refused with its reason (docs/turn-contract.md#refused-continuations).
 */
export function endTurn(
  log: TurnLog,
  terminal: Omit<TurnTerminal, 'at' | 'tool_turn'>,
  error: { code: string | null; message: string | null } = { code: null, message: null },
): void {
  const end = { type: terminal.type, status: terminal.status, reason: terminal.reason };
  log.terminal = { ...terminal, tool_turn: terminal.kind === 'tools', at: log.index };
  if (terminal.kind === 'failed') {
    log.problem('STREAM_ERROR', { kind: 'failed', end, code: error.code, message: error.message });
    return;
  }
  if (terminal.kind !== 'tools') {
    if (log.calls.length > 0) log.problem('NOT_A_TOOL_TURN', { kind: 'not_a_tool_turn', calls: log.calls.length, end });
    return;
  }
  if (log.calls.length === 0) log.problem('STREAM_ORDER', { kind: 'tools_without_call', end });
  for (const c of log.calls)
    if (!c.closed && !c.openReported) log.problem('STREAM_ORDER', { kind: 'open_at_end', id: c.call_id, end });
}

/**
 * The stream's source threw instead of yielding (docs/turn.md#shapes): the
 * official SDKs' iterators throw on `error` events (Anthropic's always,
 * OpenAI's when the event nests an `error` member, as recorded streams do),
 * and a dropped connection throws too. The turn ends there, after the last event
 * read, as a failure, so it reads STREAM_ERROR and not STREAM_UNTERMINATED.
 * Whatever was thrown is only read, never kept: its code (an SDK error's
 * `code`, else its `type`) and its message, each where it is a string.
 */
export function failTurn(log: TurnLog, thrown: unknown): void {
  if (log.terminal !== null) {
    // One failure told twice (an `error` event pushed, then the iterator's throw) is one defect.
    if (log.terminal.kind === 'failed') return;
    if (!log.afterTerminalReported)
      log.problem(
        'STREAM_ORDER',
        { kind: 'after_terminal', type: 'error', terminal_at: log.terminal.at },
        log.index + 1,
      );
    log.afterTerminalReported = true;
    return;
  }
  const code = thrownMember(thrown, 'code') ?? thrownMember(thrown, 'type');
  const message =
    typeof thrown === 'string' ? thrown : (thrownMember(thrown, 'apiMessage') ?? thrownMember(thrown, 'message'));
  // endTurn marks the event being read; a throw stands after the last one, where no event of the stream is.
  log.index++;
  endTurn(log, { type: 'error', kind: 'failed', status: code, reason: null }, { code, message });
  log.index--;
}

/** A string member of a thrown value, read so that no getter or proxy it carries can throw past the assembler. */
function thrownMember(thrown: unknown, member: string): string | null {
  if ((typeof thrown !== 'object' && typeof thrown !== 'function') || thrown === null) return null;
  try {
    const v = (thrown as Record<string, unknown>)[member];
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

const clone = <T>(v: T): T => (v === null || typeof v !== 'object' ? v : structuredClone(v));

/**
 * The turn as if the stream ended after the last event read. Copies
 * everything, so the caller owns the answer and the log is never changed.
 */
export function snapshotTurn<R = unknown>(log: TurnLog, replay: JsonValue[]): AssembledTurn<R> {
  const problems = log.problems.map((p) => ({ ...p, params: structuredClone(p.params) }));
  if (log.terminal === null) {
    const params = { kind: 'unterminated', events: log.index + 1 } as const;
    problems.push({ code: 'STREAM_UNTERMINATED', at: log.index + 1, detail: describeTurnText(params), params });
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
    notes: [...log.notes.values()].map((n) => ({ ...n, params: { ...n.params } })),
    replay: clone(replay),
  };
}
