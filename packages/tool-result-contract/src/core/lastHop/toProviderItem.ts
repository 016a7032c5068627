/**
 * Every adapter (docs/contract.md#provider-adapters) validates the whole package again before it
 * serializes, and refuses one that fails. Only `model_result` crosses: the
 * adapter is handed its canonical text, never the package.
 */
import { ToolResultContractError } from '../json/index.ts';
import { findAdapter, type ProviderItem } from '../tables/providerAdapters.ts';
import type { Package } from '../result/protectedAudit.ts';
import type { ToolRegistry } from '../tables/registry.ts';
import type { TrustedContext } from '../result/trustedContext.ts';
import { validateResultDetailed, type ValidationDetails } from '../result/validateResult.ts';
import type { Violation } from '../tables/violation.ts';

/**
 * Thrown by {@link toProviderItem} when the package does not validate in the trusted context it is serialized for:
 * the adapter sends nothing, and `violations` says why, each with its code and JSON Pointer.
 *
 * @example
 * ```ts
 * try {
 *   toProviderItem(pkg, trusted, tools);
 * } catch (e) {
 *   if (e instanceof AdapterRefusedError) console.error(e.violations.map((v) => `${v.code} ${v.path}`));
 * }
 * ```
 */
export class AdapterRefusedError extends ToolResultContractError {
  override readonly name = 'AdapterRefusedError';
  readonly code = 'ADAPTER_REFUSED';
  constructor(readonly violations: Violation[]) {
    super(`adapter refused the package: ${[...new Set(violations.map((v) => v.code))].join(', ')}`);
  }
}
/**
 * The provider item for one call; throws {@link AdapterRefusedError} when the
 * package does not validate in this trusted context. It always validates
 * itself: no caller can hand it a report to trust.
 *
 * @example
 * ```ts
 * const item = toProviderItem(pkg, trusted, tools);
 * // OpenAI's Responses API: { type: 'function_call_output', call_id, output: canonical(model_result) }
 * if ('type' in item && item.type === 'function_call_output') console.log(item.output);
 * ```
 */
export function toProviderItem(pkg: Package, trusted: TrustedContext, tools: ToolRegistry): ProviderItem {
  return providerItemOf(pkg, trusted, validateResultDetailed(pkg, trusted, tools));
}

/** {@link safeToProviderItem}'s answer: the item, or the violations the adapter refused the package for. */
export type ProviderItemResult = { ok: true; item: ProviderItem } | { ok: false; violations: Violation[] };

/**
 * {@link toProviderItem} for a package the caller has not checked yet: a refusal comes back as a value with its
 * violations instead of an {@link AdapterRefusedError}, as every untrusted input does in this package.
 *
 * @example
 * ```ts
 * const sent = safeToProviderItem(pkg, trusted, tools);
 * if (!sent.ok) console.error(sent.violations.map((v) => v.code)); // nothing reaches the model
 * ```
 */
export function safeToProviderItem(pkg: Package, trusted: TrustedContext, tools: ToolRegistry): ProviderItemResult {
  try {
    return { ok: true, item: toProviderItem(pkg, trusted, tools) };
  } catch (e) {
    if (e instanceof AdapterRefusedError) return { ok: false, violations: e.violations };
    throw e;
  }
}

/**
 * The item, once `report` — the full validation of exactly this package in
 * exactly this context, made by the caller just before — has passed. For a
 * live session, which validates with its own steps; everyone else calls
 * {@link toProviderItem}.
 */
export function providerItemOf(pkg: Package, trusted: TrustedContext, report: ValidationDetails): ProviderItem {
  if (!report.ok || report.canonical === null) throw new AdapterRefusedError(report.violations);
  const adapter = findAdapter(trusted.call.provider, trusted.call.api_family, trusted.call.adapter_revision);
  if (adapter === null) throw new AdapterRefusedError(report.violations);
  return adapter.build({
    call_id: trusted.call.call_id,
    tool: trusted.tool,
    succeeded: pkg.model_result.status === 'succeeded',
    text: report.canonical,
  });
}
