/**
 * The input gate (docs/turn-contract.md#the-input-gate). Every call of a turn without problems passes it,
 * in stream order, before any handler runs. It builds the call's trusted
 * context from the assembled stream (provider, response id, call id, tool,
 * arguments) and the dispatcher's turn context (principal, clock, key,
 * operation id, idempotency key, delivery), never from the model's text or a
 * handler, and decides who makes the result: the handler, or the dispatcher
 * itself with UNKNOWN_TOOL (decided before the arguments are looked at) or
 * INVALID_ARGUMENTS.
 *
 * @example
 * gateTurn(turn, turnContext).map((g) => g.gate) // ['UNKNOWN_TOOL'] for a model asking for send_email
 */
import { ToolResultContractError } from '../json/index.ts';
import { findAdapter } from '../tables/providerAdapters.ts';
import { gateVerdict, type GateVerdict } from '../result/contextFacts.ts';
import { normalizedArguments } from '../result/digest.ts';
import { findTool, type ToolRegistry } from '../tables/registry.ts';
import type { AssembledCall, AssembledTurn } from '../providers/index.ts';
import type { TurnContext } from './turnContext.ts';
import { parseTrustedContext, type TrustedContext } from '../result/trustedContext.ts';
import type { JsonValue } from '../json/jsonValue.ts';
import { describeTurnText, type TurnInputParams } from '../messages/index.ts';

export type { GateVerdict };

export interface GatedCall {
  call: AssembledCall;
  gate: GateVerdict;
  /** Parsed and frozen: the context every digest of this call's package binds. */
  trusted: TrustedContext;
}

/**
 * Bad input for the turn (docs/turn-contract.md#the-turn-command, exit 2): a call the dispatcher knows nothing about, or one it cannot bind.
 *
 * @example
 * ```ts
 * try {
 *   gateTurn(assembled, ctx, tools);
 * } catch (e) {
 *   if (e instanceof TurnInputError) console.error(e.params.kind, e.call_id); // e.g. problems_before_gate, null
 * }
 * ```
 */
export class TurnInputError extends ToolResultContractError {
  override readonly name = 'TurnInputError';
  readonly code = 'TURN_INPUT_INVALID';
  /** The call it is about, when it is about one. */
  readonly call_id: string | null;
  constructor(readonly params: TurnInputParams) {
    super(describeTurnText(params));
    this.call_id = 'call_id' in params ? params.call_id : null;
  }
}

/**
 * The response id a turn's calls are bound to (docs/turn-contract.md#the-input-gate): the provider's, or
 * where it gave the empty one (a Gemini interaction not stored) the
 * dispatcher's `response_ref`; null when neither is there.
 *
 * @example
 * ```ts
 * const responseId = boundResponseId(assembled, 'resp-ref-1'); // the provider's id, else the dispatcher's ref
 * ```
 */
export function boundResponseId(turn: AssembledTurn, responseRef: string | undefined): string | null {
  if (turn.response_id !== null && turn.response_id !== '') return turn.response_id;
  return responseRef ?? null;
}

/**
 * One call of a turn through the input gate (docs/turn-contract.md#the-input-gate): its tool known, its arguments
 * valid for the tool's input contract, and its trusted context found by call id; `gateTurn` gates them all.
 *
 * @example
 * ```ts
 * for (const c of assembled.calls) {
 *   const gated = gateCall(assembled, c, ctx, tools);
 *   if (gated.gate !== 'handler') console.error(c.call_id, gated.gate); // UNKNOWN_TOOL or INVALID_ARGUMENTS
 * }
 * ```
 */
export function gateCall(turn: AssembledTurn, call: AssembledCall, ctx: TurnContext, tools: ToolRegistry): GatedCall {
  const entry = Object.hasOwn(ctx.calls, call.call_id) ? ctx.calls[call.call_id] : undefined;
  if (entry === undefined) throw new TurnInputError({ kind: 'no_context_entry', call_id: call.call_id });
  const response_id = boundResponseId(turn, ctx.response_ref);
  if (response_id === null) {
    throw new TurnInputError({ kind: 'needs_response_ref', call_id: call.call_id });
  }
  // Not strict JSON of an object: the trusted arguments are the text itself, as a JSON string (docs/turn-contract.md#the-input-gate), which no input schema (an object) accepts.
  const args: JsonValue = call.arguments ?? call.arguments_text;
  const adapter = findAdapter(turn.provider);
  const candidate: TrustedContext = {
    principal: ctx.principal,
    call: {
      provider: adapter.provider,
      api_family: adapter.api_family,
      adapter_revision: adapter.adapter_revision,
      response_id,
      call_id: call.call_id,
      operation_id: entry.operation_id,
      idempotency_key: entry.idempotency_key,
    },
    tool: call.name,
    arguments: args,
    delivery: entry.delivery ?? 'fresh',
    now: ctx.now,
    ...(ctx.key === undefined ? {} : { key: ctx.key }),
  };
  const parsed = parseTrustedContext(candidate);
  if (!parsed.ok) {
    throw new TurnInputError({ kind: 'context_invalid', call_id: call.call_id, issues: parsed.issues });
  }
  const gate = gateVerdict(findTool(call.name, tools), normalizedArguments(parsed.value, tools));
  return { call, gate, trusted: parsed.value };
}

/**
 * Every call through the gate, in stream order; a turn with problems has nothing to gate.
 *
 * @example
 * ```ts
 * for (const g of gateTurn(assembled, ctx, tools)) if (g.gate !== 'handler') console.error(g.call.call_id, g.gate);
 * ```
 */
export function gateTurn(turn: AssembledTurn, ctx: TurnContext, tools: ToolRegistry): GatedCall[] {
  if (turn.problems.length > 0)
    throw new TurnInputError({ kind: 'problems_before_gate', codes: turn.problems.map((p) => p.code) });
  return turn.calls.map((c) => gateCall(turn, c, ctx, tools));
}
