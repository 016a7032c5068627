/**
 * One MCP `tools/call` bound to what the project trusts (docs/mcp-server.md#mcpserver),
 * made the same way wherever the project answers one: `mcpServer`, and the CLI's
 * `mcp-guard` (docs/mcp-guard.md). Only the tool name and the arguments come from the
 * client's message; the rest is the answering side's: provider `mcp`, the JSON-RPC
 * request id as call id, the MCP session (or one id per connection) as response id, a
 * fresh operation id, and an idempotency key: a write's is derived from its intent, so that
 * the same refund asked twice names one record (docs/mcp-server.md#a-write-asked-again); any
 * other call's is fresh. The answer is the `mcp` adapter's item.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { intentKey, type IntentKeyOptions } from '../control/index.ts';
import type { Dispatcher } from '../core/dispatcher/index.ts';
import type { Package, TrustedContext } from '../core/result/index.ts';
import { findAdapter, type McpCallToolResult } from '../core/tables/index.ts';

/** What fresh identifiers are made for. */
export type McpIdKind = 'operation' | 'idempotency' | 'connection';

/** A trusted context but for its delivery and its time: what the control plane's `execute` takes. */
export interface McpBoundCall {
  principal: TrustedContext['principal'];
  call: TrustedContext['call'];
  tool: string;
  arguments: unknown;
}

/**
 * The `_meta` name under which the guard hands a write's idempotency key to the server it calls
 * (docs/mcp-guard.md#a-write-asked-again), so that a server that deduplicates can. MCP 2025-11-25,
 * *Basic › _meta*: a prefix of labels and a slash, none of them MCP's reserved ones.
 *
 * @example
 * ```ts
 * const key = (received as { _meta?: Record<string, unknown> })._meta?.[MCP_IDEMPOTENCY_META]; // on the server called
 * ```
 */
export const MCP_IDEMPOTENCY_META = 'tool-result-contract/idempotency_key';

/**
 * The call's context: the request's name and arguments, everything else the answering side's.
 * `intent` holds what the key of a write is derived from (the control plane's options, or the
 * registry with no runtimes): a client that asks for the same refund again, on this connection or
 * another, after a restart or not, names the same key, where a fresh one would move money twice.
 * A read, an unknown tool and a call made without `intent` get a fresh key: a read has no effect
 * to deduplicate, and replaying one would answer with what it saw before.
 *
 * @example
 * ```ts
 * const bound = mcpBoundCall(
 *   { name: 'get_invoice', arguments: { id: 'inv_1' } },
 *   { requestId: 7, responseId: 'mcp-connection-1' },
 *   { tenant: 'acme', subject: 'svc-billing' },
 *   () => crypto.randomUUID(),
 * );
 * const execution = await plane.execute(bound);
 * ```
 */
export function mcpBoundCall(
  params: { name: string; arguments?: Record<string, unknown> },
  ids: { requestId: string | number; responseId: string },
  principal: { tenant: string; subject: string },
  newId: (kind: McpIdKind) => string,
  intent?: IntentKeyOptions,
): McpBoundCall {
  const adapter = findAdapter('mcp');
  const who = { tenant: principal.tenant, subject: principal.subject };
  const args = params.arguments ?? {};
  const tools = intent?.dispatcher.tools;
  const write = tools !== undefined && Object.hasOwn(tools, params.name) && tools[params.name]?.effect === 'write';
  return {
    principal: who,
    call: {
      provider: adapter.provider,
      api_family: adapter.api_family,
      adapter_revision: adapter.adapter_revision,
      response_id: ids.responseId,
      call_id: String(ids.requestId),
      operation_id: `op-${newId('operation')}`,
      // Arguments off the wire are JSON, so intentKey's CanonicalizationError cannot arise here.
      idempotency_key:
        write && intent !== undefined ? intentKey(intent, who, params.name, args) : `idem-${newId('idempotency')}`,
    },
    tool: params.name,
    arguments: args,
  };
}

/**
 * The response id of a call: the transport's MCP session id, or, for a transport without
 * sessions (stdio, in memory), one `mcp-connection-…` id made once for each connection.
 *
 * @example
 * ```ts
 * const responseIdOf = mcpResponseIds(() => undefined, () => crypto.randomUUID());
 * const responseId = responseIdOf(undefined); // one mcp-connection-… id for a transport without sessions
 * ```
 */
export function mcpResponseIds(
  transportOf: () => Transport | undefined,
  newId: (kind: McpIdKind) => string,
): (sessionId: string | undefined) => string {
  const connections = new WeakMap<Transport, string>();
  return (sessionId) => {
    if (sessionId !== undefined && sessionId !== '') return sessionId;
    const transport = transportOf();
    if (transport === undefined) return `mcp-connection-${newId('connection')}`;
    let id = connections.get(transport);
    if (id === undefined) {
      id = `mcp-connection-${newId('connection')}`;
      connections.set(transport, id);
    }
    return id;
  };
}

/**
 * The answer to the call: the `mcp` adapter's item, which validates the whole package first and never carries protected_audit.
 *
 * @example
 * ```ts
 * const answer = mcpAnswer(dispatcher, pkg, trusted); // a CallToolResult carrying canonical(model_result) only
 * ```
 */
export function mcpAnswer(dispatcher: Dispatcher, pkg: Package, trusted: TrustedContext): McpCallToolResult {
  return dispatcher.toProviderItem(pkg, trusted) as McpCallToolResult;
}
