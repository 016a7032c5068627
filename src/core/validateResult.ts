/**
 * SPEC 6: `validateResult(pkg, trusted)` recomputes everything from the
 * trusted context (principal, call, registry, key) and never trusts a digest
 * because it looks like one. It returns every violation it finds; it never
 * throws, whatever the package holds.
 */
import { CanonicalizationError, canonicalize } from './canonical.ts';
import { findDeniedKeys } from './denyList.ts';
import { contextFacts, type ContextFacts } from './contextFacts.ts';
import { callBindingDigest, resultDigestOfCanonical } from './digest.ts';
import { ERROR_CATALOG, RETRY_AFTER_MS, catalogOutcome, isErrorCode } from './errorCatalog.ts';
import { escapePointerSegment } from './jsonPointer.ts';
import { ModelResultSchema } from './modelResult.ts';
import { checkAuditLeaks, checkToolData, firstTooDeep, needleFinder, type NeedleFinder } from './outputContract.ts';
import { ProtectedAuditSchema } from './protectedAudit.ts';
import { findAdapter } from './providerAdapters.ts';
import { DISPATCHER_PROVENANCE, RESOURCE_REVISION, RESULT_LIMITS, type ToolSpec } from './registry.ts';
import { constantTimeEqual } from './hash.ts';
import { utf8Length } from './text.ts';
import { parseTrustedContext, type TrustedContext } from './trustedContext.ts';
import { ViolationList, type Violation } from './violation.ts';
import { addZodIssues } from './zodIssues.ts';
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

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function validateResult(pkg: unknown, trusted: TrustedContext): ValidationReport {
  const { ok, violations } = validateResultDetailed(pkg, trusted);
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
}

export const RECOMPUTE: ValidationSteps = Object.freeze<ValidationSteps>({
  canonical: (mr: unknown) => canonicalize(mr),
  resultDigest: (canonical: string, _mr: unknown, trusted: TrustedContext) => resultDigestOfCanonical(canonical, trusted.key),
  callBinding: callBindingDigest,
  modelVerdict: (mr, canonical, facts, downstream) => modelResultVerdict(mr, canonical, facts, downstream),
});

export function validateResultDetailed(pkg: unknown, trustedInput: TrustedContext): ValidationDetails {
  const out = new ViolationList();
  const details: ValidationDetails = { ok: false, violations: out.items, stored: {}, recomputed: {}, canonical: null };
  let parsed: ReturnType<typeof parseTrustedContext>;
  try {
    parsed = parseTrustedContext(trustedInput);
  } catch (e) {
    out.add('AUDIT_CONTEXT_MISMATCH', '#context', `trusted context unreadable: ${e instanceof Error ? e.message : String(e)}`);
    return details;
  }
  if (!parsed.ok) {
    // No code fits a malformed trusted context better: nothing can be bound to a context we cannot read.
    for (const i of parsed.issues) out.add('AUDIT_CONTEXT_MISMATCH', `#context${i.path}`, `trusted context invalid: ${i.message}`);
    return details;
  }
  return validateParsed(pkg, parsed.value, contextFacts(parsed.value), RECOMPUTE);
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
    out.add('RESULT_SCHEMA', '', `validation stopped: ${e instanceof Error ? e.message : String(e)}`);
  }
  details.ok = out.length === 0;
  return details;
}

function check(pkg: unknown, trusted: TrustedContext, facts: ContextFacts, steps: ValidationSteps, out: ViolationList, details: ValidationDetails): void {
  if (!isObject(pkg)) {
    out.add('RESULT_SCHEMA', '', 'a package is an object {model_result, protected_audit}');
    return;
  }
  for (const k of Object.keys(pkg)) {
    if (k !== 'model_result' && k !== 'protected_audit') out.add('RESULT_SCHEMA', `/${escapePointerSegment(k)}`, 'a package holds model_result and protected_audit only');
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
    out.add('RESULT_SCHEMA', `/model_result${e.path}`, e.message);
  }
  details.canonical = canonical;
  for (const v of steps.modelVerdict(pkg.model_result, canonical, facts, downstream)) out.add(v.code, v.path, v.detail);
  checkAudit(audit, pkg.model_result, trusted, principal_ref, facts.tool_contract, out);

  if (findAdapter(c.provider, c.api_family, c.adapter_revision) === null) {
    out.add('UNREGISTERED_ADAPTER', '/protected_audit/provider_context', `${c.provider} / ${c.api_family} / ${c.adapter_revision} is not a registered adapter`);
  }

  // Digests: every one recomputed from the trusted context and the package's own model_result.
  const storedRequest = details.stored.request_sha256;
  if (storedRequest === undefined || !constantTimeEqual(storedRequest, request_sha256)) {
    out.add('REQUEST_DIGEST_MISMATCH', '/protected_audit/binding/request_sha256', 'does not match the digest recomputed from the trusted principal, tool, arguments and revisions');
  }
  if (canonical !== null) {
    const result_sha256 = steps.resultDigest(canonical, pkg.model_result, trusted);
    details.recomputed.result_sha256 = result_sha256;
    const storedResult = details.stored.result_sha256;
    if (storedResult === undefined || !constantTimeEqual(storedResult, result_sha256)) {
      out.add('RESULT_DIGEST_MISMATCH', '/protected_audit/binding/result_sha256', 'does not match the digest of the model_result in this package');
    }
  } else {
    out.add('RESULT_DIGEST_MISMATCH', '/protected_audit/binding/result_sha256', 'model_result has no canonical form, so nothing can match it');
  }
  // The call binding is recomputed over the recomputed request and result digests, never the stored
  // ones: a package whose model_result was swapped or edited breaks the binding of the call too.
  const call = steps.callBinding(trusted, request_sha256, details.recomputed.result_sha256 ?? '');
  details.recomputed.call_binding_sha256 = call;
  const storedCall = details.stored.call_binding_sha256;
  if (storedCall === undefined || !constantTimeEqual(storedCall, call)) {
    out.add('CALL_BINDING_MISMATCH', '/protected_audit/binding/call_binding_sha256', 'does not match the trusted provider, response, call, operation, idempotency key, adapter and tool contract');
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
    if (bytes > RESULT_LIMITS.maxCanonicalBytes) local.add('SIZE_LIMIT', '/model_result', `canonical model_result is ${bytes} bytes, over ${RESULT_LIMITS.maxCanonicalBytes}`);
  }
  return local.items;
}

function checkModelResult(mr: unknown, facts: ContextFacts, out: ViolationList): void {
  const { spec, args } = facts;
  const base = '/model_result';
  if (!isObject(mr)) {
    out.add('RESULT_SCHEMA', base, 'model_result must be an object');
    return;
  }
  const deep = firstTooDeep(mr, base, 1, RESULT_LIMITS.maxDepth);
  if (deep !== null) out.add('DEPTH_LIMIT', deep, `nesting deeper than ${RESULT_LIMITS.maxDepth} levels`);
  for (const d of findDeniedKeys(mr, base, escapePointerSegment)) {
    out.add(d.kind === 'control' ? 'AUDIT_LEAK' : 'SENSITIVE_FIELD', d.path, `member "${d.key}" is on the ${d.kind} deny-list`);
  }
  const schema = ModelResultSchema.safeParse(mr);
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
  if (spec === null) {
    if (succeeded) out.add('UNKNOWN_TOOL', `${base}/data`, `no output contract is registered for ${JSON.stringify(facts.tool)}`);
    else if (error !== null && error.code !== 'UNKNOWN_TOOL') out.add('UNKNOWN_TOOL', `${base}/error/code`, `the only result for an unregistered tool is UNKNOWN_TOOL`);
  } else if (!args.ok) {
    if (succeeded) out.add('INPUT_BINDING', `${base}/status`, 'the trusted arguments break the input schema: only INVALID_ARGUMENTS can be the result');
    else if (error !== null && error.code !== 'INVALID_ARGUMENTS') out.add('INPUT_BINDING', `${base}/error/code`, 'the trusted arguments break the input schema: only INVALID_ARGUMENTS can be the result');
  } else if (error !== null && (error.code === 'UNKNOWN_TOOL' || error.code === 'INVALID_ARGUMENTS')) {
    out.add('ERROR_CATALOG_MISMATCH', `${base}/error/code`, `${String(error.code)} cannot answer a registered tool called with valid arguments`);
  }

  if (succeeded && spec !== null && args.ok && data !== null && data !== undefined) {
    checkToolData(spec, data, args.value as Record<string, unknown>, `${base}/data`, out, 'validation');
  }

  // Status consistency (SPEC 1.1).
  if (succeeded !== (mr.error === null) || succeeded !== (data !== null && data !== undefined)) {
    out.add('STATUS_INCONSISTENT', `${base}/status`, 'succeeded ⇔ error is null ⇔ data is not null');
  }
  if (succeeded && exec.outcome !== 'committed') out.add('STATUS_INCONSISTENT', `${base}/execution/outcome`, 'a succeeded call has outcome committed');
  if (!succeeded && error !== null) {
    if (exec.outcome !== error.outcome) out.add('STATUS_INCONSISTENT', `${base}/execution/outcome`, "execution.outcome must be the error's catalog outcome");
    const expectedStatus = exec.outcome === 'unknown' ? 'unknown' : exec.outcome === 'not_started' ? 'failed' : null;
    if (expectedStatus === null || status !== expectedStatus) out.add('STATUS_INCONSISTENT', `${base}/status`, 'status follows the outcome: failed when not_started, unknown when unknown');
  }
  if (exec.truncated === true && exec.complete !== false) out.add('STATUS_INCONSISTENT', `${base}/execution/complete`, 'truncated ⇒ complete is false');
  if (succeeded && exec.truncated === false && exec.complete !== true) out.add('STATUS_INCONSISTENT', `${base}/execution/complete`, 'a succeeded, untruncated result is complete');
  if (!succeeded && (exec.complete !== false || exec.truncated !== false)) out.add('STATUS_INCONSISTENT', `${base}/execution`, 'a result that did not succeed is neither complete nor truncated');
  if (succeeded && exec.truncated === true && spec !== null && spec.list === undefined) out.add('STATUS_INCONSISTENT', `${base}/execution/truncated`, `${spec.name} returns no list, so it cannot be truncated`);
  if (exec.delivery !== facts.delivery) out.add('STATUS_INCONSISTENT', `${base}/execution/delivery`, `the trusted context says delivery ${facts.delivery}`);

  if (error !== null) checkCatalog(error, spec, `${base}/error`, out);

  // Provenance: registry values for a success, dispatcher values otherwise.
  const p = `${base}/provenance`;
  if (succeeded && spec !== null) {
    if (prov.source_label !== spec.source_label) out.add('PROVENANCE_MISMATCH', `${p}/source_label`, `the registry says ${JSON.stringify(spec.source_label)}`);
    if (prov.producer_revision !== spec.revisions.producer_revision) out.add('PROVENANCE_MISMATCH', `${p}/producer_revision`, `the registry says ${JSON.stringify(spec.revisions.producer_revision)}`);
    if (prov.trust !== 'untrusted_data') out.add('PROVENANCE_MISMATCH', `${p}/trust`, 'business data is untrusted_data, whatever its source');
    if (typeof prov.resource_revision !== 'string' || !RESOURCE_REVISION.test(prov.resource_revision)) out.add('RESULT_SCHEMA', `${p}/resource_revision`, 'must be 1–64 characters of [A-Za-z0-9._:-]');
  } else if (!succeeded) {
    if (prov.source_label !== DISPATCHER_PROVENANCE.source_label) out.add('PROVENANCE_MISMATCH', `${p}/source_label`, 'a dispatcher-made result has source_label "dispatcher"');
    if (prov.producer_revision !== DISPATCHER_PROVENANCE.producer_revision) out.add('PROVENANCE_MISMATCH', `${p}/producer_revision`, 'a dispatcher-made result has producer_revision "dispatcher-v1"');
    if (prov.resource_revision !== null) out.add('PROVENANCE_MISMATCH', `${p}/resource_revision`, 'a dispatcher-made result has no resource_revision');
    if (prov.trust !== 'trusted_control') out.add('PROVENANCE_MISMATCH', `${p}/trust`, 'a dispatcher-made result is trusted_control');
  }
}

/** Field by field against the catalog entry: an edited message, category, outcome or recovery fails. */
function checkCatalog(error: Record<string, unknown>, spec: ToolSpec | null, path: string, out: ViolationList): void {
  const code = error.code;
  if (!isErrorCode(code)) {
    out.add('ERROR_CATALOG_MISMATCH', `${path}/code`, `${JSON.stringify(code)} is not in the error catalog`);
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
    if (error[field] !== value) out.add('ERROR_CATALOG_MISMATCH', `${path}/${field}`, `the catalog entry for ${code} says ${JSON.stringify(value)}`);
  }
  const retry = error.retry_after_ms;
  if (entry.retryAfter === 'required') {
    if (typeof retry !== 'number' || !Number.isInteger(retry) || retry < RETRY_AFTER_MS.min || retry > RETRY_AFTER_MS.max) {
      out.add('ERROR_CATALOG_MISMATCH', `${path}/retry_after_ms`, `${code} requires an integer from ${RETRY_AFTER_MS.min} to ${RETRY_AFTER_MS.max}`);
    }
  } else if (retry !== null) {
    out.add('ERROR_CATALOG_MISMATCH', `${path}/retry_after_ms`, `${code} has retry_after_ms null`);
  }
}

function checkAudit(audit: unknown, mr: unknown, trusted: TrustedContext, principal_ref: string, toolContract: ContextFacts['tool_contract'], out: ViolationList): void {
  const base = '/protected_audit';
  if (!isObject(audit)) {
    out.add('AUDIT_SCHEMA', base, 'protected_audit must be an object');
    return;
  }
  const schema = ProtectedAuditSchema.safeParse(audit);
  if (!schema.success) addZodIssues(out, schema.error, base, 'AUDIT_SCHEMA');
  const mismatch = (path: string, got: unknown, want: unknown, what: string) => {
    if (got !== want) out.add('AUDIT_CONTEXT_MISMATCH', `${base}${path}`, `${what}: the trusted context gives ${JSON.stringify(want)}`);
  };
  mismatch('/principal_ref', audit.principal_ref, principal_ref, 'principal_ref is not the reference of the trusted principal');
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
  mismatch('/binding/algorithm', b.algorithm, trusted.key === undefined ? 'sha256' : 'hmac-sha256', 'binding algorithm');
  mismatch('/binding/key_id', b.key_id, trusted.key?.id ?? null, 'key_id');
  // A contract error must say why, and only a contract error may carry reasons.
  const contractError = isObject(mr) && isObject(mr.error) && mr.error.code === 'OUTPUT_CONTRACT_VIOLATION';
  const reasons = Array.isArray(audit.violations) ? audit.violations.length : 0;
  if (contractError && reasons === 0) out.add('AUDIT_SCHEMA', `${base}/violations`, 'OUTPUT_CONTRACT_VIOLATION without the violations that caused it');
  if (!contractError && reasons > 0) out.add('AUDIT_SCHEMA', `${base}/violations`, 'violations recorded but the model_result is not OUTPUT_CONTRACT_VIOLATION');
}
