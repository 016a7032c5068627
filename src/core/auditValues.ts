/**
 * The audit values of one bound package (SPEC 1.1): none of them may appear in
 * anything a model reads. The exercise's proofs and the playground's payload
 * panel search each serialized provider item for them.
 */
import type { Package } from './protectedAudit.ts';
import type { TrustedContext } from './trustedContext.ts';

/** Every audit value of a package: what must never appear in anything the model reads. */
export function auditValuesOf(pkg: Package, trusted: TrustedContext): string[] {
  const a = pkg.protected_audit;
  return [
    trusted.principal.tenant,
    trusted.principal.subject,
    a.principal_ref,
    a.provider_context.response_id,
    a.operation.operation_id,
    a.operation.idempotency_key,
    a.binding.request_sha256,
    a.binding.result_sha256,
    a.binding.call_binding_sha256,
    ...[a.downstream.request_ref, a.downstream.receipt_ref, a.downstream.status_ref].filter((v): v is string => v !== null),
  ];
}
