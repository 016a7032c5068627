/**
 * Every adapter (docs/contract.md#provider-adapters) validates the whole package again before it
 * serializes, and refuses one that fails. Only `model_result` crosses: the
 * adapter is handed its canonical text, never the package.
 */
import { findAdapter, type ProviderItem } from '../tables/providerAdapters.ts';
import type { Package } from '../result/protectedAudit.ts';
import type { ToolRegistry } from '../tables/registry.ts';
import type { TrustedContext } from '../result/trustedContext.ts';
import { validateResultDetailed, type ValidationDetails } from '../result/validateResult.ts';
import type { Violation } from '../tables/violation.ts';

export class AdapterRefusedError extends Error {
  override readonly name = 'AdapterRefusedError';
  constructor(readonly violations: Violation[]) {
    super(`adapter refused the package: ${[...new Set(violations.map((v) => v.code))].join(', ')}`);
  }
}

/**
 * @deprecated Renamed AdapterRefusedError; this alias goes in the next major release.
 * @alias knip: a deprecated name, the same value as its new one on purpose.
 */
export const AdapterRefused = AdapterRefusedError;
/**
 * @deprecated Renamed AdapterRefusedError; this alias goes in the next major release.
 * @alias knip: a deprecated name, the same value as its new one on purpose.
 */
export type AdapterRefused = AdapterRefusedError;

/**
 * The provider item for one call; throws {@link AdapterRefusedError} when the
 * package does not validate in this trusted context. It always validates
 * itself: no caller can hand it a report to trust.
 */
export function toProviderItem(pkg: Package, trusted: TrustedContext, tools: ToolRegistry): ProviderItem {
  return providerItemOf(pkg, trusted, validateResultDetailed(pkg, trusted, tools));
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
