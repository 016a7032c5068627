/**
 * `protected_audit` (docs/contract.md#protected-audit), what operations and compliance see. It never
 * embeds `model_result` (it binds it by digest) and never goes to a provider.
 */
import { z } from 'zod/mini';
import { isWellFormed } from '../json/untrusted.ts';
import { VIOLATION_CODES, type ViolationCode } from '../tables/violation.ts';
import { DOWNSTREAM_REF } from './handlerOutput.ts';
import { DIGEST_NAMES, type DigestName } from '../messages/violationParams.ts';
import type { ModelResult } from './modelResult.ts';

export const PROTECTED_AUDIT_VERSION = 'tool-protected-audit-v1' satisfies ProtectedAudit['schema_version'];

export interface ToolContractRef {
  tool: string;
  input_revision: string | null;
  output_revision: string | null;
  effect_revision: string | null;
  handler_revision: string | null;
  producer_revision: string | null;
  policy_revision: string | null;
}

export { DIGEST_NAMES, type DigestName };

export type Bindings = { [K in DigestName]: string };

export interface Redaction {
  path: string;
  reason: RedactionReason;
}

export interface ProtectedAudit {
  // The literal, not `typeof PROTECTED_AUDIT_VERSION`: the public declaration then names no unexported constant.
  schema_version: 'tool-protected-audit-v1';
  principal_ref: string;
  provider_context: {
    provider: string;
    api_family: string;
    response_id: string;
    call_id: string;
    adapter_revision: string;
  };
  operation: { operation_id: string; idempotency_key: string };
  tool_contract: ToolContractRef;
  downstream: { request_ref: string | null; receipt_ref: string | null; status_ref: string | null };
  binding: { algorithm: 'sha256' | 'hmac-sha256'; key_id: string | null } & Bindings;
  redactions: Redaction[];
  violations: { code: ViolationCode; path: string }[];
}

/**
 * Why a piece of the handler's output is not in model_result. These three
 * audit members (downstream, redactions, violations) are descriptive: no
 * digest (docs/digests.md#the-three-digests) covers them, so only their shape can be checked here.
 *
 * @example
 * ```ts
 * const withheld = new Set(pkg.protected_audit.redactions.map((r) => r.reason));
 * const shown = REDACTION_REASONS.filter((reason) => withheld.has(reason)); // in the list's fixed order
 * ```
 */
export const REDACTION_REASONS = [
  'principal_replaced_by_principal_ref',
  'internal_receipt',
  'downstream_reference',
  'withheld_output_contract_violation',
  'internal_exception_detail',
  'dropped_to_fit_size_limit',
  // What an MCP server's CallToolResult held that the model does not see (docs/mcp.md#each-channel).
  'mcp_error_text',
  'mcp_text_duplicate',
  'mcp_unstructured_text',
  'mcp_image',
  'mcp_audio',
  'mcp_resource',
  'mcp_resource_link',
  'mcp_annotations',
  'mcp_meta',
  'mcp_unknown_member',
] as const;
export type RedactionReason = (typeof REDACTION_REASONS)[number];

// Well-formed too: a pointer holding a lone surrogate has no canonical encoding, so no audit entry could hold it.
const pointer = z
  .string()
  .check(
    z.regex(/^(\/[^/]*)*$/, 'must be a JSON Pointer (RFC 6901)'),
    z.refine(isWellFormed, { message: 'must hold no lone surrogate', params: { constraint: 'well_formed' } }),
  );
const downstreamRef = z.nullable(
  z.string().check(z.regex(DOWNSTREAM_REF, 'must be 1–128 printable ASCII characters without spaces')),
);
const hex64 = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits'));
const revision = z.nullable(z.string());

export const ProtectedAuditSchema = z.strictObject({
  schema_version: z.literal(PROTECTED_AUDIT_VERSION),
  principal_ref: z.string().check(z.regex(/^pr_[0-9a-f]{64}$/, 'must be pr_ followed by 64 lower-case hex digits')),
  provider_context: z.strictObject({
    provider: z.string(),
    api_family: z.string(),
    response_id: z.string(),
    call_id: z.string(),
    adapter_revision: z.string(),
  }),
  operation: z.strictObject({ operation_id: z.string(), idempotency_key: z.string() }),
  tool_contract: z.strictObject({
    tool: z.string(),
    input_revision: revision,
    output_revision: revision,
    effect_revision: revision,
    handler_revision: revision,
    producer_revision: revision,
    policy_revision: revision,
  }),
  downstream: z.strictObject({ request_ref: downstreamRef, receipt_ref: downstreamRef, status_ref: downstreamRef }),
  binding: z.strictObject({
    algorithm: z.enum(['sha256', 'hmac-sha256']),
    key_id: z.nullable(z.string()),
    request_sha256: hex64,
    result_sha256: hex64,
    call_binding_sha256: hex64,
  }),
  redactions: z.array(z.strictObject({ path: pointer, reason: z.enum(REDACTION_REASONS) })),
  violations: z.array(z.strictObject({ code: z.enum(VIOLATION_CODES), path: pointer })),
});

export interface Package {
  model_result: ModelResult;
  protected_audit: ProtectedAudit;
}
