/**
 * What the dispatcher would hand each registered last hop (the three model
 * providers and MCP) for one handler output, computed by the plain functions from scratch. A live session
 * (liveSession.ts) answers the same, byte for byte, faster.
 *
 * model_result does not depend on the provider; only the audit's provider
 * context and call binding do. So the package is projected once and rebound
 * for the other adapters (a test keeps `rebindPackage` equal to projecting
 * again), while every adapter still validates its own package in full.
 */
import { callBindingDigest } from '../result/digest.ts';
import { projectDetailed } from '../result/project.ts';
import type { Package } from '../result/protectedAudit.ts';
import { PROVIDER_ADAPTERS, findAdapter, type LastHopName, type ProviderItem } from '../tables/providerAdapters.ts';
import { AdapterRefusedError, providerItemOf } from './toProviderItem.ts';
import type { ToolRegistry } from '../tables/registry.ts';
import { assertTrustedContext, type TrustedContext } from '../result/trustedContext.ts';
import { validateResultDetailed, type ValidationDetails } from '../result/validateResult.ts';
import type { Violation } from '../tables/violation.ts';

/** The same call routed through another provider's registered adapter: a new object, the argument untouched. */
export function withProvider(trusted: TrustedContext, provider: LastHopName): TrustedContext {
  const a = findAdapter(provider);
  return {
    ...trusted,
    call: { ...trusted.call, provider: a.provider, api_family: a.api_family, adapter_revision: a.adapter_revision },
  };
}

/**
 * The package `project` would make for the same call in context `to`, which
 * differs from the package's own only in its adapter triple. The call binding
 * is computed over the package's stored request and result digests: a package
 * that was wrong before is still wrong after, and its validation says so.
 */
export function rebindPackage(
  pkg: Package,
  to: TrustedContext,
  callBinding: (to: TrustedContext, request_sha256: string, result_sha256: string) => string,
): Package {
  const a = pkg.protected_audit;
  const b = a.binding;
  return {
    model_result: pkg.model_result,
    protected_audit: {
      ...a,
      provider_context: {
        ...a.provider_context,
        provider: to.call.provider,
        api_family: to.call.api_family,
        adapter_revision: to.call.adapter_revision,
      },
      binding: { ...b, call_binding_sha256: callBinding(to, b.request_sha256, b.result_sha256) },
    },
  };
}

export interface ProviderPreview {
  provider: LastHopName;
  title: string;
  trusted: TrustedContext;
  pkg: Package;
  item: ProviderItem | null;
  /** Why the adapter refused, when it did. */
  refused: Violation[] | null;
}

export interface PayloadPreview {
  /** The context as parsed: every other field was computed under it. */
  trusted: TrustedContext;
  pkg: Package;
  /** The projection's violations with details (paths into the handler output). */
  violations: Violation[];
  report: ValidationDetails;
  /** Each registered adapter under its own triple, in registry order; the call's own package where the triple is the call's. */
  providers: ProviderPreview[];
  /** The call's own triple when it is not a registered one (attack A12): its adapter's refusal. */
  unregistered: { trusted: TrustedContext; pkg: Package; refused: Violation[] } | null;
}

/** True when the call names exactly this registered adapter. */
export function isCallAdapter(trusted: TrustedContext, provider: LastHopName): boolean {
  const a = findAdapter(provider);
  const c = trusted.call;
  return c.provider === a.provider && c.api_family === a.api_family && c.adapter_revision === a.adapter_revision;
}

/**
 * The computations one preview is made of. The plain path makes each from
 * scratch; a live session from what it keeps. Both run {@link previewWith},
 * the one loop over the adapters.
 */
export interface PreviewSteps {
  project(handlerOutput: unknown): { pkg: Package; violations: Violation[] };
  /** The full validation of exactly this package in exactly this context. */
  validate(pkg: Package, trusted: TrustedContext): ValidationDetails;
  /** The call routed through a registered adapter: the call's own context (the same object) where it names that adapter. */
  contextFor(provider: LastHopName): TrustedContext;
  rebind(pkg: Package, to: TrustedContext): Package;
  /** Called on each package before it is validated (a session freezes it). */
  seal(pkg: Package): void;
}

/** The one preview loop: the call's package, then every registered adapter's, each validated in full before it serializes. */
export function previewWith(handlerOutput: unknown, trusted: TrustedContext, steps: PreviewSteps): PayloadPreview {
  const { pkg, violations } = steps.project(handlerOutput);
  steps.seal(pkg);
  const report = steps.validate(pkg, trusted);
  const providers = PROVIDER_ADAPTERS.map((adapter): ProviderPreview => {
    const t = steps.contextFor(adapter.provider);
    const p = t === trusted ? pkg : steps.rebind(pkg, t);
    if (p !== pkg) steps.seal(p);
    // The call's own adapter checks the very package and context the report is of: one validation, not two.
    const r = t === trusted ? report : steps.validate(p, t);
    const base = { provider: adapter.provider, title: adapter.title, trusted: t, pkg: p };
    try {
      return { ...base, item: providerItemOf(p, t, r), refused: null };
    } catch (e) {
      if (!(e instanceof AdapterRefusedError)) throw e;
      return { ...base, item: null, refused: e.violations };
    }
  });
  const registered = providers.some((x) => x.trusted === trusted);
  return {
    trusted,
    pkg,
    violations,
    report,
    providers,
    unregistered: registered ? null : { trusted, pkg, refused: report.violations },
  };
}

/** The package in every registered adapter's context, each validated in full by its adapter before it serializes. */
export function previewPayloads(
  handlerOutput: unknown,
  trustedInput: TrustedContext,
  tools: ToolRegistry,
): PayloadPreview {
  return previewProjected(handlerOutput, trustedInput, tools, (output, trusted) =>
    projectDetailed(output, trusted, tools),
  );
}

/**
 * The same preview for a raw result that another projection reads (an MCP server's CallToolResult through
 * projectMcpDetailed, docs/mcp.md#from-a-calltoolresult-to-a-package): only the call's package differs, every
 * adapter still validates its own in full.
 */
export function previewProjected(
  raw: unknown,
  trustedInput: TrustedContext,
  tools: ToolRegistry,
  projectRaw: (raw: unknown, trusted: TrustedContext) => { pkg: Package; violations: Violation[] },
): PayloadPreview {
  const trusted = assertTrustedContext(trustedInput);
  const callBinding = (t: TrustedContext, request_sha256: string, result_sha256: string) =>
    callBindingDigest(t, request_sha256, result_sha256, tools);
  return previewWith(raw, trusted, {
    project: (output) => projectRaw(output, trusted),
    validate: (pkg, t) => validateResultDetailed(pkg, t, tools),
    contextFor: (provider) => (isCallAdapter(trusted, provider) ? trusted : withProvider(trusted, provider)),
    rebind: (pkg, to) => rebindPackage(pkg, to, callBinding),
    seal: () => undefined,
  });
}
