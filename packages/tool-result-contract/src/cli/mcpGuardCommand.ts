/**
 * `tool-result mcp-guard` (docs/mcp-guard.md): a stdio MCP server in front of COMMAND, the
 * real and untrusted one, offering its client only the registry's tools, pinned, and answering
 * each call through the contract and the control plane's audit log; and `mcp-guard pin`, which
 * prints the pins of COMMAND's current definitions for an engineer to review. Bad input (the
 * options, T.mjs, a COMMAND that will not start, a pin that does not hold at the start) is one
 * line on stderr and exit 2, before anything is served.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Dispatcher } from '../core/index.ts';
import { mcpDefinitionSha256, mcpDefinitionState, pinMcpTools, type McpPinning } from '../core/mcp/index.ts';
import { readKeyFile } from './auditInputs.ts';
import { BadInput } from './badInput.ts';
import { GuardChild, type ChildListing } from './mcpGuardChild.ts';
import { GuardListing } from './mcpGuardListing.ts';
import { openGuardPlane } from './mcpGuardPlane.ts';
import { guardServer } from './mcpGuardServer.ts';
import { loadGuardTools } from './mcpGuardTools.ts';
import type { CliIO } from './run.ts';
import { MCP_GUARD_DEFAULTS as DEFAULTS, MCP_GUARD_USAGE } from './mcpGuardUsage.ts';

const FLAGS = ['--tools', '--audit', '--key', '--principal', '--deadline-ms'] as const;

interface GuardArgs {
  pin: boolean;
  flags: Map<string, string>;
  command: string;
  args: string[];
}

function parseArgs(argv: readonly string[]): GuardArgs {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? [...argv] : argv.slice(0, dash);
  const [command, ...args] = dash === -1 ? [] : argv.slice(dash + 1);
  const pin = own[0] === 'pin';
  if (pin) own.shift();
  const flags = new Map<string, string>();
  for (let i = 0; i < own.length; i += 2) {
    const name = own[i] as string;
    const value = own[i + 1];
    if (!(FLAGS as readonly string[]).includes(name) || (pin && name !== '--tools'))
      throw new BadInput(
        `mcp-guard: ${name.startsWith('--') ? 'unknown option' : 'unexpected argument'} ${JSON.stringify(name)}\n  ${MCP_GUARD_USAGE}`,
      );
    if (value === undefined || value.startsWith('--')) throw new BadInput(`mcp-guard: ${name} needs a value`);
    if (flags.has(name)) throw new BadInput(`mcp-guard: ${name} given twice`);
    flags.set(name, value);
  }
  if (command === undefined || command === '')
    throw new BadInput(`mcp-guard: needs -- COMMAND ARGS… (the MCP server to run)\n  ${MCP_GUARD_USAGE}`);
  if (!pin && !flags.has('--tools'))
    throw new BadInput(`mcp-guard: needs --tools T.mjs (the registry it guards)\n  ${MCP_GUARD_USAGE}`);
  return { pin, flags, command, args };
}

function principalOf(text: string): { tenant: string; subject: string } {
  const at = text.indexOf(':');
  if (at <= 0 || at === text.length - 1)
    throw new BadInput(`mcp-guard: --principal must be TENANT:SUBJECT, not ${JSON.stringify(text)}`);
  return { tenant: text.slice(0, at), subject: text.slice(at + 1) };
}

function deadlineOf(text: string | undefined): number {
  if (text === undefined) return DEFAULTS.deadline;
  const n = Number(text);
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(n) || n < 1)
    throw new BadInput(
      `mcp-guard: --deadline-ms must be a positive integer of milliseconds, not ${JSON.stringify(text)}`,
    );
  return n;
}

async function firstListing(child: GuardChild, g: GuardArgs, timeoutMs: number): Promise<ChildListing> {
  try {
    return await child.list(timeoutMs);
  } catch (e) {
    await child.close();
    throw new BadInput(
      `mcp-guard: ${[g.command, ...g.args].join(' ')}: no MCP server answered initialize and tools/list (${(e as Error).message})`,
    );
  }
}

/** A registry tool whose pin does not hold against the first listing is the engineer's to fix: exit 2. */
function checkPins(dispatcher: Dispatcher, pinning: McpPinning, server: string, toolsPath: string, g: GuardArgs): void {
  for (const spec of Object.values(dispatcher.tools)) {
    const mcp = spec.mcp;
    if (mcp === undefined) continue;
    const where = `${toolsPath}: tool ${JSON.stringify(spec.name)}`;
    if (mcp.server !== server)
      throw new BadInput(
        `${where}: pinned to server ${JSON.stringify(mcp.server)}, but COMMAND's server is ${JSON.stringify(server)}`,
      );
    const state = mcpDefinitionState(spec, pinning);
    if (state === 'not_listed')
      throw new BadInput(`${where}: server ${JSON.stringify(server)} lists no tool ${JSON.stringify(mcp.tool)}`);
    if (state !== null) {
      const listed = pinning.changed.find((c) => c.tool === spec.name)?.listed_sha256 ?? null;
      throw new BadInput(
        `${where}: the listed definition of ${JSON.stringify(mcp.tool)} hashes to ${listed ?? '(none: listed twice or not JSON)'}, ` +
          `not the pin ${mcp.definition_sha256}; review it (\`tool-result mcp-guard pin -- ${g.command}\`) and pin again`,
      );
    }
  }
}

async function pinCommand(g: GuardArgs, io: CliIO): Promise<number> {
  const dispatcher = g.flags.has('--tools')
    ? (await loadGuardTools(g.flags.get('--tools') as string)).dispatcher
    : null;
  const child = new GuardChild({
    command: g.command,
    args: g.args,
    log: () => undefined,
    onListChanged: () => undefined,
  });
  const { serverInfo, listing } = await firstListing(child, g, DEFAULTS.deadline);
  await child.close();
  const server = serverInfo?.name ?? '';
  const tools = listing.tools.map((definition) => {
    const name = (definition as { name?: unknown }).name;
    let definition_sha256: string | null;
    try {
      definition_sha256 = mcpDefinitionSha256(definition as never);
    } catch {
      definition_sha256 = null;
    }
    return { mcp: { server, tool: name, definition_sha256 }, definition };
  });
  const out = {
    server: serverInfo ?? null,
    tools,
    ...(dispatcher === null ? {} : { pinning: pinMcpTools(listing, dispatcher, { server }) }),
  };
  io.stdout(`${JSON.stringify(out, null, 2)}\n`);
  return 0;
}

async function serveCommand(g: GuardArgs, io: CliIO): Promise<number> {
  const toolsPath = g.flags.get('--tools') as string;
  const principal = principalOf(g.flags.get('--principal') ?? DEFAULTS.principal);
  const deadlineMs = deadlineOf(g.flags.get('--deadline-ms'));
  // The key `audit verify --key` checks the log with (docs/audit-log.md#the-cli), read the same way.
  const keyPath = g.flags.get('--key');
  const key = keyPath === undefined ? undefined : readKeyFile(io, keyPath);
  const { dispatcher, idempotencyFields } = await loadGuardTools(toolsPath);
  const log = (line: string) => process.stderr.write(`mcp-guard: ${line}\n`);
  // Until the proxy's own server exists there is no client to tell; a notification that early is remembered.
  let tellClient = (): void => undefined;
  let changedEarly = false;
  let onListChanged = (): void => void (changedEarly = true);
  const child = new GuardChild({
    command: g.command,
    args: g.args,
    log,
    onListChanged: () => onListChanged(),
  });
  const first = await firstListing(child, g, deadlineMs);
  const serverName = first.serverInfo?.name ?? '';
  const firstPinning = pinMcpTools(first.listing, dispatcher, { server: serverName });
  try {
    checkPins(dispatcher, firstPinning, serverName, toolsPath, g);
  } catch (e) {
    await child.close();
    throw e;
  }
  // Fails closed and coalesces (mcpGuardListing.ts): after list_changed nothing is offered or called until re-pinned.
  const listing = new GuardListing({
    first: firstPinning,
    list: async () => {
      const { serverInfo, listing: tools } = await child.list(deadlineMs);
      return pinMcpTools(tools, dispatcher, { server: serverInfo?.name ?? '' });
    },
    log,
    offerChanged: () => tellClient(),
  });
  onListChanged = () => listing.changed();
  if (changedEarly) listing.changed();
  const pinning = () => listing.pinning();
  const relist = () => listing.relist();
  // The server answers initialize and tools/list while PGlite opens (seconds, for a new directory); calls wait for it.
  const auditDir = g.flags.get('--audit') ?? DEFAULTS.audit;
  const opening = openGuardPlane({
    dir: auditDir,
    dispatcher,
    idempotencyFields,
    child,
    pinning,
    relist,
    deadlineMs,
    log,
    ...(key === undefined ? {} : { key }),
  });
  const server = guardServer({
    dispatcher,
    plane: opening,
    pinning,
    principal,
    log,
  });
  tellClient = () => {
    if (server.transport !== undefined) void server.sendToolListChanged().catch(() => undefined);
  };
  const transport = new StdioServerTransport();
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    transport.onclose = resolve;
  });
  let failed: unknown = null;
  opening.then(
    () =>
      log(
        `serving ${pinning().pinned.length} pinned tools of ${serverName}; audit log in ${auditDir}${key === undefined ? '' : `, keyed (${key.id})`}`,
      ),
    (e: unknown) => {
      failed = e;
      void transport.close();
    },
  );
  await server.connect(transport);
  await ended;
  await server.close().catch(() => undefined);
  await child.close();
  await (await opening.catch(() => null))?.close();
  if (failed !== null) throw failed;
  return 0;
}

export async function mcpGuardCommand(argv: readonly string[], io: CliIO): Promise<number> {
  const g = parseArgs(argv);
  return g.pin ? pinCommand(g, io) : serveCommand(g, io);
}
