/**
 * What the trusted context alone decides about a call: the tool's spec, the
 * normalized arguments, principal_ref, request_sha256, the tool contract and
 * the audit values no model-visible string may contain. The plain functions
 * derive them afresh on every call; a live session derives them once, from the
 * context it parsed and froze itself, and drops them with the session.
 */
import { auditValueList, contractWords, searchedAuditValues } from './auditValues.ts';
import { normalizedArguments, principalRef, requestDigest, toolContractOf } from './digest.ts';
import type { JsonValue } from '../json/jsonValue.ts';
import type { ToolContractRef } from './protectedAudit.ts';
import { findTool, type ToolRegistry, type ToolSpec } from '../tables/registry.ts';
import type { Delivery, TrustedContext } from './trustedContext.ts';

/** Who makes the call's result: its handler, or the dispatcher with UNKNOWN_TOOL (decided before the arguments) or INVALID_ARGUMENTS. */
export type GateVerdict = 'handler' | 'UNKNOWN_TOOL' | 'INVALID_ARGUMENTS';

/** The one place the unknown-tool / invalid-arguments decision is made: the gate, the projector and the validator read it. */
export function gateVerdict(spec: ToolSpec | null, args: { readonly ok: boolean }): GateVerdict {
  if (spec === null) return 'UNKNOWN_TOOL';
  return args.ok ? 'handler' : 'INVALID_ARGUMENTS';
}

/**
 * The input gate for one call whose trusted context is already built
 * (docs/turn-contract.md#the-input-gate): who makes its result, and the
 * arguments a handler is given (parsed by the tool's input schema, defaults
 * applied: what request_sha256 binds). For a caller that is not a model turn
 * (an MCP `tools/call`), which must decide before it runs a handler; `project`
 * decides the same from the same context.
 */
export function callGate(trusted: TrustedContext, tools: ToolRegistry): { gate: GateVerdict; arguments: JsonValue } {
  const args = normalizedArguments(trusted, tools);
  return { gate: gateVerdict(findTool(trusted.tool, tools), args), arguments: args.value };
}

export interface ContextFacts {
  readonly tool: string;
  readonly delivery: Delivery;
  readonly spec: ToolSpec | null;
  readonly args: { readonly ok: boolean; readonly value: JsonValue };
  readonly gate: GateVerdict;
  readonly principal_ref: string;
  readonly request_sha256: string;
  readonly tool_contract: ToolContractRef;
  /**
   * Principal ids, principal_ref, call ids and request_sha256: audit material of this call
   * (docs/contract.md#no-audit-material), without those that are pieces of the contract's own words
   * (docs/contract.md#words-of-the-contract): the values the AUDIT_LEAK rule searches for.
   */
  readonly auditValues: readonly string[];
}

export function contextFacts(trusted: TrustedContext, tools: ToolRegistry): ContextFacts {
  const principal_ref = principalRef(trusted.principal, trusted.key);
  const request_sha256 = requestDigest(trusted, tools);
  const c = trusted.call;
  const spec = findTool(trusted.tool, tools);
  const args = normalizedArguments(trusted, tools);
  return {
    tool: trusted.tool,
    delivery: trusted.delivery,
    spec,
    args,
    gate: gateVerdict(spec, args),
    principal_ref,
    request_sha256,
    tool_contract: toolContractOf(trusted.tool, tools),
    auditValues: searchedAuditValues(
      auditValueList({
        tenant: trusted.principal.tenant,
        subject: trusted.principal.subject,
        principal_ref,
        response_id: c.response_id,
        call_id: c.call_id,
        operation_id: c.operation_id,
        idempotency_key: c.idempotency_key,
        request_sha256,
      }),
      contractWords(spec, trusted.now),
    ),
  };
}
