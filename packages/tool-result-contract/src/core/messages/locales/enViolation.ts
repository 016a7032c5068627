/**
 * A violation's specifics in English: the `detail` of every violation the core
 * reports (the locale's shape and rules: ../locale.ts). Its own module, apart
 * from the turn's words (enTurn.ts), because the page's first load runs it and
 * not them.
 */
import type { DigestName, McpDefinitionState, Rule, ValueSource, ViolationParams } from '../violationParams.ts';

const MCP_STATE_TEXT: Readonly<Record<McpDefinitionState, string>> = Object.freeze({
  changed: 'the server lists a definition that does not hash to its pin',
  not_listed: 'the server does not list it',
  no_pin: 'its spec has no mcp pin',
});

const RULE_TEXT: Readonly<Record<Rule, string>> = Object.freeze({
  package_is_object: 'a package is an object {model_result, protected_audit}',
  package_members: 'a package holds model_result and protected_audit only',
  model_result_is_object: 'model_result must be an object',
  audit_is_object: 'protected_audit must be an object',
  handler_output_is_object: 'the handler output must be a JSON object with a "kind" member',
  succeeded_iff_error_null: 'succeeded ⇔ error is null ⇔ data is not null',
  succeeded_is_committed: 'a succeeded call has outcome committed',
  outcome_from_catalog: "execution.outcome must be the error's catalog outcome",
  status_follows_outcome: 'status follows the outcome: failed when not_started, unknown when unknown',
  truncated_not_complete: 'truncated ⇒ complete is false',
  succeeded_untruncated_complete: 'a succeeded, untruncated result is complete',
  unsucceeded_not_complete: 'a result that did not succeed is neither complete nor truncated',
  data_is_untrusted: 'business data is untrusted_data, whatever its source',
  dispatcher_result_is_trusted_control: 'a dispatcher-made result is trusted_control',
  resource_revision_format: 'must be 1–64 characters of [A-Za-z0-9._:-]',
  only_invalid_arguments: 'the trusted arguments break the input schema: only INVALID_ARGUMENTS can be the result',
  only_unknown_tool: 'the only result for an unregistered tool is UNKNOWN_TOOL',
  no_contract_for_tool: 'no output contract is registered for this tool',
  contract_error_needs_reasons: 'OUTPUT_CONTRACT_VIOLATION without the violations that caused it',
  reasons_only_for_contract_error: 'violations recorded but the model_result is not OUTPUT_CONTRACT_VIOLATION',
  replay_needs_success:
    'a local_replay or receipt_reconciled result is a committed success: only a success is ever replayed or reconciled',
  reconciled_needs_receipt:
    'a receipt_reconciled success carries downstream.receipt_ref, the receipt the status query found',
  mcp_structured_content_required:
    'a successful CallToolResult for a tool with an exact contract carries structuredContent',
  mcp_text_is_structured_content:
    'a text block that is JSON must equal structuredContent canonically: the server said two different things',
  jsonrpc_response: 'a JSON-RPC response has jsonrpc "2.0", an id and exactly one of result and error',
});

const SOURCE_TEXT: Readonly<Record<ValueSource, string>> = Object.freeze({
  registry: 'the registry',
  catalog: 'the error catalog',
  trusted_context: 'the trusted context',
  dispatcher: 'the dispatcher',
});

const DIGEST_TEXT: Readonly<Record<DigestName, string>> = Object.freeze({
  request_sha256: 'the digest recomputed from the trusted principal, tool, arguments and revisions',
  result_sha256: 'the digest of the model_result in this package',
  call_binding_sha256: 'the trusted provider, response, call, operation, idempotency key, adapter and tool contract',
});

/**
 * A violation's specifics in English: the `detail` of each violation.
 *
 * @example
 * ```ts
 * for (const v of validateResult(pkg, trusted, tools).violations) console.log(v.path, describeParams(v.params));
 * ```
 */
export function describeParams(p: ViolationParams): string {
  switch (p.kind) {
    case 'rule':
      return RULE_TEXT[p.rule];
    case 'schema':
      return p.issue.message;
    case 'unexpected_member':
      return `unexpected member "${p.member}": the contract lists every allowed member`;
    case 'denied_key':
      return `member "${p.key}" is on the ${p.list} deny-list`;
    case 'audit_material':
      return `contains audit material (${p.length} characters of this call's audit values)`;
    case 'audit_material_in_name':
      return 'a member name contains audit material';
    case 'too_deep':
      return `nesting deeper than ${p.limit} levels`;
    case 'too_large':
      return p.size === null
        ? `canonical model_result exceeds ${p.limit} bytes even with nothing left to drop`
        : `canonical model_result is ${p.size} bytes, over ${p.limit}`;
    case 'too_many_items':
      return `${p.count} ${p.member} but ${p.limitFrom} is ${p.limit}: more than asked for is a contract breach, not a reason to truncate`;
    case 'echo_mismatch':
      return `${p.member} must equal the input ${p.input} ${JSON.stringify(p.expected)}`;
    case 'no_list':
      return `${p.tool} returns no list, so it cannot be truncated`;
    case 'expected_value':
      return `${p.field}: ${SOURCE_TEXT[p.source]} says ${JSON.stringify(p.expected)}`;
    case 'not_in_catalog':
      return `${JSON.stringify(p.code)} is not in the error catalog`;
    case 'dispatcher_only_code':
      return `${p.code} is raised by the dispatcher only, never by a handler`;
    case 'input_error_for_valid_call':
      return `${p.code} cannot answer a registered tool called with valid arguments`;
    case 'retry_after_range':
      return `${p.code} requires an integer retry_after_ms from ${p.min} to ${p.max}`;
    case 'no_retry_after':
      return `${p.code} takes no retry_after_ms: its recovery is ${p.recovery}`;
    case 'digest_mismatch':
      return p.recomputable
        ? `does not match ${DIGEST_TEXT[p.digest]}`
        : 'model_result has no canonical form, so nothing can match it';
    case 'unregistered_adapter':
      return `${p.provider} / ${p.api_family} / ${p.adapter_revision} is not a registered adapter`;
    case 'not_json':
      return p.message;
    case 'context_invalid':
      return `trusted context invalid: ${p.message}`;
    case 'internal':
      return `validation stopped: ${p.message}`;
    case 'mcp_message_too_large':
      return `the MCP message is over ${p.limit} bytes of UTF-8; nothing was parsed`;
    case 'mcp_not_json':
      return `the MCP message is not strict JSON (${p.reason})`;
    case 'mcp_not_final':
      return `resultType ${JSON.stringify(p.resultType)} is not "complete": the call has not finished`;
    case 'mcp_definition':
      return `${p.tool} is not callable until pinned again: ${MCP_STATE_TEXT[p.state]}`;
  }
}
