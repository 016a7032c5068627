/**
 * One execute, step by step (docs/control-plane.md#execute): the
 * dispatcher's own answers, authorization, the key's record, approval, the
 * claim, the runs, the status query, and one audit entry with the record's
 * change. Every package is made by the dispatcher's `project` and checked by
 * its `validateResult`; the plane only decides which handler output, under
 * which delivery, and what happens to the record.
 */
import type { Package, TrustedContext, ErrorCode } from '../core/index.ts';
import { checkSchema } from '../core/tables/index.ts';
import { H, PURPOSES, requestFields } from '../core/result/index.ts';
import { AttemptLog, iso } from './attemptLog.ts';
import { raceDeadline, type Settled } from './deadlineRace.ts';
import { store, StoreFailure, type Bounded } from './storeCall.ts';
import { backoffMs } from './policy.ts';
import type { ToolRuntime } from './runtime.ts';
import { done, errorOutput, live, NOT_PLAIN, plainCopy, type Output } from './planeOutputs.ts';
import type { PlaneState, KeyedPlaneCall, Execution } from './planeTypes.ts';
import { checkApproval, issuePreview } from './approvals.ts';
import type { AuditDraft, ChainLink, IdempotencyRecord, RecordChange } from './store.ts';
import {
  authorized,
  change,
  LOST,
  needsApproval,
  over,
  release,
  runContext,
  toUnknown,
  type Answer,
  type Exec,
} from './executeState.ts';
import { handlerFailed, inFlight, queryStatus, reconciled, statusPath } from './settleWrite.ts';
import { argumentDigests, heldArguments, type HeldArgument } from './argumentProvenance.ts';

/** How often one execute may go back to the key's record before it gives up (a livelock guard, never reached in a fair race). */
const MAX_PASSES = 16;
/** A commit whose audit entry had no canonical encoding (the link threw before the store wrote anything). */
const UNENCODABLE = Symbol('unencodable');
/** A store that failed gives this retry-after: nothing ran, the caller may try again. */
const STORE_RETRY_AFTER_MS = 1_000;

export async function execute(
  s: PlaneState,
  call: KeyedPlaneCall,
  trustedBase: TrustedContext,
  signal?: AbortSignal,
): Promise<Execution> {
  const log = new AttemptLog(s.clock);
  const spec = Object.hasOwn(s.dispatcher.tools, trustedBase.tool) ? s.dispatcher.tools[trustedBase.tool] : undefined;
  const parsed = spec === undefined ? null : checkSchema(spec.input, trustedBase.arguments);
  const runtimeOf = spec === undefined ? undefined : (s.runtimes[spec.name] as ToolRuntime);
  const deadline = s.clock.now() + (runtimeOf?.deadline_ms ?? s.policy.deadline_ms);
  // Step 0: the dispatcher's own answers, made by the projection itself without any handler output.
  if (spec === undefined || parsed === null || !parsed.success) {
    const r = await record({ s, deadline }, log, trustedBase, { output: null, delivery: 'fresh', change: null });
    if (r !== LOST) return r;
    const pkg = s.dispatcher.project(null, trustedBase);
    return { pkg, trusted: trustedBase, delivery: 'fresh', attempts: log.snapshot(), audit_seq: null };
  }
  const runtime = runtimeOf as ToolRuntime;
  const x: Exec = {
    s,
    call,
    spec,
    runtime,
    args: parsed.data,
    scope: { principal_ref: s.principalRefOf(call.principal), idempotency_key: call.call.idempotency_key },
    fingerprint: H(PURPOSES.request, requestFields(trustedBase, s.dispatcher.tools), s.key),
    deadline,
    log,
    signal,
    leaseUntil: 0,
    runs: 0,
    waited: false,
    approved: false,
    held: [],
    mayHaveCommitted: false,
  };
  try {
    // Step 1: authorize, before anything is read.
    if (!(await authorized(x)))
      return settled(x, await answer(x, { output: errorOutput('NOT_FOUND'), delivery: 'fresh', change: null }));
    x.held = await provenanceHolds(x);
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const a = await lookUp(x);
      if (a === LOST) continue;
      const done = await answer(x, a);
      if (done !== LOST) return done;
    }
    return settled(x, await answer(x, { output: givingUp(x), delivery: 'fresh', change: null }));
  } catch (error) {
    if (error instanceof StoreFailure) return unaudited(x);
    throw error;
  }
}

/** An answer that changes no record cannot lose it; a store that says otherwise has broken its contract. */
function settled(x: Exec, r: Execution | typeof LOST): Execution {
  return r === LOST ? unaudited(x) : r;
}

/**
 * Steps 2 and 4: the key's record decides what happens next. Where nothing
 * stands between the look-up and the claim, the claim is the look-up: a
 * claim wins exactly when a read would have found no record (or an expired
 * one), and one that loses hands back the record that holds the key, so a
 * fresh call saves the read (docs/control-stores.md#round-trips).
 */
async function lookUp(x: Exec): Promise<Answer | typeof LOST> {
  // After a wait, whatever comes next (a claim, a replay, a status query) is asked for again: access may be gone.
  if (x.waited && !(await authorized(x))) return { output: errorOutput('NOT_FOUND'), delivery: 'fresh', change: null };
  const now = x.s.clock.now();
  let rec: IdempotencyRecord | null;
  if (claimIsLookUp(x, now)) {
    const claimed = await claim(x, now);
    if (claimed.outcome === 'won') return runPath(x, claimed.token);
    // No approval is named, so a claim that did not win is held: by a record that went away before it could be read, look again.
    if (claimed.outcome !== 'held' || claimed.record === null) return LOST;
    rec = claimed.record;
  } else {
    rec = live(await store(x, () => x.s.store.read(x.scope)), now);
    if (rec === null) return claimAndRun(x);
  }
  if (rec.fingerprint !== x.fingerprint)
    return { output: errorOutput('IDEMPOTENCY_CONFLICT'), delivery: 'fresh', change: null };
  if (x.spec.effect === 'write') x.mayHaveCommitted = true;
  if (rec.state === 'completed') return replay(x, rec);
  if (rec.state === 'unknown') {
    // A run of this key may still land while its lease runs: no status answer could say it did not start.
    if (rec.lease_until > now) return { output: errorOutput('OUTCOME_UNKNOWN'), delivery: 'fresh', change: null };
    return statusPath(x, rec.token, errorOutput('OUTCOME_UNKNOWN'));
  }
  if (rec.lease_until > now) return waitForOwner(x, rec);
  // Lease over: a read is taken over; a write may have committed, so it is settled by the downstream's word.
  if (x.spec.effect === 'read') return claimAndRun(x, rec.token);
  const next = x.s.token();
  if (!(await change(x, toUnknown(x, rec.token, next)))) return LOST;
  return statusPath(x, next, errorOutput('OUTCOME_UNKNOWN'));
}

async function replay(x: Exec, rec: IdempotencyRecord): Promise<Answer | typeof LOST> {
  if (x.waited && !(await authorized(x))) return { output: errorOutput('NOT_FOUND'), delivery: 'fresh', change: null };
  const end = x.log.begin('replay');
  end(null);
  return { output: rec.handler_output, delivery: 'local_replay', change: null };
}

/** Another owner runs this key: wait for its end within this call's deadline, then look again. */
async function waitForOwner(x: Exec, rec: IdempotencyRecord): Promise<Answer | typeof LOST> {
  const end = x.log.begin('wait');
  x.waited = true;
  for (;;) {
    const now = x.s.clock.now();
    if (over(x)) {
      end(x.spec.effect === 'write' ? 'OUTCOME_UNKNOWN' : 'TIMEOUT_BEFORE_EXECUTE');
      return x.spec.effect === 'write'
        ? { output: errorOutput('OUTCOME_UNKNOWN'), delivery: 'fresh', change: null }
        : { output: errorOutput('TIMEOUT_BEFORE_EXECUTE', rec.lease_until - now), delivery: 'fresh', change: null };
    }
    await x.s.waitForChange(
      x.scope,
      Math.min(x.s.policy.poll_ms, x.deadline - now, Math.max(1, rec.lease_until - now)),
      x.signal,
    );
    const seen = await store(x, () => x.s.store.read(x.scope));
    if (seen === null || seen.token !== rec.token || seen.state !== rec.state || seen.lease_until <= x.s.clock.now()) {
      end(null);
      return LOST;
    }
  }
}

/** Steps 3 and 4: approval, then the claim; a lost race goes back to the record. */
async function claimAndRun(x: Exec, replaces?: string): Promise<Answer | typeof LOST> {
  const now = x.s.clock.now();
  if (over(x))
    return { output: errorOutput('TIMEOUT_BEFORE_EXECUTE', x.s.policy.poll_ms), delivery: 'fresh', change: null };
  let approval_id: string | undefined;
  if (needsApproval(x) && !x.approved) {
    const verdict = await store(x, () => checkApproval(x.s, x.call.approval, x.fingerprint, now));
    if (verdict.kind === 'none') {
      const preview = await store(x, () => issuePreview(x.s, x.spec.name, x.args, x.fingerprint, now, x.held));
      return { output: errorOutput('APPROVAL_REQUIRED'), delivery: 'fresh', change: null, preview };
    }
    if (verdict.kind === 'invalid') return { output: errorOutput('APPROVAL_INVALID'), delivery: 'fresh', change: null };
    approval_id = verdict.approval_id;
  }
  const claimed = await claim(x, now, replaces, approval_id);
  if (claimed.outcome === 'approval_spent')
    return { output: errorOutput('APPROVAL_INVALID'), delivery: 'fresh', change: null };
  if (claimed.outcome === 'held') return LOST;
  if (approval_id !== undefined) x.approved = true;
  return runPath(x, claimed.token);
}

/**
 * A claim may stand in for the look-up when no step comes between them: past
 * the deadline nothing may be claimed (a completed record is still replayed),
 * and an approval is checked only once the key is known to be free.
 */
function claimIsLookUp(x: Exec, now: number): boolean {
  return now < x.deadline && x.signal?.aborted !== true && (!needsApproval(x) || x.approved);
}

type Claimed =
  | { outcome: 'won'; token: string }
  | { outcome: 'held'; record: IdempotencyRecord | null }
  | { outcome: 'approval_spent' };

async function claim(x: Exec, now: number, replaces?: string, approval_id?: string): Promise<Claimed> {
  const token = x.s.token();
  const claimed = await store(x, () =>
    x.s.store.claim({
      ...x.scope,
      fingerprint: x.fingerprint,
      tool: x.spec.name,
      operation_id: x.call.call.operation_id,
      token,
      now,
      lease_until: now + x.s.policy.lease_ms,
      expires_at: now + x.s.policy.retention_ms,
      ...(replaces === undefined ? {} : { replaces }),
      ...(approval_id === undefined ? {} : { approval_id }),
    }),
  );
  if (claimed.outcome !== 'won') return claimed;
  x.leaseUntil = now + x.s.policy.lease_ms;
  return { outcome: 'won', token };
}

/** Step 5: run the handler, retrying a transient "not started" within the deadline and the budget. */
async function runPath(x: Exec, token: string): Promise<Answer | typeof LOST> {
  const { s, spec } = x;
  for (;;) {
    x.runs++;
    if (spec.effect === 'write') x.mayHaveCommitted = true;
    const end = x.log.begin('run');
    const ran = await raceDeadline(
      s.clock,
      // Never longer than the deadline's own length: a wall clock stepped back after the claim would otherwise stretch
      // this run past the lease other processes read (docs/control-plane.md#in-flight-writes).
      Math.min(x.deadline - s.clock.now(), x.runtime.deadline_ms ?? s.policy.deadline_ms),
      (signal) => x.runtime.run(x.args, runContext(x, signal)),
      x.signal,
    );
    const now = s.clock.now();
    if (ran.kind === 'deadline' && ran.late === undefined) {
      // The deadline (or the caller's abort) came before the handler was called: nothing was sent.
      end('TIMEOUT_BEFORE_EXECUTE');
      const output = errorOutput('TIMEOUT_BEFORE_EXECUTE', s.policy.poll_ms);
      return { output, delivery: 'fresh', change: release(x, token, 'started') };
    }
    if (ran.kind === 'deadline' && spec.effect === 'write') {
      end('OUTCOME_UNKNOWN');
      return inFlight(x, token, ran.late as Promise<Settled<unknown>>, now);
    }
    if (ran.kind !== 'value') {
      const output =
        ran.kind === 'deadline' ? errorOutput('TIMEOUT_BEFORE_EXECUTE', s.policy.poll_ms) : { kind: 'exception' };
      end(ran.kind === 'deadline' ? 'TIMEOUT_BEFORE_EXECUTE' : 'TOOL_ERROR');
      if (spec.effect === 'read') return { output, delivery: 'fresh', change: release(x, token, 'started') };
      return handlerFailed(x, token, output);
    }
    const output = ran.value;
    // Plain data is judged in the copy that would be stored, so that the package judging it is the one delivered
    // (step 7 does not project it again); what canonical JSON refuses is judged as it came.
    const copy = plainCopy(output);
    const made = s.dispatcher.project(copy === NOT_PLAIN ? output : copy, s.trusted(x.call, 'fresh', now));
    const verdict = made.model_result;
    end(verdict.error?.code ?? null);
    // What canonical JSON refuses is never stored as a success (the projection refuses it too; a Proxy may not answer twice alike).
    if (verdict.status === 'succeeded' && copy !== NOT_PLAIN) {
      const stored = copy;
      return {
        output: stored,
        made: { pkg: made, now },
        delivery: 'fresh',
        change: {
          ...x.scope,
          token,
          from: 'started',
          now,
          change: { kind: 'complete', handler_output: stored as never, expires_at: now + s.policy.retention_ms },
        },
      };
    }
    const code = verdict.error?.code as ErrorCode;
    const transient = code === 'TIMEOUT_BEFORE_EXECUTE' || code === 'RATE_LIMIT';
    if (spec.effect === 'write') {
      if (verdict.execution.outcome !== 'not_started') return handlerFailed(x, token, output);
      // A write's "not started" is the handler's word, not the downstream's: ask before running again or releasing.
      const q = await queryStatus(x);
      if (q.state === 'committed') return reconciled(x, token, 'started', q.handler_output);
      if (q.state !== 'not_started') return handlerFailed(x, token, errorOutput('OUTCOME_UNKNOWN'), false);
    }
    const wait = transient ? Math.max(verdict.error?.retry_after_ms ?? 0, backoffMs(s.policy, x.runs - 1)) : 0;
    if (!transient || x.runs >= s.policy.max_attempts || s.clock.now() + wait >= x.deadline)
      return { output, delivery: 'fresh', change: release(x, token, 'started') };
    const endWait = x.log.begin('wait');
    await s.clock.sleep(wait, x.signal);
    endWait(null);
    x.waited = true;
    if (!(await authorized(x)))
      return { output: errorOutput('NOT_FOUND'), delivery: 'fresh', change: release(x, token, 'started') };
  }
}

/**
 * Step 1b (docs/argument-provenance.md): the runtime's sensitive arguments whose values this conversation's model
 * read only in a result's data. Asked once, before the record: an approval found later binds the same request.
 */
async function provenanceHolds(x: Exec): Promise<HeldArgument[]> {
  const names = x.runtime.trusted_arguments;
  const conversation_ref = x.call.conversation_ref;
  if (names === undefined || conversation_ref === undefined) return [];
  const digests = argumentDigests(names, x.args, x.s.key);
  if (digests.length === 0) return [];
  const scope = { principal_ref: x.scope.principal_ref, conversation_ref };
  const seen = await store(x, () => x.s.store.seenValues(scope, digests, x.s.clock.now()));
  return heldArguments(names, x.args, x.s.key, seen);
}

function givingUp(x: Exec): Output {
  return x.spec.effect === 'write'
    ? errorOutput('OUTCOME_UNKNOWN')
    : errorOutput('TIMEOUT_BEFORE_EXECUTE', x.s.policy.poll_ms);
}

/** Step 7: project, validate, and record the answer with its record change in one commit. */
async function answer(x: Exec, a: Answer | typeof LOST): Promise<Execution | typeof LOST> {
  if (a === LOST) return LOST;
  return record(x, x.log, x.s.trusted(x.call, 'fresh', x.s.clock.now()), a, x);
}

/** Without an Exec (step 0) a store that fails or hangs leaves the dispatcher's own answer unaudited. */
async function record(
  b: Bounded,
  log: AttemptLog,
  base: TrustedContext,
  a: Answer,
  x?: Exec,
): Promise<Execution | typeof LOST> {
  const { s } = b;
  const now = a.made?.now ?? s.clock.now();
  const trusted: TrustedContext = { ...base, delivery: a.delivery, now: iso(now) };
  let pkg: Package = a.made?.pkg ?? s.dispatcher.project(a.output, trusted);
  let used = trusted;
  if (!s.dispatcher.validateResult(pkg, trusted).ok) {
    // The core promises this never happens; if it ever does, the model still gets a catalog answer, never the refused package.
    used = { ...trusted, delivery: 'fresh' };
    pkg = s.dispatcher.project({ kind: 'exception' }, used);
  }
  const attempts = log.snapshot();
  let draft: AuditDraft | null = { at: iso(now), protected_audit: pkg.protected_audit, attempts };
  // A link that throws is an entry with no canonical encoding, not a store that failed: the store wrote nothing.
  let unencodable = false;
  const link: ChainLink = (d, seq, prev) => {
    try {
      return s.link(d, seq, prev);
    } catch (e) {
      unencodable = true;
      throw e;
    }
  };
  const commit = async (change: RecordChange | null) => {
    unencodable = false;
    try {
      return await store(b, () => s.store.commit(change, draft, link));
    } catch (e) {
      if (unencodable) return UNENCODABLE;
      if (x === undefined) return null;
      throw e;
    }
  };
  let committed = await commit(a.change);
  if (committed === UNENCODABLE) {
    // The core promises every audit encodes; were one not to, the record's change must still land (or the write would
    // run again): the answer becomes the dispatcher's own, whose entry encodes, and failing that the entry is left out.
    used = { ...trusted, delivery: 'fresh' };
    pkg = s.dispatcher.project({ kind: 'exception' }, used);
    draft = { ...draft, protected_audit: pkg.protected_audit } as AuditDraft;
    committed = await commit(a.change);
    if (committed === UNENCODABLE) {
      draft = null;
      committed = await commit(a.change);
    }
  }
  if (committed === null || committed === UNENCODABLE)
    return { pkg, trusted: used, delivery: used.delivery, attempts, audit_seq: null };
  if (!committed.ok) {
    // A completion refused: this owner's lease ran out and another took the key. The result is not delivered as fresh.
    if (a.change?.change.kind === 'complete') return LOST;
    const plain = await commit(null);
    if (plain === null || plain === UNENCODABLE)
      return { pkg, trusted: used, delivery: used.delivery, attempts, audit_seq: null };
    if (!plain.ok) return LOST;
    return done(pkg, used, attempts, plain.entry?.seq ?? null, a.preview);
  }
  if (a.change !== null) s.wake(a.change);
  return done(pkg, used, attempts, committed.entry?.seq ?? null, a.preview);
}

/** The store failed: answer from the catalog without an entry (there is nowhere to write one). */
function unaudited(x: Exec): Execution {
  const now = x.s.clock.now();
  const trusted = x.s.trusted(x.call, 'fresh', now);
  const output = x.mayHaveCommitted
    ? errorOutput('OUTCOME_UNKNOWN')
    : errorOutput('TIMEOUT_BEFORE_EXECUTE', STORE_RETRY_AFTER_MS);
  return {
    pkg: x.s.dispatcher.project(output, trusted),
    trusted,
    delivery: 'fresh',
    attempts: x.log.snapshot(),
    audit_seq: null,
  };
}
