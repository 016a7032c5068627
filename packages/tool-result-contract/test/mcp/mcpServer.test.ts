/**
 * A dispatcher served over MCP (docs/mcp-server.md), spoken to by the official
 * SDK's own `Client`: in process over `InMemoryTransport`, and over stdio to a
 * real child process (test/mcp/stdioServer.ts, bundled once by esbuild). The
 * client validates every `structuredContent` against the `outputSchema` it
 * cached at `tools/list` and throws on a mismatch, so each call answered here
 * is also a proof that the schema of the whole model_result fits errors too.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canonicalize,
  resultJsonSchema,
  toProviderItem,
  type Package,
  type TrustedContext,
} from '../../src/core/index.ts';
import { auditValuesOf } from '../../src/core/result/index.ts';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { ToolSpec } from '../../src/core/tables/index.ts';
import { mcpServer, McpServerConfigError, mcpToolDefinition } from '../../src/mcpServer/index.ts';
import { CLOCK, dispatcher, handlers, PRINCIPAL, RECEIPT } from './tools.ts';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

interface Seen {
  pkg: Package;
  trusted: TrustedContext;
}

/** Each call of the suite, with the code its model_result must carry (null: succeeded). */
const CALLS: { name: string; tool: string; args: Record<string, unknown>; code: string | null }[] = [
  { name: 'a success', tool: 'get_invoice', args: { invoice_ref: 'INV-1' }, code: null },
  {
    name: 'a write with a downstream receipt',
    tool: 'issue_refund',
    args: { invoice_ref: 'INV-1', amount_cents: 300 },
    code: null,
  },
  {
    name: 'a tool error (the handler says NOT_FOUND)',
    tool: 'get_invoice',
    args: { invoice_ref: 'INV-404' },
    code: 'NOT_FOUND',
  },
  { name: 'a crashing handler', tool: 'get_invoice', args: { invoice_ref: 'INV-500' }, code: 'TOOL_ERROR' },
  { name: 'invalid arguments', tool: 'get_invoice', args: { invoice_ref: 'nope' }, code: 'INVALID_ARGUMENTS' },
  { name: 'missing arguments', tool: 'issue_refund', args: { invoice_ref: 'INV-1' }, code: 'INVALID_ARGUMENTS' },
  {
    name: 'an extra business field (output contract)',
    tool: 'get_invoice',
    args: { invoice_ref: 'INV-66' },
    code: 'OUTPUT_CONTRACT_VIOLATION',
  },
  {
    name: 'a nested token (output contract)',
    tool: 'get_invoice',
    args: { invoice_ref: 'INV-77' },
    code: 'OUTPUT_CONTRACT_VIOLATION',
  },
  {
    name: 'a tool the registry does not have',
    tool: 'send_email',
    args: { to: 'x@example.com' },
    code: 'UNKNOWN_TOOL',
  },
];

/** What a CallToolResult must hold, given the package the server made for it. */
function expectContractItem(result: Record<string, unknown>, seen: Seen, code: string | null): void {
  const { pkg, trusted } = seen;
  const mr = pkg.model_result;
  expect(mr.error?.code ?? null).toBe(code);
  // Exactly the adapter's item, and nothing the SDK or the server added.
  expect(result).toEqual(toProviderItem(pkg, trusted, dispatcher.tools));
  expect(result).toEqual({
    content: [{ type: 'text', text: canonicalize(mr) }],
    structuredContent: mr,
    ...(mr.status === 'succeeded' ? {} : { isError: true }),
  });
  // No audit material: the principal, receipts, ids, the idempotency key, the digests.
  const text = JSON.stringify(result);
  const needles = ['protected_audit', RECEIPT, PRINCIPAL.tenant, PRINCIPAL.subject, ...auditValuesOf(pkg, trusted)];
  expect(needles).toContain(trusted.call.idempotency_key);
  for (const n of needles) expect(text).not.toContain(n);
}

function expectContext(seen: Seen, tool: string, now: string): void {
  const c = seen.trusted.call;
  expect([c.provider, c.api_family, c.adapter_revision]).toEqual(['mcp', 'tools', 'mcp-2025-11-25']);
  expect(seen.trusted.principal).toEqual(PRINCIPAL);
  expect(seen.trusted.tool).toBe(tool);
  expect(seen.trusted.now).toBe(now);
  expect(seen.pkg.protected_audit.provider_context.provider).toBe('mcp');
}

describe('mcpServer over InMemoryTransport, with the SDK’s Client', () => {
  const seen: Seen[] = [];
  const ran: string[] = [];
  let client: Client;
  beforeAll(async () => {
    const counted = Object.fromEntries(
      Object.entries(handlers).map(([name, h]) => [
        name,
        (args: Parameters<typeof h>[0], ctx: Parameters<typeof h>[1]) => {
          ran.push(`${name} ${ctx.operation_id}`);
          return h(args, ctx);
        },
      ]),
    );
    const server = mcpServer(dispatcher, {
      name: 'billing-served',
      version: '1.0.0',
      principal: PRINCIPAL,
      handlers: counted,
      now: () => new Date(CLOCK),
      onPackage: (pkg, trusted) => void seen.push({ pkg, trusted }),
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    client = new Client({ name: 'test-client', version: '1.0.0' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  });
  afterAll(async () => client.close());

  it('lists each tool with its input schema and outputSchema = the JSON Schema of its whole model_result', async () => {
    const { tools } = await client.listTools();
    expect(client.getServerVersion()).toEqual({ name: 'billing-served', version: '1.0.0' });
    expect(tools.map((t) => t.name)).toEqual(['get_invoice', 'issue_refund']);
    for (const t of tools) {
      const spec = dispatcher.tools[t.name];
      if (spec === undefined) throw new Error(`${t.name} is not in the registry`);
      expect(t.outputSchema).toEqual(resultJsonSchema(spec));
      expect(t.inputSchema.type).toBe('object');
      expect(t.annotations?.readOnlyHint).toBe(spec.effect === 'read');
    }
    expect(tools[0]?.inputSchema.required).toEqual(['invoice_ref']);
  });

  it.each(CALLS)('callTool: $name is accepted by the client’s own outputSchema validation', async (c) => {
    const before = seen.length;
    const ranBefore = ran.length;
    const result = await client.callTool({ name: c.tool, arguments: c.args });
    expect(seen).toHaveLength(before + 1);
    const s = seen.at(-1) as Seen;
    expectContext(s, c.tool, new Date(CLOCK).toISOString());
    expectContractItem(result, s, c.code);
    // The gate decides before any handler runs: bad arguments and unknown tools never reach one.
    const handlerRan = c.code !== 'INVALID_ARGUMENTS' && c.code !== 'UNKNOWN_TOOL';
    expect(ran.length - ranBefore).toBe(handlerRan ? 1 : 0);
    if (handlerRan) expect(ran.at(-1)).toBe(`${c.tool} ${s.trusted.call.operation_id}`);
  });

  it('the crash’s stack and the extra field never reach the client; the receipt is in the audit only', () => {
    const all = JSON.stringify(seen.map((s) => toProviderItem(s.pkg, s.trusted, dispatcher.tools)));
    expect(all).not.toContain('ECONNRESET');
    expect(all).not.toContain('sk-live-mcp-leak');
    expect(all).not.toContain('"refunded"');
    const write = seen.find((s) => s.trusted.tool === 'issue_refund' && s.pkg.model_result.status === 'succeeded');
    expect(write?.pkg.protected_audit.downstream.receipt_ref).toBe(RECEIPT);
  });

  it('binds each call to the JSON-RPC request id, one connection id, and a fresh operation id and idempotency key', () => {
    const calls = seen.map((s) => s.trusted.call);
    expect(new Set(calls.map((c) => c.call_id)).size).toBe(calls.length);
    for (const c of calls) expect(c.call_id).toMatch(/^[0-9]+$/);
    expect(new Set(calls.map((c) => c.response_id))).toEqual(new Set([calls[0]?.response_id]));
    expect(calls[0]?.response_id).toMatch(/^mcp-connection-/);
    expect(new Set(calls.map((c) => c.operation_id)).size).toBe(calls.length);
    expect(new Set(calls.map((c) => c.idempotency_key)).size).toBe(calls.length);
  });

  it('a second connection to the same dispatcher gets another connection id', async () => {
    const mine: Seen[] = [];
    const server = mcpServer(dispatcher, {
      name: 'billing-served',
      version: '1.0.0',
      principal: PRINCIPAL,
      handlers,
      onPackage: (pkg, trusted) => void mine.push({ pkg, trusted }),
    });
    for (let i = 0; i < 2; i++) {
      const [a, b] = InMemoryTransport.createLinkedPair();
      const other = new Client({ name: 'second', version: '1.0.0' });
      await Promise.all([server.connect(b), other.connect(a)]);
      await other.callTool({ name: 'get_invoice', arguments: { invoice_ref: 'INV-1' } });
      await other.close();
    }
    expect(mine).toHaveLength(2);
    const [first, second] = mine.map((s) => s.trusted.call.response_id);
    expect(first).not.toBe(second);
    // The system clock, when none is given: an RFC 3339 UTC time.
    expect(mine[0]?.trusted.now).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  });

  it('an onPackage that throws answers a JSON-RPC error, never an unaudited result', async () => {
    const server = mcpServer(dispatcher, {
      name: 'billing-served',
      version: '1.0.0',
      principal: PRINCIPAL,
      handlers,
      onPackage: () => {
        throw new Error('audit log unavailable');
      },
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    const other = new Client({ name: 'third', version: '1.0.0' });
    await Promise.all([server.connect(b), other.connect(a)]);
    await expect(other.callTool({ name: 'get_invoice', arguments: { invoice_ref: 'INV-1' } })).rejects.toThrow(
      /audit log unavailable/,
    );
    await other.close();
  });

  it('the client’s validation is real: the same error item under an outputSchema of data alone is thrown', async () => {
    const error = seen.find((s) => s.pkg.model_result.error?.code === 'NOT_FOUND') as Seen;
    const spec = dispatcher.tools.get_invoice as ToolSpec;
    const naive = new Server({ name: 'naive', version: '1.0.0' }, { capabilities: { tools: {} } });
    naive.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [{ ...mcpToolDefinition(spec), outputSchema: resultJsonSchema(spec, 'data') as Tool['outputSchema'] }],
    }));
    naive.setRequestHandler(
      CallToolRequestSchema,
      () => toProviderItem(error.pkg, error.trusted, dispatcher.tools) as CallToolResult,
    );
    const [a, b] = InMemoryTransport.createLinkedPair();
    const other = new Client({ name: 'naive-client', version: '1.0.0' });
    await Promise.all([naive.connect(b), other.connect(a)]);
    await other.listTools();
    await expect(other.callTool({ name: 'get_invoice', arguments: { invoice_ref: 'INV-404' } })).rejects.toThrow(
      /does not match the tool's output schema|Structured content/i,
    );
    await other.close();
  });

  it('refuses a configuration that cannot serve', () => {
    const base = { name: 's', version: '1', principal: PRINCIPAL };
    expect(() => mcpServer(dispatcher, { ...base, handlers: { get_invoice: handlers.get_invoice as never } })).toThrow(
      McpServerConfigError,
    );
    expect(() => mcpServer(dispatcher, { ...base, handlers: { ...handlers, send_email: () => null } })).toThrow(
      /handlers\.send_email is for a tool the dispatcher does not know/,
    );
    expect(() => mcpServer(dispatcher, { ...base, principal: null as never, handlers })).toThrow(/principal/);
  });
});

/** The server script as one JavaScript file, made once per test process by esbuild, in node_modules/.cache. */
async function serverBundle(): Promise<string> {
  const dir = join(root, 'node_modules', '.cache', 'tool-result-mcp-server');
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) {
    const pid = Number(/^server-(\d+)\.mjs$/.exec(name)?.[1]);
    if (Number.isSafeInteger(pid) && pid !== process.pid && !alive(pid)) rmSync(join(dir, name), { force: true });
  }
  const out = join(dir, `server-${process.pid}.mjs`);
  await promisify(execFile)(
    join(root, 'node_modules', '.bin', 'esbuild'),
    [
      join(root, 'packages/tool-result-contract/test/mcp/stdioServer.ts'),
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--packages=external',
      `--outfile=${out}`,
      '--log-level=error',
    ],
    { cwd: root },
  );
  return out;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

describe('mcpServer over stdio, a real child process, with the SDK’s Client', () => {
  let client: Client;
  let transport: StdioClientTransport;
  const lines: string[] = [];
  let buffered = '';
  const packages = (): Seen[] =>
    lines.flatMap((l) => {
      const m = JSON.parse(l) as { type: string } & Seen;
      return m.type === 'package' ? [{ pkg: m.pkg, trusted: m.trusted }] : [];
    });

  beforeAll(async () => {
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [await serverBundle()],
      cwd: root,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      lines.push(...parts.filter((p) => p.startsWith('{')));
    });
    client = new Client({ name: 'stdio-client', version: '1.0.0' });
    await client.connect(transport);
  }, 60_000);
  afterAll(async () => client.close());

  it('lists the tools with the outputSchema of the whole model_result', async () => {
    const { tools } = await client.listTools();
    expect(transport.pid).toBeGreaterThan(0);
    expect(tools.map((t) => [t.name, t.outputSchema])).toEqual(
      Object.values(dispatcher.tools).map((spec) => [spec.name, resultJsonSchema(spec)]),
    );
  });

  it('answers every kind of result, each accepted by the client’s validation and equal to the adapter’s item', async () => {
    for (const c of CALLS) {
      const before = packages().length;
      const result = await client.callTool({ name: c.tool, arguments: c.args });
      // The package line is written before the answer, but stderr and stdout are two pipes: wait for it.
      await expect.poll(() => packages().length, { timeout: 5_000 }).toBe(before + 1);
      const s = packages().at(-1) as Seen;
      expectContext(s, c.tool, CLOCK);
      expectContractItem(result, s, c.code);
      expect(s.trusted.call.response_id).toMatch(/^mcp-connection-/);
    }
    const calls = packages().map((s) => s.trusted.call);
    expect(new Set(calls.map((c) => c.idempotency_key)).size).toBe(CALLS.length);
  });
});
