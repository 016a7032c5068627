/**
 * A gated turn, dispatched (docs/turn-contract.md#the-input-gate). Every call has passed the gate before
 * any handler output is read; a call the gate sent to its handler is projected
 * (docs/contract.md#two-projections) under that call's trusted context, and a call the gate answered
 * gets the dispatcher's own catalog result, which the projection makes
 * without reading any handler output.
 */
import { gateTurn, TurnInputError, type GatedCall } from './inputGate.ts';
import { projectDetailed } from '../result/project.ts';
import type { ToolRegistry } from '../tables/registry.ts';
import type { Package } from '../result/protectedAudit.ts';
import type { AssembledTurn } from '../providers/index.ts';
import type { TurnContext } from './turnContext.ts';

export interface DispatchedCall extends GatedCall {
  package: Package;
}

/**
 * `handlerOutputs` maps a call id to what that call's handler returned. A call
 * that needs one and has none is bad input (TurnInputError); outputs for calls
 * the gate answered, or for no call at all, are never read.
 *
 * @example
 * ```ts
 * const dispatched = dispatchTurn(assembled, ctx, handlerOutputs, tools); // one package per call, gated first
 * ```
 */
export function dispatchTurn(
  turn: AssembledTurn,
  ctx: TurnContext,
  handlerOutputs: Readonly<Record<string, unknown>>,
  tools: ToolRegistry,
): DispatchedCall[] {
  const gated = gateTurn(turn, ctx, tools);
  for (const g of gated) {
    if (g.gate === 'handler' && !Object.hasOwn(handlerOutputs, g.call.call_id)) {
      throw new TurnInputError({ kind: 'no_handler_output', call_id: g.call.call_id, tool: g.call.name });
    }
  }
  return gated.map((g) => ({
    ...g,
    package: projectDetailed(g.gate === 'handler' ? handlerOutputs[g.call.call_id] : null, g.trusted, tools).pkg,
  }));
}
