/**
 * Anthropic Messages (docs/turn-contract.md#assembling-a-streamed-turn): assembles one streamed turn from raw
 * `RawMessageStreamEvent`s (@anthropic-ai/sdk 1.x). Unlike the
 * SDK's MessageStream, a fragment for a block that is not open, of the wrong
 * kind for its block, or a cut-off buffer is never silently dropped or
 * partially parsed: `{"city":"Par` is not `{}`. A message may arrive whole
 * in `message_start` (docs/turn-contract.md#what-providers-really-send): its blocks are the turn's first, complete.
 *
 * @example
 * const a = createAnthropicTurnAssembler();
 * for (const e of events) a.push(e);
 * a.turn().terminal // { type: 'message_stop', status: 'tool_use', tool_turn: true, … }
 */
import { isObject } from '../../json/jsonValue.ts';
import {
  admitEvent,
  closeCall,
  completeMembers,
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
  type TurnLog,
} from '../_turnLog.ts';
import type { JsonValue } from '../../json/jsonValue.ts';
import { forReplay } from '../replayDrops.ts';
import type { AnthropicReplayOf } from '../replayTypes.ts';
import type { TurnEndKind } from '../turn.ts';

interface BlockState {
  type: string;
  open: boolean;
  call: CallState | null;
  /** A server tool block's streamed input, parsed into `block.input` at its stop. */
  inputText: string;
  /** The block as replayed: text and thinking grow with their deltas, citations and signatures are set by theirs. */
  block: Record<string, unknown>;
}

/**
 * Which delta may grow which blocks (@anthropic-ai/sdk resources/messages/messages.d.ts:3978-3983); any other pairing is
 * STREAM_ORDER. Server tool blocks (run by Anthropic, not by this dispatcher)
 * stream their input too: it is kept for the replay, never gated.
 */
const DELTA_FOR_BLOCK: Readonly<Record<string, readonly string[]>> = {
  input_json_delta: ['tool_use', 'server_tool_use', 'mcp_tool_use'],
  text_delta: ['text'],
  citations_delta: ['text'],
  thinking_delta: ['thinking'],
  signature_delta: ['thinking', 'compaction'],
  // Context compaction (beta: BetaCompactionContentBlockDelta): sets the block's content and encrypted_content.
  compaction_delta: ['compaction'],
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

/** What a stop reason means (docs/turn-contract.md#the-final-answer). `pause_turn` is resumed (docs/turn-contract.md#paused-and-storeless-turns); every other reason but these is an end whose continuation is refused. */
function endKind(stopReason: string | null): TurnEndKind {
  if (stopReason === 'tool_use') return 'tools';
  if (stopReason === 'end_turn' || stopReason === 'stop_sequence') return 'final_answer';
  if (stopReason === 'pause_turn') return 'pause_turn';
  return 'stopped';
}

/** The JSON text of a block's opening input, or '' when it has none. */
const openingText = (input: unknown): string => (input === undefined ? '' : JSON.stringify(input));
/** An opening input that is more than the empty object: fragments on top of it would be a second source. */
const isFilled = (text: string): boolean => text !== '' && text !== '{}';

/** Where an assembler stands, handed to its fork. */
interface AnthropicState {
  log: TurnLog;
  blocks: Map<number, BlockState>;
  stopReason: string | null;
  deltaSeen: boolean;
  given: number;
}

/**
 * A fresh assembler for one Anthropic Messages turn; the caller holds it.
 * `E`: the events it is given (the SDK's `RawMessageStreamEvent`), which
 * types the replay; any value is read alike.
 *
 * @example
 * ```ts
 * const anthropic = createAnthropicTurnAssembler();
 * for (const e of events) anthropic.push(e);
 * const { calls: toolUses, problems } = anthropic.turn();
 * ```
 */
export function createAnthropicTurnAssembler<E = unknown>(): ForkableTurnAssembler<E, AnthropicReplayOf<E>> {
  return anthropicAssembler({
    log: createTurnLog('anthropic', 'messages'),
    blocks: new Map(),
    stopReason: null,
    deltaSeen: false,
    given: 0,
  });
}

function anthropicAssembler<E, R>(from: AnthropicState): ForkableTurnAssembler<E, R> {
  const { log, blocks } = from;
  let { stopReason, deltaSeen } = from;
  /** How many blocks message_start delivered whole: indices 0 … given−1. */
  let given = from.given;

  function block(e: Record<string, unknown>, type: string): BlockState | null {
    const at = e.index;
    const b = isIndex(at) ? blocks.get(at) : undefined;
    if (b === undefined || !b.open) {
      log.problemOnce(`index:${String(at)}`, 'STREAM_ORDER', {
        kind: 'not_open',
        type,
        index: (at ?? null) as JsonValue,
      });
      return null;
    }
    return b;
  }

  /** A block as it opens (content_block_start) or as message_start gives it whole. */
  function addBlock(at: number, cb: Record<string, unknown> & { type: string }): BlockState | null {
    const b: BlockState = { type: cb.type, open: true, call: null, inputText: '', block: { ...cb } };
    if (cb.type === 'tool_use') {
      if (typeof cb.id !== 'string' || typeof cb.name !== 'string') {
        log.problem('STREAM_ORDER', { kind: 'call_without_id', item_type: cb.type, index: at });
        return null;
      }
      b.call = openCall(log, cb.id, cb.name, openingText(cb.input));
    }
    blocks.set(at, b);
    return b;
  }

  function onMessageStart(e: Record<string, unknown>, type: string): void {
    if (log.index !== 0) {
      log.problem('STREAM_ORDER', { kind: 'only_first', type });
      return;
    }
    const m = isObject(e.message) ? e.message : {};
    const id = typeof m.id === 'string' ? m.id : null;
    if (id === null) log.problem('STREAM_ORDER', { kind: 'no_id', type });
    log.response_id = id;
    if (typeof m.stop_reason === 'string') stopReason = m.stop_reason;
    // Delivered whole (programmatic tool calling): complete as given, a tool_use a closed call.
    const content = Array.isArray(m.content) ? m.content : [];
    for (const cb of content) {
      const at = given++;
      if (!isObject(cb) || typeof cb.type !== 'string') {
        log.problem('STREAM_ORDER', { kind: 'malformed', type, members: ['message.content[].type'] });
        continue;
      }
      const b = addBlock(at, cb as Record<string, unknown> & { type: string });
      if (b === null) continue;
      b.open = false;
      if (b.call !== null) closeCall(log, b.call);
    }
  }

  function onStart(e: Record<string, unknown>, type: string): void {
    const at = e.index;
    const cb = e.content_block;
    if (!isIndex(at) || !isObject(cb) || typeof cb.type !== 'string') {
      log.problem('STREAM_ORDER', { kind: 'malformed', type, members: ['index', 'content_block.type'] });
      return;
    }
    if (at < given) {
      log.problemOnce(`index:${at}`, 'STREAM_ORDER', { kind: 'below_message_start', index: at, given });
      return;
    }
    if (blocks.has(at)) {
      log.problemOnce(`index:${at}`, 'STREAM_ORDER', { kind: 'opened_twice', type, index: at });
      return;
    }
    if (deltaSeen) {
      log.problem('STREAM_ORDER', { kind: 'after_message_delta' });
      return;
    }
    addBlock(at, cb as Record<string, unknown> & { type: string });
  }

  function onDelta(e: Record<string, unknown>, type: string): void {
    const b = block(e, type);
    if (b === null) return;
    const d = e.delta;
    const kind = isObject(d) && typeof d.type === 'string' ? d.type : null;
    if (kind === null || d === null || !isObject(d)) {
      log.problem('STREAM_ORDER', { kind: 'malformed', type, members: ['delta.type'] });
      return;
    }
    const wants = DELTA_FOR_BLOCK[kind];
    if (wants === undefined) {
      log.note('UNKNOWN_DELTA', { kind: 'unknown_delta', delta: kind });
      return;
    }
    if (!wants.includes(b.type)) {
      log.problemOnce(`index:${String(e.index)}`, 'STREAM_ORDER', {
        kind: 'delta_kind',
        delta: kind,
        block: b.type,
        index: e.index as number,
      });
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
          log.problemOnce(`index:${String(e.index)}`, 'STREAM_ORDER', {
            kind: 'fragment_type',
            type,
            call_id: c.call_id,
          });
          return;
        }
        // A filled opening input and fragments with text are two sources for one call (docs/turn-contract.md#arguments); reported once.
        if (d.partial_json !== '' && isFilled(c.opening_text))
          log.problemOnce(`index:${String(e.index)}`, 'STREAM_ORDER', { kind: 'two_sources', call_id: c.call_id });
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
      case 'compaction_delta': {
        const { type: _type, ...members } = d;
        completeMembers(b.block, members);
        return;
      }
      case 'citations_delta':
        // Arrays are appended (docs/turn-contract.md#arguments): the text block keeps every citation its deltas carried.
        if (d.citation !== undefined)
          b.block.citations = [...(Array.isArray(b.block.citations) ? b.block.citations : []), d.citation];
        return;
    }
  }

  function onStop(e: Record<string, unknown>, type: string): void {
    const b = block(e, type);
    if (b === null) return;
    b.open = false;
    if (b.call !== null) closeCall(log, b.call);
    else if (b.inputText !== '') b.block.input = parseArgumentsObject(b.inputText) ?? b.block.input ?? {};
  }

  function onMessageDelta(e: Record<string, unknown>): void {
    const d = isObject(e.delta) ? e.delta : {};
    stopReason = typeof d.stop_reason === 'string' ? d.stop_reason : stopReason;
    deltaSeen = true;
    if (stopReason !== 'tool_use') return;
    for (const [at, b] of blocks) {
      if (!b.open) continue;
      if (b.call !== null) b.call.openReported = true;
      log.problem('STREAM_ORDER', { kind: 'block_open_at_end', block: b.type, index: at, stop_reason: stopReason });
    }
  }

  function push(event: unknown, sseEvent?: string): void {
    const type = admitEvent(log, event, 'type', sseEvent);
    if (type === null) return;
    const e = event as Record<string, unknown>;
    if (log.index === 0 && type !== 'message_start') {
      // One problem; the events are still read, so the defect brings no others.
      log.problem('STREAM_ORDER', { kind: 'first_event', type, expected: 'message_start' });
    }
    const known = KNOWN_MEMBERS[type];
    if (known !== undefined) noteUnknownMembers(log, e, type, known);
    switch (type) {
      case 'message_start':
        return onMessageStart(e, type);
      case 'content_block_start':
        return onStart(e, type);
      case 'content_block_delta':
        return onDelta(e, type);
      case 'content_block_stop':
        return onStop(e, type);
      case 'message_delta':
        return onMessageDelta(e);
      case 'message_stop':
        return endTurn(log, { type, kind: endKind(stopReason), status: stopReason, reason: null });
      case 'error': {
        const err = isObject(e.error) ? e.error : {};
        const code = typeof err.type === 'string' ? err.type : null;
        return endTurn(
          log,
          { type, kind: 'failed', status: code, reason: null },
          { code, message: typeof err.message === 'string' ? err.message : null },
        );
      }
      case 'ping':
        return log.note('TOLERATED_EVENT', { kind: 'tolerated_event', type });
      default:
        log.note('UNKNOWN_EVENT', { kind: 'unknown_event', type });
    }
  }

  /** docs/turn-contract.md#what-the-replay-keeps: the assistant's blocks in order, as assembled; each tool_use with its parsed input and every other member it carried. */
  function replay(): JsonValue[] {
    return [...blocks.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, b]): JsonValue => {
        if (b.call !== null)
          return {
            ...(b.block as Record<string, JsonValue>),
            type: 'tool_use',
            id: b.call.call_id,
            name: b.call.name,
            input: b.call.arguments ?? {},
          };
        return forReplay('anthropic', b.block) as Record<string, JsonValue>;
      });
  }

  function fork(): ForkableTurnAssembler<E, R> {
    const f = log.fork();
    const copy = new Map<number, BlockState>();
    for (const [at, b] of blocks)
      copy.set(at, { ...b, call: b.call === null ? null : f.call(b.call), block: { ...b.block } });
    return anthropicAssembler({ log: f.log, blocks: copy, stopReason, deltaSeen, given });
  }

  return { provider: 'anthropic', push, fail: (e) => failTurn(log, e), turn: () => snapshotTurn(log, replay()), fork };
}
