/**
 * The proof under each payload that no audit material left with it: the word protected_audit and
 * every audit value of the package (auditValuesOf), each searched for in the value's JSON text.
 * A search rather than a walk of members, so a value copied into any string, key or
 * description counts too.
 */
import { auditValuesOf, type Package, type TrustedContext } from '../core/result/index.ts';

export interface AuditSearch {
  /** How many values were searched for. */
  checked: number;
  /** The ones found: empty when the proof holds. */
  found: string[];
}

export function auditSearch(value: unknown, pkg: Package, trusted: TrustedContext): AuditSearch {
  const serialized = JSON.stringify(value);
  const needles = ['protected_audit', ...auditValuesOf(pkg, trusted)];
  return { checked: needles.length, found: needles.filter((n) => serialized.includes(n)) };
}
