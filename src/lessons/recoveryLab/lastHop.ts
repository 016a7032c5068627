/**
 * What the provider's adapter makes of a lab answer (the lab's calls come from OpenAI's Responses API):
 * the package validated again, then serialized, as every last hop is — the plane's acceptance is not
 * trusted here. A broken plane can hand back a package bound to another call; the adapter refuses it.
 */
import {
  AdapterRefusedError,
  type Dispatcher,
  type Package,
  type ProviderItem,
  type TrustedContext,
} from '#lib/core/index.ts';

/** The item, its model_result as text and nothing of the audit; or the codes the adapter's validation refused. */
export type LastHop = { ok: true; item: ProviderItem } | { ok: false; codes: string[] };

/** One validation: the adapter's own, read off its refusal (validating first as well would do it twice). */
export function lastHop(dispatcher: Dispatcher, exec: { pkg: Package; trusted: TrustedContext }): LastHop {
  try {
    return { ok: true, item: dispatcher.toProviderItem(exec.pkg, exec.trusted) };
  } catch (e) {
    if (!(e instanceof AdapterRefusedError)) throw e;
    return { ok: false, codes: [...new Set(e.violations.map((v) => v.code))] };
  }
}
