/**
 * `projectMcp(result, trusted, pinning)` (docs/mcp.md#from-a-calltoolresult-to-a-package): an MCP
 * server's CallToolResult through the contract. The server is one more untrusted handler: its
 * message is held to the limits before it is parsed, to MCP's schema, to the pin of its tool; its
 * result becomes a handler output by the rules of docs/mcp.md, `project` does the rest, and every
 * channel it drops joins the audit's redactions.
 */
import { canonicalize } from '../json/canonical.ts';
import { isObject } from '../json/jsonValue.ts';
import { contextFacts } from '../result/contextFacts.ts';
import { plainProjection, projectParsed } from '../result/project.ts';
import type { Package, Redaction } from '../result/protectedAudit.ts';
import { assertTrustedContext, type TrustedContext } from '../result/trustedContext.ts';
import type { ToolRegistry, ToolSpec } from '../tables/registry.ts';
import { ViolationList, type Violation } from '../tables/violation.ts';
import { addZodIssues, checkSchema } from '../tables/zodIssues.ts';
import { mcpCallToolResultSchema } from './callToolResult.ts';
import { readChannels } from './channels.ts';
import { unwrapResponse } from './jsonRpcResponse.ts';
import { readMcpMessage } from './messageLimits.ts';
import { mcpDefinitionState, type McpPinning } from './pinMcpTools.ts';
import { mcpResourceRevision } from './resourceRevision.ts';

/**
 * {@link projectMcpDetailed}'s package.
 *
 * @example
 * ```ts
 * const pinned = pinMcpTools(listed, dispatcher);
 * const { model_result } = projectMcp(callToolResult, trusted, pinned, tools);
 * ```
 */
export function projectMcp(
  result: unknown,
  trusted: TrustedContext,
  pinning: McpPinning,
  tools: ToolRegistry,
): Package {
  return projectMcpDetailed(result, trusted, pinning, tools).pkg;
}

/**
 * The package for one MCP call, with each violation's detail. `result` is the JSON-RPC response
 * or the CallToolResult, as text or as a value; every pointer in the audit names a place in it.
 * Never throws on a bad result; throws TrustedContextError when the trusted context is malformed.
 *
 * @example
 * ```ts
 * const { pkg: checked, violations } = projectMcpDetailed(callToolResult, trusted, pinMcpTools(listed, dispatcher), tools);
 * for (const v of violations) console.error(v.path, v.code);
 * ```
 */
export function projectMcpDetailed(
  result: unknown,
  trustedInput: TrustedContext,
  pinning: McpPinning,
  tools: ToolRegistry,
): { pkg: Package; violations: Violation[] } {
  const trusted = assertTrustedContext(trustedInput);
  const facts = contextFacts(trusted, tools);
  const steps = plainProjection(tools);
  const spec = facts.spec;
  // The gate's answer (UNKNOWN_TOOL, INVALID_ARGUMENTS) is the dispatcher's: the server should not have been called.
  if (facts.gate !== 'handler' || spec === null) return projectParsed(undefined, trusted, facts, steps);
  const read = readResult(result, spec, pinning, trusted.now);
  return projectParsed(read.handlerOutput, trusted, facts, steps, {
    violations: read.violations.items,
    redactions: read.redactions,
    pointer: (p) => (p === '/data' || p.startsWith('/data/') ? `${read.base}/structuredContent${p.slice(5)}` : p),
  });
}

interface Reading {
  /** The handler output the result becomes; undefined when it is refused before one can be made. */
  handlerOutput: unknown;
  violations: ViolationList;
  redactions: Redaction[];
  /** Where the CallToolResult sits in the message. */
  base: string;
}

function readResult(message: unknown, spec: ToolSpec, pinning: McpPinning, now: string): Reading {
  const reading: Reading = { handlerOutput: undefined, violations: new ViolationList(), redactions: [], base: '' };
  const out = reading.violations;
  const state = mcpDefinitionState(spec, pinning);
  if (state !== null) {
    out.add('MCP_DEFINITION_CHANGED', '', { kind: 'mcp_definition', tool: spec.name, state });
    return reading;
  }
  const msg = readMcpMessage(message);
  if (!msg.ok) {
    out.add(msg.code, msg.path, msg.params);
    return reading;
  }
  const response = unwrapResponse(msg.value);
  if (response.kind === 'invalid') {
    out.add('MCP_RESULT_SCHEMA', '', { kind: 'rule', rule: 'jsonrpc_response' });
    return reading;
  }
  if (response.kind === 'error') {
    // A protocol-level error: the server's words, never the model's.
    reading.redactions.push({ path: '/error', reason: 'mcp_error_text' });
    reading.handlerOutput = { kind: 'exception' };
    return reading;
  }
  const base = (reading.base = response.base);
  const raw = response.value;
  if (isObject(raw) && typeof raw.resultType === 'string' && raw.resultType !== 'complete') {
    out.add('MCP_NOT_FINAL', `${base}/resultType`, { kind: 'mcp_not_final', resultType: raw.resultType });
    return reading;
  }
  const checked = checkSchema(mcpCallToolResultSchema, raw);
  if (!checked.success || !isObject(raw)) {
    if (checked.success) out.add('MCP_RESULT_SCHEMA', base, { kind: 'mcp_not_json', reason: 'NOT_JSON_VALUE' });
    else addZodIssues(out, checked.error, base, 'MCP_RESULT_SCHEMA');
    return reading;
  }
  if (raw.isError === true) {
    readChannels(raw, base, 'error', '', out, reading.redactions);
    reading.handlerOutput = { kind: 'exception' };
    return reading;
  }
  const structured = raw.structuredContent;
  if (!isObject(structured)) {
    out.add('MCP_RESULT_SCHEMA', `${base}/structuredContent`, {
      kind: 'rule',
      rule: 'mcp_structured_content_required',
    });
    return reading;
  }
  readChannels(raw, base, 'success', canonicalize(structured), out, reading.redactions);
  reading.handlerOutput = {
    kind: 'success',
    data: structured,
    provenance: {
      source_label: spec.source_label,
      producer_revision: spec.revisions.producer_revision,
      resource_revision: mcpResourceRevision(structured),
      observed_at: now,
    },
  };
  return reading;
}
