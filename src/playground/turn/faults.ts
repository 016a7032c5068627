/**
 * The turn mode's fault switches (docs/turn.md#in-the-playground-the-model-turn-mode): one click turns a healthy
 * stream into one that shows one problem code of docs/turn-contract.md#stream-problems. Each switch is a
 * pure function of the events; where it needs to know where a call's
 * fragments are, it asks the core's assembler (`at`), never parses a
 * provider event itself. The events it adds are the provider's own shapes:
 * the SDK unions (openai resources/responses/responses.d.ts:5611, @anthropic-ai/sdk resources/messages/messages.d.ts:4040,
 * @google/genai dist/genai.d.ts:9959) and, outside them, OpenAI's `keepalive` and
 * Anthropic's `ping` and `error` (@anthropic-ai/sdk core/streaming.js:47-56).
 *
 * @example
 * const r = applyFault('cut_before_terminal', 'openai', fixture.stream);
 * r.ok && assembleTurn('openai', r.events).problems[0].code // 'STREAM_UNTERMINATED'
 */
import { assembleTurn } from '#lib/core/turn/index.ts';
import type { ProviderName } from '#lib/core/tables/index.ts';
import type { AssembledTurn, TurnProblemCode } from '#lib/core/turn/index.ts';

export type FaultId =
  | 'cut_before_terminal'
  | 'budget_runs_out'
  | 'unknown_index'
  | 'duplicate_call_id'
  | 'done_disagrees'
  | 'error_mid_stream'
  | 'event_after_terminal';

export interface FaultSwitch {
  readonly id: FaultId;
  /** The one problem code the faulted stream shows. */
  readonly code: TurnProblemCode;
  /** The providers whose stream can show it. */
  readonly providers: readonly ProviderName[];
}

const ALL: readonly ProviderName[] = Object.freeze(['openai', 'anthropic', 'gemini'] as const);

/** A constant table, frozen to the leaves: nothing a caller does to it can change a later answer (docs/contract.md#same-inputs-same-answer). */
export const FAULT_SWITCHES: readonly FaultSwitch[] = Object.freeze(
  (
    [
      {
        id: 'cut_before_terminal',
        code: 'STREAM_UNTERMINATED',
        providers: ALL,
      },
      {
        id: 'budget_runs_out',
        code: 'NOT_A_TOOL_TURN',
        providers: ALL,
      },
      {
        id: 'unknown_index',
        code: 'STREAM_ORDER',
        providers: ALL,
      },
      {
        id: 'duplicate_call_id',
        code: 'DUPLICATE_CALL_ID',
        providers: ALL,
      },
      {
        id: 'done_disagrees',
        code: 'ARGUMENTS_DISAGREE',
        providers: Object.freeze(['openai'] as const),
      },
      {
        id: 'error_mid_stream',
        code: 'STREAM_ERROR',
        providers: ALL,
      },
      {
        id: 'event_after_terminal',
        code: 'STREAM_ORDER',
        providers: ALL,
      },
    ] satisfies FaultSwitch[]
  ).map((f) => Object.freeze(f)),
);

/** Why a switch could not be applied to a stream (its words: ./faultText.ts). */
export type FaultRefusal =
  | { why: 'unknown_switch'; id: string }
  | { why: 'provider'; provider: ProviderName; code: TurnProblemCode }
  | { why: 'not_healthy' }
  | { why: 'no_fragments' }
  | { why: 'one_call' }
  | { why: 'no_done' };

export type FaultResult = { ok: true; events: unknown[] } | { ok: false; reason: FaultRefusal };

/** The switches a provider's stream can show (`done_disagrees` is OpenAI's alone: only it sends the arguments twice). */
export function faultsFor(provider: ProviderName): FaultSwitch[] {
  return FAULT_SWITCHES.filter((f) => f.providers.includes(provider));
}

const refuse = (reason: FaultRefusal): FaultResult => ({ ok: false, reason });
const copy = (events: readonly unknown[]): unknown[] => structuredClone([...events]);
const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** OpenAI events must carry increasing sequence numbers: after an insertion they are numbered again, 0, 1, 2, … */
function renumber(provider: ProviderName, events: unknown[]): unknown[] {
  if (provider !== 'openai') return events;
  return events.map((e, i) => (obj(e) === e ? { ...obj(e), sequence_number: i } : e));
}

/**
 * The first event after a call's opening that made its arguments text a
 * proper, non-empty prefix of the final text: a fragment inside the
 * arguments. Found by assembling prefixes, so no provider shape is read here.
 */
function firstFragment(
  provider: ProviderName,
  events: readonly unknown[],
  turn: AssembledTurn,
  position: number,
): number | null {
  const c = turn.calls[position];
  if (c === undefined) return null;
  for (const at of c.at.slice(1)) {
    const text = assembleTurn(provider, events.slice(0, at + 1)).calls[position]?.arguments_text ?? '';
    if (text !== '' && text !== '{}' && text !== c.arguments_text && c.arguments_text.startsWith(text)) return at;
  }
  return null;
}

function budgetEnd(provider: ProviderName, responseId: string): unknown[] {
  switch (provider) {
    case 'openai':
      return [
        {
          type: 'response.incomplete',
          sequence_number: 0,
          response: {
            id: responseId,
            object: 'response',
            status: 'incomplete',
            incomplete_details: { reason: 'max_output_tokens' },
            output: [],
          },
        },
      ];
    case 'anthropic':
      return [
        {
          type: 'message_delta',
          delta: { stop_reason: 'max_tokens', stop_sequence: null },
          usage: { output_tokens: 1024 },
        },
        { type: 'message_stop' },
      ];
    case 'gemini':
      return [
        {
          event_type: 'interaction.completed',
          interaction: { id: responseId, status: 'incomplete', object: 'interaction' },
        },
      ];
  }
}

function errorEvent(provider: ProviderName): unknown {
  switch (provider) {
    case 'openai':
      return {
        type: 'error',
        sequence_number: 0,
        code: 'server_error',
        message: 'The server had an error while processing your request.',
        param: null,
      };
    case 'anthropic':
      return { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    case 'gemini':
      return {
        event_type: 'error',
        error: { code: 'unavailable', message: 'The model is overloaded. Please try again later.' },
      };
  }
}

function harmlessEvent(provider: ProviderName, responseId: string): unknown {
  switch (provider) {
    case 'openai':
      return { type: 'keepalive', sequence_number: 0 };
    case 'anthropic':
      return { type: 'ping' };
    case 'gemini':
      return { event_type: 'interaction.status_update', interaction_id: responseId, status: 'completed' };
  }
}

/** Every string value equal to `from`, anywhere in `v`, becomes `to` (a call id sits in several events). */
function replaceString(v: unknown, from: string, to: string): unknown {
  if (v === from) return to;
  if (Array.isArray(v)) return v.map((x) => replaceString(x, from, to));
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replaceString(x, from, to)]));
  return v;
}

/** What a switch starts from: a turn without problems that ends by asking for tools, under a response id. */
export function isHealthyToolTurn(turn: AssembledTurn): boolean {
  return turn.problems.length === 0 && turn.terminal?.tool_turn === true && turn.response_id !== null;
}

/**
 * Applies one switch to a healthy stream (no problems, a terminal event that
 * asks for tools). A switch that cannot apply to this stream (a duplicate id
 * needs two calls; OpenAI's `.done` may be missing) says why, in both languages.
 */
export function applyFault(id: FaultId, provider: ProviderName, events: readonly unknown[]): FaultResult {
  const sw = FAULT_SWITCHES.find((f) => f.id === id);
  if (sw === undefined) return refuse({ why: 'unknown_switch', id });
  if (!sw.providers.includes(provider)) return refuse({ why: 'provider', provider, code: sw.code });
  const turn = assembleTurn(provider, events);
  if (!isHealthyToolTurn(turn) || turn.terminal === null || turn.response_id === null) {
    return refuse({ why: 'not_healthy' });
  }
  const end = turn.terminal.at;
  const rid = turn.response_id;
  const noCalls = refuse({ why: 'no_fragments' });
  switch (id) {
    case 'cut_before_terminal':
      return { ok: true, events: copy(events.slice(0, end)) };
    case 'budget_runs_out': {
      // The last call cut inside its arguments; calls after it (one whole fragment each) never arrive.
      let k: number | null = null;
      for (let pos = turn.calls.length - 1; pos >= 0 && k === null; pos--)
        k = firstFragment(provider, events, turn, pos);
      if (k === null) return noCalls;
      return { ok: true, events: renumber(provider, [...copy(events.slice(0, k + 1)), ...budgetEnd(provider, rid)]) };
    }
    case 'unknown_index': {
      const k = firstFragment(provider, events, turn, 0);
      if (k === null) return noCalls;
      const stray = { ...obj(structuredClone(events[k])) };
      if (provider === 'openai') Object.assign(stray, { output_index: 99, item_id: 'fc_NEVER_ADDED' });
      else stray.index = 99;
      const out = copy(events);
      out.splice(k + 1, 0, stray);
      return { ok: true, events: renumber(provider, out) };
    }
    case 'duplicate_call_id': {
      const [a, b] = turn.calls;
      if (a === undefined || b === undefined) return refuse({ why: 'one_call' });
      return { ok: true, events: copy(events).map((e) => replaceString(e, b.call_id, a.call_id)) };
    }
    case 'done_disagrees': {
      const c = turn.calls[0];
      const at = c?.at.find((i) => obj(events[i]).type === 'response.function_call_arguments.done');
      if (c === undefined || at === undefined) return refuse({ why: 'no_done' });
      const out = copy(events);
      out[at] = { ...obj(out[at]), arguments: c.arguments_text === '{}' ? '{"_":0}' : '{}' };
      return { ok: true, events: out };
    }
    case 'error_mid_stream': {
      const k = firstFragment(provider, events, turn, 0);
      if (k === null) return noCalls;
      return { ok: true, events: renumber(provider, [...copy(events.slice(0, k + 1)), errorEvent(provider)]) };
    }
    case 'event_after_terminal':
      return { ok: true, events: renumber(provider, [...copy(events), harmlessEvent(provider, rid)]) };
  }
}
