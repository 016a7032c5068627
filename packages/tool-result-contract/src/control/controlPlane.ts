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
import {
  CanonicalizationError,
  findAdapter,
  parseTrustedContext,
  principalRef,
  type Dispatcher,
  type TrustedContext,
} from '../core/index.ts';
import { boundResponseId, gateTurn, type AssembledTurn, type TurnContext } from '../core/turn/index.ts';
import { H } from '../core/result/index.ts';
import { chainLinkFor, type AuditKey } from './auditLink.ts';
import { makeCheckpoint, type Checkpoint } from './auditChain.ts';
import { approve, pendingApproval } from './approvals.ts';
import { iso } from './attemptLog.ts';
import { forgivingClock, systemClock, type Clock } from './clock.ts';
import { ControlPlaneConfigError, PlaneCallError } from './controlPlaneErrors.ts';
import { execute } from './execute.ts';
import { noteRead, noteTrusted, type TrustedNote } from './provenanceNotes.ts';
import { intentKey } from './intentKey.ts';
import { checkRuntimeDeadlines, resolvePolicy, type Policy } from './policy.ts';
import { checkRuntimes, type ToolRuntime } from './runtime.ts';
import type {
  Approval,
  Authorize,
  Execution,
  KeyedPlaneCall,
  PendingApproval,
  PlaneCall,
  PlaneState,
  Preview,
  Principal,
} from './planeTypes.ts';
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
  /** The business intent the turn's derived keys belong to (PlaneCall.intent_ref); a call's own replaces it. */
  intent_ref?: string;
  /** The conversation every call of the turn belongs to (PlaneCall.conversation_ref). */
  conversation_ref?: string;
  calls?: Record<
    string,
    { operation_id?: string; idempotency_key?: string; intent_ref?: string; approval?: { approval_id: string } }
  >;
};

/** What a caller may give one execute besides the call. */
export interface ExecuteOptions {
  /**
   * The caller's own abort (a framework's run cancelled): before the claim nothing runs and the answer is
   * `TIMEOUT_BEFORE_EXECUTE`; after it, the abort reads as the call's deadline (docs/control-plane.md#execute).
   */
  signal?: AbortSignal;
}

export interface ControlPlane {
  execute(call: PlaneCall, options?: ExecuteOptions): Promise<Execution>;
  /** The input gate, then `execute` for every call, concurrently; the executions in call order, ready for `continueTurn`. */
  executeTurn(turn: AssembledTurn, turnContext: PlaneTurnContext): Promise<Execution[]>;
  /** Refused (ApprovalRefusedError `self_approval`) for the call's own principal, unless `policy.self_approval`. */
  approve(preview: Preview, approver: Principal): Promise<Approval>;
  /**
   * Mark values of one conversation as trusted (docs/argument-provenance.md): the user's own request, the
   * principal's records (their saved payees, their own address). Kept as keyed digests, each word and short run
   * of words as well as the whole text. A sensitive argument whose value is trusted is never held on provenance.
   */
  noteTrusted(note: TrustedNote): Promise<void>;
  /**
   * The unexpired preview issued for this request digest, as stored: `{ request_sha256, tool, expires_at }`,
   * never its arguments (they are never stored); null when there is none. A caller that paused the call resumes
   * from it: the preview it shows and approves is this one with the arguments it kept.
   */
  pendingApproval(request_sha256: string): Promise<PendingApproval | null>;
  auditEntries(from?: number, to?: number): Promise<AuditEntry[]>;
  checkpoint(): Promise<Checkpoint>;
  /** The dispatcher the plane was made with, read-only: a framework adapter lists its tools from this registry. */
  readonly dispatcher: Dispatcher;
  /** Whether a tool's runtime holds its calls for a person (`approval: 'required'`): an adapter pauses those. */
  approvalRequired(tool: string): boolean;
}

/**
 * The control plane: it executes a tool call under the error catalog's recovery protocol — one idempotency record
 * per intent, a status query before any retry of an outcome it does not know, retries within the deadline and budget,
 * approvals bound to the request digest — and appends each step to a hash-chained audit log in the caller's store.
 *
 * @example
 * ```ts
 * const billingPlane = createControlPlane({ dispatcher, store: memoryStore(), runtimes, authorize });
 * const execution = await billingPlane.execute(call);
 * ```
 */
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
  const clock = forgivingClock(options.clock ?? systemClock);
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
    async waitForChange(scope, ms, outer) {
      const ac = new AbortController();
      if (outer?.aborted === true) return;
      const stop = () => ac.abort();
      outer?.addEventListener('abort', stop, { once: true });
      const id = scopeId(scope);
      const set = waiters.get(id) ?? new Set();
      set.add(ac);
      waiters.set(id, set);
      try {
        await clock.sleep(ms, ac.signal);
      } finally {
        outer?.removeEventListener('abort', stop);
        set.delete(ac);
        if (set.size === 0) waiters.delete(id);
      }
    },
    wake(scope) {
      for (const ac of waiters.get(scopeId(scope)) ?? []) ac.abort();
    },
  };

  const executeOne = (given: PlaneCall, signal?: AbortSignal): Promise<Execution> => {
    const call = withKey(state, given);
    const trusted = bind(state, call);
    // The execute's own view of the state carries who called, for a preview it may issue (four eyes).
    const own: PlaneState = { ...state, requester_ref: state.principalRefOf(trusted.principal) };
    return traced(options.tracer, trusted, async () => noteRead(own, call, await execute(own, call, trusted, signal)));
  };

  return Object.freeze({
    execute: async (call: PlaneCall, o?: ExecuteOptions) => executeOne(call, readSignal(o)),
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
            ...(ctx.conversation_ref === undefined ? {} : { conversation_ref: ctx.conversation_ref }),
          });
        }),
      );
    },
    approve: (preview: Preview, approver: Principal) => approve(state, preview, approver),
    noteTrusted: (note: TrustedNote) => noteTrusted(state, note),
    pendingApproval: (request_sha256: string) => pendingApproval(state, request_sha256),
    auditEntries: (from?: number, to?: number) => store.entries(from, to),
    async checkpoint() {
      return makeCheckpoint(await store.head(), iso(clock.now()), key);
    },
    dispatcher,
    approvalRequired: (tool: string) => Object.hasOwn(runtimes, tool) && runtimes[tool]?.approval === 'required',
  });
}

/**
 * A call without its own key gets the intent's (docs/control-plane.md#turns), `intent_ref` mixed in. What cannot name
 * an intent — a malformed call, an `intent_ref` that is not a short string, arguments that are not JSON — is the
 * caller's bug, a PlaneCallError before anything is read.
 */
function withKey(s: PlaneState, call: PlaneCall): KeyedPlaneCall {
  if (typeof call !== 'object' || call === null || typeof call.call !== 'object' || call.call === null)
    return call as KeyedPlaneCall; // bind names what is wrong with it
  for (const name of ['intent_ref', 'conversation_ref'] as const) {
    const ref = call[name];
    if (ref !== undefined && !(typeof ref === 'string' && ref.length > 0 && ref.length <= 256))
      throw new PlaneCallError([{ path: `/${name}`, message: 'must be a string of 1 to 256 characters' }]);
  }
  const { intent_ref } = call;
  if (call.call.idempotency_key !== undefined) return call as KeyedPlaneCall;
  let idempotency_key: string;
  try {
    idempotency_key = intentKey(s, call.principal, call.tool, call.arguments, intent_ref);
  } catch (error) {
    // The canonicalizer names the place inside the hashed intent, whose `fields` are the arguments it keeps.
    const at = error instanceof CanonicalizationError ? error.path.replace(/^\/fields/, '') : '';
    throw new PlaneCallError([
      {
        path: `/arguments${at}`,
        message: 'cannot name an intent: the arguments are not JSON, and the call has no key',
      },
    ]);
  }
  return { ...call, call: { ...call.call, idempotency_key } };
}

/** The call as the core's trusted context: a malformed one is the caller's bug, refused before anything is read. */
function bind(s: PlaneState, call: KeyedPlaneCall): TrustedContext {
  const candidate = typeof call === 'object' && call !== null ? s.trusted(call, 'fresh', s.clock.now()) : call;
  const parsed = parseTrustedContext(candidate);
  if (!parsed.ok) throw new PlaneCallError(parsed.issues);
  // validateResult refuses every package made for an adapter it does not know: refused here, before a handler runs.
  const { provider, api_family, adapter_revision } = parsed.value.call;
  if (findAdapter(provider, api_family, adapter_revision) === null)
    throw new PlaneCallError([
      {
        path: '/call/adapter_revision',
        message: `names no registered adapter: ${JSON.stringify(adapter_revision)} for ${provider} ${api_family}`,
      },
    ]);
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
      idempotency_key:
        given.idempotency_key ?? intentKey(s, ctx.principal, c.name, c.arguments, given.intent_ref ?? ctx.intent_ref),
    };
  }
  // The plane's own members stay with the plane: the core's turn context is exact.
  const { intent_ref: _intent, conversation_ref: _conversation, ...core } = ctx;
  return { ...core, now: ctx.now ?? iso(s.clock.now()), calls } as TurnContext;
}

function readSignal(o: ExecuteOptions | undefined): AbortSignal | undefined {
  if (o === undefined) return undefined;
  if (typeof o !== 'object' || o === null)
    throw new PlaneCallError([{ path: '', message: 'the execute options must be an object: { signal? }' }]);
  const { signal } = o;
  if (signal !== undefined && !(signal instanceof AbortSignal))
    throw new PlaneCallError([{ path: '/signal', message: 'must be an AbortSignal' }]);
  return signal;
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
