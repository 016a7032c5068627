/**
 * OpenAI Responses (docs/turn-contract.md#assembling-a-streamed-turn): assembles one streamed turn from raw
 * `ResponseStreamEvent`s (openai 6.x). The rules the SDK's own
 * ResponseStream does not enforce are enforced here: `sequence_number` must
 * increase, a delta's `item_id` must be the item at its `output_index`, the
 * `.done` arguments, the done item and the completed response must agree
 * with the fragments, and only `response.completed` with status `completed`
 * and a function call asks for tools (with none it is the final answer).
 * Items the client must run that are not function calls are UNSUPPORTED_CALL.
 */
import { isObject } from '../../json/jsonValue.ts';
import {
  admitEvent,
  argumentsText,
  closeCall,
  createTurnLog,
  endTurn,
  failTurn,
  isIndex,
  noteUnknownMembers,
  openCall,
  parseArgumentsObject,
  snapshotTurn,
  type CallState,
  type ForkableTurnAssembler,
  type JsonObject,
  type TurnLog,
} from '../_turnLog.ts';
import type { JsonValue } from '../../json/jsonValue.ts';
import { forReplay } from '../replayDrops.ts';
import type { OpenAIReplayOf } from '../replayTypes.ts';
import type { ArgumentsSource } from '../../messages/index.ts';

/** An output item at one `output_index`: a function call, or any other item kept for the stateless replay. */
interface ItemState {
  type: string;
  id: string | null;
  call: CallState | null;
  argumentsDone: boolean;
  closed: boolean;
  /** Its sources of text already said, so a second wrong one adds no second problem for the same call. */
  disagreed: boolean;
  /** The done item (or the added one until then), replayed as the provider sent it. */
  item: Record<string, unknown>;
}

/**
 * Items the client must execute that are not function calls (docs/turn-contract.md#stream-problems, `UNSUPPORTED_CALL`), by
 * type: the registry holds function tools only. A `tool_search_call` is one
 * only with `execution: "client"`; a `program` item carries a call_id and is
 * run by the provider, so it is not here.
 */
const CLIENT_EXECUTED: readonly string[] = [
  'custom_tool_call',
  'local_shell_call',
  'shell_call',
  'apply_patch_call',
  'computer_call',
  'mcp_approval_request',
];
const isUnsupported = (item: Record<string, unknown>): boolean =>
  CLIENT_EXECUTED.includes(item.type as string) || (item.type === 'tool_search_call' && item.execution === 'client');

/** Members of the events read here, from the SDK types (openai resources/responses/responses.d.ts:2457-2503, :4985, :5006). Anything else is noted. */
const KNOWN_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  'response.created': ['type', 'sequence_number', 'response'],
  'response.queued': ['type', 'sequence_number', 'response'],
  'response.in_progress': ['type', 'sequence_number', 'response'],
  'response.output_item.added': ['type', 'sequence_number', 'output_index', 'item'],
  'response.output_item.done': ['type', 'sequence_number', 'output_index', 'item'],
  'response.function_call_arguments.delta': ['type', 'sequence_number', 'output_index', 'item_id', 'delta'],
  'response.function_call_arguments.done': ['type', 'sequence_number', 'output_index', 'item_id', 'name', 'arguments'],
  'response.completed': ['type', 'sequence_number', 'response'],
  'response.incomplete': ['type', 'sequence_number', 'response'],
  'response.failed': ['type', 'sequence_number', 'response'],
  // Recorded streams nest code and message under `error` (docs/turn-contract.md#what-providers-really-send); the SDK type has them at the top.
  error: ['type', 'sequence_number', 'code', 'message', 'param', 'error'],
};

/**
 * The event types of the SDK's ResponseStreamEvent union (openai 6.x): the
 * ones not read here concern items this dispatcher does not run (text,
 * reasoning, server tools) or the response's life, and pass without a note.
 * Any other type (a proxy's keepalive, a type newer than this list) is noted
 * and is outside the sequence numbering (docs/turn-contract.md#stream-problems).
 */
const DOCUMENTED: readonly string[] = [
  'error',
  ...['created', 'queued', 'in_progress', 'completed', 'incomplete', 'failed'],
  ...[
    'output_item.added',
    'output_item.done',
    'content_part.added',
    'content_part.done',
    'function_call_arguments.delta',
    'function_call_arguments.done',
  ],
  ...['output_text.delta', 'output_text.done', 'output_text.annotation.added', 'refusal.delta', 'refusal.done'],
  ...[
    'reasoning_summary_part.added',
    'reasoning_summary_part.done',
    'reasoning_summary_text.delta',
    'reasoning_summary_text.done',
    'reasoning_text.delta',
    'reasoning_text.done',
  ],
  ...[
    'audio.delta',
    'audio.done',
    'audio.transcript.delta',
    'audio.transcript.done',
    'custom_tool_call_input.delta',
    'custom_tool_call_input.done',
  ],
  ...[
    'code_interpreter_call.completed',
    'code_interpreter_call.in_progress',
    'code_interpreter_call.interpreting',
    'code_interpreter_call_code.delta',
    'code_interpreter_call_code.done',
  ],
  ...[
    'file_search_call.completed',
    'file_search_call.in_progress',
    'file_search_call.searching',
    'web_search_call.completed',
    'web_search_call.in_progress',
    'web_search_call.searching',
  ],
  ...[
    'image_generation_call.completed',
    'image_generation_call.generating',
    'image_generation_call.in_progress',
    'image_generation_call.partial_image',
  ],
  ...[
    'mcp_call.completed',
    'mcp_call.failed',
    'mcp_call.in_progress',
    'mcp_call_arguments.delta',
    'mcp_call_arguments.done',
    'mcp_list_tools.completed',
    'mcp_list_tools.failed',
    'mcp_list_tools.in_progress',
  ],
].map((t, i) => (i === 0 ? t : `response.${t}`));
const isDocumented = (type: string): boolean => DOCUMENTED.includes(type);

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Where an assembler stands, handed to its fork. */
interface OpenAIState {
  log: TurnLog;
  items: Map<number, ItemState>;
  completedOutput: unknown[] | null;
  numbered: boolean | null;
  lastSequence: number | null;
  sequenceReported: boolean;
}

/**
 * A fresh assembler for one OpenAI Responses turn; the caller holds it. `E`, what it is given (`ResponseStreamEvent`), types the replay.
 * @example
 * ```ts
 * const openai = createOpenAITurnAssembler(); // push() each event, turn() at the end, fork() to keep a checkpoint
 * ```
 */
export function createOpenAITurnAssembler<E = unknown>(): ForkableTurnAssembler<E, OpenAIReplayOf<E>> {
  return openaiAssembler({
    log: createTurnLog('openai', 'responses'),
    items: new Map(),
    completedOutput: null,
    numbered: null,
    lastSequence: null,
    sequenceReported: false,
  });
}

function openaiAssembler<E, R>(from: OpenAIState): ForkableTurnAssembler<E, R> {
  const { log, items } = from;
  /** The completed response's `output`: the copy the replay prefers (docs/turn-contract.md#what-the-replay-keeps). */
  let completedOutput = from.completedOutput;
  /** Whether the documented events carry sequence numbers: decided by the first one. */
  let numbered = from.numbered;
  let lastSequence = from.lastSequence;
  let sequenceReported = from.sequenceReported;

  function sequenceProblem(params: Parameters<typeof log.problem>[1]): void {
    if (!sequenceReported) log.problem('STREAM_ORDER', params);
    sequenceReported = true;
  }

  /** docs/turn-contract.md#stream-problems: each the previous plus one; absent on every event is a note; on some and not others a problem. Reported once. */
  function checkSequence(e: Record<string, unknown>, type: string): void {
    const has = Object.hasOwn(e, 'sequence_number');
    const seq = e.sequence_number;
    const fits =
      typeof seq === 'number' &&
      Number.isInteger(seq) &&
      seq >= 0 &&
      (lastSequence === null || seq === lastSequence + 1);
    if (!isDocumented(type)) {
      // Outside the numbering, unless it takes exactly the next number (the SDK's own keepalive carries one).
      if (has && fits && numbered === true) lastSequence = seq as number;
      return;
    }
    if (numbered === null) {
      numbered = has;
      if (!has) log.note('NO_SEQUENCE_NUMBERS', { kind: 'no_sequence_numbers' });
    } else if (has !== numbered) {
      sequenceProblem({ kind: 'sequence_mixed', type, carried: has });
      return;
    }
    if (!has) return;
    if (!fits) sequenceProblem({ kind: 'sequence', type, value: (seq ?? null) as JsonValue, previous: lastSequence });
    if (typeof seq === 'number' && Number.isInteger(seq)) lastSequence = seq;
  }

  /** The function-call item a fragment or close names: open, at that output_index, with that item_id. */
  function callItem(e: Record<string, unknown>, type: string): ItemState | null {
    const at = e.output_index;
    const item = isIndex(at) ? items.get(at) : undefined;
    if (item === undefined || item.call === null) {
      log.problemOnce(`out:${String(at)}`, 'STREAM_ORDER', {
        kind: 'not_open',
        type,
        index: (at ?? null) as JsonValue,
      });
      return null;
    }
    if (e.item_id !== item.id) {
      log.problemOnce(`out:${String(at)}`, 'STREAM_ORDER', {
        kind: 'item_mismatch',
        type,
        item_id: (e.item_id ?? null) as JsonValue,
        expected: item.id,
        index: at as number,
      });
      return null;
    }
    if (item.closed || item.argumentsDone) {
      log.problemOnce(`out:${String(at)}`, 'STREAM_ORDER', { kind: 'arguments_closed', type, item_id: item.id });
      return null;
    }
    return item;
  }

  /**
   * One more source of a call's arguments text (docs/turn-contract.md#arguments). With fragments, it
   * must say what they say. Without, the first non-empty text settles the
   * call's text (agreeing with the opening item's, where that is not empty),
   * and the others must say the same; an empty text says nothing.
   */
  function agree(s: ItemState, source: ArgumentsSource, text: unknown): void {
    const c = s.call as CallState;
    if (text === undefined || s.disagreed) return;
    const fromFragments = c.fragments.length > 0;
    let ok: boolean;
    if (fromFragments) ok = text === argumentsText(c);
    else if (typeof text !== 'string') ok = false;
    else if (text === '') ok = true;
    else if (c.settled === null) {
      ok = c.opening_text === '' || c.opening_text === text;
      if (ok) c.settled = text;
    } else ok = text === c.settled;
    if (!ok) {
      s.disagreed = true;
      log.problem('ARGUMENTS_DISAGREE', {
        kind: 'arguments_disagree',
        call_id: c.call_id,
        source,
        says: text as JsonValue,
        fragments: fromFragments,
        text: argumentsText(c),
      });
    }
  }

  function onCreated(e: Record<string, unknown>): void {
    if (log.index !== 0) {
      log.problem('STREAM_ORDER', { kind: 'only_first', type: 'response.created' });
      return;
    }
    const id = isObject(e.response) ? str(e.response.id) : null;
    if (id === null) log.problem('STREAM_ORDER', { kind: 'no_id', type: 'response.created' });
    log.response_id = id;
  }

  function onItemAdded(e: Record<string, unknown>, type: string): void {
    const at = e.output_index;
    const item = e.item;
    if (!isIndex(at) || !isObject(item) || typeof item.type !== 'string') {
      log.problem('STREAM_ORDER', { kind: 'malformed', type, members: ['output_index', 'item.type'] });
      return;
    }
    if (items.has(at)) {
      log.problemOnce(`out:${at}`, 'STREAM_ORDER', { kind: 'opened_twice', type, index: at });
      return;
    }
    const state: ItemState = {
      type: item.type,
      id: str(item.id),
      call: null,
      argumentsDone: false,
      closed: false,
      disagreed: false,
      item,
    };
    if (isUnsupported(item))
      log.problem('UNSUPPORTED_CALL', { kind: 'unsupported_call', item_type: item.type, index: at });
    else if (item.type === 'function_call') {
      const call_id = str(item.call_id);
      const name = str(item.name);
      if (call_id === null || name === null) {
        log.problem('STREAM_ORDER', { kind: 'call_without_id', item_type: item.type, index: at });
        return;
      }
      state.call = openCall(log, call_id, name, str(item.arguments) ?? '');
    }
    items.set(at, state);
  }

  function onDelta(e: Record<string, unknown>, type: string): void {
    const item = callItem(e, type);
    if (item === null || item.call === null) return;
    const c = item.call;
    if (typeof e.delta !== 'string') {
      log.problemOnce(`out:${String(e.output_index)}`, 'STREAM_ORDER', {
        kind: 'fragment_type',
        type,
        call_id: c.call_id,
      });
      return;
    }
    // Two sources of truth for one call (docs/turn-contract.md#arguments makes the same rule for Anthropic and Gemini).
    if (c.opening_text !== '' && e.delta !== '')
      log.problemOnce(`out:${String(e.output_index)}`, 'STREAM_ORDER', { kind: 'two_sources', call_id: c.call_id });
    c.fragments.push(e.delta);
    c.at.push(log.index);
  }

  function onArgumentsDone(e: Record<string, unknown>, type: string): void {
    const item = callItem(e, type);
    if (item === null || item.call === null) return;
    item.argumentsDone = true;
    item.call.at.push(log.index);
    agree(item, 'arguments_done', e.arguments);
    if (e.name !== undefined && e.name !== item.call.name) {
      log.problem('ARGUMENTS_DISAGREE', {
        kind: 'name_disagree',
        call_id: item.call.call_id,
        done: e.name as JsonValue,
        item: item.call.name,
      });
    }
  }

  function onItemDone(e: Record<string, unknown>): void {
    const at = e.output_index;
    const state = isIndex(at) ? items.get(at) : undefined;
    const item = e.item;
    if (state === undefined || state.closed) {
      log.problemOnce(`out:${String(at)}`, 'STREAM_ORDER', {
        kind: 'not_open',
        type: 'response.output_item.done',
        index: (at ?? null) as JsonValue,
      });
      return;
    }
    if (!isObject(item) || item.type !== state.type || str(item.id) !== state.id) {
      log.problemOnce(`out:${String(at)}`, 'STREAM_ORDER', { kind: 'done_not_added', index: at as number });
      return;
    }
    state.closed = true;
    state.item = item;
    const c = state.call;
    if (c === null) return;
    if (item.call_id !== c.call_id)
      log.problem('ARGUMENTS_DISAGREE', {
        kind: 'call_id_disagree',
        index: at as number,
        found: (item.call_id ?? null) as JsonValue,
        expected: c.call_id,
      });
    agree(state, 'done_item', item.arguments);
    closeCall(log, c);
  }

  function onEnd(e: Record<string, unknown>, type: string): void {
    const response = isObject(e.response) ? e.response : {};
    const status = str(response.status);
    const reason = isObject(response.incomplete_details) ? str(response.incomplete_details.reason) : null;
    const failed = type === 'response.failed' || status === 'failed' || status === 'cancelled';
    const completed = type === 'response.completed' && status === 'completed';
    if (completed && Array.isArray(response.output)) {
      completedOutput = response.output;
      const byItemId = new Map<string, ItemState>();
      for (const s of items.values()) if (s.call !== null && s.id !== null) byItemId.set(s.id, s);
      // The completed response is the SDK's final word (it replaces the snapshot): it must say what the stream said.
      for (const out of response.output) {
        if (!isObject(out) || out.type !== 'function_call') continue;
        // Matched by item id, as deltas are: two items sharing a call_id (DUPLICATE_CALL_ID) must not be compared crosswise.
        const s =
          (typeof out.id === 'string' ? byItemId.get(out.id) : undefined) ??
          [...items.values()].find((x) => x.call?.call_id === out.call_id);
        if (s === undefined || s.call === null) {
          log.problem('ARGUMENTS_DISAGREE', { kind: 'unopened_call', call_id: (out.call_id ?? null) as JsonValue });
          continue;
        }
        const before = argumentsText(s.call);
        agree(s, 'completed_response', out.arguments);
        // A call whose only text came now: parse it now, once.
        if (s.call.closed && argumentsText(s.call) !== before)
          s.call.arguments = parseArgumentsObject(argumentsText(s.call));
      }
    }
    const err = isObject(response.error) ? response.error : {};
    const kind = failed ? 'failed' : completed ? (log.calls.length > 0 ? 'tools' : 'final_answer') : 'stopped';
    endTurn(log, { type, kind, status, reason }, { code: str(err.code), message: str(err.message) });
  }

  function onError(e: Record<string, unknown>, type: string): void {
    const nested = isObject(e.error) ? e.error : {};
    const code = str(e.code) ?? str(nested.code) ?? (typeof nested.type === 'string' ? nested.type : null);
    const message = str(e.message) ?? str(nested.message);
    // response.failed right after is the same failure told again (docs/turn-contract.md#stream-problems).
    log.follower = 'response.failed';
    endTurn(log, { type, kind: 'failed', status: code, reason: null }, { code, message });
  }

  function push(event: unknown, sseEvent?: string): void {
    const type = admitEvent(log, event, 'type', sseEvent);
    if (type === null) return;
    const e = event as Record<string, unknown>;
    checkSequence(e, type);
    // A stream resumed with starting_after (docs/turn-contract.md#what-providers-really-send): one problem, and the events still read, so it brings no others.
    if (log.index === 0 && type !== 'response.created')
      log.problem('STREAM_ORDER', { kind: 'first_event', type, expected: 'response.created' });
    const known = KNOWN_MEMBERS[type];
    if (known !== undefined) noteUnknownMembers(log, e, type, known);
    switch (type) {
      case 'response.created':
        return onCreated(e);
      case 'response.output_item.added':
        return onItemAdded(e, type);
      case 'response.function_call_arguments.delta':
        return onDelta(e, type);
      case 'response.function_call_arguments.done':
        return onArgumentsDone(e, type);
      case 'response.output_item.done':
        return onItemDone(e);
      case 'response.completed':
      case 'response.incomplete':
      case 'response.failed':
        return onEnd(e, type);
      case 'error':
        return onError(e, type);
      default:
        // Events of items this dispatcher does not run (text, reasoning, server tools) and lifecycle events: read by nobody here.
        if (!isDocumented(type))
          log.note(type === 'keepalive' ? 'TOLERATED_EVENT' : 'UNKNOWN_EVENT', {
            kind: type === 'keepalive' ? 'tolerated_event' : 'unknown_event',
            type,
          });
    }
  }

  /** A function_call as replayed: every member it carried but the item id, with the call's full arguments text (docs/turn-contract.md#what-the-replay-keeps). */
  function replayCall(item: Record<string, unknown>, c: CallState | undefined): JsonValue {
    const rest = forReplay('openai', item) as JsonObject;
    return { ...rest, ...(c === undefined ? {} : { call_id: c.call_id, name: c.name, arguments: argumentsText(c) }) };
  }

  /** docs/turn-contract.md#what-the-replay-keeps: every output item once, as the completed response gives it, else as its done event gave it. */
  function replay(): JsonValue[] {
    const calls = new Map<string, CallState>();
    for (const s of items.values()) if (s.call !== null && s.id !== null) calls.set(s.id, s.call);
    if (completedOutput !== null) {
      return completedOutput.map((out): JsonValue => {
        if (!isObject(out)) return out as JsonValue;
        if (out.type !== 'function_call') return forReplay('openai', out) as JsonObject;
        return replayCall(out, typeof out.id === 'string' ? calls.get(out.id) : undefined);
      });
    }
    return [...items.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, s]): JsonValue =>
        s.call !== null ? replayCall(s.item, s.call) : (forReplay('openai', s.item) as JsonObject),
      );
  }

  function fork(): ForkableTurnAssembler<E, R> {
    const f = log.fork();
    const copy = new Map<number, ItemState>();
    for (const [at, s] of items) copy.set(at, { ...s, call: s.call === null ? null : f.call(s.call) });
    return openaiAssembler({ log: f.log, items: copy, completedOutput, numbered, lastSequence, sequenceReported });
  }

  return { provider: 'openai', push, fail: (e) => failTurn(log, e), turn: () => snapshotTurn(log, replay()), fork };
}
