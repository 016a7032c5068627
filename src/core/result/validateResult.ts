/**
 * SPEC 6: `validateResult(pkg, trusted)` recomputes everything from the
 * trusted context (principal, call, registry, key) and never trusts a digest
 * because it looks like one. It returns every violation it finds; it never
 * throws, whatever the package holds.
 */
import { isObject } from '../json/jsonValue.ts';
import { CanonicalizationError, canonicalize } from '../json/canonical.ts';
import { findDeniedKeys } from '../tables/denyList.ts';
import { contextFacts, type ContextFacts } from './contextFacts.ts';
import { callBindingDigest, resultDigestOfCanonical } from './digest.ts';
import { ERROR_CATALOG, RETRY_AFTER_MS, catalogOutcome, isErrorCode, retryAfterFault } from '../tables/errorCatalog.ts';
import { escapePointerSegment } from '../json/jsonPointer.ts';
import { ModelResultSchema } from './modelResult.ts';
import { checkAuditLeaks, checkRegistryProvenance, checkToolData, firstTooDeep, needleFinder, type NeedleFinder } from './outputContract.ts';
import { ProtectedAuditSchema } from './protectedAudit.ts';
import { findAdapter } from '../tables/providerAdapters.ts';
import { DISPATCHER_PROVENANCE, RESOURCE_REVISION, RESULT_LIMITS, registry, type ToolRegistry, type ToolSpec } from '../tables/registry.ts';
import { constantTimeEqual } from '../json/hash.ts';
import { utf8Length } from '../json/text.ts';
import { parseTrustedContext, type TrustedContext } from './trustedContext.ts';
import { ViolationList, type Violation } from '../tables/violation.ts';
import { addZodIssues, checkSchema } from '../tables/zodIssues.ts';
import { quotable } from '../tables/violationParams.ts';
import type { JsonValue } from '../json/jsonValue.ts';
import type { Bindings } from './protectedAudit.ts';

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

export function validateResult(pkg: unknown, trusted: TrustedContext, tools: ToolRegistry = registry): ValidationReport {
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
  modelVerdict(model_result: unknown, canonical: string | null, facts: ContextFacts, downstream: readonly string[]): Violation[];
  /** The schema of one protected_audit member: a function of exactly these arguments. */
  auditMember(member: AuditMember, value: unknown): Violation[];
}

/** The plain steps for a registry. */
export function recompute(tools: ToolRegistry): ValidationSteps {
  return Object.freeze<ValidationSteps>({
    canonical: (mr: unknown) => canonicalize(mr),
    resultDigest: (canonical: string, _mr: unknown, trusted: TrustedContext) => resultDigestOfCanonical(canonical, trusted.key),
    callBinding: (trusted: TrustedContext, request_sha256: string, result_sha256: string) => callBindingDigest(trusted, request_sha256, result_sha256, tools),
    modelVerdict: (mr, canonical, facts, downstream) => modelResultVerdict(mr, canonical, facts, downstream),
    auditMember: auditMemberIssues,
  });
}

export const RECOMPUTE: ValidationSteps = recompute(registry);

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

export function validateResultDetailed(pkg: unknown, trustedInput: TrustedContext, tools: ToolRegistry = registry): ValidationDetails {
  const out = new ViolationList();
  const details: ValidationDetails = { ok: false, violations: out.items, stored: {}, recomputed: {}, canonical: null };
  let parsed: ReturnType<typeof parseTrustedContext>;
  try {
    parsed = parseTrustedContext(trustedInput);
  } catch (e) {
    out.add('AUDIT_CONTEXT_MISMATCH', '#context', { kind: 'context_invalid', message: e instanceof Error ? e.message : String(e) });
    return details;
  }
  if (!parsed.ok) {
    // No code fits a malformed trusted context better: nothing can be bound to a context we cannot read.
    for (const i of parsed.issues) out.add('AUDIT_CONTEXT_MISMATCH', `#context${i.path}`, { kind: 'context_invalid', message: i.message });
    return details;
  }
  return validateParsed(pkg, parsed.value, contextFacts(parsed.value, tools), tools === registry ? RECOMPUTE : recompute(tools));
}

/**
 * The check of a package in a context that is already parsed, with the facts
 * derived from that very context. Never throws.
 */
export function validateParsed(pkg: unknown, trusted: TrustedContext, facts: ContextFacts, steps: ValidationSteps): ValidationDetails {
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

function check(pkg: unknown, trusted: TrustedContext, facts: ContextFacts, steps: ValidationSteps, out: ViolationList, details: ValidationDetails): void {
  if (!isObject(pkg)) {
    out.add('RESULT_SCHEMA', '', { kind: 'rule', rule: 'package_is_object' });
    return;
  }
  for (const k of Object.keys(pkg)) {
    if (k !== 'model_result' && k !== 'protected_audit') out.add('RESULT_SCHEMA', `/${escapePointerSegment(k)}`, { kind: 'unexpected_member', member: k });
  }
  const { principal_ref, request_sha256 } = facts;
  details.recomputed.request_sha256 = request_sha256;

  const audit = pkg.protected_audit;
  const stored = isObject(audit) && isObject(audit.binding) ? audit.binding : {};
  details.stored = { request_sha256: str(stored.request_sha256), result_sha256: str(stored.result_sha256), call_binding_sha256: str(stored.call_binding_sha256) };
  const downstream = isObject(audit) && isObject(audit.downstream) ? Object.values(audit.downstream).filter((v): v is string => typeof v === 'string') : [];
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
  checkAudit(audit, pkg.model_result, trusted, principal_ref, facts.tool_contract, steps, out);

  if (findAdapter(c.provider, c.api_family, c.adapter_revision) === null) {
    out.add('UNREGISTERED_ADAPTER', '/protected_audit/provider_context', { kind: 'unregistered_adapter', provider: c.provider, api_family: c.api_family, adapter_revision: c.adapter_revision });
  }

  // Digests: every one recomputed from the trusted context and the package's own model_result.
  const storedRequest = details.stored.request_sha256;
  if (storedRequest === undefined || !constantTimeEqual(storedRequest, request_sha256)) {
    out.add('REQUEST_DIGEST_MISMATCH', '/protected_audit/binding/request_sha256', { kind: 'digest_mismatch', digest: 'request_sha256', recomputable: true });
  }
  if (canonical !== null) {
    const result_sha256 = steps.resultDigest(canonical, pkg.model_result, trusted);
    details.recomputed.result_sha256 = result_sha256;
    const storedResult = details.stored.result_sha256;
    if (storedResult === undefined || !constantTimeEqual(storedResult, result_sha256)) {
      out.add('RESULT_DIGEST_MISMATCH', '/protected_audit/binding/result_sha256', { kind: 'digest_mismatch', digest: 'result_sha256', recomputable: true });
    }
  } else {
    out.add('RESULT_DIGEST_MISMATCH', '/protected_audit/binding/result_sha256', { kind: 'digest_mismatch', digest: 'result_sha256', recomputable: false });
  }
  // The call binding is recomputed over the recomputed request and result digests, never the stored
  // ones: a package whose model_result was swapped or edited breaks the binding of the call too.
  const call = steps.callBinding(trusted, request_sha256, details.recomputed.result_sha256 ?? '');
  details.recomputed.call_binding_sha256 = call;
  const storedCall = details.stored.call_binding_sha256;
  if (storedCall === undefined || !constantTimeEqual(storedCall, call)) {
    out.add('CALL_BINDING_MISMATCH', '/protected_audit/binding/call_binding_sha256', { kind: 'digest_mismatch', digest: 'call_binding_sha256', recomputable: true });
  }
}

/**
 * The model_result part of the verdict. It reads the context only through
 * `facts`, and the package only through its model_result and downstream
 * references. The stored result and call digests are left out of the audit
 * needles on purpose: neither can be planted in the result it binds (each
 * covers that result), and a stored value that differs is a digest mismatch
 * anyway. So the verdict is the same for every provider of one call.
 */
export function modelResultVerdict(
  mr: unknown,
  canonical: string | null,
  facts: ContextFacts,
  downstream: readonly string[],
  leak: NeedleFinder = needleFinder(downstream.length === 0 ? facts.auditValues : [...facts.auditValues, ...downstream]),
): Violation[] {
  const local = new ViolationList();
  checkModelResult(mr, facts, local);
  checkAuditLeaks(mr, '/model_result', leak, local);
  if (canonical !== null) {
    const bytes = utf8Length(canonical);
    if (bytes > RESULT_LIMITS.maxCanonicalBytes) local.add('SIZE_LIMIT', '/model_result', { kind: 'too_large', limit: RESULT_LIMITS.maxCanonicalBytes, size: bytes });
  }
  return local.items;
}

function checkModelResult(mr: unknown, facts: ContextFacts, out: ViolationList): void {
  const { spec, args } = facts;
  const base = '/model_result';
  if (!isObject(mr)) {
    out.add('RESULT_SCHEMA', base, { kind: 'rule', rule: 'model_result_is_object' });
    return;
  }
  const deep = firstTooDeep(mr, base, 1, RESULT_LIMITS.maxDepth);
  if (deep !== null) out.add('DEPTH_LIMIT', deep, { kind: 'too_deep', limit: RESULT_LIMITS.maxDepth });
  const denied = new Set<string>();
  for (const d of findDeniedKeys(mr, base, escapePointerSegment)) {
    denied.add(d.path);
    out.add(d.kind === 'control' ? 'AUDIT_LEAK' : 'SENSITIVE_FIELD', d.path, { kind: 'denied_key', key: d.key, list: d.kind });
  }
  const schema = checkSchema(ModelResultSchema, mr);
  if (!schema.success) {
    // Unlike inside data, a denied key in the envelope is also an envelope fault: both are reported.
    addZodIssues(out, schema.error, base, 'RESULT_SCHEMA', (p) => (p === `${base}/provenance/observed_at` ? 'TIME_FORMAT' : 'RESULT_SCHEMA'));
  }

  const status = mr.status;
  const data = mr.data;
  const error = isObject(mr.error) ? mr.error : null;
  const exec = isObject(mr.execution) ? mr.execution : {};
  const prov = isObject(mr.provenance) ? mr.provenance : {};
  const succeeded = status === 'succeeded';

  // What this context allows at all, before the details.
  if (facts.gate === 'UNKNOWN_TOOL') {
    if (succeeded) out.add('UNKNOWN_TOOL', `${base}/data`, { kind: 'rule', rule: 'no_contract_for_tool' });
    else if (error !== null && error.code !== 'UNKNOWN_TOOL') out.add('UNKNOWN_TOOL', `${base}/error/code`, { kind: 'rule', rule: 'only_unknown_tool' });
  } else if (facts.gate === 'INVALID_ARGUMENTS') {
    if (succeeded) out.add('INPUT_BINDING', `${base}/status`, { kind: 'rule', rule: 'only_invalid_arguments' });
    else if (error !== null && error.code !== 'INVALID_ARGUMENTS') out.add('INPUT_BINDING', `${base}/error/code`, { kind: 'rule', rule: 'only_invalid_arguments' });
  } else if (error !== null && (error.code === 'UNKNOWN_TOOL' || error.code === 'INVALID_ARGUMENTS')) {
    out.add('ERROR_CATALOG_MISMATCH', `${base}/error/code`, { kind: 'input_error_for_valid_call', code: String(error.code) });
  }

  if (succeeded && spec !== null && args.ok && data !== null && data !== undefined) {
    // The scan of the whole model_result above has reported the data's denied keys already.
    checkToolData(spec, data, args.value as Record<string, unknown>, `${base}/data`, out, 'validation', denied);
  }

  // Status consistency (SPEC 1.1).
  if (succeeded !== (mr.error === null) || succeeded !== (data !== null && data !== undefined)) {
    out.add('STATUS_INCONSISTENT', `${base}/status`, { kind: 'rule', rule: 'succeeded_iff_error_null' });
  }
  if (succeeded && exec.outcome !== 'committed') out.add('STATUS_INCONSISTENT', `${base}/execution/outcome`, { kind: 'rule', rule: 'succeeded_is_committed' });
  if (!succeeded && error !== null) {
    if (exec.outcome !== error.outcome) out.add('STATUS_INCONSISTENT', `${base}/execution/outcome`, { kind: 'rule', rule: 'outcome_from_catalog' });
    const expectedStatus = exec.outcome === 'unknown' ? 'unknown' : exec.outcome === 'not_started' ? 'failed' : null;
    if (expectedStatus === null || status !== expectedStatus) out.add('STATUS_INCONSISTENT', `${base}/status`, { kind: 'rule', rule: 'status_follows_outcome' });
  }
  if (exec.truncated === true && exec.complete !== false) out.add('STATUS_INCONSISTENT', `${base}/execution/complete`, { kind: 'rule', rule: 'truncated_not_complete' });
  if (succeeded && exec.truncated === false && exec.complete !== true) out.add('STATUS_INCONSISTENT', `${base}/execution/complete`, { kind: 'rule', rule: 'succeeded_untruncated_complete' });
  if (!succeeded && (exec.complete !== false || exec.truncated !== false)) out.add('STATUS_INCONSISTENT', `${base}/execution`, { kind: 'rule', rule: 'unsucceeded_not_complete' });
  if (succeeded && exec.truncated === true && spec !== null && spec.list === undefined) out.add('STATUS_INCONSISTENT', `${base}/execution/truncated`, { kind: 'no_list', tool: spec.name });
  if (exec.delivery !== facts.delivery)
    out.add('STATUS_INCONSISTENT', `${base}/execution/delivery`, { kind: 'expected_value', field: 'delivery', expected: facts.delivery, source: 'trusted_context' });

  if (error !== null) checkCatalog(error, spec, `${base}/error`, out);

  // Provenance: registry values for a success, dispatcher values otherwise.
  const p = `${base}/provenance`;
  if (succeeded && spec !== null) {
    checkRegistryProvenance(prov, spec, p, out, false);
    if (prov.trust !== 'untrusted_data') out.add('PROVENANCE_MISMATCH', `${p}/trust`, { kind: 'rule', rule: 'data_is_untrusted' });
    if (typeof prov.resource_revision !== 'string' || !RESOURCE_REVISION.test(prov.resource_revision))
      out.add('RESULT_SCHEMA', `${p}/resource_revision`, { kind: 'rule', rule: 'resource_revision_format' });
  } else if (!succeeded) {
    if (prov.source_label !== DISPATCHER_PROVENANCE.source_label)
      out.add('PROVENANCE_MISMATCH', `${p}/source_label`, { kind: 'expected_value', field: 'source_label', expected: DISPATCHER_PROVENANCE.source_label, source: 'dispatcher' });
    if (prov.producer_revision !== DISPATCHER_PROVENANCE.producer_revision)
      out.add('PROVENANCE_MISMATCH', `${p}/producer_revision`, { kind: 'expected_value', field: 'producer_revision', expected: DISPATCHER_PROVENANCE.producer_revision, source: 'dispatcher' });
    if (prov.resource_revision !== null) out.add('PROVENANCE_MISMATCH', `${p}/resource_revision`, { kind: 'expected_value', field: 'resource_revision', expected: null, source: 'dispatcher' });
    if (prov.trust !== 'trusted_control') out.add('PROVENANCE_MISMATCH', `${p}/trust`, { kind: 'rule', rule: 'dispatcher_result_is_trusted_control' });
  }
}

/** Field by field against the catalog entry: an edited message, category, outcome or recovery fails. */
function checkCatalog(error: Record<string, unknown>, spec: ToolSpec | null, path: string, out: ViolationList): void {
  const code = error.code;
  if (!isErrorCode(code)) {
    out.add('ERROR_CATALOG_MISMATCH', `${path}/code`, { kind: 'not_in_catalog', code: quotable(code) });
    return;
  }
  const entry = ERROR_CATALOG[code];
  const expected: Record<string, unknown> = {
    category: entry.category,
    outcome: catalogOutcome(entry, spec?.effect ?? null),
    recovery: entry.recovery,
    message: entry.message.en,
  };
  for (const [field, value] of Object.entries(expected)) {
    if (error[field] !== value) out.add('ERROR_CATALOG_MISMATCH', `${path}/${field}`, { kind: 'expected_value', field, expected: value as JsonValue, source: 'catalog' });
  }
  const fault = retryAfterFault(entry, error.retry_after_ms, null);
  if (fault === 'out_of_range') out.add('ERROR_CATALOG_MISMATCH', `${path}/retry_after_ms`, { kind: 'retry_after_range', code, min: RETRY_AFTER_MS.min, max: RETRY_AFTER_MS.max });
  if (fault === 'not_empty') out.add('ERROR_CATALOG_MISMATCH', `${path}/retry_after_ms`, { kind: 'expected_value', field: 'retry_after_ms', expected: null, source: 'catalog' });
}

function checkAudit(audit: unknown, mr: unknown, trusted: TrustedContext, principal_ref: string, toolContract: ContextFacts['tool_contract'], steps: ValidationSteps, out: ViolationList): void {
  const base = '/protected_audit';
  if (!isObject(audit)) {
    out.add('AUDIT_SCHEMA', base, { kind: 'rule', rule: 'audit_is_object' });
    return;
  }
  for (const m of AUDIT_MEMBERS) for (const v of steps.auditMember(m, audit[m])) out.addViolation(v);
  for (const k of Object.keys(audit)) {
    if (!Object.hasOwn(ProtectedAuditSchema.shape, k)) out.add('AUDIT_SCHEMA', `${base}/${escapePointerSegment(k)}`, { kind: 'unexpected_member', member: k });
  }
  const mismatch = (path: string, got: unknown, want: JsonValue, field: string) => {
    if (got !== want) out.add('AUDIT_CONTEXT_MISMATCH', `${base}${path}`, { kind: 'expected_value', field, expected: want, source: 'trusted_context' });
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
  if (contractError && reasons === 0) out.add('AUDIT_SCHEMA', `${base}/violations`, { kind: 'rule', rule: 'contract_error_needs_reasons' });
  if (!contractError && reasons > 0) out.add('AUDIT_SCHEMA', `${base}/violations`, { kind: 'rule', rule: 'reasons_only_for_contract_error' });
}
