/**
 * How the plane settles a write that may have committed (docs/control-plane.md#in-flight-writes): a handler that
 * failed is fenced off and asked about once, never run again; one still in flight at its deadline is left `unknown`
 * until its request can no longer land, watched to its end; and step 6, the status query, is the downstream's word,
 * never a run.
 */
import { raceDeadline, type Settled } from './deadlineRace.ts';
import { errorOutput, NOT_PLAIN, plainCopy, readStatusAnswer, type Output } from './planeOutputs.ts';
import type { StatusAnswer } from './runtime.ts';
import type { RecordChange } from './store.ts';
import {
  authorized,
  change,
  keep,
  LOST,
  over,
  release,
  runContext,
  toUnknown,
  type Answer,
  type Exec,
} from './executeState.ts';

/**
 * A write whose handler settled with a failure (a throw, an error code, a broken contract) may have committed:
 * fence the owner off as `unknown`, its lease ended (the run has settled, nothing of it can still land), then
 * settle it through the status query at once. The plane never runs it again: when the downstream says nothing
 * started, the record is released and the answer is the handler's own failure.
 */
export async function handlerFailed(
  x: Exec,
  token: string,
  failure: Output,
  query = true,
): Promise<Answer | typeof LOST> {
  const next = x.s.token();
  if (!(await change(x, toUnknown(x, token, next, x.s.clock.now())))) return LOST;
  // The downstream has just answered "unknown": asking it again at once would only say the same.
  if (!query) return { output: failure, delivery: 'fresh', change: keep(x, next) };
  return statusPath(x, next, failure, failure);
}

/**
 * A write whose deadline (or caller's abort) came while its handler had not settled: the request may still be on
 * its way downstream, so no status answer can say it did not start. The record becomes `unknown` under its running
 * lease, no status query is asked, and the answer is OUTCOME_UNKNOWN. The handler is watched to its end
 * (docs/control-plane.md#in-flight-writes).
 */
export async function inFlight(
  x: Exec,
  token: string,
  late: Promise<Settled<unknown>>,
  abortedAt: number,
): Promise<Answer | typeof LOST> {
  const next = x.s.token();
  // The lease covers a request sent before the abort, however late the abort came: a process slowed down (a busy
  // event loop, a pause) met its deadline after it was due, and its request may land landing_ms after that.
  const lease_until = Math.max(x.leaseUntil, abortedAt + (x.runtime.landing_ms ?? 0));
  if (!(await change(x, toUnknown(x, token, next, lease_until)))) return LOST;
  void watchLanding(x, next, late, abortedAt);
  return { output: errorOutput('OUTCOME_UNKNOWN'), delivery: 'fresh', change: null };
}

/**
 * The owner of an in-flight write, after its answer: a late success within the contract completes the record (the
 * token's holder completing it; the next call replays it). Anything else ends the lease where a request aborted at
 * `abortedAt` can no longer land, so that every process may then settle it by a status query. Never rejects:
 * nobody awaits it, and a store that fails here leaves the lease to run out as a dead owner's would.
 */
async function watchLanding(x: Exec, token: string, late: Promise<Settled<unknown>>, abortedAt: number) {
  try {
    const settled = await late;
    const now = x.s.clock.now();
    if (settled.kind === 'value') {
      const copy = plainCopy(settled.value);
      const verdict =
        copy === NOT_PLAIN ? null : x.s.dispatcher.project(copy, x.s.trusted(x.call, 'fresh', now)).model_result;
      if (verdict?.status === 'succeeded') {
        const completion: RecordChange = {
          ...x.scope,
          token,
          from: 'unknown',
          now,
          change: { kind: 'complete', handler_output: copy as never, expires_at: now + x.s.policy.retention_ms },
        };
        if (await change(x, completion)) return;
      }
    }
    // A request sent before the abort may land up to landing_ms after it (a lease already past that has ended).
    const landed = abortedAt + (x.runtime.landing_ms ?? 0);
    await change(x, {
      ...x.scope,
      token,
      from: 'unknown',
      now,
      change: { kind: 'unknown', next_token: token, expires_at: now + x.s.policy.retention_ms, lease_until: landed },
    });
  } catch {
    // The store failed: the lease runs out on its own.
  }
}

/**
 * Step 6: the downstream's word, never a run. `ownFailure`: this call's own handler failed; "not started" then
 * releases the record and answers that failure, and the write is not run again.
 */
export async function statusPath(
  x: Exec,
  token: string,
  fallback: Output,
  ownFailure?: Output,
): Promise<Answer | typeof LOST> {
  if (x.waited && !(await authorized(x)))
    return { output: errorOutput('NOT_FOUND'), delivery: 'fresh', change: keep(x, token) };
  const q = await queryStatus(x);
  if (q.state === 'committed') return reconciled(x, token, 'unknown', q.handler_output);
  if (q.state === 'not_started') {
    if (ownFailure !== undefined)
      return { output: ownFailure, delivery: 'fresh', change: release(x, token, 'unknown') };
    if (over(x))
      return {
        output: errorOutput('TIMEOUT_BEFORE_EXECUTE', x.s.policy.poll_ms),
        delivery: 'fresh',
        change: release(x, token, 'unknown'),
      };
    const released = await change(x, release(x, token, 'unknown'));
    if (!released) return LOST;
    // Released: the next pass finds no record and claims it again, within this deadline and budget.
    if (x.runs >= x.s.policy.max_attempts)
      return { output: errorOutput('TIMEOUT_BEFORE_EXECUTE', x.s.policy.poll_ms), delivery: 'fresh', change: null };
    return LOST;
  }
  return { output: fallback, delivery: 'fresh', change: keep(x, token) };
}

/** A committed answer settles the record only when it holds this very intent; another request under this key is a conflict. */
export function reconciled(x: Exec, token: string, from: 'started' | 'unknown', handlerOutput: unknown): Answer {
  const now = x.s.clock.now();
  // As a run's answer is (execute.ts): judged in the copy that is stored; what canonical JSON refuses is never a success.
  const copy = plainCopy(handlerOutput);
  const judged = copy === NOT_PLAIN ? handlerOutput : copy;
  const pkg = x.s.dispatcher.project(judged, x.s.trusted(x.call, 'receipt_reconciled', now));
  if (pkg.model_result.status === 'succeeded' && copy !== NOT_PLAIN) {
    const stored = copy;
    return {
      output: stored,
      delivery: 'receipt_reconciled',
      change: {
        ...x.scope,
        token,
        from,
        now,
        change: { kind: 'complete', handler_output: stored as never, expires_at: now + x.s.policy.retention_ms },
      },
    };
  }
  // An answer for other arguments is the downstream holding another request under this key; an unreadable one settles nothing.
  const conflict = pkg.protected_audit.violations.some((v) => v.code === 'INPUT_BINDING');
  const stays = from === 'unknown' ? keep(x, token) : toUnknown(x, token, x.s.token());
  return { output: errorOutput(conflict ? 'STATUS_CONFLICT' : 'OUTCOME_UNKNOWN'), delivery: 'fresh', change: stays };
}

export async function queryStatus(x: Exec): Promise<StatusAnswer> {
  const end = x.log.begin('status_query');
  const query = x.runtime.queryStatus;
  if (query === undefined) {
    end('OUTCOME_UNKNOWN');
    return { state: 'unknown' };
  }
  const r = await raceDeadline(x.s.clock, x.s.policy.status_timeout_ms, (signal) =>
    query.call(x.runtime, runContext(x, signal)),
  );
  const answer = r.kind === 'value' ? readStatusAnswer(r.value) : { state: 'unknown' as const };
  end(answer.state === 'unknown' ? 'OUTCOME_UNKNOWN' : null);
  return answer;
}
