/**
 * Gemini Interactions (docs/turn-contract.md#assembling-a-streamed-turn): assembles one streamed turn from raw
 * `InteractionSSEEvent`s (@google/genai 2.x). Events are told
 * apart by `event_type`. The SDK has no accumulator and yields `error`
 * events without throwing; here an error ends the turn. `requires_continuation`
 * is not an end: the next hop's `interaction.created` continues the same turn,
 * whose response id is then the last hop's interaction id.
 *
 * @example
 * const a = createGeminiTurnAssembler();
 * for (const e of events) a.push(e);
 * a.turn().terminal?.status // 'requires_action'
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
  snapshotTurn,
  type CallState,
  type ForkableTurnAssembler,
  type TurnLog,
} from '../_turnLog.ts';
import type { JsonValue } from '../../json/jsonValue.ts';
import type { GeminiReplayOf } from '../replayTypes.ts';
import type { TurnEndKind } from '../turn.ts';

interface StepState {
  type: string;
  open: boolean;
  call: CallState | null;
  step: Record<string, unknown>;
}

/** What an interaction's end status means (docs/turn-contract.md#assembling-a-streamed-turn; the statuses: @google/genai dist/genai.d.ts:10015). */
function endKind(status: string | null): TurnEndKind {
  if (status === 'requires_action') return 'tools';
  if (status === 'completed') return 'final_answer';
  if (status === 'failed' || status === 'cancelled') return 'failed';
  return 'stopped';
}

/** Deltas that grow a step under another name than the step's own type. */
const NAMED_DELTAS: Readonly<Record<string, string>> = {
  thought_signature: 'thought',
  thought_summary: 'thought',
  text: 'model_output',
  text_annotation_delta: 'model_output',
};

const KNOWN_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  'interaction.created': ['event_type', 'interaction', 'event_id'],
  'interaction.status_update': ['event_type', 'interaction_id', 'status', 'continuation_token', 'usage', 'event_id'],
  'step.start': ['event_type', 'index', 'step', 'event_id'],
  'step.delta': ['event_type', 'index', 'delta', 'metadata', 'event_id'],
  'step.stop': ['event_type', 'index', 'usage', 'step_usage', 'event_id'],
  'interaction.completed': ['event_type', 'interaction', 'event_id'],
  error: ['event_type', 'error', 'event_id'],
};

/** Where an assembler stands, handed to its fork. */
interface GeminiState {
  log: TurnLog;
  order: StepState[];
  hop: Map<number, StepState>;
  hops: number;
  awaitingHop: boolean;
}

/**
 * A fresh assembler for one Gemini Interactions turn; the caller holds it.
 * `E`: the events it is given (the SDK's `Interactions.InteractionSSEEvent`),
 * which types the replay; any value is read alike.
 *
 * @example
 * ```ts
 * const gemini = createGeminiTurnAssembler();
 * for (const e of events) gemini.push(e);
 * const { calls: functionCalls, problems } = gemini.turn();
 * ```
 */
export function createGeminiTurnAssembler<E = unknown>(): ForkableTurnAssembler<E, GeminiReplayOf<E>> {
  return geminiAssembler({
    log: createTurnLog('gemini', 'interactions'),
    order: [],
    hop: new Map(),
    hops: 0,
    awaitingHop: false,
  });
}

function geminiAssembler<E, R>(from: GeminiState): ForkableTurnAssembler<E, R> {
  const log = from.log;
  /** Steps of every hop, in the order they started; a hop's indexes are its own. */
  const order = from.order;
  let hop = from.hop;
  /** How many hops have started: a hop's indexes are its own, and so are the defects reported about them. */
  let hops = from.hops;
  /** Between a requires_continuation and the next hop's interaction.created. */
  let awaitingHop = from.awaitingHop;

  function step(e: Record<string, unknown>, type: string): StepState | null {
    const at = e.index;
    const s = isIndex(at) ? hop.get(at) : undefined;
    if (s === undefined || !s.open) {
      log.problemOnce(`${hops}:${String(at)}`, 'STREAM_ORDER', {
        kind: 'not_open',
        type,
        index: (at ?? null) as JsonValue,
      });
      return null;
    }
    return s;
  }

  function onCreated(e: Record<string, unknown>): void {
    if (log.index !== 0 && !awaitingHop) {
      log.problem('STREAM_ORDER', { kind: 'only_first', type: 'interaction.created' });
      return;
    }
    awaitingHop = false;
    hop = new Map();
    hops++;
    const id = isObject(e.interaction) && typeof e.interaction.id === 'string' ? e.interaction.id : null;
    // The empty id is an interaction that is not stored (store: false): its calls take the dispatcher's response_ref (docs/turn-contract.md#paused-and-storeless-turns).
    if (id === null) log.problem('STREAM_ORDER', { kind: 'no_id', type: 'interaction.created' });
    log.response_id = id;
  }

  function onStart(e: Record<string, unknown>, type: string): void {
    const at = e.index;
    const st = e.step;
    if (!isIndex(at) || !isObject(st) || typeof st.type !== 'string') {
      log.problem('STREAM_ORDER', { kind: 'malformed', type, members: ['index', 'step.type'] });
      return;
    }
    if (hop.has(at)) {
      log.problemOnce(`${hops}:${at}`, 'STREAM_ORDER', { kind: 'opened_twice', type, index: at });
      return;
    }
    const s: StepState = { type: st.type, open: true, call: null, step: { ...st } };
    if (st.type === 'function_call') {
      if (typeof st.id !== 'string' || typeof st.name !== 'string') {
        log.problem('STREAM_ORDER', { kind: 'call_without_id', item_type: st.type, index: at });
        return;
      }
      s.call = openCall(log, st.id, st.name, st.arguments === undefined ? '' : JSON.stringify(st.arguments));
    }
    hop.set(at, s);
    order.push(s);
  }

  function onDelta(e: Record<string, unknown>, type: string): void {
    const s = step(e, type);
    if (s === null) return;
    const d = isObject(e.delta) ? e.delta : null;
    const kind = d !== null && typeof d.type === 'string' ? d.type : null;
    if (d === null || kind === null) {
      log.problem('STREAM_ORDER', { kind: 'malformed', type, members: ['delta.type'] });
      return;
    }
    if (
      (kind === 'arguments_delta') !== (s.type === 'function_call') ||
      (NAMED_DELTAS[kind] !== undefined && NAMED_DELTAS[kind] !== s.type)
    ) {
      // A function_call step grows by arguments_delta only, arguments_delta grows nothing else, and a named delta only its own step.
      log.problemOnce(`${hops}:${String(e.index)}`, 'STREAM_ORDER', {
        kind: 'delta_kind',
        delta: kind,
        block: s.type,
        index: e.index as number,
      });
      return;
    }
    switch (kind) {
      case 'arguments_delta': {
        const c = s.call as CallState;
        // ArgumentsDelta.arguments is optional (@google/genai dist/genai.d.ts:640-643): an absent one adds nothing.
        if (d.arguments !== undefined && typeof d.arguments !== 'string') {
          log.problemOnce(`${hops}:${String(e.index)}`, 'STREAM_ORDER', {
            kind: 'fragment_type',
            type,
            call_id: c.call_id,
          });
          return;
        }
        // Filled opening arguments and fragments with text are two sources for one call (docs/turn-contract.md#arguments); reported once.
        if ((d.arguments ?? '') !== '' && c.opening_text !== '' && c.opening_text !== '{}') {
          log.problemOnce(`${hops}:${String(e.index)}`, 'STREAM_ORDER', { kind: 'two_sources', call_id: c.call_id });
        }
        c.fragments.push(d.arguments ?? '');
        c.at.push(log.index);
        return;
      }
      case 'thought_signature':
        if (typeof d.signature === 'string') s.step.signature = d.signature;
        return;
      case 'thought_summary':
        if (isObject(d.content)) s.step.summary = [...(Array.isArray(s.step.summary) ? s.step.summary : []), d.content];
        return;
      case 'text':
        s.step.content = [{ type: 'text', text: `${textOf(s.step)}${String(d.text ?? '')}` }];
        return;
      case 'text_annotation_delta':
        if (Array.isArray(d.annotations))
          s.step.annotations = [...(Array.isArray(s.step.annotations) ? s.step.annotations : []), ...d.annotations];
        return;
      default: {
        // A server step's delta carries the step's own members (google_search_call: arguments; google_search_result: result; signature).
        if (kind !== s.type) {
          log.note('UNKNOWN_DELTA', { kind: 'unknown_delta', delta: kind });
          return;
        }
        const { type: _type, ...members } = d;
        completeMembers(s.step, members);
      }
    }
  }

  function onStop(e: Record<string, unknown>, type: string): void {
    const s = step(e, type);
    if (s === null) return;
    s.open = false;
    if (s.call !== null) closeCall(log, s.call);
  }

  function onCompleted(e: Record<string, unknown>, type: string): void {
    const it = isObject(e.interaction) ? e.interaction : {};
    const status = typeof it.status === 'string' ? it.status : null;
    if (typeof it.id === 'string' && it.id !== log.response_id) {
      log.problem('STREAM_ORDER', { kind: 'other_interaction', id: it.id, response_id: log.response_id });
    }
    if (status === 'requires_continuation') {
      // Not an end (docs/turn-contract.md#geminis-hops): a call may not stay open across the hop.
      for (const s of hop.values())
        if (s.call !== null && s.open)
          log.problem('STREAM_ORDER', { kind: 'open_across_hop', call_id: s.call.call_id });
      awaitingHop = true;
      return;
    }
    const err = isObject(it.error) ? it.error : {};
    endTurn(
      log,
      { type, kind: endKind(status), status, reason: null },
      {
        code: err.code === undefined ? null : String(err.code),
        message: typeof err.message === 'string' ? err.message : null,
      },
    );
  }

  function push(event: unknown, sseEvent?: string): void {
    const type = admitEvent(log, event, 'event_type', sseEvent);
    if (type === null) return;
    const e = event as Record<string, unknown>;
    if (log.index === 0 && type !== 'interaction.created') {
      log.problem('STREAM_ORDER', { kind: 'first_event', type, expected: 'interaction.created' });
    }
    if (awaitingHop && type !== 'interaction.created' && type !== 'error') {
      log.problem('STREAM_ORDER', { kind: 'after_continuation', type });
      return;
    }
    const known = KNOWN_MEMBERS[type];
    if (known !== undefined) noteUnknownMembers(log, e, type, known);
    switch (type) {
      case 'interaction.created':
        return onCreated(e);
      case 'interaction.status_update':
        return;
      case 'step.start':
        return onStart(e, type);
      case 'step.delta':
        return onDelta(e, type);
      case 'step.stop':
        return onStop(e, type);
      case 'interaction.completed':
        return onCompleted(e, type);
      case 'error': {
        const err = isObject(e.error) ? e.error : {};
        const code = err.code !== undefined ? String(err.code) : null;
        return endTurn(
          log,
          { type, kind: 'failed', status: code, reason: null },
          { code, message: typeof err.message === 'string' ? err.message : null },
        );
      }
      default:
        log.note('UNKNOWN_EVENT', { kind: 'unknown_event', type });
    }
  }

  /** docs/turn-contract.md#what-the-replay-keeps: every step as assembled, with every member it carried: thoughts with their signature, each function_call with its parsed arguments. */
  function replay(): JsonValue[] {
    return order.map((s): JsonValue => {
      if (s.call !== null)
        return {
          ...(s.step as Record<string, JsonValue>),
          type: 'function_call',
          id: s.call.call_id,
          name: s.call.name,
          arguments: s.call.arguments ?? {},
        };
      return s.step as Record<string, JsonValue>;
    });
  }

  function fork(): ForkableTurnAssembler<E, R> {
    const f = log.fork();
    const steps = new Map<StepState, StepState>();
    for (const s of order) steps.set(s, { ...s, call: s.call === null ? null : f.call(s.call), step: { ...s.step } });
    const copy = new Map<number, StepState>();
    for (const [at, s] of hop) copy.set(at, steps.get(s) as StepState);
    return geminiAssembler({
      log: f.log,
      order: order.map((s) => steps.get(s) as StepState),
      hop: copy,
      hops,
      awaitingHop,
    });
  }

  return { provider: 'gemini', push, fail: (e) => failTurn(log, e), turn: () => snapshotTurn(log, replay()), fork };
}

function textOf(step: Record<string, unknown>): string {
  const c = step.content;
  if (!Array.isArray(c)) return '';
  return c.map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : '')).join('');
}
