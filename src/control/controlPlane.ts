/**
 * The control plane (docs/control-plane.md): the trusted code that acts on
 * a result. It runs an admitted call's handler at most once in effect per
 * idempotency key, answers every fault with the catalog's code and the
 * recovery that code fixes, holds calls for approval, and keeps an audit
 * chain that can later be checked against what the model was sent. It keeps
 * its state in the store the caller gives it, never in this module.
 *
 * @example
 * const plane = createControlPlane({ dispatcher, store: memoryStore(), runtimes, authorize });
 * const { pkg, delivery } = await plane.execute({ principal, call, tool: 'issue_refund', arguments });
 */
import { parseTrustedContext, principalRef, type Dispatcher, type TrustedContext } from '../core/index.ts';
import { boundResponseId, gateTurn, type AssembledTurn, type TurnContext } from '../core/turn/index.ts';
import { H } from '../core/result/index.ts';
import { chainLinkFor, type AuditKey } from './auditLink.ts';
import { makeCheckpoint, type Checkpoint } from './auditChain.ts';
import { approve } from './approvals.ts';
import { iso } from './attemptLog.ts';
import { systemClock, type Clock } from './clock.ts';
import { ControlPlaneConfigError, PlaneCallError } from './controlPlaneErrors.ts';
import { execute } from './execute.ts';
import { intentKey } from './intentKey.ts';
import { checkRuntimeDeadlines, resolvePolicy, type Policy } from './policy.ts';
import { checkRuntimes, type ToolRuntime } from './runtime.ts';
import type { Approval, Authorize, Execution, PlaneCall, PlaneState, Preview, Principal } from './planeTypes.ts';
import type { AuditEntry, RecordScope, Store } from './store.ts';
import { traced, type TracerLike } from './telemetry.ts';

export interface ControlPlaneOptions {
  dispatcher: Dispatcher;
  store: Store;
  runtimes: Readonly<Record<string, ToolRuntime>>;
  /** Asked before every run, replay and status query that follows a wait; false or a throw is NOT_FOUND. */
  authorize: Authorize;
  policy?: Partial<Policy>;
  clock?: Clock;
  /** Keyed mode: HMAC-SHA-256 for every digest, the audit chain and the checkpoint. */
  key?: { id: string; secret: string };
  /** An OpenTelemetry Tracer (`@opentelemetry/api`); nothing is imported unless one is given. */
  tracer?: TracerLike;
}

/** A turn context whose calls may leave out their operation id and key: the plane derives both (docs/control-plane.md#turns). */
export type PlaneTurnContext = Omit<TurnContext, 'calls' | 'now'> & {
  now?: string;
  calls?: Record<string, { operation_id?: string; idempotency_key?: string; approval?: { approval_id: string } }>;
};

export interface ControlPlane {
  execute(call: PlaneCall): Promise<Execution>;
  /** The input gate, then `execute` for every call, concurrently; the executions in call order, ready for `continueTurn`. */
  executeTurn(turn: AssembledTurn, turnContext: PlaneTurnContext): Promise<Execution[]>;
  approve(preview: Preview, approver: Principal): Promise<Approval>;
  auditEntries(from?: number, to?: number): Promise<AuditEntry[]>;
  checkpoint(): Promise<Checkpoint>;
}

export function createControlPlane(options: ControlPlaneOptions): ControlPlane {
  if (typeof options !== 'object' || options === null)
    throw new ControlPlaneConfigError('options', 'must be an object');
  const { dispatcher, store } = options;
  if (typeof dispatcher?.project !== 'function' || typeof dispatcher.tools !== 'object')
    throw new ControlPlaneConfigError('dispatcher', 'must be made by createDispatcher');
  if (typeof store?.claim !== 'function' || typeof store.commit !== 'function')
    throw new ControlPlaneConfigError('store', 'must be memoryStore() or await sqlStore(db)');
  if (typeof options.authorize !== 'function') throw new ControlPlaneConfigError('authorize', 'must be a function');
  const key = checkKey(options.key);
  const runtimes = checkRuntimes(options.runtimes, dispatcher.tools);
  const policy = resolvePolicy(options.policy);
  checkRuntimeDeadlines(policy, runtimes);
  const clock = options.clock ?? systemClock;
  const waiters = new Map<string, Set<AbortController>>();
  const scopeId = (s: RecordScope) => `${s.principal_ref}\u0000${s.idempotency_key}`;

  const state: PlaneState = {
    dispatcher,
    store,
    runtimes,
    policy,
    clock,
    key,
    authorize: options.authorize,
    link: chainLinkFor(key),
    token: randomToken,
    principalRefOf: (p) => principalRef(p, key),
    trusted: (call, delivery, nowMs) => ({
      principal: call.principal,
      call: call.call,
      tool: call.tool,
      arguments: call.arguments as TrustedContext['arguments'],
      delivery,
      now: iso(nowMs),
      ...(key === undefined ? {} : { key }),
    }),
    async waitForChange(scope, ms) {
      const ac = new AbortController();
      const id = scopeId(scope);
      const set = waiters.get(id) ?? new Set();
      set.add(ac);
      waiters.set(id, set);
      try {
        await clock.sleep(ms, ac.signal);
      } finally {
        set.delete(ac);
        if (set.size === 0) waiters.delete(id);
      }
    },
    wake(scope) {
      for (const ac of waiters.get(scopeId(scope)) ?? []) ac.abort();
    },
  };

  const executeOne = (call: PlaneCall): Promise<Execution> => {
    const trusted = bind(state, call);
    return traced(options.tracer, trusted, () => execute(state, call, trusted));
  };

  return Object.freeze({
    execute: async (call: PlaneCall) => executeOne(call),
    async executeTurn(turn: AssembledTurn, ctx: PlaneTurnContext) {
      const full = fillTurnContext(state, turn, ctx);
      const gated = gateTurn(turn, full, dispatcher.tools);
      return Promise.all(
        gated.map((g) => {
          const approval = ctx.calls?.[g.call.call_id]?.approval;
          return executeOne({
            principal: g.trusted.principal,
            call: g.trusted.call,
            tool: g.trusted.tool,
            arguments: g.trusted.arguments,
            ...(approval === undefined ? {} : { approval }),
          });
        }),
      );
    },
    approve: (preview: Preview, approver: Principal) => approve(state, preview, approver),
    auditEntries: (from?: number, to?: number) => store.entries(from, to),
    async checkpoint() {
      return makeCheckpoint(await store.head(), iso(clock.now()), key);
    },
  });
}

/** The call as the core's trusted context: a malformed one is the caller's bug, refused before anything is read. */
function bind(s: PlaneState, call: PlaneCall): TrustedContext {
  const candidate = typeof call === 'object' && call !== null ? s.trusted(call, 'fresh', s.clock.now()) : call;
  const parsed = parseTrustedContext(candidate);
  if (!parsed.ok) throw new PlaneCallError(parsed.issues);
  if (call.approval !== undefined && (typeof call.approval !== 'object' || call.approval === null))
    throw new PlaneCallError([{ path: '/approval', message: 'must be an approval returned by approve()' }]);
  return parsed.value;
}

/**
 * A stream's call ids are not known before the stream, so the plane derives
 * what the caller left out: the operation id from the response and call ids,
 * the key from the intent (the runtime's idempotency_fields), so a model
 * asking again in a later turn finds the first record.
 */
function fillTurnContext(s: PlaneState, turn: AssembledTurn, ctx: PlaneTurnContext): TurnContext {
  const calls: TurnContext['calls'] = {};
  for (const c of turn.calls) {
    const given = ctx.calls?.[c.call_id] ?? {};
    calls[c.call_id] = {
      // The id the call is bound to: every Gemini interaction not stored has the empty one, and would share operation ids.
      operation_id:
        given.operation_id ??
        `op_${H('tool-operation-id/v1', { response_id: boundResponseId(turn, ctx.response_ref), call_id: c.call_id }, s.key)}`,
      idempotency_key: given.idempotency_key ?? intentKey(s, ctx.principal, c.name, c.arguments),
    };
  }
  return { ...ctx, now: ctx.now ?? iso(s.clock.now()), calls } as TurnContext;
}

function checkKey(key: ControlPlaneOptions['key']): AuditKey {
  if (key === undefined) return undefined;
  if (typeof key?.id !== 'string' || key.id.length === 0)
    throw new ControlPlaneConfigError('key.id', 'must be a non-empty string');
  if (typeof key.secret !== 'string' || !/^(?:[0-9a-fA-F]{2}){32,}$/.test(key.secret))
    throw new ControlPlaneConfigError('key.secret', 'must be hex, at least 32 bytes');
  return Object.freeze({ id: key.id, secret: key.secret });
}

function randomToken(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
