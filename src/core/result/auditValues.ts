/**
 * The audit values of a call (docs/contract.md#no-audit-material): none of them may appear in anything a
 * model reads. One list, used by the projector and the validator (on the
 * model_result) and by the exercise's proofs and the payload panel (on each
 * serialized provider item).
 */
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
