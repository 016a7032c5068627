/**
 * SPEC 8.1, Gemini Interactions: assembles one streamed turn from raw
 * `InteractionSSEEvent`s (@google/genai 2.x, STREAMS.md 3). Events are told
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
import { isObject } from './jsonValue.ts';
import { admitEvent, closeCall, createTurnLog, endTurn, isIndex, noteUnknownMembers, openCall, snapshotTurn, type CallState } from './_turnLog.ts';
import type { JsonValue } from './jsonValue.ts';
import type { TurnAssembler } from './turn.ts';

interface StepState {
  type: string;
  open: boolean;
  call: CallState | null;
  step: Record<string, unknown>;
}

/** Statuses of a failed end (GEM:10015); every other end but requires_action is NOT_A_TOOL_TURN when calls are present. */
const FAILED: readonly string[] = ['failed', 'cancelled'];

const KNOWN_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  'interaction.created': ['event_type', 'interaction', 'event_id'],
  'interaction.status_update': ['event_type', 'interaction_id', 'status', 'continuation_token', 'usage', 'event_id'],
  'step.start': ['event_type', 'index', 'step', 'event_id'],
  'step.delta': ['event_type', 'index', 'delta', 'metadata', 'event_id'],
  'step.stop': ['event_type', 'index', 'usage', 'step_usage', 'event_id'],
  'interaction.completed': ['event_type', 'interaction', 'event_id'],
  error: ['event_type', 'error', 'event_id'],
};

/** A fresh assembler for one Gemini Interactions turn; the caller holds it. */
export function createGeminiTurnAssembler(): TurnAssembler {
  const log = createTurnLog('gemini', 'interactions');
  /** Steps of every hop, in the order they started; a hop's indexes are its own. */
  const order: StepState[] = [];
  let hop = new Map<number, StepState>();
  /** Between a requires_continuation and the next hop's interaction.created. */
  let awaitingHop = false;

  function step(e: Record<string, unknown>, type: string): StepState | null {
    const at = e.index;
    const s = isIndex(at) ? hop.get(at) : undefined;
    if (s === undefined || !s.open) {
      log.problem('STREAM_ORDER', `${type} for index ${JSON.stringify(at)}, where no step is open`);
      return null;
    }
    return s;
  }

  function onCreated(e: Record<string, unknown>): void {
    if (log.index !== 0 && !awaitingHop) {
      log.problem('STREAM_ORDER', 'interaction.created may only start the stream or follow a requires_continuation');
      return;
    }
    awaitingHop = false;
    hop = new Map();
    const id = isObject(e.interaction) && typeof e.interaction.id === 'string' ? e.interaction.id : null;
    if (id === null) log.problem('STREAM_ORDER', 'interaction.created without an interaction id');
    log.response_id = id;
  }

  function onStart(e: Record<string, unknown>): void {
    const at = e.index;
    const st = e.step;
    if (!isIndex(at) || !isObject(st) || typeof st.type !== 'string') {
      log.problem('STREAM_ORDER', 'step.start without an index and a step with a type');
      return;
    }
    if (hop.has(at)) {
      log.problem('STREAM_ORDER', `index ${at} is started a second time`);
      return;
    }
    const s: StepState = { type: st.type, open: true, call: null, step: { ...st } };
    if (st.type === 'function_call') {
      if (typeof st.id !== 'string' || typeof st.name !== 'string') {
        log.problem('STREAM_ORDER', `the function_call step at index ${at} has no string id and name`);
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
      log.problem('STREAM_ORDER', `${type} at index ${JSON.stringify(e.index)} without a delta type`);
      return;
    }
    if ((kind === 'arguments_delta') !== (s.type === 'function_call')) {
      // A function_call step grows by arguments_delta only, and arguments_delta grows nothing else.
      log.problem('STREAM_ORDER', `a ${kind} delta into the ${s.type} step at index ${JSON.stringify(e.index)}`);
      return;
    }
    switch (kind) {
      case 'arguments_delta': {
        const c = s.call as CallState;
        // ArgumentsDelta.arguments is optional (GEM:640-643): an absent one adds nothing.
        if (d.arguments !== undefined && typeof d.arguments !== 'string') {
          log.problem('STREAM_ORDER', `arguments_delta with a non-string arguments for call ${JSON.stringify(c.call_id)}`);
          return;
        }
        if (c.fragments.length === 0 && c.opening_text !== '{}' && c.opening_text !== '') {
          log.problem('STREAM_ORDER', `call ${JSON.stringify(c.call_id)} opened with non-empty arguments and also gets fragments`);
        }
        c.fragments.push(d.arguments ?? '');
        c.at.push(log.index);
        return;
      }
      case 'thought_signature':
        if (s.type === 'thought' && typeof d.signature === 'string') s.step.signature = d.signature;
        return;
      case 'thought_summary':
        if (s.type === 'thought' && isObject(d.content)) s.step.summary = [...(Array.isArray(s.step.summary) ? s.step.summary : []), d.content];
        return;
      case 'text':
        if (s.type === 'model_output') s.step.content = [{ type: 'text', text: `${textOf(s.step)}${String(d.text ?? '')}` }];
        return;
      default:
        log.note('UNKNOWN_DELTA', kind);
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
      log.problem('STREAM_ORDER', `interaction.completed for ${JSON.stringify(it.id)} inside interaction ${JSON.stringify(log.response_id)}`);
    }
    if (status === 'requires_continuation') {
      // Not an end (STREAMS.md 3.3): a call may not stay open across the hop.
      for (const s of hop.values()) if (s.call !== null && s.open) log.problem('STREAM_ORDER', `call ${JSON.stringify(s.call.call_id)} is open across a requires_continuation hop`);
      awaitingHop = true;
      return;
    }
    endTurn(log, { type, status, reason: null, tool_turn: status === 'requires_action' }, status !== null && FAILED.includes(status));
  }

  function push(event: unknown, sseEvent?: string): void {
    const type = admitEvent(log, event, 'event_type', sseEvent);
    if (type === null) return;
    const e = event as Record<string, unknown>;
    if (log.index === 0 && type !== 'interaction.created') {
      log.problem('STREAM_ORDER', `the first event is ${type}; it must be interaction.created`);
      return;
    }
    if (awaitingHop && type !== 'interaction.created' && type !== 'error') {
      log.problem('STREAM_ORDER', `${type} after requires_continuation; the next hop starts with interaction.created`);
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
        return onStart(e);
      case 'step.delta':
        return onDelta(e, type);
      case 'step.stop':
        return onStop(e, type);
      case 'interaction.completed':
        return onCompleted(e, type);
      case 'error': {
        const code = isObject(e.error) && e.error.code !== undefined ? String(e.error.code) : null;
        return endTurn(log, { type, status: code, reason: null, tool_turn: false }, true);
      }
      default:
        log.note('UNKNOWN_EVENT', type);
    }
  }

  /** SPEC 8.3: every step as assembled, thoughts with their signature, each function_call with its parsed arguments. */
  function replay(): JsonValue[] {
    return order.map((s): JsonValue => {
      if (s.call !== null) return { type: 'function_call', id: s.call.call_id, name: s.call.name, arguments: s.call.arguments ?? {} };
      return s.step as Record<string, JsonValue>;
    });
  }

  return { provider: 'gemini', push, turn: () => snapshotTurn(log, replay()) };
}

function textOf(step: Record<string, unknown>): string {
  const c = step.content;
  if (!Array.isArray(c)) return '';
  return c.map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : '')).join('');
}
