/**
 * One turn can carry several results (docs/contract.md#several-results-in-one-turn). They are paired with the
 * provider's calls by call id, never by array position: results arrive in
 * any order, and a position match would hand one call's result to another.
 */
import { ToolResultContractError } from '../json/index.ts';
import type { PairingCode } from '../messages/turnParams.ts';
import {
  findLastHop,
  type ModelLastHop,
  type ProviderCall,
  type ProviderName,
  type TurnBodyOptions,
  type TurnOf,
} from '../providers/index.ts';
import type { Package } from '../result/protectedAudit.ts';
import type { ToolRegistry } from '../tables/registry.ts';
import { AdapterRefusedError, toProviderItem } from '../lastHop/toProviderItem.ts';
import type { TrustedContext } from '../result/trustedContext.ts';

export type {
  AnthropicToolUse,
  AnthropicTurn,
  GeminiFunctionCall,
  GeminiTurn,
  OpenAIFunctionCall,
  OpenAITurn,
  ProviderCall,
} from '../providers/index.ts';

export interface PackagedResult {
  package: Package;
  trusted: TrustedContext;
}

/** What each provider's turn may take (its folder reads its own), and the registry the packages are checked against. */
export interface TurnOptions extends TurnBodyOptions {
  /** The registry each package is validated against; a dispatcher (createDispatcher) passes its own. */
  tools: ToolRegistry;
}

/**
 * Thrown by {@link composeTurn} when a result of the turn does not validate: nothing of the turn is sent.
 *
 * @example
 * ```ts
 * try {
 *   composeTurn('openai', calls, results, { tools });
 * } catch (e) {
 *   if (e instanceof TurnRefusedError) console.error(e.problems.map((p) => `${p.code} ${p.call_id}`));
 * }
 * ```
 */
export class TurnRefusedError extends ToolResultContractError {
  override readonly name = 'TurnRefusedError';
  readonly code = 'TURN_REFUSED';
  constructor(readonly problems: { code: PairingCode; call_id: string; detail: string }[]) {
    super(`turn refused: ${problems.map((p) => `${p.code} ${p.call_id}`).join(', ')}`);
  }
}
/**
 * The turn body for `provider`: its folder's type (OpenAITurn, AnthropicTurn, GeminiTurn), their union for any provider.
 *
 * @example
 * ```ts
 * const body = composeTurn('anthropic', calls, results, { tools });
 * // one user message with every tool_result block, paired by call id, never by position
 * ```
 */
export function composeTurn<P extends ProviderName>(
  provider: P,
  calls: ProviderCall[],
  results: PackagedResult[],
  opts: TurnOptions,
): TurnOf<P> {
  // The registry's part for this name; its call and item types are the name's own, which the table cannot say.
  const hop = findLastHop(provider as ProviderName) as ModelLastHop<ProviderCall, unknown, TurnOf<P>> | undefined;
  if (hop?.compose === undefined) throw new TypeError(`unknown provider ${JSON.stringify(provider)}: no model turn`);
  const expected = hop.adapter;
  const problems: TurnRefusedError['problems'] = [];
  const byCall = new Map<string, ProviderCall>();
  for (const call of calls) {
    const id = hop.callId(call);
    if (typeof id !== 'string' || id === '') {
      problems.push({ code: 'MALFORMED_CALL', call_id: String(id), detail: `a ${provider} call without a call id` });
      continue;
    }
    if (byCall.has(id))
      problems.push({
        code: 'DUPLICATE_CALL_ID',
        call_id: id,
        detail: 'two calls share one id: no result could be paired safely',
      });
    byCall.set(id, call);
  }
  const byResult = new Map<string, PackagedResult>();
  for (const r of results) {
    const id = r.trusted.call.call_id;
    if (byResult.has(id)) problems.push({ code: 'DUPLICATE_RESULT', call_id: id, detail: 'two results for one call' });
    else byResult.set(id, r);
    const call = byCall.get(id);
    if (call === undefined)
      problems.push({ code: 'UNKNOWN_CALL_ID', call_id: id, detail: 'a result for a call this turn did not make' });
    else if (call.name !== r.trusted.tool)
      problems.push({
        code: 'TOOL_MISMATCH',
        call_id: id,
        detail: `the call named ${call.name}, the result is for ${r.trusted.tool}`,
      });
    if (r.trusted.call.provider !== expected.provider || r.trusted.call.api_family !== expected.api_family) {
      problems.push({
        code: 'PROVIDER_MISMATCH',
        call_id: id,
        detail: `a result bound to ${r.trusted.call.provider}/${r.trusted.call.api_family}`,
      });
    }
  }
  for (const id of byCall.keys()) {
    if (!byResult.has(id))
      problems.push({
        code: 'MISSING_RESULT',
        call_id: id,
        detail: 'every call needs its result before the turn can continue',
      });
  }
  if (problems.length > 0) throw new TurnRefusedError(problems);

  // In the order of the provider's calls; each item validated by its adapter first.
  const ordered = [...byCall.entries()].map(([id, call]) => ({ call, result: byResult.get(id) as PackagedResult }));
  const items = ordered.map(({ result }) => toProviderItem(result.package, result.trusted, opts.tools));
  return hop.compose(
    ordered.map(({ call }, i) => ({ call, item: items[i] })),
    opts,
  );
}

/** {@link safeComposeTurn}'s answer: the turn body, or why nothing of the turn may be sent. */
export type ComposedTurn<P extends ProviderName> =
  | { ok: true; turn: TurnOf<P> }
  | { ok: false; code: 'TURN_REFUSED'; problems: TurnRefusedError['problems'] }
  | { ok: false; code: 'ADAPTER_REFUSED'; violations: AdapterRefusedError['violations'] };

/**
 * {@link composeTurn} for results the caller has not checked yet: a turn that cannot be paired, or a package an
 * adapter refuses, comes back as a value instead of an error. An unknown provider is still thrown: it is the caller's
 * bug, not untrusted data.
 *
 * @example
 * ```ts
 * const composed = safeComposeTurn('anthropic', calls, results, { tools });
 * if (!composed.ok) console.error(composed.code); // TURN_REFUSED or ADAPTER_REFUSED: nothing of the turn is sent
 * ```
 */
export function safeComposeTurn<P extends ProviderName>(
  provider: P,
  calls: ProviderCall[],
  results: PackagedResult[],
  opts: TurnOptions,
): ComposedTurn<P> {
  try {
    return { ok: true, turn: composeTurn(provider, calls, results, opts) };
  } catch (e) {
    if (e instanceof TurnRefusedError) return { ok: false, code: 'TURN_REFUSED', problems: e.problems };
    if (e instanceof AdapterRefusedError) return { ok: false, code: 'ADAPTER_REFUSED', violations: e.violations };
    throw e;
  }
}
