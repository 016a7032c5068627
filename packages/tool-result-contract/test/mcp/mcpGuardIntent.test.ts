/**
 * One refund asked twice through `tool-result mcp-guard` moves money once
 * (docs/mcp-guard.md#a-write-asked-again). The proxy is a real process (src/cli/main.ts bundled by
 * esbuild), its child the ledger server (test/mcp/ledgerServer.ts), which moves money at every
 * `refund_order` it is sent and logs each call with its `_meta`. A write's key is derived from its
 * intent (`intentKey`, with T.mjs's `idempotency_fields`), so the second ask is the plane's
 * `local_replay` and a reworded reason `IDEMPOTENCY_CONFLICT`, neither sent to the child; the one
 * request the child gets carries the key in `_meta`; and the record outlives the proxy, so a
 * restarted proxy over the same audit log replays it too. The counts are printed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleAll } from './guardBundles.ts';
import { createDispatcher } from '../../src/core/index.ts';
import { readAuditLog } from '../../src/cli/auditStore.ts';
import { intentKey, verifyAuditChain, type AuditEntry, type ToolRuntime } from '../../src/control/index.ts';
import { MCP_IDEMPOTENCY_META } from '../../src/mcpServer/index.ts';
import { getRefunds, idempotency_fields, refundOrder } from './ledgerTools.ts';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const cache = join(root, 'node_modules', '.cache', `tool-result-guard-intent-${process.pid}`);
const scratch = mkdtempSync(join(tmpdir(), 'mcp-guard-intent-'));
const PRINCIPAL = { tenant: 'acme', subject: 'agent-7' } as const;

let bundles: { proxy: string; ledger: string; tools: string };
beforeAll(async () => {
  bundles = await bundleAll(cache, {
    proxy: 'src/cli/main.ts',
    ledger: 'test/mcp/ledgerServer.ts',
    tools: 'test/mcp/ledgerTools.ts',
  });
}, 60_000);
afterAll(() => {
  rmSync(cache, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

interface LedgerCall {
  tool: string;
  arguments: Record<string, unknown>;
  _meta: Record<string, unknown> | null;
  moved: number;
}

/** A proxy over the ledger, with the audit log in `audit`; `calls` is what the child was sent, as it logged it. */
async function guard(audit: string): Promise<{ client: Client; calls: () => LedgerCall[]; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      bundles.proxy,
      'mcp-guard',
      '--tools',
      bundles.tools,
      '--audit',
      audit,
      '--principal',
      `${PRINCIPAL.tenant}:${PRINCIPAL.subject}`,
      '--',
      process.execPath,
      bundles.ledger,
    ],
    cwd: root,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'model-side', version: '1.0.0' });
  await client.connect(transport);
  const calls = () =>
    stderr
      .split('\n')
      .filter((l) => l.startsWith('ledger: '))
      .map((l) => JSON.parse(l.slice('ledger: '.length)) as LedgerCall);
  return { client, calls, stderr: () => stderr };
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

async function auditOf(dir: string, n: number): Promise<AuditEntry[]> {
  let entries: AuditEntry[] = [];
  await expect
    .poll(
      async () => {
        entries = (await readAuditLog(dir).catch(() => [])) as AuditEntry[];
        return entries.length;
      },
      { timeout: 10_000 },
    )
    .toBe(n);
  return entries;
}

const REFUND = { order_ref: 'O-1', amount_cents: 500, reason: 'arrived broken' };
const REWORDED = { ...REFUND, reason: 'the parcel came damaged' };
/** The key the proxy must derive: the plane's derivation over T.mjs's registry and idempotency_fields. */
const KEY = intentKey(
  {
    dispatcher: createDispatcher({ tools: [refundOrder, getRefunds] }),
    runtimes: { refund_order: { idempotency_fields: idempotency_fields.refund_order } as unknown as ToolRuntime },
  },
  PRINCIPAL,
  'refund_order',
  REFUND,
);

describe('mcp-guard: a write asked twice over MCP', () => {
  const audit = join(scratch, 'audit');

  it('moves money once: the second ask is local_replay, a reworded reason IDEMPOTENCY_CONFLICT; the child saw the key in _meta', async () => {
    const { client, calls } = await guard(audit);
    const before = await ask(client, 'get_refunds', { order_ref: 'O-1' });
    const first = await ask(client, 'refund_order', REFUND);
    const again = await ask(client, 'refund_order', REFUND);
    const reworded = await ask(client, 'refund_order', REWORDED);
    const after = await ask(client, 'get_refunds', { order_ref: 'O-1' });
    await client.close();
    const refunds = calls().filter((c) => c.tool === 'refund_order');
    console.log(
      `mcp-guard: 3 asks of one refund, ${refunds.length} sent to the child, ${calls().at(-1)?.moved ?? 0} moved; ` +
        `answers ${[first, again, reworded].map((a) => a.code ?? a.delivery).join(', ')}; ` +
        `_meta ${JSON.stringify(refunds[0]?._meta ?? null)}`,
    );
    expect([first.status, first.delivery]).toEqual(['succeeded', 'fresh']);
    expect([again.status, again.delivery, again.data]).toEqual(['succeeded', 'local_replay', first.data]);
    expect(reworded.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(refunds).toHaveLength(1);
    expect(calls().at(-1)?.moved).toBe(1);
    expect(refunds[0]?._meta).toEqual({ [MCP_IDEMPOTENCY_META]: KEY });
    // A read is sent at every ask, fresh, and carries no key: it has no effect to deduplicate.
    expect([before.data, after.data]).toEqual([
      { order_ref: 'O-1', refunds: 0 },
      { order_ref: 'O-1', refunds: 1 },
    ]);
    expect(
      calls()
        .filter((c) => c.tool === 'get_refunds')
        .map((c) => c._meta),
    ).toEqual([null, null]);
    const entries = await auditOf(audit, 5);
    expect(verifyAuditChain(entries).ok).toBe(true);
    const keys = entries.map((e) => e.protected_audit.operation.idempotency_key);
    expect(keys.slice(1, 4)).toEqual([KEY, KEY, KEY]);
    expect(new Set([keys[0], keys[4], KEY]).size).toBe(3);
  }, 60_000);

  it('a proxy started again over the same audit log replays the refund: the key is the intent’s, not the process’s', async () => {
    const { client, calls } = await guard(audit);
    const again = await ask(client, 'refund_order', REFUND);
    await client.close();
    console.log(
      `mcp-guard restarted: 1 more ask, ${calls().length} sent to the new child; answer ${again.code ?? again.delivery}`,
    );
    expect([again.status, again.delivery]).toEqual(['succeeded', 'local_replay']);
    expect(calls()).toHaveLength(0);
    await auditOf(audit, 6);
  }, 60_000);
});

describe('mcp-guard: T.mjs’s idempotency_fields as bad input', () => {
  it('refuses, exit 2 and a located line, fields for a read, for no tool, or naming no argument', async () => {
    for (const [fields, says] of [
      [{ get_refunds: ['order_ref'] }, '"get_refunds" is a read'],
      [{ send_email: ['to'] }, '"send_email" is not a tool of the registry'],
      // A name that is no argument would leave every refund with the same key: two refunds, one intent.
      [{ refund_order: ['order-ref'] }, '"refund_order" names "order-ref", which is not an argument of it'],
      [{ refund_order: [] }, '"refund_order" must be a non-empty list of argument names'],
    ] as const) {
      const file = join(scratch, `fields-${Object.keys(fields)[0]}-${says.length}.mjs`);
      writeFileSync(
        file,
        `export { refundOrder, getRefunds } from ${JSON.stringify(bundles.tools)};\n` +
          `export const idempotency_fields = ${JSON.stringify(fields)};\n`,
      );
      let r: { code: number; stderr: string };
      try {
        await promisify(execFile)(process.execPath, [
          bundles.proxy,
          'mcp-guard',
          '--tools',
          file,
          '--',
          process.execPath,
          bundles.ledger,
        ]);
        r = { code: 0, stderr: '' };
      } catch (e) {
        r = e as { code: number; stderr: string };
      }
      expect([r.code, r.stderr]).toEqual([2, expect.stringContaining(`${file}: export idempotency_fields: ${says}`)]);
    }
  }, 30_000);
});
