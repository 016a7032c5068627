/**
 * `tool-result mcp-guard` after its child says its tools changed (docs/mcp-guard.md#what-the-client-is-offered),
 * run as mcpGuard.test.ts runs it: the proxy a real process (src/cli/main.ts bundled by esbuild), the
 * hostile server its child (test/mcp/hostileServer.ts), the SDK's `Client` as the model's side. The
 * re-listing that follows a `list_changed` is made to fail (an error, no answer) and to be flooded;
 * the proxy must fail closed meanwhile and ask the child for its tools at most twice per flood. A flood of the
 * notifications the proxy never reads (progress nobody asked for) must not hold the next call's answer.
 * Every wait is on what a process wrote (the child logs each tools/list and call), never on time alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleAll } from './guardBundles.ts';
import { NOTIFY_FLOOD } from './hostileTools.ts';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
// Not mcpGuard.test.ts's prefix: its beforeAll removes the caches of other processes that carry its own.
const cache = join(root, 'node_modules', '.cache', `tool-result-mcp-relist-${process.pid}`);
const DEADLINE_MS = 3_000;
const scratch = mkdtempSync(join(tmpdir(), 'mcp-relist-'));
let bundles: { proxy: string; hostile: string; tools: string };

beforeAll(async () => {
  bundles = await bundleAll(cache, {
    proxy: 'src/cli/main.ts',
    hostile: 'test/mcp/hostileServer.ts',
    tools: 'test/mcp/hostileTools.ts',
  });
}, 60_000);
afterAll(() => {
  rmSync(cache, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

const order = (ref: string) => ({ order_ref: ref });
const hostileCommand = () => ['--', process.execPath, bundles.hostile];

/** A proxy of its own in front of a hostile child, the SDK's Client on its stdio; what it and its child write to stderr. */
async function guarded(audit: string, deadlineMs: number) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      bundles.proxy,
      'mcp-guard',
      '--tools',
      bundles.tools,
      '--audit',
      join(scratch, audit),
      '--deadline-ms',
      String(deadlineMs),
      ...hostileCommand(),
    ],
    cwd: root,
    stderr: 'pipe',
  });
  const seen = { stderr: '', listChanged: 0 };
  transport.stderr?.on('data', (chunk: Buffer) => (seen.stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'model-side', version: '1.0.0' });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    seen.listChanged++;
  });
  await client.connect(transport);
  const count = (text: string) => seen.stderr.split(text).length - 1;
  async function getOrderCall(ref: string) {
    const result = (await client.callTool({ name: 'get_order', arguments: order(ref) })) as CallToolResult;
    return result.structuredContent as { status: string; error: { code: string } | null; data: unknown };
  }
  /** A call to get_order must be refused with the catalog's answer, the child never called. */
  async function expectRefused(why: string) {
    const calls = count('hostile: call get_order');
    const r = await getOrderCall('ok');
    expect([r.status, r.error?.code], why).toEqual(['failed', 'OUTPUT_CONTRACT_VIOLATION']);
    expect(count('hostile: call get_order'), `${why}: the server was not called`).toBe(calls);
  }
  /** Once a listing has been pinned again, the tool is offered and served again. */
  async function expectServedAgain() {
    await expect
      .poll(async () => (await client.listTools()).tools.map((t) => t.name), { timeout: 10_000 })
      .toContain('get_order');
    expect((await getOrderCall('ok')).status).toBe('succeeded');
  }
  // The first call waits for the audit log's store (PGlite making a new directory).
  expect((await getOrderCall('ok')).status).toBe('succeeded');
  return { client, seen, count, getOrderCall, expectRefused, expectServedAgain };
}

describe('mcp-guard after list_changed: fails closed while the re-listing is pending or has failed', () => {
  let g: Awaited<ReturnType<typeof guarded>>;
  beforeAll(async () => {
    g = await guarded('relist-audit', DEADLINE_MS);
    // A proxy process, its child and a first PGlite store: 40 s was not enough once, on a CI machine whose two cores
    // ran the whole vitest suite beside it (2026-12-06).
  }, 120_000);
  afterAll(async () => {
    await g?.client.close();
  });

  it('a re-listing that answers an error: calls refused, the child not called; served again once a listing succeeds', async () => {
    expect((await g.getOrderCall('relist_error')).status).toBe('succeeded');
    // The child has answered the re-listing with an error (or is about to): pending or failed, the proxy is closed.
    await expect.poll(() => g.count(' error\n'), { timeout: 5_000 }).toBe(1);
    await g.expectRefused('after the re-listing answered an error');
    await expect.poll(() => g.count("listing the server's tools again failed"), { timeout: 5_000 }).toBe(1);
    // The next need of the pinning (the client's tools/list here) asks for a listing again, and it succeeds.
    await g.expectServedAgain();
  }, 30_000);

  it('a re-listing that never answers: nothing offered and calls refused while it is pending, and after its deadline', async () => {
    const hung = g.count(' hang\n');
    expect((await g.getOrderCall('relist_hang')).status).toBe('succeeded');
    await expect.poll(() => g.count(' hang\n'), { timeout: 5_000 }).toBe(hung + 1);
    await g.expectRefused('while the re-listing is pending');
    expect((await g.client.listTools()).tools).toEqual([]);
    const failed = g.count("listing the server's tools again failed");
    // The SDK's request timeout (--deadline-ms) ends the listing: it fails, and the proxy stays closed.
    await expect
      .poll(() => g.count("listing the server's tools again failed"), { timeout: DEADLINE_MS * 3 })
      .toBe(failed + 1);
    await g.expectRefused('after the re-listing passed its deadline');
    await g.expectServedAgain();
  }, 30_000);
});

describe('mcp-guard under a flood of list_changed: one re-listing in flight, at most one owed', () => {
  // Long enough for the proxy to read the whole flood before the call's answer, which the child writes after it.
  const FLOOD_DEADLINE_MS = 60_000;
  let g: Awaited<ReturnType<typeof guarded>>;
  beforeAll(async () => {
    g = await guarded('flood-audit', FLOOD_DEADLINE_MS);
  }, 120_000);
  afterAll(async () => {
    await g?.client.close();
  });

  it(`${NOTIFY_FLOOD} list_changed in one go cost the child at most 2 tools/list`, async () => {
    const listings = g.count('hostile: tools/list id');
    const told = g.seen.listChanged;
    const started = Date.now();
    expect((await g.getOrderCall('notify_flood')).status).toBe('succeeded');
    const read = Date.now() - started;
    await g.expectServedAgain();
    // The child writes its stderr in order: the line of this call comes after every tools/list it was sent.
    const calls = g.count('hostile: call get_order ok');
    expect((await g.getOrderCall('ok')).status).toBe('succeeded');
    await expect.poll(() => g.count('hostile: call get_order ok'), { timeout: 5_000 }).toBe(calls + 1);
    const asked = g.count('hostile: tools/list id') - listings;
    console.log(
      `[mcpGuard] ${NOTIFY_FLOOD} list_changed read in ${read} ms: ${asked} tools/list to the child, ` +
        `${g.seen.listChanged - told} list_changed to the client`,
    );
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(asked).toBeLessThanOrEqual(2);
    // The client is told twice: the offer went to nothing, and back.
    await expect.poll(() => g.seen.listChanged - told, { timeout: 5_000 }).toBe(2);
  }, 120_000);
});

describe('mcp-guard under a flood of notifications it never asked for', () => {
  let g: Awaited<ReturnType<typeof guarded>>;
  beforeAll(async () => {
    g = await guarded('progress-audit', DEADLINE_MS);
  }, 120_000);
  afterAll(async () => {
    await g?.client.close();
  });

  it(`${NOTIFY_FLOOD} progress notifications after an answer do not cost the next call its answer`, async () => {
    expect((await g.getOrderCall('progress_flood')).status).toBe('succeeded');
    const started = Date.now();
    // The flood is in the proxy's pipe before this call: its answer comes after the proxy has read all of it.
    const next = await g.getOrderCall('ok');
    console.log(
      `[mcpGuard] the call after ${NOTIFY_FLOOD} progress notifications answered in ${Date.now() - started} ms`,
    );
    expect([next.status, next.error?.code ?? null]).toEqual(['succeeded', null]);
    // Dropped unread, said once: not a line per notification on the proxy's stderr.
    expect(g.count('"notifications/progress"): dropped')).toBe(1);
  }, 60_000);
});
