/**
 * A ledger MCP server as a real process, the child of the guard in test/mcp/mcpGuardIntent.test.ts:
 * JSON-RPC over stdio written by hand, so that each `tools/call` it receives can be logged as it
 * came, `_meta` included. Every `refund_order` it is sent moves money: it does not deduplicate,
 * so the count it logs is what the guard let through. One line on stderr per call
 * (`ledger: {json}`), with the count of refunds made so far and the request's `_meta`.
 */
import { createInterface } from 'node:readline';
import { LEDGER_DEFINITIONS, LEDGER_SERVER } from './ledgerTools.ts';

type Id = string | number;
const moved: string[] = [];

const write = (message: unknown): void => {
  process.stdout.write(`${JSON.stringify(message)}\n`);
};
const answer = (id: Id, result: unknown) => write({ jsonrpc: '2.0', id, result });
const success = (structuredContent: Record<string, unknown>) => ({
  content: [{ type: 'text', text: JSON.stringify(structuredContent) }],
  structuredContent,
});

function onCall(id: Id, params: { name?: unknown; arguments?: Record<string, unknown>; _meta?: unknown }): void {
  const args = params.arguments ?? {};
  const order_ref = String(args.order_ref);
  if (params.name === 'refund_order') moved.push(order_ref);
  const refunds = moved.filter((o) => o === order_ref).length;
  process.stderr.write(
    `ledger: ${JSON.stringify({ tool: params.name, arguments: args, _meta: params._meta ?? null, moved: moved.length })}\n`,
  );
  if (params.name === 'refund_order')
    return answer(id, success({ order_ref, amount_cents: args.amount_cents, refund_ref: `RF-${moved.length}` }));
  return answer(id, success({ order_ref, refunds }));
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const msg = JSON.parse(line) as { id?: Id; method?: string; params?: Record<string, unknown> };
  if (msg.id === undefined) return; // notifications: initialized, cancelled
  if (msg.method === 'initialize')
    return answer(msg.id, {
      protocolVersion: msg.params?.protocolVersion ?? '2025-11-25',
      capabilities: { tools: {} },
      serverInfo: { name: LEDGER_SERVER, version: '1.0.0' },
    });
  if (msg.method === 'tools/list') return answer(msg.id, { tools: LEDGER_DEFINITIONS });
  if (msg.method === 'tools/call') return onCall(msg.id, msg.params ?? {});
  write({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } });
});
