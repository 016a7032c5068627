/**
 * What the trusted context alone decides about a call: the tool's spec, the
 * normalized arguments, principal_ref, request_sha256, the tool contract and
 * the audit values no model-visible string may contain. The plain functions
 * derive them afresh on every call; a live session derives them once, from the
 * context it parsed and froze itself, and drops them with the session.
 */
import { normalizedArguments, principalRef, requestDigest, toolContractOf } from './digest.ts';
import type { JsonValue } from './jsonValue.ts';
import type { ToolContractRef } from './protectedAudit.ts';
import { lookupTool, type ToolSpec } from './registry.ts';
import type { Delivery, TrustedContext } from './trustedContext.ts';

export interface ContextFacts {
  readonly tool: string;
  readonly delivery: Delivery;
  readonly spec: ToolSpec | null;
  readonly args: { readonly ok: boolean; readonly value: JsonValue };
  readonly principal_ref: string;
  readonly request_sha256: string;
  readonly tool_contract: ToolContractRef;
  /** Principal ids, principal_ref, call ids and request_sha256: audit material of this call (SPEC 1.1). */
  readonly auditValues: readonly string[];
}

export function contextFacts(trusted: TrustedContext): ContextFacts {
  const principal_ref = principalRef(trusted.principal, trusted.key);
  const request_sha256 = requestDigest(trusted);
  const c = trusted.call;
  return {
    tool: trusted.tool,
    delivery: trusted.delivery,
    spec: lookupTool(trusted.tool),
    args: normalizedArguments(trusted),
    principal_ref,
    request_sha256,
    tool_contract: toolContractOf(trusted.tool),
    auditValues: [trusted.principal.tenant, trusted.principal.subject, principal_ref, c.response_id, c.call_id, c.operation_id, c.idempotency_key, request_sha256],
  };
}
