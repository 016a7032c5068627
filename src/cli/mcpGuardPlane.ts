/**
 * Every `mcp-guard` call through the control plane (docs/mcp-guard.md#the-audit): the plane
 * is what appends to the audit log (its door exports no append of its own), so each call is
 * the plane's `execute`, with a runtime per tool whose `run` forwards to the child. The plane
 * projects what a runtime answers with its dispatcher's `project`; the dispatcher it is handed
 * here reads the child's answer, a CallToolResult, with `projectMcp` under the pinning of that
 * moment, and every other output (the plane's own catalog answers) as the registry's `project`
 * does. PGlite, in a directory, is the store: loaded here only, an optional peer dependency.
 */
import { mkdirSync } from 'node:fs';
import { createControlPlane, sqlStore, type ControlPlane, type ToolRuntime } from '../control/index.ts';
import type { Dispatcher } from '../core/index.ts';
import { mcpDefinitionState, type McpPinning } from '../core/mcp/index.ts';
import { BadInput } from './badInput.ts';
import type { GuardChild } from './mcpGuardChild.ts';

/** What a runtime hands the plane for a call the child answered (or, unpinned, was never asked). */
interface ChildResult {
  kind: 'mcp_call_tool_result';
  result?: unknown;
  /** The JSON-RPC request the child answered (mcpGuardChild.ts), for the audit's `downstream.request_ref`. */
  request?: string | null;
}

const isChildResult = (v: unknown): v is ChildResult =>
  typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'mcp_call_tool_result';

/** The time the plane gives a call beyond the child's own deadline, so the child's timeout is what answers a hang. */
export const PLANE_GRACE_MS = 1_000;

export interface GuardPlane {
  plane: ControlPlane;
  close(): Promise<void>;
}

export async function openGuardPlane(options: {
  dir: string;
  dispatcher: Dispatcher;
  child: GuardChild;
  pinning: () => McpPinning;
  /** Lists the child's tools again and pins them: awaited before a call to a child that is not running. */
  relist: () => Promise<void>;
  deadlineMs: number;
  log: (line: string) => void;
  /** The audit key: entries keyed (HMAC-SHA-256), as `audit verify --key` checks them. */
  key?: { id: string; secret: string };
}): Promise<GuardPlane> {
  const { dispatcher, child, pinning, relist, deadlineMs } = options;
  let PGlite: typeof import('@electric-sql/pglite').PGlite;
  try {
    ({ PGlite } = await import('@electric-sql/pglite'));
  } catch (e) {
    throw new BadInput(
      `mcp-guard writes its audit log with @electric-sql/pglite, an optional peer dependency that is not installed ` +
        `(npm install @electric-sql/pglite): ${(e as Error).message}`,
    );
  }
  let db: InstanceType<typeof PGlite>;
  try {
    mkdirSync(options.dir, { recursive: true });
    db = new PGlite(options.dir);
    await db.waitReady;
  } catch (e) {
    throw new BadInput(`${options.dir}: PGlite cannot open it as the audit log (${(e as Error).message})`);
  }
  const runtimes: Record<string, ToolRuntime> = {};
  for (const spec of Object.values(dispatcher.tools)) {
    const mcpTool = spec.mcp?.tool ?? spec.name;
    runtimes[spec.name] = {
      // A tool not pinned now is not called (projectMcp answers MCP_DEFINITION_CHANGED without reading a result).
      run: async (args, ctx): Promise<unknown> => {
        // A new child is pinned before it is called: its listing may not be the last one's.
        if (!child.running) await relist().catch(() => undefined);
        if (mcpDefinitionState(spec, pinning()) !== null) return { kind: 'mcp_call_tool_result' };
        const answer = await child.call(mcpTool, args, deadlineMs, ctx.signal);
        if (answer.ok) return { kind: 'mcp_call_tool_result', result: answer.result, request: answer.request };
        options.log(`call ${ctx.operation_id} to ${mcpTool} has no answer: ${answer.reason}`);
        // No answer: a read failed (TOOL_ERROR); a write may have been done, and nobody can say (OUTCOME_UNKNOWN).
        return spec.effect === 'write' ? { kind: 'error', error: { code: 'OUTCOME_UNKNOWN' } } : { kind: 'exception' };
      },
      // MCP has no way to ask a server what became of a call: a write whose answer was lost stays unknown.
      ...(spec.effect === 'write' ? { queryStatus: () => ({ state: 'unknown' as const }) } : {}),
      deadline_ms: deadlineMs + PLANE_GRACE_MS,
    };
  }
  const planeDispatcher: Dispatcher = {
    ...dispatcher,
    project: (output, trusted) => {
      if (!isChildResult(output)) return dispatcher.project(output, trusted);
      const pkg = dispatcher.projectMcp(output.result, trusted, pinning());
      if (typeof output.request !== 'string') return pkg;
      // The audit ties the client's request (call_id) to the child's (request_ref): no digest covers a downstream ref
      // (docs/contract.md#protected-audit), and the ref holds a nonce the child never sees, so no answer can carry it.
      const audit = pkg.protected_audit;
      return {
        ...pkg,
        protected_audit: { ...audit, downstream: { ...audit.downstream, request_ref: output.request } },
      };
    },
  };
  const lease = Math.max(60_000, deadlineMs + PLANE_GRACE_MS);
  const plane = createControlPlane({
    dispatcher: planeDispatcher,
    store: await sqlStore(db),
    runtimes,
    // The proxy acts for the one principal it was started for; whoever can write to its stdin is that principal.
    authorize: () => true,
    ...(options.key === undefined ? {} : { key: options.key }),
    policy: {
      deadline_ms: deadlineMs + PLANE_GRACE_MS,
      lease_ms: lease,
      max_attempts: 1,
      status_timeout_ms: Math.min(5_000, deadlineMs),
    },
  });
  return { plane, close: () => db.close() };
}
