/**
 * Every `mcp-guard` call through the control plane (docs/mcp-guard.md#the-audit): the plane
 * is what appends to the audit log (its door exports no append of its own), so each call is
 * the plane's `execute`, with a runtime per tool whose `run` forwards to the child. The plane
 * projects what a runtime answers with its dispatcher's `project`; the dispatcher it is handed
 * here reads the child's answer, a CallToolResult, with `projectMcp` under the pinning of that
 * moment, and every other output (the plane's own catalog answers) as the registry's `project`
 * does. A write's runtime names its intent by T.mjs's `idempotency_fields` and hands the child the
 * call's key in `_meta` (docs/mcp-guard.md#a-write-asked-again). PGlite, in a directory, is the
 * store: loaded here only, an optional peer dependency.
 */
import { mkdirSync } from 'node:fs';
import {
  createControlPlane,
  sqlStore,
  type ControlPlane,
  type ControlPlaneOptions,
  type IntentKeyOptions,
  type ToolRuntime,
} from '../control/index.ts';
import type { Dispatcher } from '../core/index.ts';
import { mcpDefinitionState, type McpPinning } from '../core/mcp/index.ts';
import { MCP_IDEMPOTENCY_META } from '../mcpServer/index.ts';
import { BadInput } from './badInput.ts';
import type { GuardChild } from './mcpGuardChild.ts';
import { pinningOf } from './mcpGuardListing.ts';

/** What a runtime hands the plane for a call the child answered (or, unpinned, was never asked). */
interface ChildResult {
  kind: 'mcp_call_tool_result';
  result?: unknown;
  /** The JSON-RPC request the child answered (mcpGuardChild.ts), for the audit's `downstream.request_ref`. */
  request?: string | null;
  /** This tool's part of the pinning the call was judged under when it was sent (or refused): its answer is read under it. */
  pinning?: McpPinning;
}

const isChildResult = (v: unknown): v is ChildResult =>
  typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'mcp_call_tool_result';

/** The time the plane gives a call beyond the child's own deadline, so the child's timeout is what answers a hang. */
export const PLANE_GRACE_MS = 1_000;

export interface GuardPlane {
  plane: ControlPlane;
  /** The options the plane was built with: a write's key is derived with them (`intentKey`), as `executeTurn` would. */
  intent: IntentKeyOptions;
  close(): Promise<void>;
}

export async function openGuardPlane(options: {
  dir: string;
  dispatcher: Dispatcher;
  /** By write tool, the arguments that name its intent (T.mjs's `idempotency_fields`); all of them when absent. */
  idempotencyFields: Readonly<Record<string, readonly string[]>>;
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
        // Taken once: a list_changed that lands while the child works must not turn its answer into a refusal.
        const judged = pinningOf(pinning(), spec.name);
        if (mcpDefinitionState(spec, judged) !== null) return { kind: 'mcp_call_tool_result', pinning: judged };
        // A write's key names its intent: a child that deduplicates by it does a write asked again once, even when
        // the plane's record is lost (another audit directory). A read's key is fresh, so it is not sent.
        const meta = spec.effect === 'write' ? { [MCP_IDEMPOTENCY_META]: ctx.idempotency_key } : undefined;
        const answer = await child.call(mcpTool, args, deadlineMs, ctx.signal, meta);
        if (answer.ok)
          return { kind: 'mcp_call_tool_result', result: answer.result, request: answer.request, pinning: judged };
        options.log(`call ${ctx.operation_id} to ${mcpTool} has no answer: ${answer.reason}`);
        // No answer: a read failed (TOOL_ERROR); a write may have been done, and nobody can say (OUTCOME_UNKNOWN).
        return spec.effect === 'write' ? { kind: 'error', error: { code: 'OUTCOME_UNKNOWN' } } : { kind: 'exception' };
      },
      // MCP has no way to ask a server what became of a call: a write whose answer was lost stays unknown.
      ...(spec.effect === 'write'
        ? {
            queryStatus: () => ({ state: 'unknown' as const }),
            // A request the child has read may still be done after its cancellation, for as long as a call may take.
            landing_ms: deadlineMs,
            ...(Object.hasOwn(options.idempotencyFields, spec.name)
              ? { idempotency_fields: options.idempotencyFields[spec.name] }
              : {}),
          }
        : {}),
      deadline_ms: deadlineMs + PLANE_GRACE_MS,
    };
  }
  const planeDispatcher: Dispatcher = {
    ...dispatcher,
    project: (output, trusted) => {
      if (!isChildResult(output)) return dispatcher.project(output, trusted);
      const pkg = dispatcher.projectMcp(output.result, trusted, output.pinning ?? pinning());
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
  // The lease outlives an owner's deadline and the landing of what it sent, so no second owner runs a write meanwhile.
  const lease = Math.max(60_000, 2 * deadlineMs + PLANE_GRACE_MS);
  const planeOptions: ControlPlaneOptions = {
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
  };
  return { plane: createControlPlane(planeOptions), intent: planeOptions, close: () => db.close() };
}
