/**
 * docs/turn-contract.md#the-turn-command: one model turn end to end, as the CLI's `turn` command and the
 * playground's turn mode show it: assemble the stream, pass every call
 * through the gate, project each result, build the continuation. Pure: the
 * handler outputs are recorded data, keyed by call id.
 */
import { assembleTurn, type TurnEvents } from './assembleTurn.ts';
import {
  continueTurn,
  type ContinuationBody,
  type ContinuationMode,
  type ContinuationRefused,
} from './continueTurn.ts';
import type { ToolRegistry } from '../tables/registry.ts';
import { dispatchTurn } from './dispatchTurn.ts';
import type { GateVerdict } from './inputGate.ts';
import type { JsonValue } from '../json/jsonValue.ts';
import type { Package } from '../result/protectedAudit.ts';
import type { ProviderName } from '../tables/providerAdapters.ts';
import type { TurnNote, TurnProblem, TurnTerminal } from '../providers/index.ts';
import type { TurnContext } from './turnContext.ts';
import { describeTurnText } from '../messages/index.ts';

export interface TurnReport {
  provider: ProviderName;
  response_id: string | null;
  terminal: TurnTerminal | null;
  calls: {
    call_id: string;
    name: string;
    arguments: Record<string, JsonValue> | null;
    gate: GateVerdict | null;
    package: Package | null;
  }[];
  problems: TurnProblem[];
  notes: TurnNote[];
  continuation: ContinuationBody | null;
  refused: Omit<ContinuationRefused, 'ok'> | null;
}

/**
 * Throws StreamTextRefusedError for stream text that is not JSON and TurnInputError
 * for a call with no turn-context entry or no handler output: bad input, never
 * a turn. Everything else is in the report.
 *
 * @example
 * ```ts
 * const report = runTurn('anthropic', streamText, ctx, handlerOutputs, tools);
 * report.calls.map((c) => c.gate); // 'handler' | 'UNKNOWN_TOOL' | 'INVALID_ARGUMENTS'
 * ```
 */
export function runTurn(
  provider: ProviderName,
  events: TurnEvents,
  ctx: TurnContext,
  handlerOutputs: Readonly<Record<string, unknown>>,
  tools: ToolRegistry,
  mode: ContinuationMode = 'stateless',
): TurnReport {
  const turn = assembleTurn(provider, events);
  const notes: TurnNote[] = [...turn.notes];
  const inStream = new Set(turn.calls.map((c) => c.call_id));
  for (const id of Object.keys(handlerOutputs)) {
    if (inStream.has(id)) continue;
    const params = { kind: 'handler_output_unused', call_id: id } as const;
    notes.push({ code: 'HANDLER_OUTPUT_UNUSED', detail: describeTurnText(params), at: null, count: 1, params });
  }
  // Members in the order docs/turn-contract.md#the-turn-command lists them.
  const report = (
    calls: TurnReport['calls'],
    continuation: ContinuationBody | null,
    refused: TurnReport['refused'],
  ): TurnReport => ({
    provider,
    response_id: turn.response_id,
    terminal: turn.terminal,
    calls,
    problems: turn.problems,
    notes,
    continuation,
    refused,
  });
  if (turn.problems.length > 0) {
    return report(
      turn.calls.map((c) => ({ call_id: c.call_id, name: c.name, arguments: c.arguments, gate: null, package: null })),
      null,
      null,
    );
  }
  const dispatched = dispatchTurn(turn, ctx, handlerOutputs, tools);
  const calls = dispatched.map((d) => ({
    call_id: d.call.call_id,
    name: d.call.name,
    arguments: d.call.arguments,
    gate: d.gate,
    package: d.package,
  }));
  const c = continueTurn(
    provider,
    turn,
    dispatched.map((d) => ({ package: d.package, trusted: d.trusted })),
    {
      mode,
      history: ctx.history,
      tools,
      ...(ctx.response_ref === undefined ? {} : { response_ref: ctx.response_ref }),
    },
  );
  return c.ok ? report(calls, c.body, null) : report(calls, null, { code: c.code, detail: c.detail, params: c.params });
}
