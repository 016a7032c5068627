/**
 * What the dispatcher would hand each of the three providers for one handler
 * output: the playground's live update and the benchmark's unit of work.
 *
 * model_result does not depend on the provider; only the audit's provider
 * context and call binding do. So the package is projected once and rebound
 * for the other adapters (a test keeps `rebindPackage` equal to projecting
 * again), while every adapter still validates its own package in full.
 */
import { shareContextFacts } from './contextFacts.ts';
import { callBindingDigest } from './digest.ts';
import { projectDetailed } from './project.ts';
import type { Package } from './protectedAudit.ts';
import { isSealedPackage, sealPackage } from './sealedPackage.ts';
import { PROVIDER_ADAPTERS, adapterFor, type ProviderItem, type ProviderName } from './providerAdapters.ts';
import { AdapterRefused, toProviderItem } from './toProviderItem.ts';
import { assertTrustedContext, isParsedContext, rerouteParsed, type TrustedContext } from './trustedContext.ts';
import { validateResultDetailed, type ValidationDetails } from './validateResult.ts';
import type { Violation } from './violation.ts';

const rerouted = new WeakMap<TrustedContext, Map<ProviderName, TrustedContext>>();

/**
 * The same call routed through another provider's registered adapter. For a
 * parsed context the result is parsed too, and the same object on every
 * keystroke, so what is derived from it (contextFacts) is derived once.
 */
export function withProvider(trusted: TrustedContext, provider: ProviderName): TrustedContext {
  const a = adapterFor(provider);
  if (!isParsedContext(trusted)) return { ...trusted, call: { ...trusted.call, provider: a.provider, api_family: a.api_family, adapter_revision: a.adapter_revision } };
  const byProvider = rerouted.get(trusted) ?? new Map<ProviderName, TrustedContext>();
  rerouted.set(trusted, byProvider);
  let parsed = byProvider.get(provider);
  if (parsed === undefined) {
    parsed = rerouteParsed(trusted, a);
    shareContextFacts(trusted, parsed);
    byProvider.set(provider, parsed);
  }
  return parsed;
}

/** The package `project` would make for the same call in context `to`, which differs from `from` only in its adapter triple. */
export function rebindPackage(pkg: Package, to: TrustedContext): Package {
  const a = pkg.protected_audit;
  const b = a.binding;
  const rebound: Package = {
    model_result: pkg.model_result,
    protected_audit: {
      ...a,
      provider_context: { ...a.provider_context, provider: to.call.provider, api_family: to.call.api_family, adapter_revision: to.call.adapter_revision },
      binding: { ...b, call_binding_sha256: callBindingDigest(to, b.request_sha256, b.result_sha256) },
    },
  };
  // The rebound package shares the original's parts: seal it only when those are sealed already,
  // so a caller's own (mutable) package is never frozen behind its back.
  return isSealedPackage(pkg) ? sealPackage(rebound) : rebound;
}

export interface ProviderPreview {
  provider: ProviderName;
  title: string;
  trusted: TrustedContext;
  pkg: Package;
  item: ProviderItem | null;
  /** Why the adapter refused, when it did. */
  refused: Violation[] | null;
}

export interface DispatchPreview {
  pkg: Package;
  /** The projection's violations with details (paths into the handler output). */
  violations: Violation[];
  report: ValidationDetails;
  providers: ProviderPreview[];
}

/**
 * The provider named by the context keeps the context as given (so an
 * unregistered adapter revision is refused where the learner set it); the
 * other two get their registered triples.
 */
export function previewDispatch(handlerOutput: unknown, trustedInput: TrustedContext): DispatchPreview {
  const trusted = assertTrustedContext(trustedInput);
  const { pkg, violations } = projectDetailed(handlerOutput, trusted);
  const report = validateResultDetailed(pkg, trusted);
  const providers = PROVIDER_ADAPTERS.map((adapter): ProviderPreview => {
    const own = adapter.provider === trusted.call.provider;
    const t = own ? trusted : withProvider(trusted, adapter.provider);
    const p = own ? pkg : rebindPackage(pkg, t);
    try {
      return { provider: adapter.provider, title: adapter.title, trusted: t, pkg: p, item: toProviderItem(p, t), refused: null };
    } catch (e) {
      if (!(e instanceof AdapterRefused)) throw e;
      return { provider: adapter.provider, title: adapter.title, trusted: t, pkg: p, item: null, refused: e.violations };
    }
  });
  return { pkg, violations, report, providers };
}
