/**
 * The dispatcher's projection (docs/contract.md#two-projections). A handler's raw output is untrusted;
 * it is checked against the tool's exact contract and split into
 * `model_result` (what the model may read) and `protected_audit` (what
 * operations may read). A contract breach never reaches the model as data:
 * the model gets OUTPUT_CONTRACT_VIOLATION and the audit gets the reasons.
 */
import { isObject } from '../json/jsonValue.ts';
import { CanonicalizationError, canonicalize } from '../json/canonical.ts';
import { findDeniedKeys } from '../tables/denyList.ts';
import { PointerSet } from '../json/longKeys.ts';
import { contextFacts, type ContextFacts } from './contextFacts.ts';
import { handlerDeliveryEvidence } from './deliveryEvidence.ts';
import { callBindingDigest, resultDigestOfCanonical } from './digest.ts';
import {
  ERROR_CATALOG,
  RETRY_AFTER_MS,
  catalogOutcome,
  isErrorCode,
  retryAfterFault,
  type Effect,
  type ErrorCode,
} from '../tables/errorCatalog.ts';
import { DOWNSTREAM_REF, HandlerEnvelopeSchema } from './handlerOutput.ts';
import { readHandlerOutput } from './readHandlerOutput.ts';
import { MODEL_RESULT_VERSION, type ModelResult } from './modelResult.ts';
import { packageNeedles } from './auditValues.ts';
import {
  addAuditLeak,
  auditLeaks,
  checkAuditLeaks,
  checkRegistryProvenance,
  checkToolData,
  needleFinder,
  type NeedleFinder,
} from './outputContract.ts';
import { PROTECTED_AUDIT_VERSION, type Package, type ProtectedAudit, type Redaction } from './protectedAudit.ts';
import { DISPATCHER_PROVENANCE, RESULT_LIMITS, type ToolRegistry, type ToolSpec } from '../tables/registry.ts';
import { utf8Length } from '../json/text.ts';
import { isRfc3339Utc } from '../json/time.ts';
import { assertTrustedContext, type TrustedContext } from './trustedContext.ts';
import { ViolationList, type Violation } from '../tables/violation.ts';
import { addZodIssues, checkSchema } from '../tables/zodIssues.ts';
import { quotable } from '../messages/violationParams.ts';

type Downstream = ProtectedAudit['downstream'];
const DOWNSTREAM_KEYS = ['request_ref', 'receipt_ref', 'status_ref'] as const;

/** A result the dispatcher makes itself: catalog fields only, dispatcher provenance, trusted_control. */
export function catalogErrorResult(
  code: ErrorCode,
  effect: Effect | null,
  trusted: TrustedContext,
  observed_at: string,
  retry_after_ms: number | null = null,
): ModelResult {
  const entry = ERROR_CATALOG[code];
  const outcome = catalogOutcome(entry, effect);
  return {
    schema_version: MODEL_RESULT_VERSION,
    status: outcome === 'unknown' ? 'unknown' : 'failed',
    data: null,
    error: {
      code,
      category: entry.category,
      outcome,
      recovery: entry.recovery,
      message: entry.message,
      retry_after_ms,
    },
    execution: { outcome, delivery: trusted.delivery, complete: false, truncated: false },
    provenance: { ...DISPATCHER_PROVENANCE, resource_revision: null, observed_at, trust: 'trusted_control' },
  };
}

interface Evaluation {
  model_result: ModelResult | null;
  /** canonical(model_result) when the size check has made it already. */
  canonical: string | null;
  downstream: Downstream;
  /** The handler's own observed_at when it is valid: kept even on a contract error. */
  observed_at: string | null;
  /** Where the handler wrote it: `/provenance/observed_at` in a success, `/observed_at` otherwise. */
  observed_path: string;
  /** The finder for the call's audit values and the handler's downstream refs. */
  leak: NeedleFinder;
}

/**
 * The computations a projection is made of. The plain functions pass
 * {@link plainProjection}; a live session passes its own (it freezes what it
 * encodes and hashes call bindings from a kept prefix state), and a
 * differential test holds both to the same bytes.
 */
export interface ProjectionSteps {
  canonical(model_result: ModelResult): string;
  resultDigest(canonical: string, model_result: ModelResult, trusted: TrustedContext): string;
  callBinding(trusted: TrustedContext, request_sha256: string, result_sha256: string): string;
  /** The finder for the call's audit values (the facts' own array, or that array with the handler's downstream refs). */
  leakFinder(auditValues: readonly string[]): NeedleFinder;
}

/** The plain steps for a registry: everything from scratch on every call. */
export function plainProjection(tools: ToolRegistry): ProjectionSteps {
  return Object.freeze({
    leakFinder: needleFinder,
    canonical: (mr: ModelResult) => canonicalize(mr),
    resultDigest: (canonical: string, _mr: ModelResult, trusted: TrustedContext) =>
      resultDigestOfCanonical(canonical, trusted.key),
    callBinding: (trusted: TrustedContext, request_sha256: string, result_sha256: string) =>
      callBindingDigest(trusted, request_sha256, result_sha256, tools),
  });
}

/**
 * Builds the package for one call: plain data the caller owns (nothing in it is shared with the handler output or
 * the context). Never throws on bad handler output; throws TrustedContextError when the trusted context is malformed.
 * @example
 * ```ts
 * const { model_result, protected_audit } = project(handlerOutput, trusted, tools); // the model reads model_result only
 * ```
 */
export function project(handlerOutput: unknown, trusted: TrustedContext, tools: ToolRegistry): Package {
  return projectDetailed(handlerOutput, trusted, tools).pkg;
}

/**
 * {@link project}, also returning each violation with its detail (the audit
 * keeps code and path only; the playground explains them to the learner).
 */
export function projectDetailed(
  handlerOutput: unknown,
  trustedInput: TrustedContext,
  tools: ToolRegistry,
): { pkg: Package; violations: Violation[] } {
  const trusted = assertTrustedContext(trustedInput);
  return projectParsed(handlerOutput, trusted, contextFacts(trusted, tools), plainProjection(tools));
}

/** The projection in a context that is already parsed, with the facts derived from that very context. */
export function projectParsed(
  handlerOutput: unknown,
  trusted: TrustedContext,
  facts: ContextFacts,
  steps: ProjectionSteps,
  prelude?: ProjectionPrelude,
): { pkg: Package; violations: Violation[] } {
  const { spec, args, principal_ref, request_sha256, tool_contract, auditValues } = facts;
  const violations = new ViolationList();
  for (const v of prelude?.violations ?? []) violations.addViolation(v);
  const fromPrelude = violations.length;
  const redactions: Redaction[] = [{ path: '/principal', reason: 'principal_replaced_by_principal_ref' }];
  let downstream: Downstream = { request_ref: null, receipt_ref: null, status_ref: null };
  let model_result: ModelResult;
  let canonical: string | null = null;

  if (facts.gate !== 'handler' || spec === null) {
    model_result = catalogErrorResult(
      facts.gate === 'handler' ? 'UNKNOWN_TOOL' : facts.gate,
      spec?.effect ?? null,
      trusted,
      trusted.now,
    );
  } else if (prelude !== undefined && handlerOutput === undefined) {
    // The reader refused the result before a handler output could be made: its violations are the reasons.
    model_result = catalogErrorResult('OUTPUT_CONTRACT_VIOLATION', spec.effect, trusted, trusted.now);
  } else {
    // The one read of the handler's value: every check below reads its plain copy (readHandlerOutput.ts).
    const read = readHandlerOutput(handlerOutput, violations);
    const raw = read.value;
    const ev = evaluateHandler(
      raw,
      spec,
      args.value as Record<string, unknown>,
      trusted,
      auditValues,
      violations,
      redactions,
      steps,
    );
    downstream = { ...ev.downstream };
    handlerDeliveryEvidence(raw, trusted.delivery, downstream.receipt_ref, violations);
    const settled = settle(ev, violations.length === 0, spec, trusted, auditValues, downstream, violations, steps);
    model_result = settled.model_result;
    canonical = settled.canonical;
    if (model_result !== ev.model_result && isObject(raw) && 'data' in raw)
      redactions.push({ path: '/data', reason: 'withheld_output_contract_violation' });
    read.prune(violations);
  }
  for (const k of DOWNSTREAM_KEYS) {
    if (downstream[k] !== null)
      redactions.push({
        path: `/downstream/${k}`,
        reason: k === 'receipt_ref' ? 'internal_receipt' : 'downstream_reference',
      });
  }

  canonical ??= steps.canonical(model_result);
  const result_sha256 = steps.resultDigest(canonical, model_result, trusted);
  const protected_audit: ProtectedAudit = {
    schema_version: PROTECTED_AUDIT_VERSION,
    principal_ref,
    provider_context: {
      provider: trusted.call.provider,
      api_family: trusted.call.api_family,
      response_id: trusted.call.response_id,
      call_id: trusted.call.call_id,
      adapter_revision: trusted.call.adapter_revision,
    },
    operation: { operation_id: trusted.call.operation_id, idempotency_key: trusted.call.idempotency_key },
    tool_contract: { ...tool_contract },
    downstream,
    binding: {
      algorithm: trusted.key === undefined ? 'sha256' : 'hmac-sha256',
      key_id: trusted.key?.id ?? null,
      request_sha256,
      result_sha256,
      call_binding_sha256: steps.callBinding(trusted, request_sha256, result_sha256),
    },
    redactions,
    violations: violations.items.map(({ code, path }) => ({ code, path })),
  };
  if (prelude === undefined) return { pkg: { model_result, protected_audit }, violations: violations.items };
  // The prelude's entries name places in what its reader was given; the projection's own are mapped there.
  const at = prelude.pointer ?? ((p: string) => p);
  const own = violations.items.map((v, i) => (i < fromPrelude ? v : { ...v, path: at(v.path) }));
  protected_audit.violations = own.map(({ code, path }) => ({ code, path }));
  protected_audit.redactions = [
    redactions[0] as Redaction,
    ...prelude.redactions.map((r) => ({ ...r })),
    ...redactions.slice(1).map((r) => ({ ...r, path: at(r.path) })),
  ];
  return { pkg: { model_result, protected_audit }, violations: own };
}

/**
 * What a reader of another format found before the projection (docs/mcp.md: an MCP server's
 * CallToolResult read into a handler output): its violations refuse the result, its redactions
 * join the audit's, and `pointer` maps the handler output's pointers (`/data/…`) to the places
 * they came from. A handler output of `undefined` says the reader refused before making one.
 */
export interface ProjectionPrelude {
  violations: readonly Violation[];
  redactions: readonly Redaction[];
  pointer?: (handlerOutputPointer: string) => string;
}

/**
 * The model_result the call returns, held to the validator's AUDIT_LEAK rule
 * as a whole (docs/contract.md): what the handler made, unless some string or
 * name of it holds an audit value; then the contract error. The handler
 * writes few strings of the contract error (its observed_at), but its
 * downstream refs are audit values too, and one of them may be a piece of
 * the dispatcher's own words ("provenance", "dispatcher-v1", the date): such
 * a ref is withheld from the audit, since no model_result could avoid it.
 * An audit value of the context itself that is a piece of those words is
 * not searched for at all (contextFacts, docs/contract.md#words-of-the-contract).
 */
function settle(
  ev: Evaluation,
  clean: boolean,
  spec: ToolSpec,
  trusted: TrustedContext,
  auditValues: readonly string[],
  downstream: Downstream,
  out: ViolationList,
  steps: ProjectionSteps,
): { model_result: ModelResult; canonical: string | null } {
  let candidate = clean ? ev.model_result : null;
  let observed_at = ev.observed_at ?? trusted.now;
  // Whether the result's observed_at is the handler's: a clean result and the contract error both carry it when valid.
  let handlerTime = ev.observed_at !== null;
  let leak = ev.leak;
  for (;;) {
    const mr = candidate ?? catalogErrorResult('OUTPUT_CONTRACT_VIOLATION', spec.effect, trusted, observed_at);
    const success = mr.status === 'succeeded';
    // A success's data was searched whole before any item was cut (evaluateSuccess): the rest is searched here.
    const searched = success ? { ...mr, data: null } : mr;
    const hits = auditLeaks(searched, '', leak);
    if (hits.length === 0) return { model_result: mr, canonical: mr === ev.model_result ? ev.canonical : null };
    let changed = candidate !== null;
    for (const hit of hits) {
      const observed = handlerTime && hit.path === '/provenance/observed_at' && !hit.name;
      if (observed || (success && !hit.name && HANDLER_PROVENANCE.test(hit.path))) {
        addAuditLeak(out, observed ? ev.observed_path : hit.path, hit);
        if (observed) {
          observed_at = trusted.now;
          handlerTime = false;
          changed = true;
        }
        continue;
      }
      const members = DOWNSTREAM_KEYS.filter((k) => downstream[k] === hit.needle);
      for (const k of members) {
        addAuditLeak(out, `/downstream/${k}`, hit);
        downstream[k] = null;
        changed = true;
      }
      if (members.length === 0) addAuditLeak(out, hit.path, hit);
    }
    if (!changed) return { model_result: mr, canonical: null };
    candidate = null;
    leak = steps.leakFinder(
      packageNeedles(
        auditValues,
        DOWNSTREAM_KEYS.map((k) => downstream[k]),
      ),
    );
  }
}

/** The provenance strings a success copies from its handler output, at the same pointers. */
const HANDLER_PROVENANCE = /^\/provenance\/(?:source_label|producer_revision|resource_revision|observed_at)$/;

function evaluateHandler(
  raw: unknown,
  spec: ToolSpec,
  args: Record<string, unknown>,
  trusted: TrustedContext,
  auditValues: readonly string[],
  out: ViolationList,
  redactions: Redaction[],
  steps: ProjectionSteps,
): Evaluation {
  const downstream = readDownstream(raw);
  const fromProvenance = isObject(raw) && raw.kind === 'success' && isObject(raw.provenance);
  const observed = isObject(raw)
    ? fromProvenance
      ? (raw.provenance as Record<string, unknown>).observed_at
      : raw.observed_at
    : undefined;
  const ev: Evaluation = {
    model_result: null,
    canonical: null,
    downstream,
    observed_at: isRfc3339Utc(observed) ? observed : null,
    observed_path: fromProvenance ? '/provenance/observed_at' : '/observed_at',
    leak: steps.leakFinder(
      packageNeedles(
        auditValues,
        DOWNSTREAM_KEYS.map((k) => downstream[k]),
      ),
    ),
  };
  if (!isObject(raw)) {
    out.add('RESULT_SCHEMA', '', { kind: 'rule', rule: 'handler_output_is_object' });
    return ev;
  }
  // The deny-list runs over the whole output before any shape check; only the three audit-only downstream refs may carry control names.
  // Not a native Set: long pointers hash alike there; `covers` looks up ancestors, not every path (json/longKeys.ts).
  const denied = new PointerSet();
  for (const d of findDeniedKeys(raw, '')) {
    if (/^\/downstream\/(request_ref|receipt_ref|status_ref)$/.test(d.path)) continue;
    denied.add(d.path);
    out.add('SENSITIVE_FIELD', d.path, { kind: 'denied_key', key: d.key, list: d.kind });
  }
  const envelope = checkSchema(HandlerEnvelopeSchema, raw);
  if (!envelope.success) {
    addZodIssues(out, envelope.error, '', 'RESULT_SCHEMA', (p) => {
      if (denied.covers(p)) return null;
      if (p === '/observed_at' || p === '/provenance/observed_at') return 'TIME_FORMAT';
      return 'RESULT_SCHEMA';
    });
  }
  switch (raw.kind) {
    case 'success': {
      const success = evaluateSuccess(raw, spec, args, trusted, ev.leak, out, redactions, steps, denied);
      ev.model_result = success?.model_result ?? null;
      ev.canonical = success?.canonical ?? null;
      return ev;
    }
    case 'error':
      ev.model_result = evaluateError(raw, spec, trusted, ev.observed_at ?? trusted.now, out);
      return ev;
    case 'exception':
      if (typeof raw.detail === 'string') redactions.push({ path: '/detail', reason: 'internal_exception_detail' });
      ev.model_result = catalogErrorResult('TOOL_ERROR', spec.effect, trusted, trusted.now);
      return ev;
    default:
      return ev;
  }
}

function readDownstream(raw: unknown): Downstream {
  const d = isObject(raw) && isObject(raw.downstream) ? raw.downstream : {};
  const pick = (k: string): string | null => {
    const v = d[k];
    return typeof v === 'string' && DOWNSTREAM_REF.test(v) ? v : null;
  };
  return { request_ref: pick('request_ref'), receipt_ref: pick('receipt_ref'), status_ref: pick('status_ref') };
}

function evaluateSuccess(
  raw: Record<string, unknown>,
  spec: ToolSpec,
  args: Record<string, unknown>,
  trusted: TrustedContext,
  leak: NeedleFinder,
  out: ViolationList,
  redactions: Redaction[],
  steps: ProjectionSteps,
  denied: PointerSet,
): { model_result: ModelResult; canonical: string } | null {
  // The whole output's deny-list scan (evaluateHandler) has reported the data's denied keys already.
  const parsed = checkToolData(spec, raw.data, args, '/data', out, 'projection', denied);
  const prov = isObject(raw.provenance) ? raw.provenance : {};
  checkRegistryProvenance(prov, spec, '/provenance', out, true);
  const truncated = raw.truncated === true;
  if (truncated && spec.list === undefined)
    out.add('RESULT_SCHEMA', '/truncated', { kind: 'no_list', tool: spec.name });
  // Searched as zod returned it (transforms applied), the value a model_result is built from; raw only when refused.
  checkAuditLeaks(parsed ?? raw.data, '/data', leak, out);
  if (out.length > 0 || parsed === null) return null;

  const data = parsed;
  const build = (d: Record<string, unknown>, cut: boolean): ModelResult => ({
    schema_version: MODEL_RESULT_VERSION,
    status: 'succeeded',
    data: d as ModelResult['data'],
    error: null,
    execution: { outcome: 'committed', delivery: trusted.delivery, complete: !cut, truncated: cut },
    provenance: {
      source_label: spec.source_label,
      producer_revision: spec.revisions.producer_revision,
      resource_revision: prov.resource_revision as string,
      observed_at: prov.observed_at as string,
      trust: 'untrusted_data',
    },
  });
  // The size check's canonical text is the one the digest hashes: it is made once.
  const fitting = (result: ModelResult) => {
    const canonical = steps.canonical(result);
    return utf8Length(canonical) <= RESULT_LIMITS.maxCanonicalBytes ? { model_result: result, canonical } : null;
  };
  let whole: ReturnType<typeof fitting>;
  try {
    whole = fitting(build(data, truncated));
  } catch (e) {
    // The read refused whatever of the handler's is not JSON; only a registry's own transform is left: a violation, not a throw.
    if (!(e instanceof CanonicalizationError)) throw e;
    out.add('DATA_SCHEMA', '/data', { kind: 'not_json', reason: e.code, message: e.message });
    return null;
  }
  if (whole !== null) return whole;
  // docs/contract.md#size-and-depth: drop trailing list items until it fits, and say so in the result and the audit.
  const list = spec.list;
  if (list !== undefined && Array.isArray(data[list.member])) {
    const items = [...(data[list.member] as unknown[])];
    while (items.length > 0) {
      items.pop();
      redactions.push({ path: `/data/${list.member}/${items.length}`, reason: 'dropped_to_fit_size_limit' });
      const cut = fitting(build({ ...data, [list.member]: [...items] }, true));
      if (cut !== null) return cut;
    }
  }
  out.add('SIZE_LIMIT', '/data', { kind: 'too_large', limit: RESULT_LIMITS.maxCanonicalBytes, size: null });
  return null;
}

function evaluateError(
  raw: Record<string, unknown>,
  spec: ToolSpec,
  trusted: TrustedContext,
  observed_at: string,
  out: ViolationList,
): ModelResult | null {
  const err = isObject(raw.error) ? raw.error : null;
  if (err === null) return null;
  const code = err.code;
  if (!isErrorCode(code) || !ERROR_CATALOG[code].handlerMayRaise) {
    out.add(
      'ERROR_CATALOG_MISMATCH',
      '/error/code',
      isErrorCode(code) ? { kind: 'dispatcher_only_code', code } : { kind: 'not_in_catalog', code: quotable(code) },
    );
    return null;
  }
  const entry = ERROR_CATALOG[code];
  const retry = err.retry_after_ms;
  const fault = retryAfterFault(entry, retry, undefined);
  if (fault !== null) {
    out.add(
      'ERROR_CATALOG_MISMATCH',
      '/error/retry_after_ms',
      fault === 'out_of_range'
        ? { kind: 'retry_after_range', code, min: RETRY_AFTER_MS.min, max: RETRY_AFTER_MS.max }
        : { kind: 'no_retry_after', code, recovery: entry.recovery },
    );
    return null;
  }
  if (out.length > 0) return null;
  return catalogErrorResult(
    code,
    spec.effect,
    trusted,
    observed_at,
    entry.retryAfter === 'required' ? (retry as number) : null,
  );
}
