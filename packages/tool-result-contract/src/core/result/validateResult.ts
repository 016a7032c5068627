/**
 * `validateResult(pkg, trusted)` (docs/contract.md#validation) recomputes everything from the
 * trusted context (principal, call, registry, key) and never trusts a digest
 * because it looks like one. It returns every violation it finds; it never
 * throws, whatever the package holds.
 */
import { packageDeliveryEvidence } from './deliveryEvidence.ts';
import { isObject } from '../json/jsonValue.ts';
import { CanonicalizationError, canonicalize } from '../json/canonical.ts';
import { contextFacts, type ContextFacts } from './contextFacts.ts';
import { callBindingDigest, resultDigestOfCanonical } from './digest.ts';
import { escapePointerSegment } from '../json/jsonPointer.ts';
import { ProtectedAuditSchema } from './protectedAudit.ts';
import { findAdapter } from '../tables/providerAdapters.ts';
import type { ToolRegistry } from '../tables/registry.ts';
import { constantTimeEqual } from '../json/hash.ts';
import { parseTrustedContext, type TrustedContext } from './trustedContext.ts';
import { ViolationList, type Violation } from '../tables/violation.ts';
import { addZodIssues, checkSchema } from '../tables/zodIssues.ts';
import type { JsonValue } from '../json/jsonValue.ts';
import type { Bindings } from './protectedAudit.ts';
import { modelResultVerdict } from './modelResultVerdict.ts';

export interface ValidationReport {
  ok: boolean;
  violations: Violation[];
}

/** What the playground shows beside the verdict: each digest as stored and as recomputed. */
export interface ValidationDetails extends ValidationReport {
  stored: Partial<Bindings>;
  recomputed: Partial<Bindings>;
  /** canonical(model_result), when it has one: the exact text every adapter serializes. */
  canonical: string | null;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * Checks a whole package — `model_result`, `protected_audit` and its three digests — against the trusted context and
 * the registry, as every adapter does before it serializes. Untrusted input returns a report, it never throws.
 *
 * @example
 * ```ts
 * const report = validateResult(pkg, trusted, tools);
 * if (!report.ok) console.error(report.violations.map((v) => `${v.code} at ${v.path}`));
 * ```
 */
export function validateResult(pkg: unknown, trusted: TrustedContext, tools: ToolRegistry): ValidationReport {
  const { ok, violations } = validateResultDetailed(pkg, trusted, tools);
  return { ok, violations };
}

/**
 * The computations a check is made of. The plain functions pass
 * {@link RECOMPUTE}: everything from scratch on every call. A live session
 * passes its own, which may reuse what it computed for objects it froze
 * itself; a differential test holds the two to the same answers.
 */
export interface ValidationSteps {
  canonical(model_result: unknown): string;
  resultDigest(canonical: string, model_result: unknown, trusted: TrustedContext): string;
  callBinding(trusted: TrustedContext, request_sha256: string, result_sha256: string): string;
  /** The model_result part of the verdict: a function of exactly these arguments. */
  modelVerdict(
    model_result: unknown,
    canonical: string | null,
    facts: ContextFacts,
    downstream: readonly string[],
  ): Violation[];
  /** The schema of one protected_audit member: a function of exactly these arguments. */
  auditMember(member: AuditMember, value: unknown): Violation[];
}

/** The plain steps for a registry. */
export function recompute(tools: ToolRegistry): ValidationSteps {
  return Object.freeze<ValidationSteps>({
    canonical: (mr: unknown) => canonicalize(mr),
    resultDigest: (canonical: string, _mr: unknown, trusted: TrustedContext) =>
      resultDigestOfCanonical(canonical, trusted.key),
    callBinding: (trusted: TrustedContext, request_sha256: string, result_sha256: string) =>
      callBindingDigest(trusted, request_sha256, result_sha256, tools),
    modelVerdict: (mr, canonical, facts, downstream) => modelResultVerdict(mr, canonical, facts, downstream),
    auditMember: auditMemberIssues,
  });
}

export type AuditMember = keyof typeof ProtectedAuditSchema.shape;
const AUDIT_MEMBERS = Object.freeze(Object.keys(ProtectedAuditSchema.shape) as AuditMember[]);

/**
 * ProtectedAuditSchema, one member at a time: the packages one call is
 * rebound to for each adapter share most members, so a live session checks a
 * shared member once. The issues are those of the whole schema, in its order.
 */
export function auditMemberIssues(member: AuditMember, value: unknown): Violation[] {
  const r = checkSchema(ProtectedAuditSchema.shape[member], value);
  if (r.success) return [];
  const local = new ViolationList();
  addZodIssues(local, r.error, `/protected_audit/${member}`, 'AUDIT_SCHEMA');
  return local.items;
}

export function validateResultDetailed(
  pkg: unknown,
  trustedInput: TrustedContext,
  tools: ToolRegistry,
): ValidationDetails {
  const out = new ViolationList();
  const details: ValidationDetails = { ok: false, violations: out.items, stored: {}, recomputed: {}, canonical: null };
  let parsed: ReturnType<typeof parseTrustedContext>;
  try {
    parsed = parseTrustedContext(trustedInput);
  } catch (e) {
    out.add('AUDIT_CONTEXT_MISMATCH', '#context', {
      kind: 'context_invalid',
      message: e instanceof Error ? e.message : String(e),
    });
    return details;
  }
  if (!parsed.ok) {
    // No code fits a malformed trusted context better: nothing can be bound to a context we cannot read.
    for (const i of parsed.issues)
      out.add('AUDIT_CONTEXT_MISMATCH', `#context${i.path}`, {
        kind: 'context_invalid',
        message: i.message,
        issue: i.params,
      });
    return details;
  }
  return validateParsed(pkg, parsed.value, contextFacts(parsed.value, tools), recompute(tools));
}

/**
 * The check of a package in a context that is already parsed, with the facts
 * derived from that very context. Never throws.
 */
export function validateParsed(
  pkg: unknown,
  trusted: TrustedContext,
  facts: ContextFacts,
  steps: ValidationSteps,
): ValidationDetails {
  const out = new ViolationList();
  const details: ValidationDetails = { ok: false, violations: out.items, stored: {}, recomputed: {}, canonical: null };
  try {
    check(pkg, trusted, facts, steps, out, details);
  } catch (e) {
    // Defence in depth: a bug here must still read as a rejection, never as a pass.
    out.add('RESULT_SCHEMA', '', { kind: 'internal', message: e instanceof Error ? e.message : String(e) });
  }
  details.ok = out.length === 0;
  return details;
}

function check(
  pkg: unknown,
  trusted: TrustedContext,
  facts: ContextFacts,
  steps: ValidationSteps,
  out: ViolationList,
  details: ValidationDetails,
): void {
  if (!isObject(pkg)) {
    out.add('RESULT_SCHEMA', '', { kind: 'rule', rule: 'package_is_object' });
    return;
  }
  for (const k of Object.keys(pkg)) {
    if (k !== 'model_result' && k !== 'protected_audit')
      out.add('RESULT_SCHEMA', `/${escapePointerSegment(k)}`, { kind: 'unexpected_member', member: k });
  }
  const { principal_ref, request_sha256 } = facts;
  details.recomputed.request_sha256 = request_sha256;

  const audit = pkg.protected_audit;
  const stored = isObject(audit) && isObject(audit.binding) ? audit.binding : {};
  details.stored = {
    request_sha256: str(stored.request_sha256),
    result_sha256: str(stored.result_sha256),
    call_binding_sha256: str(stored.call_binding_sha256),
  };
  const downstream =
    isObject(audit) && isObject(audit.downstream)
      ? Object.values(audit.downstream).filter((v): v is string => typeof v === 'string')
      : [];
  const c = trusted.call;

  let canonical: string | null = null;
  try {
    canonical = steps.canonical(pkg.model_result);
  } catch (e) {
    if (!(e instanceof CanonicalizationError)) throw e;
    out.add('RESULT_SCHEMA', `/model_result${e.path}`, { kind: 'not_json', reason: e.code, message: e.message });
  }
  details.canonical = canonical;
  for (const v of steps.modelVerdict(pkg.model_result, canonical, facts, downstream)) out.addViolation(v);
  packageDeliveryEvidence(pkg.model_result, audit, facts, out);
  checkAudit(audit, pkg.model_result, trusted, principal_ref, facts.tool_contract, steps, out);

  if (findAdapter(c.provider, c.api_family, c.adapter_revision) === null) {
    out.add('UNREGISTERED_ADAPTER', '/protected_audit/provider_context', {
      kind: 'unregistered_adapter',
      provider: c.provider,
      api_family: c.api_family,
      adapter_revision: c.adapter_revision,
    });
  }

  // Digests: every one recomputed from the trusted context and the package's own model_result.
  const storedRequest = details.stored.request_sha256;
  if (storedRequest === undefined || !constantTimeEqual(storedRequest, request_sha256)) {
    out.add('REQUEST_DIGEST_MISMATCH', '/protected_audit/binding/request_sha256', {
      kind: 'digest_mismatch',
      digest: 'request_sha256',
      recomputable: true,
    });
  }
  if (canonical !== null) {
    const result_sha256 = steps.resultDigest(canonical, pkg.model_result, trusted);
    details.recomputed.result_sha256 = result_sha256;
    const storedResult = details.stored.result_sha256;
    if (storedResult === undefined || !constantTimeEqual(storedResult, result_sha256)) {
      out.add('RESULT_DIGEST_MISMATCH', '/protected_audit/binding/result_sha256', {
        kind: 'digest_mismatch',
        digest: 'result_sha256',
        recomputable: true,
      });
    }
  } else {
    out.add('RESULT_DIGEST_MISMATCH', '/protected_audit/binding/result_sha256', {
      kind: 'digest_mismatch',
      digest: 'result_sha256',
      recomputable: false,
    });
  }
  // The call binding is recomputed over the recomputed request and result digests, never the stored
  // ones: a package whose model_result was swapped or edited breaks the binding of the call too.
  const call = steps.callBinding(trusted, request_sha256, details.recomputed.result_sha256 ?? '');
  details.recomputed.call_binding_sha256 = call;
  const storedCall = details.stored.call_binding_sha256;
  if (storedCall === undefined || !constantTimeEqual(storedCall, call)) {
    out.add('CALL_BINDING_MISMATCH', '/protected_audit/binding/call_binding_sha256', {
      kind: 'digest_mismatch',
      digest: 'call_binding_sha256',
      recomputable: true,
    });
  }
}

function checkAudit(
  audit: unknown,
  mr: unknown,
  trusted: TrustedContext,
  principal_ref: string,
  toolContract: ContextFacts['tool_contract'],
  steps: ValidationSteps,
  out: ViolationList,
): void {
  const base = '/protected_audit';
  if (!isObject(audit)) {
    out.add('AUDIT_SCHEMA', base, { kind: 'rule', rule: 'audit_is_object' });
    return;
  }
  for (const m of AUDIT_MEMBERS) for (const v of steps.auditMember(m, audit[m])) out.addViolation(v);
  for (const k of Object.keys(audit)) {
    if (!Object.hasOwn(ProtectedAuditSchema.shape, k))
      out.add('AUDIT_SCHEMA', `${base}/${escapePointerSegment(k)}`, { kind: 'unexpected_member', member: k });
  }
  const mismatch = (path: string, got: unknown, want: JsonValue, field: string) => {
    if (got !== want)
      out.add('AUDIT_CONTEXT_MISMATCH', `${base}${path}`, {
        kind: 'expected_value',
        field,
        expected: want,
        source: 'trusted_context',
      });
  };
  mismatch('/principal_ref', audit.principal_ref, principal_ref, 'principal_ref');
  const pc = isObject(audit.provider_context) ? audit.provider_context : {};
  for (const k of ['provider', 'api_family', 'response_id', 'call_id', 'adapter_revision'] as const) {
    mismatch(`/provider_context/${k}`, pc[k], trusted.call[k], k);
  }
  const op = isObject(audit.operation) ? audit.operation : {};
  mismatch('/operation/operation_id', op.operation_id, trusted.call.operation_id, 'operation_id');
  mismatch('/operation/idempotency_key', op.idempotency_key, trusted.call.idempotency_key, 'idempotency_key');
  const tc = isObject(audit.tool_contract) ? audit.tool_contract : {};
  for (const [k, v] of Object.entries(toolContract)) mismatch(`/tool_contract/${k}`, tc[k], v, k);
  const b = isObject(audit.binding) ? audit.binding : {};
  mismatch('/binding/algorithm', b.algorithm, trusted.key === undefined ? 'sha256' : 'hmac-sha256', 'algorithm');
  mismatch('/binding/key_id', b.key_id, trusted.key?.id ?? null, 'key_id');
  // A contract error must say why, and only a contract error may carry reasons.
  const contractError = isObject(mr) && isObject(mr.error) && mr.error.code === 'OUTPUT_CONTRACT_VIOLATION';
  const reasons = Array.isArray(audit.violations) ? audit.violations.length : 0;
  if (contractError && reasons === 0)
    out.add('AUDIT_SCHEMA', `${base}/violations`, { kind: 'rule', rule: 'contract_error_needs_reasons' });
  if (!contractError && reasons > 0)
    out.add('AUDIT_SCHEMA', `${base}/violations`, { kind: 'rule', rule: 'reasons_only_for_contract_error' });
}
