/**
 * The audit values of a call (docs/contract.md#no-audit-material): none of them may appear in anything a
 * model reads. One list, used by the projector and the validator (on the
 * model_result) and by the exercise's proofs and the payload panel (on each
 * serialized provider item).
 */
import { ERROR_CATALOG } from '../tables/errorCatalog.ts';
import { DISPATCHER_PROVENANCE, type ToolSpec } from '../tables/registry.ts';
import { folded } from './leakForms.ts';
import { ModelResultSchema } from './modelResult.ts';
import type { Package } from './protectedAudit.ts';
import type { TrustedContext } from './trustedContext.ts';

/** The members of the list. `call_id` is null where a provider item is searched: the item names its call by design. */
export interface CallAuditValues {
  tenant: string;
  subject: string;
  principal_ref: string;
  response_id: string;
  call_id: string | null;
  operation_id: string;
  idempotency_key: string;
  request_sha256: string;
}

/** The one list, in one order. */
export function auditValueList(v: CallAuditValues): string[] {
  const list = [
    v.tenant,
    v.subject,
    v.principal_ref,
    v.response_id,
    v.call_id,
    v.operation_id,
    v.idempotency_key,
    v.request_sha256,
  ];
  return list.filter((s): s is string => s !== null);
}

/**
 * The member names and fixed values a schema decides: object keys, enum
 * members, literals. Not a record's keys nor a free string: those are the
 * handler's to choose. Read from zod's definitions (zod and zod/mini alike).
 */
function schemaWords(schema: unknown, out: Set<string>, depth = 0): void {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | null)?._zod?.def;
  // Trusted code, but a schema may be recursive (z.lazy is not followed) or very deep: a bound, not a proof.
  if (def === undefined || depth > 32) return;
  const each = (xs: unknown) => {
    for (const x of Object.values(xs as Record<string, unknown>)) schemaWords(x, out, depth + 1);
  };
  switch (def.type) {
    case 'object':
      for (const k of Object.keys(def.shape as object)) out.add(k);
      each(def.shape);
      return;
    case 'enum':
    case 'literal':
      for (const v of Object.values((def.type === 'enum' ? def.entries : def.values) as object))
        if (typeof v === 'string') out.add(v);
      return;
    case 'union':
      each(def.options);
      return;
    case 'array':
      schemaWords(def.element, out, depth + 1);
      return;
    case 'pipe':
      each({ in: def.in, out: def.out });
      return;
    default:
      // optional, nullable, default, readonly, catch…: the wrapped schema decides.
      if (def.innerType !== undefined) schemaWords(def.innerType, out, depth + 1);
  }
}

/** The words of every result, whatever the tool: the envelope's, the catalog's, the dispatcher's. */
function envelopeWordList(): string[] {
  const words = new Set<string>(Object.values(DISPATCHER_PROVENANCE));
  schemaWords(ModelResultSchema, words);
  for (const e of Object.values(ERROR_CATALOG)) words.add(e.code).add(e.category).add(e.recovery).add(e.message);
  return [...words];
}
const ENVELOPE_WORDS: readonly string[] = Object.freeze(envelopeWordList());

/**
 * The contract's fixed words in the result of one call (docs/contract.md#words-of-the-contract):
 * the envelope's member names and values, the catalog's codes, categories, outcomes, recoveries
 * and messages, the dispatcher's provenance, the tool's source label, producer revision and the
 * member names and fixed values of its data, and the trusted `now` a dispatcher's answer carries.
 */
export function contractWords(spec: ToolSpec | null, now: string): readonly string[] {
  if (spec === null) return [...ENVELOPE_WORDS, now];
  const own = new Set([spec.source_label, spec.revisions.producer_revision]);
  schemaWords(spec.output, own);
  return [...ENVELOPE_WORDS, ...own, now];
}

/**
 * The audit values the AUDIT_LEAK rule searches for: the call's list without
 * the values that are pieces of the contract's own words (`delivery`,
 * `recovery`, `dispatcher`). The model reads those words in every result, so
 * finding one is no evidence of a leak, and a rule that searched for them
 * would refuse every result the call can have (docs/contract.md#words-of-the-contract).
 */
export function searchedAuditValues(values: readonly string[], words: readonly string[]): string[] {
  const foldedWords = words.map(folded);
  return values.filter((v) => {
    if (words.some((w) => w.includes(v))) return false;
    const f = folded(v);
    return f.length < 8 || !foldedWords.some((w) => w.includes(f));
  });
}

/**
 * The needles one package's model_result is searched with: the call's list
 * and the downstream refs its audit records. The projector asks with the refs
 * it is about to record, the validator with the refs the audit holds, so
 * both search for the same values. With no refs it is the call's own array
 * (a live session keys its finders by that array).
 */
export function packageNeedles(
  callValues: readonly string[],
  downstream: readonly (string | null)[],
): readonly string[] {
  const refs = downstream.filter((v): v is string => v !== null);
  return refs.length === 0 ? callValues : [...callValues, ...refs];
}

/** Every audit value of a bound package, for a search of its provider item: the call's list (without call_id), its result and call digests and its downstream refs. */
export function auditValuesOf(pkg: Package, trusted: TrustedContext): string[] {
  const a = pkg.protected_audit;
  return [
    ...auditValueList({
      tenant: trusted.principal.tenant,
      subject: trusted.principal.subject,
      principal_ref: a.principal_ref,
      response_id: a.provider_context.response_id,
      call_id: null,
      operation_id: a.operation.operation_id,
      idempotency_key: a.operation.idempotency_key,
      request_sha256: a.binding.request_sha256,
    }),
    a.binding.result_sha256,
    a.binding.call_binding_sha256,
    ...[a.downstream.request_ref, a.downstream.receipt_ref, a.downstream.status_ref].filter(
      (v): v is string => v !== null,
    ),
  ];
}
