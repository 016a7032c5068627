/**
 * SPEC 8.1, Anthropic Messages: assembles one streamed turn from raw
 * `RawMessageStreamEvent`s (@anthropic-ai/sdk 1.x, STREAMS.md 2). Unlike the
 * SDK's MessageStream, a fragment for a block that is not open, of the wrong
 * kind for its block, or a cut-off buffer is never silently dropped or
 * partially parsed: `{"city":"Par` is not `{}`.
 *
 * @example
 * const a = createAnthropicTurnAssembler();
 * for (const e of events) a.push(e);
 * a.turn().terminal // { type: 'message_stop', status: 'tool_use', tool_turn: true, … }
 */
import { isObject } from './jsonValue.ts';
import { admitEvent, closeCall, createTurnLog, endTurn, isIndex, noteUnknownMembers, openCall, parseArgumentsObject, snapshotTurn, type CallState } from './_turnLog.ts';
import type { JsonValue } from './jsonValue.ts';
import type { TurnAssembler } from './turn.ts';

interface BlockState {
  type: string;
  open: boolean;
  call: CallState | null;
  /** A server tool block's streamed input, parsed into `block.input` at its stop. */
  inputText: string;
  /** The block as replayed: text and thinking grow with their deltas; tool_use gets its parsed input at the end. */
  block: Record<string, unknown>;
}

/**
 * Which delta may grow which blocks (ANT:3978-3983); any other pairing is
 * STREAM_ORDER. Server tool blocks (run by Anthropic, not by this dispatcher)
 * stream their input too: it is kept for the replay, never gated.
 */
const DELTA_FOR_BLOCK: Readonly<Record<string, readonly string[]>> = {
  input_json_delta: ['tool_use', 'server_tool_use', 'mcp_tool_use'],
  text_delta: ['text'],
  citations_delta: ['text'],
  thinking_delta: ['thinking'],
  signature_delta: ['thinking'],
};

const KNOWN_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  message_start: ['type', 'message'],
  content_block_start: ['type', 'index', 'content_block'],
  content_block_delta: ['type', 'index', 'delta'],
  content_block_stop: ['type', 'index'],
  message_delta: ['type', 'delta', 'usage', 'context_management'],
  message_stop: ['type'],
  error: ['type', 'error'],
  ping: ['type'],
};

/** A fresh assembler for one Anthropic Messages turn; the caller holds it. */
export function createAnthropicTurnAssembler(): TurnAssembler {
  const log = createTurnLog('anthropic', 'messages');
  const blocks = new Map<number, BlockState>();
  let stopReason: string | null = null;
  let deltaSeen = false;

  function block(e: Record<string, unknown>, type: string): BlockState | null {
    const at = e.index;
    const b = isIndex(at) ? blocks.get(at) : undefined;
    if (b === undefined || !b.open) {
      log.problem('STREAM_ORDER', `${type} for index ${JSON.stringify(at)}, where no block is open`);
      return null;
    }
    return b;
  }

  function onStart(e: Record<string, unknown>): void {
    const at = e.index;
    const cb = e.content_block;
    if (!isIndex(at) || !isObject(cb) || typeof cb.type !== 'string') {
      log.problem('STREAM_ORDER', 'content_block_start without an index and a content_block with a type');
      return;
    }
    if (blocks.has(at)) {
      log.problem('STREAM_ORDER', `index ${at} is started a second time`);
      return;
    }
    if (deltaSeen) {
      log.problem('STREAM_ORDER', 'content_block_start after message_delta: the message is already ending');
      return;
    }
    const b: BlockState = { type: cb.type, open: true, call: null, inputText: '', block: { ...cb } };
    if (cb.type === 'tool_use') {
      if (typeof cb.id !== 'string' || typeof cb.name !== 'string') {
        log.problem('STREAM_ORDER', `the tool_use block at index ${at} has no string id and name`);
        return;
      }
      b.call = openCall(log, cb.id, cb.name, cb.input === undefined ? '' : JSON.stringify(cb.input));
    }
    blocks.set(at, b);
  }

  function onDelta(e: Record<string, unknown>, type: string): void {
    const b = block(e, type);
    if (b === null) return;
    const d = e.delta;
    const kind = isObject(d) && typeof d.type === 'string' ? d.type : null;
    if (kind === null || d === null || !isObject(d)) {
      log.problem('STREAM_ORDER', `${type} at index ${JSON.stringify(e.index)} without a delta type`);
      return;
    }
    const wants = DELTA_FOR_BLOCK[kind];
    if (wants === undefined) {
      log.note('UNKNOWN_DELTA', kind);
      return;
    }
    if (!wants.includes(b.type)) {
      log.problem('STREAM_ORDER', `a ${kind} into the ${b.type} block at index ${JSON.stringify(e.index)}`);
      return;
    }
    switch (kind) {
      case 'input_json_delta': {
        if (b.call === null) {
          // A server tool's input: the replay carries it, parsed at its stop.
          if (typeof d.partial_json === 'string') b.inputText += d.partial_json;
          return;
        }
        const c = b.call;
        if (typeof d.partial_json !== 'string') {
          log.problem('STREAM_ORDER', `input_json_delta without a string partial_json for call ${JSON.stringify(c.call_id)}`);
          return;
        }
        if (c.fragments.length === 0 && c.opening_text !== '{}' && c.opening_text !== '') {
          log.problem('STREAM_ORDER', `call ${JSON.stringify(c.call_id)} opened with a non-empty input and also gets fragments`);
        }
        c.fragments.push(d.partial_json);
        c.at.push(log.index);
        return;
      }
      case 'text_delta':
        b.block.text = String(b.block.text ?? '') + String(d.text ?? '');
        return;
      case 'thinking_delta':
        b.block.thinking = String(b.block.thinking ?? '') + String(d.thinking ?? '');
        return;
      case 'signature_delta':
        b.block.signature = String(d.signature ?? '');
        return;
      default:
        return; // citations: kept out of the replay, which carries the text as assembled
    }
  }

  function onStop(e: Record<string, unknown>, type: string): void {
    const b = block(e, type);
    if (b === null) return;
    b.open = false;
    if (b.call !== null) closeCall(log, b.call);
    else if (b.inputText !== '') b.block.input = parseArgumentsObject(b.inputText) ?? {};
  }

  function onMessageDelta(e: Record<string, unknown>): void {
    const d = isObject(e.delta) ? e.delta : {};
    stopReason = typeof d.stop_reason === 'string' ? d.stop_reason : stopReason;
    deltaSeen = true;
    if (stopReason === 'tool_use') {
      for (const [at, b] of blocks) if (b.open) log.problem('STREAM_ORDER', `the ${b.type} block at index ${at} is still open when stop_reason tool_use arrives`);
    }
  }

  function push(event: unknown, sseEvent?: string): void {
    const type = admitEvent(log, event, 'type', sseEvent);
    if (type === null) return;
    const e = event as Record<string, unknown>;
    if (log.index === 0 && type !== 'message_start') {
      log.problem('STREAM_ORDER', `the first event is ${type}; it must be message_start`);
      return;
    }
    const known = KNOWN_MEMBERS[type];
    if (known !== undefined) noteUnknownMembers(log, e, type, known);
    switch (type) {
      case 'message_start': {
        if (log.index !== 0) {
          log.problem('STREAM_ORDER', 'message_start may only be the first event');
          return;
        }
        const id = isObject(e.message) && typeof e.message.id === 'string' ? e.message.id : null;
        if (id === null) log.problem('STREAM_ORDER', 'message_start without a message id');
        log.response_id = id;
        return;
      }
      case 'content_block_start':
        return onStart(e);
      case 'content_block_delta':
        return onDelta(e, type);
      case 'content_block_stop':
        return onStop(e, type);
      case 'message_delta':
        return onMessageDelta(e);
      case 'message_stop':
        return endTurn(log, { type, status: stopReason, reason: null, tool_turn: stopReason === 'tool_use' }, false);
      case 'error': {
        const err = isObject(e.error) && typeof e.error.type === 'string' ? e.error.type : null;
        return endTurn(log, { type, status: err, reason: null, tool_turn: false }, true);
      }
      case 'ping':
        return log.note('TOLERATED_EVENT', 'ping');
      default:
        log.note('UNKNOWN_EVENT', type);
    }
  }

  /** SPEC 8.3: the assistant's blocks in order, thinking untouched, each tool_use with its parsed input. */
  function replay(): JsonValue[] {
    return [...blocks.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, b]): JsonValue => {
        if (b.call !== null) return { type: 'tool_use', id: b.call.call_id, name: b.call.name, input: b.call.arguments ?? {} };
        if (b.type === 'text') return { type: 'text', text: String(b.block.text ?? '') };
        return b.block as Record<string, JsonValue>;
      });
  }

  return { provider: 'anthropic', push, turn: () => snapshotTurn(log, replay()) };
}
