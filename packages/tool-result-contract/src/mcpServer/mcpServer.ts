/**
 * A dispatcher's tools served over MCP (docs/mcp-server.md): the SDK's
 * low-level `Server`, with `tools/list` answered from the registry and every
 * `tools/call` answered through the contract. The call's trusted context is
 * built here, never from the client's message but for its tool name and
 * arguments: provider `mcp`, the JSON-RPC request id as call id, the MCP
 * session (or one made per connection) as response id, a fresh operation id,
 * a write's idempotency key derived from its intent (any other call's fresh),
 * `now` from the clock. Each call is the control plane's `execute` when a
 * plane is given, so a write asked again is replayed rather than run again;
 * otherwise the input gate decides before a handler runs and the handler's
 * output is projected. The answer is the `mcp` adapter's item, which validates
 * the whole package first and never carries protected_audit.
 *
 * @example
 * const server = mcpServer(dispatcher, { name: 'billing', version: '1.0.0', principal, plane: { plane, options } });
 * await server.connect(new StdioServerTransport());
 */
import { ToolResultContractError } from '../core/json/index.ts';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ControlPlane, IntentKeyOptions } from '../control/index.ts';
import type { Dispatcher } from '../core/dispatcher/index.ts';
import type { JsonValue } from '../core/json/index.ts';
import { mcpToolDefinition as coreMcpToolDefinition } from '../core/mcp/index.ts';
import { callGate, parseTrustedContext, type Package, type TrustedContext } from '../core/result/index.ts';
import type { McpCallToolResult, ToolSpec } from '../core/tables/index.ts';
import { mcpAnswer, mcpBoundCall, mcpResponseIds, type McpIdKind } from './mcpCall.ts';

/** What a handler is told about its call, besides its arguments. */
export interface McpCallContext {
  /** The trusted context the package is bound to. */
  readonly trusted: TrustedContext;
  readonly operation_id: string;
  /**
   * The downstream deduplicates by it: a write's is derived from its intent (every argument), so the same
   * write asked again carries the same key; a read's is fresh for every `tools/call`.
   */
  readonly idempotency_key: string;
  /** Aborted when the client cancels the request or the connection closes. */
  readonly signal: AbortSignal;
}

/** A tool's handler: its answer is a handler output (docs/contract.md#the-handler-output-format); a throw is an `exception`. */
export type McpHandler = (args: JsonValue, ctx: McpCallContext) => unknown;

export interface McpServerOptions {
  /** The server's `serverInfo` in its initialize result. */
  name: string;
  version: string;
  /** Who the served tools act for: every call's principal. Never shown to the client. */
  principal: { tenant: string; subject: string };
  /** One handler per tool of the dispatcher, by name: no more, no fewer. Given `plane`, none. */
  handlers?: Readonly<Record<string, McpHandler>>;
  /**
   * Serve through the control plane, in place of `handlers`: each call is `plane.execute`, a write keyed by
   * its intent, derived with `options`, the very options the plane was built with (its runtimes'
   * `idempotency_fields`, its key). A write asked again is then the plane's `local_replay`, never a second run.
   */
  plane?: McpPlane;
  /** The clock (default: the system's); a Date or an RFC 3339 UTC string. Given `plane`, the plane's clock. */
  now?: () => Date | string;
  /** Keyed digests (HMAC-SHA-256) instead of plain SHA-256. Given `plane`, the plane's key keys them. */
  key?: { id: string; secret: string };
  /** Fresh identifiers: operation ids, idempotency keys, connection ids (default: crypto.randomUUID). */
  newId?: (kind: McpIdKind) => string;
  /**
   * Handed each call's package and context before the answer is sent, and
   * awaited: where an audit log takes `protected_audit`. A throw answers that
   * call with a JSON-RPC error instead of its result.
   */
  onPackage?: (pkg: Package, trusted: TrustedContext) => unknown;
  /** The initialize result's `instructions`. */
  instructions?: string;
}

/** The control plane a server executes its calls with, and the options it was built with. */
export interface McpPlane {
  plane: ControlPlane;
  /** What the plane was built with (`createControlPlane(options)`): the derived key is then the one `executeTurn` gives. */
  options: IntentKeyOptions;
}

/**
 * A configuration that cannot serve (a handler missing, one for no tool, a bad principal).
 *
 * @example
 * ```ts
 * try {
 *   mcpServer(dispatcher, { name: 'billing', version: '1.0.0', principal, handlers: {} });
 * } catch (e) {
 *   if (e instanceof McpServerConfigError) console.error(e.field, e.message);
 * }
 * ```
 */
export class McpServerConfigError extends ToolResultContractError {
  override readonly name = 'McpServerConfigError';
  readonly code = 'MCP_SERVER_CONFIG_INVALID';
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(`mcpServer: ${field} ${reason}`);
  }
}

/**
 * `tools/list`'s entry for one registry tool: its input schema, and `outputSchema` the JSON Schema of its whole model_result.
 *
 * @example
 * ```ts
 * const definition = mcpToolDefinition(spec); // name, title, inputSchema, outputSchema as tools/list sends them
 * ```
 */
export function mcpToolDefinition(spec: ToolSpec): Tool {
  return coreMcpToolDefinition(spec) as Tool;
}

function checkOptions(dispatcher: Dispatcher, options: McpServerOptions): void {
  const given = options.handlers as Record<string, unknown> | null | undefined;
  const plane = options.plane as Partial<McpPlane> | null | undefined;
  if (plane !== undefined) {
    // Both would leave it open which one runs a call.
    if (given !== undefined) throw new McpServerConfigError('handlers', 'must be left out when a plane is given');
    if (typeof plane?.plane?.execute !== 'function')
      throw new McpServerConfigError('plane.plane', 'must be a control plane (createControlPlane)');
    // A key derived over another registry would name the intent by other arguments than the plane runs.
    if (plane.options?.dispatcher?.tools !== dispatcher.tools)
      throw new McpServerConfigError(
        'plane.options.dispatcher',
        'must be the dispatcher served: plane.options are the options the plane was built with',
      );
  } else {
    if (typeof given !== 'object' || given === null)
      throw new McpServerConfigError('handlers', 'must be an object of handlers by tool name (or give a plane)');
    for (const name of Object.keys(given))
      if (!Object.hasOwn(dispatcher.tools, name))
        throw new McpServerConfigError(`handlers.${name}`, 'is for a tool the dispatcher does not know');
    for (const name of Object.keys(dispatcher.tools))
      if (typeof given[name] !== 'function')
        throw new McpServerConfigError(`handlers.${name}`, 'is missing: every tool of the dispatcher needs a handler');
  }
  const p = options.principal as { tenant?: unknown; subject?: unknown } | undefined;
  if (typeof p?.tenant !== 'string' || typeof p.subject !== 'string')
    throw new McpServerConfigError('principal', 'must be { tenant, subject }');
}

const isoNow = (now: () => Date | string): string => {
  const t = now();
  return typeof t === 'string' ? t : t.toISOString();
};

/**
 * The SDK's `Server`, ready to `connect()` to any transport, serving the
 * dispatcher's tools (docs/mcp-server.md). Throws {@link McpServerConfigError}
 * for a configuration that cannot serve.
 *
 * @example
 * ```ts
 * const server = mcpServer(dispatcher, {
 *   name: 'billing',
 *   version: '1.0.0',
 *   principal: { tenant: 'acme', subject: 'svc-billing' },
 *   plane: { plane, options: { dispatcher, runtimes } },
 * });
 * // await server.connect(new StdioServerTransport());
 * ```
 */
export function mcpServer(dispatcher: Dispatcher, options: McpServerOptions): Server {
  checkOptions(dispatcher, options);
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? (() => crypto.randomUUID());
  const tools = Object.values(dispatcher.tools).map(mcpToolDefinition);
  const server = new Server(
    { name: options.name, version: options.version },
    {
      capabilities: { tools: {} },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    },
  );
  const responseIdOf = mcpResponseIds(() => server.transport, newId);
  // With no plane, no runtime names a write's intent: every argument does, and the key is keyed as the digests are.
  const intent = options.plane?.options ?? { dispatcher, runtimes: {}, key: options.key };

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<McpCallToolResult> => {
    const bound = mcpBoundCall(
      request.params,
      { requestId: extra.requestId, responseId: responseIdOf(extra.sessionId) },
      options.principal,
      newId,
      intent,
    );
    if (options.plane !== undefined) {
      const execution = await options.plane.plane.execute(bound);
      const item = mcpAnswer(dispatcher, execution.pkg, execution.trusted);
      if (options.onPackage !== undefined) await options.onPackage(execution.pkg, execution.trusted);
      return item;
    }
    const { operation_id, idempotency_key } = bound.call;
    const parsed = parseTrustedContext({
      ...bound,
      delivery: 'fresh',
      now: isoNow(now),
      ...(options.key === undefined ? {} : { key: options.key }),
    });
    // Only the tool name and the arguments come from the client; a context that does not parse is a server fault.
    if (!parsed.ok)
      throw new Error(`the call's trusted context is not valid: ${parsed.issues.map((i) => i.message).join('; ')}`);
    const trusted = parsed.value;
    const { gate, arguments: args } = callGate(trusted, dispatcher.tools);
    let output: unknown = null;
    if (gate === 'handler') {
      const handler = (options.handlers as Readonly<Record<string, McpHandler>>)[trusted.tool] as McpHandler;
      try {
        output = await handler(args, { trusted, operation_id, idempotency_key, signal: extra.signal });
      } catch (e) {
        output = { kind: 'exception', detail: e instanceof Error ? (e.stack ?? e.message) : String(e) };
      }
    }
    const pkg = dispatcher.project(output, trusted);
    const item = mcpAnswer(dispatcher, pkg, trusted);
    if (options.onPackage !== undefined) await options.onPackage(pkg, trusted);
    return item;
  });
  return server;
}
