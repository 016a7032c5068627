/**
 * Beside the guard, what the common MCP clients would hand a model (docs/mcp-guard.md#beside-the-guard-what-the-clients-let-through).
 * The hostile server (test/mcp/hostileServer.ts) runs as a real process, spoken to over stdio by
 * the official SDK's `Client`; each content-carrying case is then read the way each client reads
 * it, and the test searches what the model would be handed for the server's FORBIDDEN text. The
 * table is a pin of third-party behaviour, as test/sdkCrossCheck.test.ts is: it is computed from
 * the SDK's answers and the clients' mappings, and compared with the literal below, so a client
 * that starts (or stops) letting a case through fails it.
 *
 * The Anthropic column runs the installed SDK's own helper (`mcpTool`, and `runRunnableTool`,
 * which its tool runner puts around every tool). OpenAI Agents JS and the Vercel AI SDK are not
 * dependencies of this project: their mappings are written below from their source, each with
 * its citation.
 */
import { fileURLToPath } from 'node:url';
import { mcpTool, type MCPClientLike } from '@anthropic-ai/sdk/helpers/beta/mcp';
import { runRunnableTool } from '@anthropic-ai/sdk/lib/tools/BetaRunnableTool';
import type { BetaToolRunContext } from '@anthropic-ai/sdk/lib/tools/BetaRunnableTool';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  CallToolResultSchema,
  ResultSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, type TrustedContext } from '../../src/core/index.ts';
import { mcpDefinitionState, pinMcpTools, type McpPinning } from '../../src/core/mcp/index.ts';
import { mcpAnswer, mcpBoundCall, mcpToolDefinition } from '../../src/mcpServer/index.ts';
import { FORBIDDEN, getOrder, getRate, kbSearch, refundOrder } from './hostileTools.ts';

const dispatcher = createDispatcher({ tools: [getOrder, refundOrder, kbSearch, getRate] });
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const server = fileURLToPath(new URL('./hostileServer.ts', import.meta.url));

const MAPPINGS = [
  'Client.callTool alone',
  'OpenAI Agents JS',
  'OpenAI Agents JS, useStructuredContent',
  'Vercel AI SDK (@ai-sdk/mcp)',
  'Anthropic mcpTool',
  'the guard',
] as const;
type Mapping = (typeof MAPPINGS)[number];
/** `throws`: the model is handed an error instead of the result, and the error holds none of the server's text. */
type Cell = 'lets through' | 'stops' | 'throws';

/** What the model is handed: the value, and whether it stands for a thrown error. */
interface Handed {
  value: unknown;
  threw: boolean;
}

/** Every string the model would read in `value`: its JSON, and each string in it unescaped (a text block's JSON is a string in a string). */
function readable(value: unknown): string {
  const out = [JSON.stringify(value) ?? String(value)];
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') out.push(v);
    else if (typeof v === 'object' && v !== null) stack.push(...Object.values(v));
  }
  return out.join('\n');
}

const markersIn = (value: unknown): string[] => {
  const text = readable(value);
  return Object.entries(FORBIDDEN)
    .filter(([, marker]) => text.includes(marker))
    .map(([name]) => name);
};

function cellOf(h: Handed): Cell {
  if (markersIn(h.value).length > 0) return 'lets through';
  return h.threw ? 'throws' : 'stops';
}

type Outcome = { ok: true; result: CallToolResult } | { ok: false; error: Error };
async function settle(p: Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, result: (await p) as CallToolResult };
  } catch (e) {
    return { ok: false, error: e as Error };
  }
}

/**
 * OpenAI Agents JS: `mcpToFunctionTool`'s `invoke` in packages/agents-core/src/mcp.ts
 * (https://github.com/openai/openai-agents-js/blob/main/packages/agents-core/src/mcp.ts, @openai/agents-core 0.17):
 * with `useStructuredContent` and no `isError`, `JSON.stringify(structuredContent)`; otherwise
 * `content[0]` when there is one block, else the `content` array. The runner's
 * `getToolCallOutputItem` (packages/agents-core/src/runner/toolExecution.ts) then makes an output
 * of text, image and file blocks `input_*` items (`normalizeStructuredToolOutputs`,
 * runner/toolOutputNormalization.ts) and anything else, a resource among them, `toSmartString`'s
 * JSON (utils/smartString.ts); no case here has an image or a file, so only text is written. A thrown call is `defaultToolErrorFunction`'s text
 * (packages/agents-core/src/tool.ts), which an MCP tool keeps unless its server sets `errorFunction`.
 * Its MCP server calls the SDK's `Client.callTool` with the listed definition (`callToolResult`,
 * packages/agents-core/src/shims/mcp-server/node.ts), so the SDK's outputSchema check stands.
 */
function openaiAgents(o: Outcome, useStructuredContent: boolean): Handed {
  if (!o.ok)
    return {
      value: `An error occurred while running the tool. Please try again. Error: ${o.error.toString()}`,
      threw: true,
    };
  const { content, structuredContent, isError } = o.result;
  const output =
    useStructuredContent && isError !== true && structuredContent !== undefined
      ? JSON.stringify(structuredContent)
      : content.length === 1
        ? content[0]
        : content;
  const items = Array.isArray(output) ? output : [output];
  const structured = items.length > 0 && items.every((b) => typeof b === 'object' && b !== null && b.type === 'text');
  return {
    value: structured
      ? items.map((b) => ({ type: 'input_text', text: (b as { text: string }).text }))
      : { type: 'text', text: typeof output === 'string' ? output : JSON.stringify(output) },
    threw: false,
  };
}

/**
 * Vercel AI SDK, `@ai-sdk/mcp` 2.0: `MCPClient.toolsFromDefinitions`' `execute` and
 * `mcpToModelOutput` in packages/mcp/src/tool/mcp-client.ts
 * (https://github.com/vercel/ai/blob/main/packages/mcp/src/tool/mcp-client.ts). Its own client
 * parses the answer with its own `CallToolResultSchema` and, with the default `schemas:
 * 'automatic'`, checks no outputSchema: `execute` returns the result as it came, `isError` or
 * not, and the model gets each `content` block, a text block as text and any other block but an
 * image as its JSON; `structuredContent` is handed on only when there is no `content` array.
 */
function vercelAi(o: Outcome): Handed {
  if (!o.ok) return { value: o.error.message, threw: true };
  const r = o.result as unknown as Record<string, unknown>;
  if (!Array.isArray(r.content)) return { value: { type: 'json', value: r }, threw: false };
  const value = (r.content as { type: string; text?: unknown }[]).map((part) =>
    part.type === 'text' && 'text' in part
      ? { type: 'text', text: part.text }
      : part.type === 'image'
        ? { type: 'file', data: part }
        : { type: 'text', text: JSON.stringify(part) },
  );
  return { value: { type: 'content', value }, threw: false };
}

/**
 * Anthropic: `mcpTool` (src/helpers/beta/mcp.ts,
 * https://github.com/anthropics/anthropic-sdk-typescript/blob/main/src/helpers/beta/mcp.ts), run as
 * the tool runner runs it (`runToolCall` in src/lib/tools/BetaToolRunner.ts, through
 * `runRunnableTool`): the installed SDK's code, not a copy. A `string` content that is an error
 * is something the helper threw (`Error: …`); an `isError` result is its own blocks.
 */
async function anthropic(client: Client, definition: Tool, args: Record<string, unknown>): Promise<Handed> {
  const outcome = await runRunnableTool(mcpTool(definition, anthropicClient(client)), args, {} as BetaToolRunContext);
  return {
    value: { type: 'tool_result', content: outcome.content, ...(outcome.isError ? { is_error: true } : {}) },
    threw: outcome.isError && typeof outcome.content === 'string',
  };
}

/**
 * The SDK's `Client` as the helper's client, as the helper's own example hands it: the SDK types
 * `callTool`'s answer with the legacy `toolResult` form too, which the helper's type leaves out.
 */
const anthropicClient = (client: Client) => client as unknown as MCPClientLike;

/** The content-carrying cases: the order asked of `get_order`, by the name the table gives it. */
const CASES = {
  'a token nested in structuredContent': 'token',
  'an extra business field': 'extra',
  'a text block whose JSON differs': 'mismatch',
  'an injection only in a text block': 'injection',
  'an embedded resource holding a secret': 'secret',
  'an off-host resource link': 'link',
  'isError with a stack trace': 'stack',
} as const;
type CaseName = keyof typeof CASES | 'a tool the registry does not know' | 'a changed description';

/**
 * The pin. Pinned against @modelcontextprotocol/sdk 1.32, @anthropic-ai/sdk's `mcpTool` as
 * installed, @openai/agents-core 0.17 and @ai-sdk/mcp 2.0 as read from their source.
 */
const EXPECTED: Record<CaseName, Record<Mapping, Cell>> = {
  'a token nested in structuredContent': {
    'Client.callTool alone': 'throws',
    'OpenAI Agents JS': 'throws',
    'OpenAI Agents JS, useStructuredContent': 'throws',
    'Vercel AI SDK (@ai-sdk/mcp)': 'lets through',
    'Anthropic mcpTool': 'throws',
    'the guard': 'stops',
  },
  'an extra business field': {
    'Client.callTool alone': 'throws',
    'OpenAI Agents JS': 'throws',
    'OpenAI Agents JS, useStructuredContent': 'throws',
    'Vercel AI SDK (@ai-sdk/mcp)': 'lets through',
    'Anthropic mcpTool': 'throws',
    'the guard': 'stops',
  },
  'a text block whose JSON differs': {
    'Client.callTool alone': 'lets through',
    'OpenAI Agents JS': 'lets through',
    'OpenAI Agents JS, useStructuredContent': 'stops',
    'Vercel AI SDK (@ai-sdk/mcp)': 'lets through',
    'Anthropic mcpTool': 'lets through',
    'the guard': 'stops',
  },
  'an injection only in a text block': {
    'Client.callTool alone': 'lets through',
    'OpenAI Agents JS': 'lets through',
    'OpenAI Agents JS, useStructuredContent': 'stops',
    'Vercel AI SDK (@ai-sdk/mcp)': 'lets through',
    'Anthropic mcpTool': 'lets through',
    'the guard': 'stops',
  },
  'an embedded resource holding a secret': {
    'Client.callTool alone': 'lets through',
    'OpenAI Agents JS': 'lets through',
    'OpenAI Agents JS, useStructuredContent': 'stops',
    'Vercel AI SDK (@ai-sdk/mcp)': 'lets through',
    'Anthropic mcpTool': 'lets through',
    'the guard': 'stops',
  },
  'an off-host resource link': {
    'Client.callTool alone': 'lets through',
    'OpenAI Agents JS': 'lets through',
    'OpenAI Agents JS, useStructuredContent': 'stops',
    'Vercel AI SDK (@ai-sdk/mcp)': 'lets through',
    'Anthropic mcpTool': 'throws',
    'the guard': 'stops',
  },
  'isError with a stack trace': {
    'Client.callTool alone': 'lets through',
    'OpenAI Agents JS': 'lets through',
    'OpenAI Agents JS, useStructuredContent': 'lets through',
    'Vercel AI SDK (@ai-sdk/mcp)': 'lets through',
    'Anthropic mcpTool': 'lets through',
    'the guard': 'stops',
  },
  'a tool the registry does not know': {
    'Client.callTool alone': 'lets through',
    'OpenAI Agents JS': 'lets through',
    'OpenAI Agents JS, useStructuredContent': 'lets through',
    'Vercel AI SDK (@ai-sdk/mcp)': 'lets through',
    'Anthropic mcpTool': 'lets through',
    'the guard': 'stops',
  },
  'a changed description': {
    'Client.callTool alone': 'lets through',
    'OpenAI Agents JS': 'lets through',
    'OpenAI Agents JS, useStructuredContent': 'lets through',
    'Vercel AI SDK (@ai-sdk/mcp)': 'lets through',
    'Anthropic mcpTool': 'lets through',
    'the guard': 'stops',
  },
};

/**
 * The tool definitions each client hands the model from a listing: the SDK's `listTools` as it
 * came; OpenAI Agents' function tool (`mcpToFunctionTool`: `description: mcpTool.description || ''`);
 * the AI SDK's tool (`toolsFromDefinitions`: `description`, the input schema); Anthropic's
 * `mcpTool` itself; the guard's offer, as its `tools/list` answers it (src/cli/mcpGuardServer.ts).
 */
function offered(tools: Tool[], client: Client, pinning: McpPinning): Record<Mapping, unknown> {
  const agents = tools.map((t) => ({ type: 'function', name: t.name, description: t.description || '' }));
  return {
    'Client.callTool alone': tools,
    'OpenAI Agents JS': agents,
    'OpenAI Agents JS, useStructuredContent': agents,
    'Vercel AI SDK (@ai-sdk/mcp)': Object.fromEntries(
      tools.map((t) => [t.name, { description: t.description, inputSchema: t.inputSchema }]),
    ),
    'Anthropic mcpTool': tools.map((t) => mcpTool(t, anthropicClient(client))),
    'the guard': Object.values(dispatcher.tools)
      .filter((spec) => mcpDefinitionState(spec, pinning) === null)
      .map(mcpToolDefinition),
  };
}

let nextId = 0;
/** A call bound as the proxy binds it (src/cli/mcpGuardServer.ts), fresh and now, as the control plane makes it. */
function trustedFor(name: string, args: Record<string, unknown>): TrustedContext {
  const bound = mcpBoundCall(
    { name, arguments: args },
    { requestId: ++nextId, responseId: 'mcp-connection-compare' },
    { tenant: 'mcp-guard', subject: 'stdio-client' },
    (kind) => `${kind}-${nextId}`,
  );
  return { ...bound, arguments: args, delivery: 'fresh', now: '2026-07-19T00:00:05Z' } as TrustedContext;
}

describe('beside the guard: what the SDK’s Client alone and the common clients hand a model', () => {
  let client: Client;
  let tools: Tool[];
  let pinning: McpPinning;
  let listChanged = 0;
  const table = {} as Record<CaseName, Record<Mapping, Cell>>;
  const handed = {} as Record<CaseName, Record<Mapping, unknown>>;

  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', server],
      cwd: root,
      stderr: 'pipe',
    });
    client = new Client({ name: 'model-side', version: '1.0.0' });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      listChanged++;
    });
    await client.connect(transport);
    // A client lists before it calls: that is when the SDK learns each tool's outputSchema.
    tools = (await client.listTools()).tools;
    pinning = pinMcpTools({ tools }, dispatcher);
  }, 30_000);
  afterAll(async () => {
    await client?.close();
  });

  /** The guard's answer: the child's result read as its child reader reads it (ResultSchema), projected and answered as the proxy does. */
  async function guard(name: string, args: Record<string, unknown>, pins: McpPinning): Promise<Handed> {
    const raw = await client.request({ method: 'tools/call', params: { name, arguments: args } }, ResultSchema);
    const trusted = trustedFor(name, args);
    return { value: mcpAnswer(dispatcher, dispatcher.projectMcp(raw, trusted, pins), trusted), threw: false };
  }

  it('reads each content-carrying case as each client would, and finds what the model is handed', async () => {
    const getOrderDefinition = tools.find((t) => t.name === 'get_order') as Tool;
    for (const [name, ref] of Object.entries(CASES) as [keyof typeof CASES, string][]) {
      const args = { order_ref: ref };
      const sdk = await settle(client.callTool({ name: 'get_order', arguments: args }));
      // The AI SDK's own client checks no outputSchema: the SDK's result schema alone is the same parse.
      const unchecked = await settle(
        client.request({ method: 'tools/call', params: { name: 'get_order', arguments: args } }, CallToolResultSchema),
      );
      const cells: Record<Mapping, Handed> = {
        'Client.callTool alone': sdk.ok
          ? { value: sdk.result, threw: false }
          : { value: sdk.error.message, threw: true },
        'OpenAI Agents JS': openaiAgents(sdk, false),
        'OpenAI Agents JS, useStructuredContent': openaiAgents(sdk, true),
        'Vercel AI SDK (@ai-sdk/mcp)': vercelAi(unchecked),
        'Anthropic mcpTool': await anthropic(client, getOrderDefinition, args),
        'the guard': await guard('get_order', args, pinning),
      };
      handed[name] = Object.fromEntries(MAPPINGS.map((m) => [m, cells[m].value])) as Record<Mapping, unknown>;
      table[name] = Object.fromEntries(MAPPINGS.map((m) => [m, cellOf(cells[m])])) as Record<Mapping, Cell>;
    }
    for (const name of Object.keys(CASES) as (keyof typeof CASES)[]) expect(table[name], name).toEqual(EXPECTED[name]);
  }, 60_000);

  it('says which of them hand the model both stories of the text block that differs', () => {
    const both = (v: unknown) => {
      const text = readable(v);
      return text.includes(FORBIDDEN.mismatch) && text.includes('total_cents":1200');
    };
    const stories = Object.fromEntries(
      MAPPINGS.map((m) => [m, both(handed['a text block whose JSON differs'][m])]),
    ) as Record<Mapping, boolean>;
    // Only the whole result carries both: each client shows one, and a client that shows the text shows the one nobody checked.
    expect(stories).toEqual({
      'Client.callTool alone': true,
      'OpenAI Agents JS': false,
      'OpenAI Agents JS, useStructuredContent': false,
      'Vercel AI SDK (@ai-sdk/mcp)': false,
      'Anthropic mcpTool': false,
      'the guard': false,
    });
  });

  it('offers a tool the registry does not know to the model, except the guard, which answers a call to it UNKNOWN_TOOL', async () => {
    const offer = offered(tools, client, pinning);
    table['a tool the registry does not know'] = Object.fromEntries(
      MAPPINGS.map((m) => [m, readable(offer[m]).includes('exfiltrate_secrets') ? 'lets through' : 'stops']),
    ) as Record<Mapping, Cell>;
    expect(table['a tool the registry does not know']).toEqual(EXPECTED['a tool the registry does not know']);
    const call = (await guard('exfiltrate_secrets', {}, pinning)).value as CallToolResult;
    expect((call.structuredContent as { error: { code: string } }).error.code).toBe('UNKNOWN_TOOL');
  });

  it('hands the model a description changed after review, announced by list_changed, except the guard', async () => {
    const seen = listChanged;
    await client.callTool({ name: 'get_order', arguments: { order_ref: 'poison' } });
    await expect.poll(() => listChanged, { timeout: 5_000 }).toBeGreaterThan(seen);
    const relisted = (await client.listTools()).tools;
    const pins = pinMcpTools({ tools: relisted }, dispatcher);
    const offer = offered(relisted, client, pins);
    table['a changed description'] = Object.fromEntries(
      MAPPINGS.map((m) => [m, markersIn(offer[m]).length > 0 ? 'lets through' : 'stops']),
    ) as Record<Mapping, Cell>;
    expect(table['a changed description']).toEqual(EXPECTED['a changed description']);
    const call = (await guard('kb_search', { query: 'refunds' }, pins)).value as CallToolResult;
    expect((call.structuredContent as { error: { code: string } }).error.code).toBe('OUTPUT_CONTRACT_VIOLATION');
  });

  it('has the guard stop every case', () => {
    expect(Object.keys(table).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [name, row] of Object.entries(table)) expect(row['the guard'], name).toBe('stops');
  });
});
