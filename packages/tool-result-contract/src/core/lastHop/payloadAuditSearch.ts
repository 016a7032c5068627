/**
 * The proof under a payload built from one package — a provider item, a tool's listing — that no audit material left
 * with it (docs/contract.md#no-audit-material): the word `protected_audit` and every audit value of the package
 * (auditValuesOf), each searched for in the payload's JSON text, so that a value copied into any string, key or
 * description counts too. The values that are pieces of words the payload carries by construction are not searched
 * for, as the AUDIT_LEAK rule does not search for them (docs/contract.md#words-of-the-contract): the contract's
 * words for the call's tool, its name, and the payload's own framing (an adapter's member names and fixed values).
 * A principal whose subject is `delivery` is no leak in a payload whose result has a `delivery` member.
 */
import { auditValuesOf, contractWords, searchedAuditValues } from '../result/auditValues.ts';
import type { Package } from '../result/protectedAudit.ts';
import type { TrustedContext } from '../result/trustedContext.ts';
import { findAdapter, PROVIDER_ADAPTERS, type ProviderItem } from '../tables/providerAdapters.ts';
import type { ProviderAdapter } from '../providers/index.ts';
import { findTool, type ToolRegistry } from '../tables/registry.ts';

export interface PayloadAuditSearch {
  /** How many values were searched for. */
  checked: number;
  /** The ones found: empty when the proof holds. */
  found: string[];
}

/** Every member name of a JSON value and, with `strings`, every string in it: the words a format adds. */
function wordsOf(value: unknown, strings: boolean, out: Set<string> = new Set(), depth = 0): Set<string> {
  if (depth > 64) return out;
  if (typeof value === 'string') {
    if (strings) out.add(value);
  } else if (Array.isArray(value)) for (const v of value) wordsOf(v, strings, out, depth + 1);
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) wordsOf(v, strings, out.add(k), depth + 1);
  return out;
}

/** What an adapter writes around any result: its item built for an empty result, succeeded and failed, no call id. */
function framingOf(adapter: ProviderAdapter<ProviderItem>): readonly string[] {
  const words = new Set<string>();
  for (const succeeded of [true, false])
    wordsOf(adapter.build({ call_id: '', tool: '', succeeded, text: '{}' }), true, words);
  return Object.freeze([...words].filter((w) => w !== '' && w !== '{}'));
}

/** Each registered adapter's framing by its revision, made once from the frozen table, as the envelope's words are. */
const FRAMING: Readonly<Record<string, readonly string[]>> = Object.freeze(
  Object.fromEntries(PROVIDER_ADAPTERS.map((a) => [a.adapter_revision, framingOf(a)])),
);

/** The words the call's adapter writes around any result; none when the call's triple names no registered adapter. */
function adapterFraming(trusted: TrustedContext): readonly string[] {
  const c = trusted.call;
  const adapter = findAdapter(c.provider, c.api_family, c.adapter_revision);
  return adapter === null ? [] : (FRAMING[adapter.adapter_revision] ?? []);
}

/**
 * Searches `payload` (a provider item, a tool definition: anything built from `pkg` for a reader outside the trusted
 * side) for the package's audit values. `kind` says whose words frame it: a provider item's are the call's adapter's;
 * a tool listing's (`tools/list`'s entry, made from the registry alone) are its own member names.
 */
export function payloadAuditSearch(
  payload: unknown,
  pkg: Package,
  trusted: TrustedContext,
  tools: ToolRegistry,
  kind: 'provider_item' | 'tool_listing' = 'provider_item',
): PayloadAuditSearch {
  const framing = kind === 'tool_listing' ? [...wordsOf(payload, false)] : adapterFraming(trusted);
  const text = JSON.stringify(payload) ?? '';
  const words = [...contractWords(findTool(trusted.tool, tools), trusted.now), trusted.tool, ...framing];
  const needles = ['protected_audit', ...searchedAuditValues(auditValuesOf(pkg, trusted), words)];
  return { checked: needles.length, found: needles.filter((n) => text.includes(n)) };
}
