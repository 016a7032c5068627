/**
 * `tool-result mcp-guard` (docs/mcp-guard.md) as an engineer runs it: the proxy a real process
 * (src/cli/main.ts bundled by esbuild), its child the hostile server (test/mcp/hostileServer.ts,
 * a real process too), its registry test/mcp/hostileTools.ts as T.mjs, and the SDK's own
 * `Client` as the model's side. For each hostile case: what the client gets (validated data or
 * a catalog error, and none of the server's forbidden text), that the next call is served, and,
 * once the proxy has exited, what the audit log records, its chain verified.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleAll } from './guardBundles.ts';
import { resultJsonSchema } from '../../src/core/index.ts';
import { readAuditLog } from '../../src/cli/auditStore.ts';
import { verifyAuditChain, type AuditEntry } from '../../src/control/index.ts';
import { FORBIDDEN, getOrder, getRate, kbSearch, refundOrder } from './hostileTools.ts';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const cache = join(root, 'node_modules', '.cache', `tool-result-mcp-guard-${process.pid}`);
const DEADLINE_MS = 3_000;

interface Bundles {
  proxy: string;
  hostile: string;
  tools: string;
}

let bundles: Bundles;
const scratch = mkdtempSync(join(tmpdir(), 'mcp-guard-'));

beforeAll(async () => {
  // A fresh install has no node_modules/.cache until some tool makes it: the sweep of earlier runs' bundles starts it.
  mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
  for (const name of readdirSync(join(root, 'node_modules', '.cache'), { withFileTypes: true }))
    if (name.name.startsWith('tool-result-mcp-guard-') && name.name !== `tool-result-mcp-guard-${process.pid}`)
      rmSync(join(root, 'node_modules', '.cache', name.name), { recursive: true, force: true });
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

/** The CLI run to its end (for pin, bad input and audit verify). */
async function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await promisify(execFile)(process.execPath, [bundles.proxy, ...args], { cwd: root });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

const runProxy = (args: string[]) => runCli(['mcp-guard', ...args]);

const hostileCommand = () => ['--', process.execPath, bundles.hostile];

describe('mcp-guard pin and bad input', () => {
  it('pin prints the server’s current definitions with their pins, and which of T.mjs’s hold', async () => {
    const r = await runProxy(['pin', '--tools', bundles.tools, ...hostileCommand()]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      server: { name: string };
      tools: { mcp: { tool: string; definition_sha256: string } }[];
      pinning: { pinned: { tool: string }[]; unregistered: { name: string }[] };
    };
    expect(out.server.name).toBe('hostile-orders');
    const pins = Object.fromEntries(out.tools.map((t) => [t.mcp.tool, t.mcp.definition_sha256]));
    for (const spec of [getOrder, refundOrder, kbSearch, getRate])
      expect(pins[spec.mcp.tool]).toBe(spec.mcp.definition_sha256);
    expect(out.pinning.pinned.map((p) => p.tool).sort()).toEqual([
      'get_order',
      'get_rate',
      'kb_search',
      'refund_order',
    ]);
    expect(out.pinning.unregistered.map((u) => u.name)).toEqual(['exfiltrate_secrets']);
  });

  it('refuses, exit 2 and a located line, no --tools, a T.mjs with no spec, and a pin that does not hold', async () => {
    const none = await runProxy(hostileCommand());
    expect([none.code, none.stderr]).toEqual([2, expect.stringMatching(/^error: mcp-guard: needs --tools T\.mjs/)]);
    const empty = join(scratch, 'empty.mjs');
    writeFileSync(empty, 'export const answer = 42;\n');
    const noSpec = await runProxy(['--tools', empty, ...hostileCommand()]);
    expect([noSpec.code, noSpec.stderr]).toEqual([2, expect.stringContaining(`${empty}: exports no tool spec`)]);
    const wrong = join(scratch, 'wrong.mjs');
    writeFileSync(
      wrong,
      `import { getOrder } from ${JSON.stringify(bundles.tools)};\n` +
        `export const stale = { ...getOrder, mcp: { ...getOrder.mcp, definition_sha256: '${'0'.repeat(64)}' } };\n`,
    );
    const mismatch = await runProxy(['--tools', wrong, ...hostileCommand()]);
    expect(mismatch.code).toBe(2);
    expect(mismatch.stderr).toContain(`${wrong}: tool "get_order": the listed definition of "get_order" hashes to`);
    expect(mismatch.stderr).toContain(getOrder.mcp.definition_sha256);
  }, 20_000);
});

/** One call of the suite: what it asks, the code the client must get (null: data), and what its audit entry must hold. */
interface Case {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  code: string | null;
  violation?: string;
  redaction?: string;
}

const order = (ref: string) => ({ order_ref: ref });
const CASES: Case[] = [
  {
    name: 'nests a token in structuredContent',
    tool: 'get_order',
    args: order('token'),
    code: 'OUTPUT_CONTRACT_VIOLATION',
  },
  { name: 'adds an extra business field', tool: 'get_order', args: order('extra'), code: 'OUTPUT_CONTRACT_VIOLATION' },
  {
    name: 'sends a text block whose JSON differs',
    tool: 'get_order',
    args: order('mismatch'),
    code: 'OUTPUT_CONTRACT_VIOLATION',
    violation: 'MCP_CONTENT_MISMATCH',
  },
  {
    name: 'puts an injection only in a text block',
    tool: 'get_order',
    args: order('injection'),
    code: null,
    redaction: 'mcp_unstructured_text',
  },
  {
    name: 'embeds a resource holding a secret',
    tool: 'get_order',
    args: order('secret'),
    code: null,
    redaction: 'mcp_resource',
  },
  { name: 'links off-host', tool: 'get_order', args: order('link'), code: null, redaction: 'mcp_resource_link' },
  {
    name: 'answers isError with a stack trace',
    tool: 'get_order',
    args: order('stack'),
    code: 'TOOL_ERROR',
    redaction: 'mcp_error_text',
  },
  { name: 'lists a tool the registry does not know', tool: 'exfiltrate_secrets', args: {}, code: 'UNKNOWN_TOOL' },
  {
    name: 'returns a non-final resultType',
    tool: 'get_order',
    args: order('not_final'),
    code: 'OUTPUT_CONTRACT_VIOLATION',
    violation: 'MCP_NOT_FINAL',
  },
  {
    name: 'sends 5 MB',
    tool: 'get_order',
    args: order('huge'),
    code: 'OUTPUT_CONTRACT_VIOLATION',
    violation: 'SIZE_LIMIT',
  },
  {
    name: 'nests 10 000 deep',
    tool: 'get_order',
    args: order('deep'),
    code: 'OUTPUT_CONTRACT_VIOLATION',
    violation: 'DEPTH_LIMIT',
  },
  {
    name: 'sends 50 MB in one frame, its id last',
    tool: 'get_order',
    args: order('flood'),
    code: 'OUTPUT_CONTRACT_VIOLATION',
    violation: 'SIZE_LIMIT',
  },
  { name: 'writes 50 MB of a frame that never ends', tool: 'get_order', args: order('flood_open'), code: 'TOOL_ERROR' },
  {
    name: 'answers first under another id (the id as a string)',
    tool: 'get_order',
    args: order('wrong_id'),
    code: null,
    redaction: 'mcp_text_duplicate',
  },
  {
    name: 'names a member twice, the last one right',
    tool: 'get_order',
    args: order('duplicate'),
    code: 'OUTPUT_CONTRACT_VIOLATION',
    violation: 'MCP_RESULT_SCHEMA',
  },
  { name: 'never answers', tool: 'get_order', args: order('hang'), code: 'TOOL_ERROR' },
  { name: 'crashes mid-call', tool: 'get_order', args: order('crash'), code: 'TOOL_ERROR' },
  { name: 'crashes mid-call, a write', tool: 'refund_order', args: order('crash'), code: 'OUTCOME_UNKNOWN' },
  { name: 'writes frames that are not JSON', tool: 'get_order', args: order('garbage'), code: 'TOOL_ERROR' },
];

const OK: Case = {
  name: 'the next call',
  tool: 'get_order',
  args: order('ok'),
  code: null,
  redaction: 'mcp_text_duplicate',
};

describe('mcp-guard in front of a hostile server, the SDK’s Client as the model’s side', () => {
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';
  let listChanged = 0;
  const audit = join(scratch, 'audit');
  /** Every call made, in order: the audit's entries are in the same order. */
  const made: { c: Case; result: CallToolResult }[] = [];

  beforeAll(async () => {
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        bundles.proxy,
        'mcp-guard',
        '--tools',
        bundles.tools,
        '--audit',
        audit,
        '--deadline-ms',
        String(DEADLINE_MS),
        ...hostileCommand(),
      ],
      cwd: root,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    client = new Client({ name: 'model-side', version: '1.0.0' });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      listChanged++;
    });
    await client.connect(transport);
  }, 30_000);

  async function call(c: Case): Promise<CallToolResult> {
    const result = (await client.callTool({ name: c.tool, arguments: c.args })) as CallToolResult;
    made.push({ c, result });
    const text = JSON.stringify(result);
    for (const f of Object.values(FORBIDDEN)) expect(text, `${c.name}: ${f}`).not.toContain(f);
    const mr = result.structuredContent as { status: string; error: { code: string } | null; data: unknown };
    expect(mr.error?.code ?? null, c.name).toBe(c.code);
    expect(result.isError ?? false).toBe(c.code !== null);
    if (c.code === null)
      expect(mr.data).toEqual(c.tool === 'get_order' ? { order_ref: c.args.order_ref, total_cents: 1200 } : mr.data);
    return result;
  }

  it('offers only the registry’s pinned tools, each with the outputSchema of its whole model_result', async () => {
    const { tools } = await client.listTools();
    // T.mjs's exports in the module namespace's order (by name).
    expect(tools.map((t) => t.name)).toEqual(['get_order', 'get_rate', 'kb_search', 'refund_order']);
    expect(tools[0]?.outputSchema).toEqual(resultJsonSchema(getOrder));
    // The first call waits for the audit log's store (PGlite making a new directory).
    await call(OK);
  }, 40_000);

  it('answers each hostile case with validated data or a catalog error, and serves the next call', async () => {
    for (const c of CASES) {
      const started = Date.now();
      await call(c);
      // Nothing but a hang (or a frame that never ends) waits for the deadline: a crash or garbage fails the call at once.
      expect(Date.now() - started, c.name).toBeLessThan(
        ['hang', 'flood_open'].includes(c.args.order_ref as string) ? DEADLINE_MS + 1_000 : DEADLINE_MS,
      );
      await call(OK);
    }
    expect(stderr).toContain('the server wrote a line that is not a JSON-RPC message');
    expect(stderr).toContain('the server closed its connection');
    // The proxy held 1 MiB and one byte of each frame past the limit, and counted the rest: 5 MB, then 50 MB.
    const cuts = [
      ...stderr.matchAll(/answer to its request \d+ is (\d+) bytes, past the 1048576-byte limit: cut after (\d+)/g),
    ];
    expect(cuts.map((m) => [Math.floor(Number(m[1]) / 1_000_000), Number(m[2])])).toEqual([
      [5, 1_048_577],
      [50, 1_048_577],
    ]);
    expect(stderr).toContain('the server is still writing a frame past the limit; closing it');
    expect(stderr).toMatch(/the server answered with id "\d+", which names no request in flight: dropped/);
  }, 40_000);

  it('takes a changed description, a changed outputSchema, then a write’s changed description out of the offer, and never calls them', async () => {
    for (const [trigger, tool, args, outcome] of [
      ['poison', 'kb_search', { query: 'refunds' }, 'not_started'],
      ['drift', 'get_rate', { currency: 'EUR' }, 'not_started'],
      // The server is not called, yet a write's refusal says `unknown`: the catalog's rule (docs/decisions.md#mcp-guard).
      ['rewrite', 'refund_order', { order_ref: 'ok' }, 'unknown'],
    ] as const) {
      const seen = listChanged;
      await call({ ...OK, name: trigger, args: order(trigger) });
      await expect.poll(() => listChanged, { timeout: 5_000 }).toBeGreaterThan(seen);
      // The offer goes to nothing while the re-listing is pending (the proxy fails closed), then comes back re-pinned.
      await expect
        .poll(async () => (await client.listTools()).tools.map((t) => t.name), { timeout: 5_000 })
        .toContain('get_order');
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).not.toContain(tool);
      const calls = stderr.split(`hostile: call ${tool}`).length;
      const refused = await call({
        name: `${tool} after ${trigger}`,
        tool,
        args,
        code: 'OUTPUT_CONTRACT_VIOLATION',
        violation: 'MCP_DEFINITION_CHANGED',
      });
      const { status, error } = refused.structuredContent as { status: string; error: { outcome: string } };
      expect([status, error.outcome], tool).toEqual([outcome === 'unknown' ? 'unknown' : 'failed', outcome]);
      expect(stderr.split(`hostile: call ${tool}`).length, 'the server was not called').toBe(calls);
      await call(OK);
    }
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['get_order']);
  }, 20_000);

  it('has appended one entry per call to the audit log, whose chain verifies, each recording what the call was', async () => {
    await client.close();
    await expect.poll(() => stderr.includes('audit log in'), { timeout: 1_000 }).toBe(true);
    let entries: AuditEntry[] = [];
    await expect
      .poll(
        async () => {
          entries = (await readAuditLog(audit).catch(() => [])) as AuditEntry[];
          return entries.length;
        },
        { timeout: 10_000 },
      )
      .toBe(made.length);
    expect(verifyAuditChain(entries)).toEqual({ ok: true, checked: made.length, broken: null });
    const codes = new Set<string>();
    made.forEach(({ c }, i) => {
      const a = (entries[i] as AuditEntry).protected_audit;
      expect(a.provider_context.provider).toBe('mcp');
      expect(a.provider_context.response_id).toMatch(/^mcp-connection-/);
      if (c.violation !== undefined)
        expect(
          a.violations.map((v) => v.code),
          c.name,
        ).toContain(c.violation);
      if (c.redaction !== undefined)
        expect(
          a.redactions.map((r) => r.reason),
          c.name,
        ).toContain(c.redaction);
      if (c.code === 'OUTPUT_CONTRACT_VIOLATION') expect(a.violations.length, c.name).toBeGreaterThan(0);
      codes.add(a.operation.idempotency_key);
      // The client's request (call_id) and the child's (request_ref) in one entry, for every call the child answered.
      if (c.code === null) expect(a.downstream.request_ref, c.name).toMatch(/^mcp-child-[0-9a-f]{8}-\d+:request-\d+$/);
      if (c.code === 'UNKNOWN_TOOL' || c.violation === 'MCP_DEFINITION_CHANGED')
        expect(a.downstream.request_ref, c.name).toBeNull();
    });
    expect(codes.size).toBe(made.length);
    // The answer the client got for wrong_id came to the request the child logged, under that id exactly.
    const wrong = made.findIndex(({ c }) => c.args.order_ref === 'wrong_id');
    const sent = /hostile: call get_order wrong_id id (\d+)/.exec(stderr)?.[1];
    expect((entries[wrong] as AuditEntry).protected_audit.downstream.request_ref).toMatch(
      new RegExp(`:request-${sent}$`),
    );
    // The audit holds what the model was not shown, by pointer and reason, never the text itself.
    for (const f of [FORBIDDEN.secret, FORBIDDEN.injection, FORBIDDEN.stack])
      expect(JSON.stringify(entries)).not.toContain(f);
  }, 20_000);
});

describe('mcp-guard --key: a keyed audit log', () => {
  const key = (secret: string) => `${JSON.stringify({ id: 'guard-key-1', secret })}\n`;

  it('refuses a key file it cannot use: one located line, exit 2, before COMMAND is started', async () => {
    const short = join(scratch, 'short-key.json');
    writeFileSync(short, key('ab'.repeat(16)));
    for (const [path, where] of [
      [short, `${short}: /secret: must be a string of hex digits`],
      [join(scratch, 'absent-key.json'), `${join(scratch, 'absent-key.json')}: cannot read (ENOENT)`],
    ] as const) {
      const r = await runProxy(['--tools', bundles.tools, '--key', path, ...hostileCommand()]);
      expect([r.code, r.stderr.trimEnd().split('\n')]).toEqual([2, [expect.stringContaining(where)]]);
      expect(r.stderr).not.toContain('hostile:');
    }
  }, 20_000);

  it('appends keyed entries, which audit verify accepts with the key and refuses without it or with another', async () => {
    const dir = join(scratch, 'keyed-audit');
    const good = join(scratch, 'key.json');
    const other = join(scratch, 'other-key.json');
    writeFileSync(good, key('5a'.repeat(32)));
    writeFileSync(other, key('a5'.repeat(32)));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bundles.proxy, 'mcp-guard', '--tools', bundles.tools, '--audit', dir, '--key', good, ...hostileCommand()],
      cwd: root,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 'model-side', version: '1.0.0' });
    await client.connect(transport);
    for (const ref of ['ok', 'token']) await client.callTool({ name: 'get_order', arguments: order(ref) });
    await client.close();
    await expect.poll(() => stderr.includes('keyed (guard-key-1)'), { timeout: 5_000 }).toBe(true);
    await expect
      .poll(async () => ((await readAuditLog(dir).catch(() => [])) as AuditEntry[]).length, { timeout: 10_000 })
      .toBe(2);
    const entries = (await readAuditLog(dir)) as AuditEntry[];
    expect(entries.map((e) => e.protected_audit.binding.algorithm)).toEqual(['hmac-sha256', 'hmac-sha256']);
    const verify = (...more: string[]) => runCli(['audit', 'verify', '--db', dir, ...more]);
    const withKey = await verify('--key', good);
    expect([withKey.code, JSON.parse(withKey.stdout)]).toEqual([0, { ok: true, entries: 2, checked: 2, broken: null }]);
    const without = await verify();
    expect([without.code, without.stderr]).toEqual([1, expect.stringContaining('pass --key')]);
    const another = await verify('--key', other);
    expect([another.code, (JSON.parse(another.stdout) as { ok: boolean }).ok]).toEqual([1, false]);
  }, 180_000);
});
