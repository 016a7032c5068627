/**
 * What the trusted context alone decides about a call: the tool's spec, the
 * normalized arguments, principal_ref, request_sha256, the tool contract and
 * the audit values no model-visible string may contain. project, validate and
 * every adapter need the same facts on every keystroke; for a context that
 * parseTrustedContext returned (deep-frozen, so it cannot change) they are
 * derived once and shared by identity. Any other context gets them afresh.
 */
import { canonicalize } from './canonical.ts';
import { normalizedArguments, principalRef, requestDigest, toolContractOf } from './digest.ts';
import type { JsonValue } from './jsonValue.ts';
import type { ToolContractRef } from './protectedAudit.ts';
import { lookupTool, type ToolSpec } from './registry.ts';
import { isParsedContext, type TrustedContext } from './trustedContext.ts';

export interface ContextFacts {
  readonly spec: ToolSpec | null;
  readonly args: { readonly ok: boolean; readonly value: JsonValue };
  readonly principal_ref: string;
  readonly request_sha256: string;
  readonly tool_contract: ToolContractRef;
  /** Principal ids, principal_ref, call ids and request_sha256: audit material of this call (SPEC 1.1). */
  readonly auditValues: readonly string[];
  /** Everything a model_result's verdict reads from the context, as one memo key (validateResult). */
  readonly modelKey: string;
}

/** The context fields a model_result's verdict depends on: tool, arguments, delivery and the audit needles. */
export function modelVerdictKey(trusted: TrustedContext, auditValues: readonly string[]): string {
  return JSON.stringify([trusted.tool, canonicalize(trusted.arguments), trusted.delivery, auditValues]);
}

const facts = new WeakMap<TrustedContext, ContextFacts>();

/** A rerouted context has the same facts: none of them depends on the provider. */
export function shareContextFacts(from: TrustedContext, to: TrustedContext): void {
  if (isParsedContext(from) && isParsedContext(to)) facts.set(to, contextFacts(from));
}

export function contextFacts(trusted: TrustedContext): ContextFacts {
  const memo = facts.get(trusted);
  if (memo !== undefined) return memo;
  const principal_ref = principalRef(trusted.principal, trusted.key);
  const request_sha256 = requestDigest(trusted);
  const c = trusted.call;
  const auditValues = Object.freeze([trusted.principal.tenant, trusted.principal.subject, principal_ref, c.response_id, c.call_id, c.operation_id, c.idempotency_key, request_sha256]);
  const f: ContextFacts = Object.freeze({
    spec: lookupTool(trusted.tool),
    args: Object.freeze(normalizedArguments(trusted)),
    principal_ref,
    request_sha256,
    tool_contract: Object.freeze(toolContractOf(trusted.tool)),
    auditValues,
    modelKey: modelVerdictKey(trusted, auditValues),
  });
  if (isParsedContext(trusted)) facts.set(trusted, f);
  return f;
}
