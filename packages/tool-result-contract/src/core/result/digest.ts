/**
 * docs/digests.md#the-three-digests: H(purpose, fields) = SHA-256(UTF-8(canonical({purpose, ...fields}))),
 * or HMAC-SHA-256 with the audit key in keyed mode. The `purpose` member keeps
 * the domains apart, so no digest can stand in for another kind.
 */
import { canonicalize } from '../json/canonical.ts';
import { hmacSha256Hex, sha256Hex } from '../json/hash.ts';
import type { Bindings, ToolContractRef } from './protectedAudit.ts';
import type { ModelResult } from './modelResult.ts';
import type { TrustedContext } from './trustedContext.ts';
import { findTool, type ToolRegistry } from '../tables/registry.ts';
import type { JsonValue } from '../json/jsonValue.ts';
import { checkSchema } from '../tables/zodIssues.ts';

export const PURPOSES = {
  request: 'tool-request/v1',
  result: 'tool-model-result/v1',
  callBinding: 'tool-call-binding/v1',
  principalRef: 'principal-ref/v1',
} as const;

export type AuditKey = { id: string; secret: string } | undefined;

/** The exact text that is hashed: shown by the playground so a learner can recompute it elsewhere. */
export function digestPreimage(purpose: string, fields: Record<string, unknown>): string {
  return canonicalize({ purpose, ...fields });
}

/** The digest of an exact preimage: SHA-256, or HMAC-SHA-256 under the audit key. */
export function digestText(preimage: string, key: AuditKey): string {
  return key === undefined ? sha256Hex(preimage) : hmacSha256Hex(key.secret, preimage);
}

export function H(purpose: string, fields: Record<string, unknown>, key: AuditKey): string {
  return digestText(digestPreimage(purpose, fields), key);
}

/**
 * `pr_` + H(principal-ref/v1, {tenant, subject}): stable per principal, not reversible to the ids; the audit names
 * the principal by it, and the model never reads it. `key` is the trusted context's HMAC key in keyed mode.
 *
 * @example
 * ```ts
 * const ref = principalRef(trusted.principal, trusted.key); // 'pr_…'
 * ```
 */
export function principalRef(principal: TrustedContext['principal'], key: AuditKey): string {
  return `pr_${H(PURPOSES.principalRef, { tenant: principal.tenant, subject: principal.subject }, key)}`;
}

/** The audit's `tool_contract`: the tool and its six revisions, all null for an unknown tool. */
export function toolContractOf(tool: string, tools: ToolRegistry): ToolContractRef {
  const spec = findTool(tool, tools);
  const r = spec?.revisions;
  return {
    tool,
    input_revision: r?.input_revision ?? null,
    output_revision: r?.output_revision ?? null,
    effect_revision: r?.effect_revision ?? null,
    handler_revision: r?.handler_revision ?? null,
    producer_revision: r?.producer_revision ?? null,
    policy_revision: r?.policy_revision ?? null,
  };
}

/**
 * The arguments as hashed: validated with the input schema's defaults applied
 * (`search_kb` without `top_k` hashes as `top_k: 5`), so two spellings of one
 * intent share one request digest. Invalid arguments are hashed as given.
 */
export function normalizedArguments(trusted: TrustedContext, tools: ToolRegistry): { ok: boolean; value: JsonValue } {
  const spec = findTool(trusted.tool, tools);
  if (spec === null) return { ok: false, value: trusted.arguments };
  const r = checkSchema(spec.input, trusted.arguments);
  return r.success ? { ok: true, value: r.data as JsonValue } : { ok: false, value: trusted.arguments };
}

export function requestFields(trusted: TrustedContext, tools: ToolRegistry): Record<string, unknown> {
  const contract = toolContractOf(trusted.tool, tools);
  return {
    tenant: trusted.principal.tenant,
    subject: trusted.principal.subject,
    tool: trusted.tool,
    arguments: normalizedArguments(trusted, tools).value,
    input_revision: contract.input_revision,
    output_revision: contract.output_revision,
    effect_revision: contract.effect_revision,
  };
}

export function callBindingFields(
  trusted: TrustedContext,
  request_sha256: string,
  result_sha256: string,
  tools: ToolRegistry,
): Record<string, unknown> {
  const c = trusted.call;
  return {
    provider: c.provider,
    api_family: c.api_family,
    response_id: c.response_id,
    call_id: c.call_id,
    operation_id: c.operation_id,
    idempotency_key: c.idempotency_key,
    adapter_revision: c.adapter_revision,
    tool_contract: toolContractOf(trusted.tool, tools),
    request_sha256,
    result_sha256,
  };
}

export function requestDigest(trusted: TrustedContext, tools: ToolRegistry): string {
  return H(PURPOSES.request, requestFields(trusted, tools), trusted.key);
}

/** digestPreimage(result, {model_result}) from the canonical text of model_result, without encoding it again. */
export function resultPreimageOfCanonical(canonicalModelResult: string): string {
  return `{"model_result":${canonicalModelResult},"purpose":"${PURPOSES.result}"}`;
}

/**
 * result_sha256 from the canonical text of `model_result` (passed in, since
 * every caller has just made it). canonical({purpose, model_result}) is
 * spliced from that text: "model_result" sorts before "purpose", so this is
 * byte-identical to H() (a test pins it).
 */
export function resultDigestOfCanonical(canonicalModelResult: string, key: AuditKey): string {
  return digestText(resultPreimageOfCanonical(canonicalModelResult), key);
}

export function resultDigest(model_result: ModelResult | unknown, key: AuditKey): string {
  return H(PURPOSES.result, { model_result }, key);
}

/**
 * canonical({purpose: call-binding, ...callBindingFields}) written out
 * directly, in two parts: every member is a string or the tool contract and
 * the keys are fixed, so the generic encoder's sorting and property checks buy
 * nothing here (they were most of the cost of a keystroke on a small result).
 * Each string still goes through canonicalize, which refuses a lone surrogate;
 * a property test keeps prefix + suffix byte-identical to {@link digestPreimage}.
 * The prefix (ids, adapter, request digest) is the same from keystroke to
 * keystroke; only the suffix holds result_sha256.
 */
export function callBindingParts(
  trusted: TrustedContext,
  request_sha256: string,
  result_sha256: string,
  tools: ToolRegistry,
): { prefix: string; suffix: string } {
  return {
    prefix: callBindingPrefix(trusted, request_sha256),
    suffix: callBindingSuffix(trusted, result_sha256, tools),
  };
}

export function callBindingPrefix(trusted: TrustedContext, request_sha256: string): string {
  const c = trusted.call;
  const q = canonicalize;
  return (
    `{"adapter_revision":${q(c.adapter_revision)},"api_family":${q(c.api_family)},"call_id":${q(c.call_id)},` +
    `"idempotency_key":${q(c.idempotency_key)},"operation_id":${q(c.operation_id)},"provider":${q(c.provider)},` +
    `"purpose":"${PURPOSES.callBinding}","request_sha256":${q(request_sha256)},"response_id":${q(c.response_id)},"result_sha256":`
  );
}

export function callBindingSuffix(trusted: TrustedContext, result_sha256: string, tools: ToolRegistry): string {
  return callBindingSuffixOf(canonicalize(toolContractOf(trusted.tool, tools)), result_sha256);
}

/** The suffix from canonical(tool_contract), which depends on the tool alone: a holder of one context makes it once. */
export function callBindingSuffixOf(toolContractText: string, result_sha256: string): string {
  return `${canonicalize(result_sha256)},"tool_contract":${toolContractText}}`;
}

/** H(call-binding/v1, callBindingFields), over the preimage written out by {@link callBindingParts}. */
export function callBindingDigest(
  trusted: TrustedContext,
  request_sha256: string,
  result_sha256: string,
  tools: ToolRegistry,
): string {
  const { prefix, suffix } = callBindingParts(trusted, request_sha256, result_sha256, tools);
  return digestText(prefix + suffix, trusted.key);
}

/**
 * The three bindings of a model_result in a trusted context (docs/digests.md#the-three-digests): `request_sha256` of
 * the normalized request, `result_sha256` of the canonical model_result, `call_binding_sha256` of the two bound to the
 * call. A package's `protected_audit` carries them; an adapter recomputes them before it sends.
 *
 * @example
 * ```ts
 * const { request_sha256, result_sha256, call_binding_sha256 } = computeBindings(pkg.model_result, trusted, tools);
 * console.log(call_binding_sha256 === pkg.protected_audit.binding.call_binding_sha256);
 * ```
 */
export function computeBindings(model_result: ModelResult, trusted: TrustedContext, tools: ToolRegistry): Bindings {
  const request_sha256 = requestDigest(trusted, tools);
  const result_sha256 = resultDigest(model_result, trusted.key);
  return {
    request_sha256,
    result_sha256,
    call_binding_sha256: callBindingDigest(trusted, request_sha256, result_sha256, tools),
  };
}

/** The exact text hashed for each digest a validation recomputed (null where it recomputed none). */
export type DigestPreimages = Record<'request_sha256' | 'result_sha256' | 'call_binding_sha256', string | null>;

/** Where the context-only parts of the preimages come from: made afresh, or kept by a live session. */
export interface PreimageParts {
  request(): string;
  callBinding(request_sha256: string, result_sha256: string): string;
}

export function plainPreimageParts(trusted: TrustedContext, tools: ToolRegistry): PreimageParts {
  return {
    request: () => digestPreimage(PURPOSES.request, requestFields(trusted, tools)),
    callBinding: (req, res) => {
      const { prefix, suffix } = callBindingParts(trusted, req, res, tools);
      return prefix + suffix;
    },
  };
}

/**
 * The preimages (docs/digests.md#the-three-digests) behind a validation's recomputed digests, so a page
 * can show the text a learner may hash elsewhere without a copy of how it is
 * made. A context that cannot be encoded has none (null).
 * @example digestPreimages(validateResultDetailed(pkg, trusted), trusted).request_sha256 // '{"arguments":{…},"effect_revision":…,"purpose":"tool-request/v1",…}'
 */
export function digestPreimages(
  report: { recomputed: Partial<Bindings>; canonical: string | null },
  trusted: TrustedContext,
  tools: ToolRegistry,
): DigestPreimages {
  return preimagesWith(report, plainPreimageParts(trusted, tools));
}

export function preimagesWith(
  report: { recomputed: Partial<Bindings>; canonical: string | null },
  parts: PreimageParts,
): DigestPreimages {
  const pre = (f: () => string): string | null => {
    try {
      return f();
    } catch {
      return null;
    }
  };
  const { request_sha256: req, result_sha256: res } = report.recomputed;
  return {
    request_sha256: pre(parts.request),
    // Spliced as the validator hashes it (a test keeps it equal to digestPreimage); no canonical text, no preimage.
    result_sha256: report.canonical !== null ? resultPreimageOfCanonical(report.canonical) : null,
    call_binding_sha256: req !== undefined && res !== undefined ? pre(() => parts.callBinding(req, res)) : null,
  };
}
