/**
 * The real, untrusted MCP server behind `mcp-guard` (docs/mcp-guard.md#the-child): COMMAND run
 * as a child process, spoken to with the SDK's `Client` over the proxy's own bounded transport
 * (mcpGuardTransport.ts). Its answers are taken as the SDK parsed them, with the loosest schema
 * the SDK has (`ResultSchema`), or as the text of a frame the transport held back, so nothing in
 * them is checked, dropped or thrown on here: that is `projectMcp`'s work. A
 * child that dies, or writes a line that is not a JSON-RPC message, is closed, and every call
 * in flight fails at once; the next call starts a new one.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ErrorCode,
  McpError,
  ResultSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { BrokenFrame, GuardTransport, HeldFrame } from './mcpGuardTransport.ts';

/**
 * What one call to the child came to: its result as the SDK parsed it, or the text of a frame the
 * transport held back (cut past the limit, or not strict JSON-RPC), or why there is none. `request`
 * names the JSON-RPC request the answer came to: which child, and the id the proxy sent it.
 */
export type ChildAnswer = { ok: true; result: unknown; request: string | null } | { ok: false; reason: string };

export interface ChildListing {
  serverInfo: { name: string; version: string } | undefined;
  /** `{ tools }`, every page of `tools/list` joined. */
  listing: { tools: unknown[] };
}

/** Pages of `tools/list` followed before the listing is taken as it is. */
const MAX_PAGES = 32;

export interface ChildOptions {
  command: string;
  args: readonly string[];
  /** Each message the proxy writes about the child: one line on its stderr. */
  log: (line: string) => void;
  /** The child said its tools changed (notifications/tools/list_changed). */
  onListChanged: () => void;
}

export class GuardChild {
  private client: Client | null = null;
  private transport: GuardTransport | null = null;
  private starting: Promise<Client> | null = null;
  /** Children started so far: a request id is one child's, and each new child counts from 0 again. */
  private started = 0;
  private generation = 0;
  /** In every request ref, so that no child can write one into its answer (the model_result may hold no audit value). */
  private readonly nonce = crypto.randomUUID().slice(0, 8);
  constructor(private readonly options: ChildOptions) {}

  /** Whether a child is running and connected now. */
  get running(): boolean {
    return this.client !== null;
  }

  /** The child, started (initialize, then the proxy's `notifications/initialized`) if none is running. */
  private connected(): Promise<Client> {
    if (this.client !== null) return Promise.resolve(this.client);
    this.starting ??= this.start().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async start(): Promise<Client> {
    const { command, args, log } = this.options;
    // The one notification the proxy acts on; progress, logging and the rest are dropped unread by the transport.
    const transport = new GuardTransport({
      command,
      args,
      log,
      notifications: [ToolListChangedNotificationSchema.shape.method.value],
    });
    const generation = ++this.started;
    const client = new Client({ name: 'tool-result-mcp-guard', version: '1.0.0' }, { capabilities: {} });
    client.onclose = () => {
      if (this.client === client) {
        this.client = null;
        this.transport = null;
        log('the server closed its connection (exited or was closed); the next call starts it again');
      }
    };
    client.onerror = (error) => {
      // The transport's reader: a line that is not strict JSON-RPC and names no request in flight.
      if (error instanceof BrokenFrame) {
        log(`the server wrote a line that is not a JSON-RPC message (${error.message}); closing it`);
        void client.close();
      }
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.options.onListChanged());
    try {
      await client.connect(transport);
    } catch (e) {
      await client.close().catch(() => undefined);
      throw e;
    }
    this.client = client;
    this.transport = transport;
    this.generation = generation;
    return client;
  }

  /** The server's name and its tools, read now. Throws when the child cannot be started or will not list. */
  async list(timeoutMs: number): Promise<ChildListing> {
    const client = await this.connected();
    const tools: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const r = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        ResultSchema,
        { timeout: timeoutMs },
      );
      if (Array.isArray(r.tools)) tools.push(...(r.tools as unknown[]));
      cursor = typeof r.nextCursor === 'string' ? r.nextCursor : undefined;
      if (cursor === undefined) break;
    }
    const info = client.getServerVersion();
    return {
      serverInfo: info === undefined ? undefined : { name: info.name, version: info.version },
      listing: { tools },
    };
  }

  /** One `tools/call`, with `meta` as its `_meta` when given; never throws. */
  async call(
    name: string,
    args: unknown,
    timeoutMs: number,
    signal: AbortSignal,
    meta?: Record<string, unknown>,
  ): Promise<ChildAnswer> {
    let request: string | null = null;
    try {
      const client = await this.connected();
      const transport = this.transport;
      const before = transport?.lastRequestId ?? null;
      const pending = client.request(
        {
          method: 'tools/call',
          params: { name, arguments: args as Record<string, unknown>, ...(meta === undefined ? {} : { _meta: meta }) },
        },
        ResultSchema,
        { timeout: timeoutMs, signal },
      );
      const sent = transport?.lastRequestId ?? null;
      request = sent === null || sent === before ? null : `mcp-child-${this.nonce}-${this.generation}:request-${sent}`;
      return { ok: true, result: await pending, request };
    } catch (e) {
      if (e instanceof McpError && e.data instanceof HeldFrame) return { ok: true, result: e.data.text, request };
      const transport = this.transport;
      if (e instanceof McpError && e.code === ErrorCode.RequestTimeout && transport?.cutting === true) {
        // A frame past the limit that has not ended: nothing the child writes can be read until it does.
        this.options.log('the server is still writing a frame past the limit; closing it');
        void this.close();
      }
      return { ok: false, reason: e instanceof Error ? e.message : String(e) };
    }
  }

  async close(): Promise<void> {
    const client = this.client ?? (await this.starting?.catch(() => null)) ?? null;
    this.client = null;
    this.transport = null;
    await client?.close().catch(() => undefined);
  }
}
