/**
 * SPEC 2: H(purpose, fields) = SHA-256(UTF-8(canonical({purpose, ...fields}))),
 * or HMAC-SHA-256 with the audit key in keyed mode. The `purpose` member keeps
 * the domains apart, so no digest can stand in for another kind.
 */
import { canonicalize, isSealedCanonical } from './canonical.ts';
import { hmacSha256Hex, prefixedHash, sha256Hex, type PrefixedHash } from './hash.ts';
import type { Bindings, ToolContractRef } from './protectedAudit.ts';
import type { ModelResult } from './modelResult.ts';
import { isParsedContext, type TrustedContext } from './trustedContext.ts';
import { lookupTool } from './registry.ts';
import { BoundedMemo, memoTable } from './_memo.ts';
import type { JsonValue } from './jsonValue.ts';

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

/** Digests by exact preimage bytes, one table per key: each distinct byte string is hashed once. */
const plainDigests = memoTable<string, string>(256);
const keyedDigests = memoTable<string, BoundedMemo<string, string>>(8);

function digestTable(key: AuditKey): BoundedMemo<string, string> {
  if (key === undefined) return plainDigests;
  const id = key.secret.toLowerCase();
  let table = keyedDigests.get(id);
  if (table === undefined) {
    table = new BoundedMemo<string, string>(256);
    keyedDigests.set(id, table);
  }
  return table;
}

export function digestText(preimage: string, key: AuditKey): string {
  const table = digestTable(key);
  const hit = table.get(preimage);
  if (hit !== undefined) return hit;
  const hex = key === undefined ? sha256Hex(preimage) : hmacSha256Hex(key.secret, preimage);
  table.set(preimage, hex);
  return hex;
}

export function H(purpose: string, fields: Record<string, unknown>, key: AuditKey): string {
  return digestText(digestPreimage(purpose, fields), key);
}

/**
 * Digests whose preimage depends on the trusted context only, memoized by a
 * native JSON.stringify of exactly the inputs (a different key order is just
 * a miss, never a wrong hit): they stay the same from keystroke to keystroke.
 */
const contextDigests = memoTable<string, string>(256);
function byContext(inputs: unknown[], compute: () => string): string {
  const k = JSON.stringify(inputs);
  const hit = contextDigests.get(k);
  if (hit !== undefined) return hit;
  const v = compute();
  contextDigests.set(k, v);
  return v;
}

/** `pr_` + H(principal-ref/v1, {tenant, subject}): stable per principal, not reversible to the ids. */
export function principalRef(principal: TrustedContext['principal'], key: AuditKey): string {
  return byContext(['principal', principal.tenant, principal.subject, key?.secret.toLowerCase() ?? null], () =>
    `pr_${H(PURPOSES.principalRef, { tenant: principal.tenant, subject: principal.subject }, key)}`);
}

/** The audit's `tool_contract`: the tool and its six revisions, all null for an unknown tool. */
export function toolContractOf(tool: string): ToolContractRef {
  const spec = lookupTool(tool);
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
export function normalizedArguments(trusted: TrustedContext): { ok: boolean; value: JsonValue } {
  const spec = lookupTool(trusted.tool);
  if (spec === null) return { ok: false, value: trusted.arguments };
  const r = spec.input.safeParse(trusted.arguments);
  return r.success ? { ok: true, value: r.data as JsonValue } : { ok: false, value: trusted.arguments };
}

export function requestFields(trusted: TrustedContext): Record<string, unknown> {
  const contract = toolContractOf(trusted.tool);
  return {
    tenant: trusted.principal.tenant,
    subject: trusted.principal.subject,
    tool: trusted.tool,
    arguments: normalizedArguments(trusted).value,
    input_revision: contract.input_revision,
    output_revision: contract.output_revision,
    effect_revision: contract.effect_revision,
  };
}

export function callBindingFields(trusted: TrustedContext, request_sha256: string, result_sha256: string): Record<string, unknown> {
  const c = trusted.call;
  return {
    provider: c.provider,
    api_family: c.api_family,
    response_id: c.response_id,
    call_id: c.call_id,
    operation_id: c.operation_id,
    idempotency_key: c.idempotency_key,
    adapter_revision: c.adapter_revision,
    tool_contract: toolContractOf(trusted.tool),
    request_sha256,
    result_sha256,
  };
}

export function requestDigest(trusted: TrustedContext): string {
  const p = trusted.principal;
  return byContext(['request', p.tenant, p.subject, trusted.tool, trusted.arguments, trusted.key?.secret.toLowerCase() ?? null], () =>
    H(PURPOSES.request, requestFields(trusted), trusted.key));
}

/** digestPreimage(result, {model_result}) from the canonical text of model_result, without encoding it again. */
export function resultPreimageOfCanonical(canonicalModelResult: string): string {
  return `{"model_result":${canonicalModelResult},"purpose":"${PURPOSES.result}"}`;
}

/** Result digests of sealed (deep-frozen) model_results, by identity and key. */
const sealedResultDigests = new WeakMap<object, Map<string, string>>();

/**
 * result_sha256 from the canonical text of `model_result` (passed in, since
 * every caller has just made it). canonical({purpose, model_result}) is
 * spliced from that text: "model_result" sorts before "purpose", so this is
 * byte-identical to H() (a test pins it).
 */
export function resultDigestOfCanonical(canonicalModelResult: string, key: AuditKey, model_result?: unknown): string {
  const sealed = model_result !== undefined && isSealedCanonical(model_result) ? model_result : null;
  const keyId = key === undefined ? '' : key.secret.toLowerCase();
  const memo = sealed === null ? undefined : sealedResultDigests.get(sealed)?.get(keyId);
  if (memo !== undefined) return memo;
  const preimage = resultPreimageOfCanonical(canonicalModelResult);
  const hex = key === undefined ? sha256Hex(preimage) : hmacSha256Hex(key.secret, preimage);
  if (sealed !== null) {
    const byKey = sealedResultDigests.get(sealed) ?? new Map<string, string>();
    byKey.set(keyId, hex);
    sealedResultDigests.set(sealed, byKey);
  }
  return hex;
}

export function resultDigest(model_result: ModelResult | unknown, key: AuditKey): string {
  return H(PURPOSES.result, { model_result }, key);
}

/** canonical(tool_contract) by tool name: it depends on the registry only. */
const toolContractTexts = memoTable<string, string>(64);

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
export function callBindingParts(trusted: TrustedContext, request_sha256: string, result_sha256: string): { prefix: string; suffix: string } {
  return { prefix: callBindingPrefix(trusted, request_sha256), suffix: callBindingSuffix(trusted, result_sha256) };
}

function callBindingPrefix(trusted: TrustedContext, request_sha256: string): string {
  const c = trusted.call;
  const q = canonicalize;
  return (
    `{"adapter_revision":${q(c.adapter_revision)},"api_family":${q(c.api_family)},"call_id":${q(c.call_id)},` +
    `"idempotency_key":${q(c.idempotency_key)},"operation_id":${q(c.operation_id)},"provider":${q(c.provider)},` +
    `"purpose":"${PURPOSES.callBinding}","request_sha256":${q(request_sha256)},"response_id":${q(c.response_id)},"result_sha256":`
  );
}

function callBindingSuffix(trusted: TrustedContext, result_sha256: string): string {
  let contract = toolContractTexts.get(trusted.tool);
  if (contract === undefined) {
    contract = canonicalize(toolContractOf(trusted.tool));
    toolContractTexts.set(trusted.tool, contract);
  }
  return `${canonicalize(result_sha256)},"tool_contract":${contract}}`;
}

/** Hash states that have absorbed a call-binding prefix, by key and prefix bytes. */
const prefixStates = memoTable<string, PrefixedHash>(64);

function prefixState(prefix: string, key: AuditKey): PrefixedHash {
  const stateKey = `${key === undefined ? '' : key.secret.toLowerCase()}\n${prefix}`;
  let state = prefixStates.get(stateKey);
  if (state === undefined) {
    state = prefixedHash(prefix, key?.secret);
    prefixStates.set(stateKey, state);
  }
  return state;
}

/**
 * For a parsed (deep-frozen) context: per request digest, its prefix's hash
 * state, and the digests already made, by result digest. Looked up by
 * identity and 64-character keys, not by the 700-byte preimage, whose string
 * hash alone cost as much as building it.
 */
const parsedBindings = new WeakMap<TrustedContext, BoundedMemo<string, { state: PrefixedHash; byResult: BoundedMemo<string, string> }>>();

/**
 * H(call-binding/v1, callBindingFields), hashed from the kept state of its
 * prefix: per keystroke only the suffix (result digest, tool contract) is new.
 */
export function callBindingDigest(trusted: TrustedContext, request_sha256: string, result_sha256: string): string {
  if (!isParsedContext(trusted)) {
    const { prefix, suffix } = callBindingParts(trusted, request_sha256, result_sha256);
    const table = digestTable(trusted.key);
    const preimage = prefix + suffix;
    const hit = table.get(preimage);
    if (hit !== undefined) return hit;
    const hex = prefixState(prefix, trusted.key).finish(suffix);
    table.set(preimage, hex);
    return hex;
  }
  let byRequest = parsedBindings.get(trusted);
  if (byRequest === undefined) {
    byRequest = new BoundedMemo(8);
    parsedBindings.set(trusted, byRequest);
  }
  let entry = byRequest.get(request_sha256);
  if (entry === undefined) {
    entry = { state: prefixState(callBindingPrefix(trusted, request_sha256), trusted.key), byResult: new BoundedMemo(64) };
    byRequest.set(request_sha256, entry);
  }
  const hit = entry.byResult.get(result_sha256);
  if (hit !== undefined) return hit;
  const hex = entry.state.finish(callBindingSuffix(trusted, result_sha256));
  entry.byResult.set(result_sha256, hex);
  return hex;
}

/** SPEC 7: the three bindings of a model_result in a trusted context. */
export function computeBindings(model_result: ModelResult, trusted: TrustedContext): Bindings {
  const request_sha256 = requestDigest(trusted);
  const result_sha256 = resultDigest(model_result, trusted.key);
  return { request_sha256, result_sha256, call_binding_sha256: callBindingDigest(trusted, request_sha256, result_sha256) };
}
