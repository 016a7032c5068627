/**
 * The specifics of a violation as typed data, the way zod's issues carry
 * theirs (`too_big` has `maximum`): the offending member, the limit and the
 * size, the field and the value its source fixes. A locale renders them
 * (locales/en.ts, locales/zh.ts); the `detail` every violation also carries
 * for the CLI and logs is the English locale's text. Nothing here is read
 * back by a check.
 */
import type { UntrustedFaultCode } from '../json/untrusted.ts';
import type { JsonValue } from '../json/jsonValue.ts';
import type { JsonParseErrorCode } from '../json/jsonParseError.ts';

/** The three digests (docs/digests.md#the-three-digests), in the order the contract gives them (here, below the audit schema, so the violation words can name them without a circle of files). */
// The union is written out, not read off the list, so its public declaration names nothing the package does not
// export; `satisfies` and the check below hold the two to the same three names.
export type DigestName = 'request_sha256' | 'result_sha256' | 'call_binding_sha256';
export const DIGEST_NAMES = [
  'request_sha256',
  'result_sha256',
  'call_binding_sha256',
] as const satisfies readonly DigestName[];
const everyDigestListed: [DigestName] extends [(typeof DIGEST_NAMES)[number]] ? true : false = true;
void everyDigestListed;

/**
 * Consistency rules with no specifics beyond their name (docs/contract.md#consistency-rules, #protected-audit, #the-registry).
 *
 * @example
 * ```ts
 * const ruleCount = RULES.length; // every rule a violation's params may name, in a fixed order
 * ```
 */
export const RULES = [
  'package_is_object',
  'package_members',
  'model_result_is_object',
  'audit_is_object',
  'handler_output_is_object',
  'succeeded_iff_error_null',
  'succeeded_is_committed',
  'outcome_from_catalog',
  'status_follows_outcome',
  'truncated_not_complete',
  'succeeded_untruncated_complete',
  'unsucceeded_not_complete',
  'data_is_untrusted',
  'dispatcher_result_is_trusted_control',
  'resource_revision_format',
  'only_invalid_arguments',
  'only_unknown_tool',
  'no_contract_for_tool',
  'contract_error_needs_reasons',
  'reasons_only_for_contract_error',
  'replay_needs_success',
  'reconciled_needs_receipt',
  'mcp_structured_content_required',
  'mcp_text_is_structured_content',
  'jsonrpc_response',
] as const;
export type Rule = (typeof RULES)[number];

/** Where an expected value comes from: what the learner should compare against. */
export type ValueSource = 'registry' | 'catalog' | 'trusted_context' | 'dispatcher';

/** A zod issue without its input: the data a locale needs to say what was wrong. */
export interface SchemaIssue {
  code: string;
  message: string;
  expected?: string;
  minimum?: number | string;
  maximum?: number | string;
  inclusive?: boolean;
  origin?: string;
  format?: string;
  values?: JsonValue[];
  /** An `invalid_format` issue's regular expression, as zod gives it (`/^KB-[0-9]+$/`). */
  pattern?: string;
  /**
   * A refinement's specifics, from the custom issue's `params` (zod's place for them) when they name a `constraint`:
   * what the check asked for. Carried as the schema gave it; a locale checks it where it says it (one it does not
   * know, or without its fields, is said as a failed check), so the first load carries no table of them.
   */
  constraint?: Constraint;
}

/**
 * What a refinement asks of a value, as data (a custom check's message is English prose, so a check gives these
 * too, in its `params`, and each locale says them): a length in code points, an https URL on one host, UTC RFC 3339,
 * well-formed Unicode, no control characters, plain JSON data, base64, a bound on the JSON text's length.
 */
export type Constraint =
  | { constraint: 'code_points'; min: number; max: number }
  | { constraint: 'https_on_host'; host: string }
  | { constraint: 'rfc3339_utc' }
  | { constraint: 'well_formed' }
  | { constraint: 'no_control_characters' }
  | { constraint: 'json_data' }
  | { constraint: 'base64' }
  | { constraint: 'json_text_max'; max: number };

export type ViolationParams =
  | { kind: 'rule'; rule: Rule }
  | { kind: 'schema'; issue: SchemaIssue }
  | { kind: 'unexpected_member'; member: string }
  | { kind: 'denied_key'; key: string; list: 'credential' | 'control' }
  | { kind: 'audit_material'; length: number }
  | { kind: 'audit_material_in_name' }
  | { kind: 'too_deep'; limit: number }
  | { kind: 'too_large'; limit: number; size: number | null }
  | { kind: 'too_many_items'; member: string; count: number; limit: number; limitFrom: string }
  | { kind: 'echo_mismatch'; member: string; input: string; expected: JsonValue }
  | { kind: 'no_list'; tool: string }
  | { kind: 'expected_value'; field: string; expected: JsonValue; source: ValueSource }
  | { kind: 'not_in_catalog'; code: JsonValue }
  | { kind: 'dispatcher_only_code'; code: string }
  | { kind: 'input_error_for_valid_call'; code: string }
  | { kind: 'retry_after_range'; code: string; min: number; max: number }
  | { kind: 'no_retry_after'; code: string; recovery: string }
  | { kind: 'digest_mismatch'; digest: DigestName; recomputable: boolean }
  | { kind: 'unregistered_adapter'; provider: string; api_family: string; adapter_revision: string }
  | { kind: 'not_json'; reason: UntrustedFaultCode; message: string }
  /** `message` is the English; `issue`, what is wrong at that place of the context as data, for the other locales. */
  | { kind: 'context_invalid'; message: string; issue?: ViolationParams }
  | { kind: 'mcp_message_too_large'; limit: number }
  /** NOT_UTF8: the message's bytes are not UTF-8 (the guard decodes the child's frames fatally). */
  | { kind: 'mcp_not_json'; reason: JsonParseErrorCode | 'NOT_JSON_VALUE' | 'NOT_UTF8' }
  | { kind: 'mcp_not_final'; resultType: string }
  | { kind: 'mcp_definition'; tool: string; state: McpDefinitionState }
  | { kind: 'internal'; message: string };

export type ViolationParamsKind = ViolationParams['kind'];

/**
 * Why a registry tool's MCP definition is not the pinned one (docs/mcp.md#the-pin): the server
 * lists another definition, does not list the tool, or the tool has no pin at all.
 */
export type McpDefinitionState = 'changed' | 'not_listed' | 'no_pin';

/** A value from an untrusted package, as a violation may quote it: primitives as they are, containers by their kind only. */
export function quotable(v: unknown): JsonValue {
  if (v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)))
    return v;
  if (Array.isArray(v)) return '(an array)';
  if (typeof v === 'object') return '(an object)';
  return `(${typeof v})`;
}
