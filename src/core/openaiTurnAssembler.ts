/**
 * SPEC 8.1, OpenAI Responses: assembles one streamed turn from raw
 * `ResponseStreamEvent`s (openai 6.x, STREAMS.md 1). The rules the SDK's own
 * ResponseStream does not enforce are enforced here: `sequence_number` must
 * increase, a delta's `item_id` must be the item at its `output_index`, the
 * `.done` arguments, the done item and the completed response must agree
 * with the fragments, and only `response.completed` with status `completed`
 * asks for tools.
 *
 * @example
 * const a = createOpenAITurnAssembler();
 * for (const e of events) a.push(e);
 * a.turn().calls // [{ call_id: 'call_…', name: 'get_order', arguments: { order_ref: 'ORDER-7' }, … }]
 */
import { isObject } from './jsonValue.ts';
import { admitEvent, argumentsText, closeCall, createTurnLog, endTurn, isIndex, noteUnknownMembers, openCall, snapshotTurn, type CallState, type JsonObject } from './_turnLog.ts';
import type { JsonValue } from './jsonValue.ts';
import type { TurnAssembler } from './turn.ts';

/** An output item at one `output_index`: a function call, or any other item kept for the stateless replay. */
interface ItemState {
  type: string;
  id: string | null;
  call: CallState | null;
  argumentsDone: boolean;
  closed: boolean;
  /** The done item (or the added one until then), replayed as the provider sent it. */
  item: Record<string, unknown>;
}

/** Events about items other than function calls, and lifecycle events: read by nobody here, and not worth a note. */
const PASSED_OVER: readonly string[] = [
  'response.in_progress',
  'response.queued',
  'response.content_part.added',
  'response.content_part.done',
  'response.output_text.delta',
  'response.output_text.done',
  'response.output_text.annotation.added',
  'response.refusal.delta',
  'response.refusal.done',
  'response.reasoning_summary_part.added',
  'response.reasoning_summary_part.done',
  'response.reasoning_summary_text.delta',
  'response.reasoning_summary_text.done',
  'response.reasoning_text.delta',
  'response.reasoning_text.done',
];

/** Members of the events read here, from the SDK types (OAI:2457-2503, :4985, :5006). Anything else is noted. */
const KNOWN_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  'response.created': ['type', 'sequence_number', 'response'],
  'response.output_item.added': ['type', 'sequence_number', 'output_index', 'item'],
  'response.output_item.done': ['type', 'sequence_number', 'output_index', 'item'],
  'response.function_call_arguments.delta': ['type', 'sequence_number', 'output_index', 'item_id', 'delta'],
  'response.function_call_arguments.done': ['type', 'sequence_number', 'output_index', 'item_id', 'name', 'arguments'],
  'response.completed': ['type', 'sequence_number', 'response'],
  'response.incomplete': ['type', 'sequence_number', 'response'],
  'response.failed': ['type', 'sequence_number', 'response'],
  error: ['type', 'sequence_number', 'code', 'message', 'param'],
  keepalive: ['type', 'sequence_number'],
};

/** A fresh assembler for one OpenAI Responses turn; the caller holds it. */
export function createOpenAITurnAssembler(): TurnAssembler {
  const log = createTurnLog('openai', 'responses');
  const items = new Map<number, ItemState>();
  let lastSequence: number | null = null;

  const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

  /** The function-call item a fragment or close names: open, at that output_index, with that item_id. */
  function callItem(e: Record<string, unknown>, type: string): ItemState | null {
    const at = e.output_index;
    const item = isIndex(at) ? items.get(at) : undefined;
    if (item === undefined || item.call === null) {
      log.problem('STREAM_ORDER', `${type} for output_index ${JSON.stringify(at)}, where no function_call item was added`);
      return null;
    }
    if (e.item_id !== item.id) {
      log.problem('STREAM_ORDER', `${type} names item ${JSON.stringify(e.item_id)}, but the item at output_index ${at} is ${JSON.stringify(item.id)}`);
      return null;
    }
    if (item.closed || item.argumentsDone) {
      log.problem('STREAM_ORDER', `${type} for item ${JSON.stringify(item.id)}, whose arguments are already done`);
      return null;
    }
    return item;
  }

  function disagree(c: CallState, source: string, text: unknown): void {
    if (text !== argumentsText(c)) {
      log.problem('ARGUMENTS_DISAGREE', `call ${JSON.stringify(c.call_id)}: ${source} says ${JSON.stringify(text)}, the fragments say ${JSON.stringify(argumentsText(c))}`);
    }
  }

  function onCreated(e: Record<string, unknown>): void {
    if (log.index !== 0) {
      log.problem('STREAM_ORDER', 'response.created may only be the first event');
      return;
    }
    const id = isObject(e.response) ? str(e.response.id) : null;
    if (id === null) log.problem('STREAM_ORDER', 'response.created without a response id');
    log.response_id = id;
  }

  function onItemAdded(e: Record<string, unknown>): void {
    const at = e.output_index;
    const item = e.item;
    if (!isIndex(at) || !isObject(item) || typeof item.type !== 'string') {
      log.problem('STREAM_ORDER', 'response.output_item.added without an output_index and an item with a type');
      return;
    }
    if (items.has(at)) {
      log.problem('STREAM_ORDER', `output_index ${at} is added a second time`);
      return;
    }
    const state: ItemState = { type: item.type, id: str(item.id), call: null, argumentsDone: false, closed: false, item };
    if (item.type === 'function_call') {
      const call_id = str(item.call_id);
      const name = str(item.name);
      if (call_id === null || name === null) {
        log.problem('STREAM_ORDER', `the function_call item at output_index ${at} has no string call_id and name`);
        return;
      }
      state.call = openCall(log, call_id, name, str(item.arguments) ?? '');
    }
    items.set(at, state);
  }

  function onDelta(e: Record<string, unknown>, type: string): void {
    const item = callItem(e, type);
    if (item === null || item.call === null) return;
    if (typeof e.delta !== 'string') {
      log.problem('STREAM_ORDER', `${type} without a string delta`);
      return;
    }
    const c = item.call;
    // Two sources of truth for one call (SPEC 8.1 makes the same rule for Anthropic and Gemini).
    if (c.fragments.length === 0 && c.opening_text !== '') log.problem('STREAM_ORDER', `call ${JSON.stringify(c.call_id)} opened with arguments and also gets fragments`);
    c.fragments.push(e.delta);
    c.at.push(log.index);
  }

  function onArgumentsDone(e: Record<string, unknown>, type: string): void {
    const item = callItem(e, type);
    if (item === null || item.call === null) return;
    item.argumentsDone = true;
    item.call.at.push(log.index);
    disagree(item.call, 'response.function_call_arguments.done', e.arguments);
    if (e.name !== undefined && e.name !== item.call.name) {
      log.problem('ARGUMENTS_DISAGREE', `call ${JSON.stringify(item.call.call_id)}: .done names ${JSON.stringify(e.name)}, the item ${JSON.stringify(item.call.name)}`);
    }
  }

  function onItemDone(e: Record<string, unknown>): void {
    const at = e.output_index;
    const state = isIndex(at) ? items.get(at) : undefined;
    const item = e.item;
    if (state === undefined || state.closed) {
      log.problem('STREAM_ORDER', `response.output_item.done for output_index ${JSON.stringify(at)}, which is not open`);
      return;
    }
    if (!isObject(item) || item.type !== state.type || str(item.id) !== state.id) {
      log.problem('STREAM_ORDER', `response.output_item.done at output_index ${at} is not the item that was added there`);
      return;
    }
    state.closed = true;
    state.item = item;
    const c = state.call;
    if (c === null) return;
    if (item.call_id !== c.call_id) log.problem('ARGUMENTS_DISAGREE', `the done item at output_index ${at} has call_id ${JSON.stringify(item.call_id)}, not ${JSON.stringify(c.call_id)}`);
    disagree(c, 'the done item', item.arguments);
    closeCall(log, c);
  }

  function onEnd(e: Record<string, unknown>, type: string): void {
    const response = isObject(e.response) ? e.response : {};
    const status = str(response.status);
    const reason = isObject(response.incomplete_details) ? str(response.incomplete_details.reason) : null;
    const tool_turn = type === 'response.completed' && status === 'completed';
    const failed = type === 'response.failed' || status === 'failed' || status === 'cancelled';
    if (tool_turn && Array.isArray(response.output)) {
      const byItemId = new Map<string, CallState>();
      for (const s of items.values()) if (s.call !== null && s.id !== null) byItemId.set(s.id, s.call);
      // The completed response is the SDK's final word (it replaces the snapshot): it must say what the fragments said.
      for (const out of response.output) {
        if (!isObject(out) || out.type !== 'function_call') continue;
        // Matched by item id, as deltas are: two items sharing a call_id (DUPLICATE_CALL_ID) must not be compared crosswise.
        const c = (typeof out.id === 'string' ? byItemId.get(out.id) : undefined) ?? log.calls.find((x) => x.call_id === out.call_id);
        if (c === undefined) log.problem('ARGUMENTS_DISAGREE', `the completed response has a call ${JSON.stringify(out.call_id)} the stream never opened`);
        else disagree(c, 'the completed response', out.arguments);
      }
    }
    endTurn(log, { type, status, reason, tool_turn }, failed);
  }

  function push(event: unknown, sseEvent?: string): void {
    const type = admitEvent(log, event, 'type', sseEvent);
    if (type === null) return;
    const e = event as Record<string, unknown>;
    const seq = e.sequence_number;
    if (typeof seq !== 'number' || !Number.isInteger(seq) || (lastSequence !== null && seq <= lastSequence)) {
      log.problem('STREAM_ORDER', `${type} has sequence_number ${JSON.stringify(seq)}${lastSequence === null ? '' : `, after ${lastSequence}`}: it must be an integer that increases`);
      return;
    }
    lastSequence = seq;
    if (log.index === 0 && type !== 'response.created') {
      log.problem('STREAM_ORDER', `the first event is ${type}; it must be response.created`);
      return;
    }
    const known = KNOWN_MEMBERS[type];
    if (known !== undefined) noteUnknownMembers(log, e, type, known);
    switch (type) {
      case 'response.created':
        return onCreated(e);
      case 'response.output_item.added':
        return onItemAdded(e);
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
        return endTurn(log, { type, status: str(e.code), reason: null, tool_turn: false }, true);
      case 'keepalive':
        return log.note('TOLERATED_EVENT', 'keepalive');
      default:
        if (!PASSED_OVER.includes(type)) log.note('UNKNOWN_EVENT', type);
    }
  }

  /** SPEC 8.3: every output item once, as assembled; function calls without their item id and with the full arguments text. */
  function replay(): JsonValue[] {
    return [...items.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, s]): JsonValue => {
        if (s.call !== null) return { type: 'function_call', call_id: s.call.call_id, name: s.call.name, arguments: argumentsText(s.call) };
        return s.item as JsonObject;
      });
  }

  return { provider: 'openai', push, turn: () => snapshotTurn(log, replay()) };
}
