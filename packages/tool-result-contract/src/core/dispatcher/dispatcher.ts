/**
 * A dispatcher for the tools it was given (docs/contract.md#the-registry, #public-surface). Every function is
 * the top-level one bound to that registry: a dispatcher knows only its own
 * tools (the chapter's are UNKNOWN_TOOL to a dispatcher made for others). The
 * deny-list, the error catalog and the provider adapters stay the contract's.
 *
 * @example
 * const dispatcher = createDispatcher({ tools: [getInvoice] });
 * const pkg = dispatcher.project(handlerOutput, trusted);
 * const item = dispatcher.toProviderItem(pkg, trusted); // throws AdapterRefusedError when pkg does not validate
 */
import { composeTurn, type PackagedResult, type ProviderCall, type TurnOptions } from '../turn/composeTurn.ts';
import {
  continueTurn,
  type Continuation,
  type ContinuationBodyFor,
  type ContinuationMode,
  type ContinuationOptions,
} from '../turn/continueTurn.ts';
import { defineTool } from '../tables/defineTool.ts';
import { dispatchTurn, type DispatchedCall } from '../turn/dispatchTurn.ts';
import { openLiveSession, type LiveSession } from '../live/liveSession.ts';
import { projectDetailed } from '../result/project.ts';
import type { McpPinning } from '../mcp/pinMcpTools.ts';
import { projectMcpDetailed } from '../mcp/projectMcp.ts';
import type { Package } from '../result/protectedAudit.ts';
import type { ProviderItem, ProviderName } from '../tables/providerAdapters.ts';
import type { ToolRegistry, ToolSpec } from '../tables/registry.ts';
import { toProviderItem } from '../lastHop/toProviderItem.ts';
import type { AssembledTurn, TurnOf } from '../providers/index.ts';
import type { JsonValue } from '../json/jsonValue.ts';
import type { TurnContext } from '../turn/turnContext.ts';
import type { TrustedContext } from '../result/trustedContext.ts';
import { validateResult, type ValidationReport } from '../result/validateResult.ts';

export interface Dispatcher {
  /** The registry, frozen: the tools by name. */
  readonly tools: ToolRegistry;
  /** {@link projectDetailed}'s package for this registry. */
  project(handlerOutput: unknown, trusted: TrustedContext): Package;
  /**
   * An MCP server's CallToolResult (or its JSON-RPC response, as text or a value) through the
   * contract, under the caller's `pinning` from pinMcpTools (docs/mcp.md).
   */
  projectMcp(result: unknown, trusted: TrustedContext, pinning: McpPinning): Package;
  validateResult(pkg: unknown, trusted: TrustedContext): ValidationReport;
  toProviderItem(pkg: Package, trusted: TrustedContext): ProviderItem;
  /** The turn body for `provider`: its folder's type (OpenAITurn, AnthropicTurn, GeminiTurn), their union for any provider. */
  composeTurn<P extends ProviderName>(
    provider: P,
    calls: ProviderCall[],
    results: PackagedResult[],
    opts?: Omit<TurnOptions, 'tools'>,
  ): TurnOf<P>;
  openLiveSession(trusted: TrustedContext): LiveSession;
  dispatchTurn(
    turn: AssembledTurn,
    ctx: TurnContext,
    handlerOutputs: Readonly<Record<string, unknown>>,
  ): DispatchedCall[];
  /** `H`, `R`: the history's and the turn's replay item types, which type the stateless body (continueTurn). */
  continueTurn<P extends ProviderName, M extends ContinuationMode, H = JsonValue, R = unknown>(
    provider: P,
    turn: AssembledTurn<R>,
    results: readonly PackagedResult[],
    opts: Omit<ContinuationOptions<H>, 'tools'> & { mode: M },
  ): Continuation<ContinuationBodyFor<P, M, H, R>>;
}

/**
 * A dispatcher for `tools` (each checked by {@link defineTool}; two tools with
 * one name are refused). The tools are required: a dispatcher that fell back to
 * some default registry would answer for tools the engineer never registered.
 *
 * @example
 * ```ts
 * const billing = createDispatcher({ tools: [spec] });
 * const made = billing.project(handlerOutput, trusted); // the registry is the dispatcher's own
 * ```
 */
export function createDispatcher(options: { tools: readonly ToolSpec[] }): Dispatcher {
  const tools = registryOf(options?.tools);
  const compose = <P extends ProviderName>(
    provider: P,
    calls: ProviderCall[],
    results: PackagedResult[],
    opts: Omit<TurnOptions, 'tools'> = {},
  ) => composeTurn(provider, calls, results, { ...opts, tools });
  return Object.freeze({
    tools,
    project: (handlerOutput: unknown, trusted: TrustedContext) => projectDetailed(handlerOutput, trusted, tools).pkg,
    projectMcp: (result: unknown, trusted: TrustedContext, pinning: McpPinning) =>
      projectMcpDetailed(result, trusted, pinning, tools).pkg,
    validateResult: (pkg: unknown, trusted: TrustedContext) => validateResult(pkg, trusted, tools),
    toProviderItem: (pkg: Package, trusted: TrustedContext) => toProviderItem(pkg, trusted, tools),
    composeTurn: compose,
    openLiveSession: (trusted: TrustedContext) => openLiveSession(trusted, tools),
    dispatchTurn: (turn: AssembledTurn, ctx: TurnContext, handlerOutputs: Readonly<Record<string, unknown>>) =>
      dispatchTurn(turn, ctx, handlerOutputs, tools),
    continueTurn: <P extends ProviderName, M extends ContinuationMode, H = JsonValue, R = unknown>(
      provider: P,
      turn: AssembledTurn<R>,
      results: readonly PackagedResult[],
      opts: Omit<ContinuationOptions<H>, 'tools'> & { mode: M },
    ) => continueTurn(provider, turn, results, { ...opts, tools }),
  });
}

function registryOf(specs: readonly ToolSpec[] | undefined): ToolRegistry {
  // Plain JavaScript callers reach here without the type's help: say what is missing rather than fail inside the loop.
  if (!Array.isArray(specs))
    throw new TypeError(
      "createDispatcher({ tools }) needs its tools: an array of tool specs (defineTool); the chapter's three are in tool-result-contract/chapter",
    );
  const out: Record<string, ToolSpec> = Object.create(null) as Record<string, ToolSpec>;
  for (const spec of specs as readonly ToolSpec[]) {
    const checked = defineTool(spec);
    if (Object.hasOwn(out, checked.name))
      throw new Error(`two tools are named ${JSON.stringify(checked.name)}: a registry holds one spec per name`);
    out[checked.name] = checked;
  }
  return Object.freeze(out);
}
