/**
 * What one execute carries from step to step (docs/control-plane.md#execute): the call, its record's scope and
 * fingerprint, its deadline and its caller's signal, what it has done so far; and the record changes every step
 * makes, each one only while the record still holds the token it names.
 */
import type { Package, ToolSpec } from '../core/index.ts';
import type { AttemptLog } from './attemptLog.ts';
import { raceDeadline } from './deadlineRace.ts';
import { store, type Bounded } from './storeCall.ts';
import type { ToolRuntime, RunContext } from './runtime.ts';
import type { Output } from './planeOutputs.ts';
import type { PlaneState, KeyedPlaneCall, Execution, Delivery } from './planeTypes.ts';
import type { RecordChange, RecordScope } from './store.ts';
import type { HeldArgument } from './argumentProvenance.ts';

export interface Exec extends Bounded {
  readonly s: PlaneState;
  readonly call: KeyedPlaneCall;
  readonly spec: ToolSpec;
  readonly runtime: ToolRuntime;
  readonly args: unknown;
  readonly scope: RecordScope;
  readonly fingerprint: string;
  readonly deadline: number;
  readonly log: AttemptLog;
  /** The caller's own abort: before the claim nothing runs; after it, it reads as the deadline. */
  readonly signal: AbortSignal | undefined;
  /** The end of the lease this execute's last winning claim took (0 before any). */
  leaseUntil: number;
  runs: number;
  /** Set by every wait: the next replay, status query or run asks `authorize` again. */
  waited: boolean;
  /** This execute passed its approval (a re-claim after "not started" needs no new one). */
  approved: boolean;
  /** The sensitive arguments whose values the conversation saw only in untrusted data: a person must confirm them. */
  held: readonly HeldArgument[];
  /**
   * A write of this intent may have committed: this execute started its
   * handler, or found its record (started, unknown or completed). If the
   * store fails or hangs from then on, the answer is OUTCOME_UNKNOWN, never
   * "nothing executed".
   */
  mayHaveCommitted: boolean;
}

/** A final answer: the handler output to project, under which delivery, with which change of the record. */
export interface Answer {
  output: Output;
  delivery: Delivery;
  change: RecordChange | null;
  preview?: Execution['preview'];
  /** The package already made from `output` under this delivery at `now`: step 7 validates it instead of projecting again. */
  made?: { pkg: Package; now: number };
}

/** Ownership was lost between the run and its completion: back to the key's record. */
export const LOST = Symbol('lost');

/** The call's deadline has passed, or its caller aborted it. */
export function over(x: Exec): boolean {
  return x.s.clock.now() >= x.deadline || x.signal?.aborted === true;
}

export function runContext(x: Exec, signal: AbortSignal): RunContext {
  return {
    operation_id: x.call.call.operation_id,
    idempotency_key: x.call.call.idempotency_key,
    attempt: x.runs,
    signal,
  };
}

export async function authorized(x: Exec): Promise<boolean> {
  x.waited = false;
  const r = await raceDeadline(x.s.clock, Math.max(1, x.deadline - x.s.clock.now()), () =>
    x.s.authorize(x.call.principal, x.spec.name, x.args),
  );
  return r.kind === 'value' && r.value === true;
}

/** A person must approve this call before it runs: its runtime says so, or a sensitive argument's provenance does. */
export const needsApproval = (x: Exec): boolean => x.runtime.approval === 'required' || x.held.length > 0;

export const release = (x: Exec, token: string, from: 'started' | 'unknown'): RecordChange => ({
  ...x.scope,
  token,
  from,
  now: x.s.clock.now(),
  change: { kind: 'release' },
});
export const keep = (x: Exec, token: string): RecordChange => ({
  ...x.scope,
  token,
  from: 'unknown',
  now: x.s.clock.now(),
  change: { kind: 'keep' },
});

/** A record change with no entry (the entry comes with the answer). False: the record no longer held that token. */
export async function change(x: Exec, c: RecordChange): Promise<boolean> {
  const r = await store(x, () => x.s.store.commit(c, null, x.s.link));
  if (r.ok) x.s.wake(x.scope);
  return r.ok;
}

export function toUnknown(x: Exec, token: string, next: string, lease_until?: number): RecordChange {
  const now = x.s.clock.now();
  return {
    ...x.scope,
    token,
    from: 'started',
    now,
    change: {
      kind: 'unknown',
      next_token: next,
      expires_at: now + x.s.policy.retention_ms,
      ...(lease_until === undefined ? {} : { lease_until }),
    },
  };
}
