/**
 * The server `mcp-guard` is to its own client (docs/mcp-guard.md#what-the-client-is-offered):
 * the SDK's low-level `Server`, listing only the registry's tools that are pinned now, each as
 * `mcpServer` lists it (the outputSchema of its whole model_result), and answering every
 * `tools/call` with the plane's execution of it, as the `mcp` adapter's item. The call's
 * context is built as `mcpServer` builds it (src/mcpServer/mcpCall.ts), a write's key derived from its
 * intent with the plane's own options, so that the same write asked again is replayed, not sent
 * to the child again (docs/mcp-guard.md#a-write-asked-again).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Dispatcher } from '../core/index.ts';
import { mcpDefinitionState, type McpPinning } from '../core/mcp/index.ts';
import { mcpAnswer, mcpBoundCall, mcpResponseIds, mcpToolDefinition } from '../mcpServer/index.ts';
import type { GuardPlane } from './mcpGuardPlane.ts';

export function guardServer(options: {
  dispatcher: Dispatcher;
  /** The plane, once its store is open, and the options it was built with: a call that comes first waits for it. */
  plane: Promise<Pick<GuardPlane, 'plane' | 'intent'>>;
  pinning: () => McpPinning;
  principal: { tenant: string; subject: string };
  /** One line on stderr per call: its tool, its answer and its audit seq. */
  log: (line: string) => void;
}): Server {
  const { dispatcher, pinning, log } = options;
  const newId = () => crypto.randomUUID();
  const server = new Server(
    { name: 'tool-result-mcp-guard', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  const responseIdOf = mcpResponseIds(() => server.transport, newId);
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: Object.values(dispatcher.tools)
      .filter((spec) => mcpDefinitionState(spec, pinning()) === null)
      .map(mcpToolDefinition),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { plane, intent } = await options.plane;
    const bound = mcpBoundCall(
      request.params,
      { requestId: extra.requestId, responseId: responseIdOf(extra.sessionId) },
      options.principal,
      newId,
      intent,
    );
    const execution = await plane.execute(bound);
    const r = execution.pkg.model_result;
    log(`call ${bound.call.call_id} ${bound.tool}: ${r.error?.code ?? r.status} (audit seq ${execution.audit_seq})`);
    return mcpAnswer(dispatcher, execution.pkg, execution.trusted);
  });
  return server;
}
