/**
 * One refund asked twice over MCP moves money once (docs/mcp-server.md#a-write-asked-again). The
 * SDK's `Client` asks `mcpServer` over `InMemoryTransport`: served through the control plane, a
 * write's key is the intent's (`intentKey`), so the second ask is the plane's `local_replay` and
 * a reworded free-text reason is `IDEMPOTENCY_CONFLICT`, each without a run; served by handlers,
 * the handler is told the same derived key both times, which is what a downstream deduplicates by.
 * Each test counts the refunds the downstream made and prints the count.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher, defineTool } from '../../src/core/index.ts';
import {
  createControlPlane,
  intentKey,
  memoryStore,
  type ControlPlaneOptions,
  type RunContext,
} from '../../src/control/index.ts';
import { mcpServer, McpServerConfigError, type McpServerOptions } from '../../src/mcpServer/index.ts';

const PRINCIPAL = { tenant: 'tenant-intent', subject: 'user-intent-1' } as const;

const revisions = (tool: string, effect: string) => ({
  input_revision: `${tool}.input.v1`,
  output_revision: `${tool}.output.v1`,
  effect_revision: `${tool}.effect.${effect}.v1`,
  handler_revision: 'ledger-handler-v1',
  producer_revision: 'ledger-v1',
  policy_revision: 'ledger-policy-v1',
});

const INVOICE = z.string().regex(/^INV-[0-9]{1,9}$/);

const issueRefund = defineTool({
  name: 'issue_refund',
  effect: 'write',
  title: 'Issue a refund',
  // `reason` is free text: the model words it anew each time it asks, so it does not name the intent.
  input: z.strictObject({ invoice_ref: INVOICE, amount_cents: z.number().int().min(1), reason: z.string().max(200) }),
  output: z.strictObject({ refund_ref: z.string(), invoice_ref: z.string(), amount_cents: z.number().int() }),
  echo: [
    { output: 'invoice_ref', input: 'invoice_ref' },
    { output: 'amount_cents', input: 'amount_cents' },
  ],
  revisions: revisions('issue_refund', 'write'),
  source_label: 'ledger',
});

const getRefunds = defineTool({
  name: 'get_refunds',
  effect: 'read',
  title: 'Refunds of an invoice',
  input: z.strictObject({ invoice_ref: INVOICE }),
  output: z.strictObject({ invoice_ref: z.string(), refunds: z.number().int().min(0) }),
  echo: [{ output: 'invoice_ref', input: 'invoice_ref' }],
  revisions: revisions('get_refunds', 'read'),
  source_label: 'ledger',
});

const dispatcher = createDispatcher({ tools: [issueRefund, getRefunds] });

const provenance = {
  source_label: 'ledger',
  producer_revision: 'ledger-v1',
  resource_revision: 'ledger-r1',
  observed_at: '2026-07-19T00:00:02Z',
};

/** The downstream: every refund it is asked for moves money, unless it deduplicates by the key it is given. */
function ledger(options: { dedupe: boolean }) {
  const moved: { invoice_ref: string; amount_cents: number; key: string }[] = [];
  const byKey = new Map<string, number>();
  const reads: string[] = [];
  return {
    moved,
    reads,
    refund(args: unknown, key: string) {
      const a = args as { invoice_ref: string; amount_cents: number };
      let n = options.dedupe ? byKey.get(key) : undefined;
      if (n === undefined) {
        moved.push({ invoice_ref: a.invoice_ref, amount_cents: a.amount_cents, key });
        n = moved.length;
        byKey.set(key, n);
      }
      return {
        kind: 'success',
        data: { refund_ref: `RF-${n}`, invoice_ref: a.invoice_ref, amount_cents: a.amount_cents },
        provenance,
        downstream: { receipt_ref: `rcpt-${n}` },
      };
    },
    refunds(args: unknown, key: string) {
      const { invoice_ref } = args as { invoice_ref: string };
      reads.push(key);
      const refunds = moved.filter((m) => m.invoice_ref === invoice_ref).length;
      return { kind: 'success', data: { invoice_ref, refunds }, provenance };
    },
  };
}

const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

async function connect(options: McpServerOptions): Promise<Client> {
  const server = mcpServer(dispatcher, options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'model-side', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  clients.push(client);
  return client;
}

interface Answer {
  status: string;
  code: string | null;
  delivery: string;
  data: unknown;
}

async function ask(client: Client, tool: string, args: Record<string, unknown>): Promise<Answer> {
  const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
  const mr = result.structuredContent as {
    status: string;
    error: { code: string } | null;
    execution: { delivery: string };
    data: unknown;
  };
  return { status: mr.status, code: mr.error?.code ?? null, delivery: mr.execution.delivery, data: mr.data };
}

const REFUND = { invoice_ref: 'INV-1', amount_cents: 300, reason: 'charged twice for one order' };
const REWORDED = { ...REFUND, reason: 'the customer was billed two times' };

describe('mcpServer through the control plane: a write asked twice over MCP', () => {
  function served() {
    const downstream = ledger({ dedupe: false });
    const runs: RunContext[] = [];
    const options: ControlPlaneOptions = {
      dispatcher,
      store: memoryStore(),
      runtimes: {
        issue_refund: {
          run: (args, ctx) => {
            runs.push(ctx);
            return downstream.refund(args, ctx.idempotency_key);
          },
          // A write needs its status query; this downstream cannot say, so an unknown outcome stays unknown.
          queryStatus: () => ({ state: 'unknown' }),
          // In process: a run the plane aborted has sent nothing that could still land.
          landing_ms: 0,
          idempotency_fields: ['invoice_ref', 'amount_cents'],
        },
        get_refunds: { run: (args, ctx) => downstream.refunds(args, ctx.idempotency_key) },
      },
      authorize: () => true,
    };
    const plane = createControlPlane(options);
    return { downstream, runs, options, plane };
  }

  it('moves money once: the second ask is local_replay, a reworded reason IDEMPOTENCY_CONFLICT', async () => {
    const { downstream, runs, options, plane } = served();
    const client = await connect({ name: 'ledger', version: '1.0.0', principal: PRINCIPAL, plane: { plane, options } });
    const first = await ask(client, 'issue_refund', REFUND);
    const again = await ask(client, 'issue_refund', REFUND);
    const reworded = await ask(client, 'issue_refund', REWORDED);
    console.log(
      `mcpServer through the plane: 3 asks of one refund, ${downstream.moved.length} moved, ${runs.length} runs; ` +
        `answers ${[first, again, reworded].map((a) => a.code ?? a.delivery).join(', ')}`,
    );
    expect([first.status, first.delivery]).toEqual(['succeeded', 'fresh']);
    expect([again.status, again.delivery, again.data]).toEqual(['succeeded', 'local_replay', first.data]);
    expect(reworded.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(downstream.moved).toHaveLength(1);
    expect(runs).toHaveLength(1);
    // The key is the intent's, derived with the plane's own options; the audit records it for all three asks.
    const key = intentKey(options, PRINCIPAL, 'issue_refund', REFUND);
    expect(runs[0]?.idempotency_key).toBe(key);
    expect(intentKey(options, PRINCIPAL, 'issue_refund', REWORDED)).toBe(key);
    const entries = await plane.auditEntries();
    expect(entries.map((e) => e.protected_audit.operation.idempotency_key)).toEqual([key, key, key]);
    // Another refund is another intent: it moves money.
    expect((await ask(client, 'issue_refund', { ...REFUND, invoice_ref: 'INV-2' })).delivery).toBe('fresh');
    expect(downstream.moved).toHaveLength(2);
  });

  it('a read is run at every ask, under a fresh key: a replayed read would be stale', async () => {
    const { downstream, options, plane } = served();
    const client = await connect({ name: 'ledger', version: '1.0.0', principal: PRINCIPAL, plane: { plane, options } });
    const before = await ask(client, 'get_refunds', { invoice_ref: 'INV-1' });
    await ask(client, 'issue_refund', REFUND);
    const after = await ask(client, 'get_refunds', { invoice_ref: 'INV-1' });
    expect([before.data, after.data]).toEqual([
      { invoice_ref: 'INV-1', refunds: 0 },
      { invoice_ref: 'INV-1', refunds: 1 },
    ]);
    expect(after.delivery).toBe('fresh');
    expect(new Set(downstream.reads).size).toBe(2);
  });

  it('refuses a plane built for another registry, and both handlers and a plane', () => {
    const { options, plane } = served();
    const base = { name: 's', version: '1', principal: PRINCIPAL };
    const other = createDispatcher({ tools: [getRefunds] });
    expect(() =>
      mcpServer(dispatcher, { ...base, plane: { plane, options: { ...options, dispatcher: other } } }),
    ).toThrow(/plane\.options\.dispatcher/);
    const handlers = { issue_refund: () => null, get_refunds: () => null };
    expect(() => mcpServer(dispatcher, { ...base, handlers, plane: { plane, options } })).toThrow(McpServerConfigError);
    expect(() => mcpServer(dispatcher, base as McpServerOptions)).toThrow(/handlers/);
  });
});

describe('mcpServer with handlers: a write asked twice over MCP', () => {
  it('tells the handler the same key derived from the intent both times, so a downstream that deduplicates moves money once', async () => {
    const downstream = ledger({ dedupe: true });
    const keys: string[] = [];
    const client = await connect({
      name: 'ledger',
      version: '1.0.0',
      principal: PRINCIPAL,
      handlers: {
        issue_refund: (args, ctx) => {
          keys.push(ctx.idempotency_key);
          return downstream.refund(args, ctx.idempotency_key);
        },
        get_refunds: (args, ctx) => downstream.refunds(args, ctx.idempotency_key),
      },
    });
    const first = await ask(client, 'issue_refund', REFUND);
    const again = await ask(client, 'issue_refund', REFUND);
    console.log(`mcpServer with handlers: 2 asks of one refund, ${downstream.moved.length} moved, keys ${keys.length}`);
    expect(keys).toHaveLength(2);
    // No plane, no runtime's idempotency_fields: the intent is every argument.
    expect(keys).toEqual(Array(2).fill(intentKey({ dispatcher, runtimes: {} }, PRINCIPAL, 'issue_refund', REFUND)));
    expect(downstream.moved).toHaveLength(1);
    expect(again.data).toEqual(first.data);
  });
});
