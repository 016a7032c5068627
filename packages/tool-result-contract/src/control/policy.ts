/**
 * The plane's policy (docs/control-plane.md#policy): how long a call may take,
 * how often it may run, how long a record and an approval live. Checked once,
 * when the plane is made, so a bad number is a typed error at start, never a
 * surprise in the middle of a call.
 */
import { RETRY_AFTER_MS } from '../core/tables/index.ts';
import { ControlPlaneConfigError } from './controlPlaneErrors.ts';

export interface Policy {
  /** One execute, from its start; a runtime's own `deadline_ms` replaces it for that tool. */
  deadline_ms: number;
  /** Runs of the handler in one execute. */
  max_attempts: number;
  /** Backoff before run n + 1: base × 2ⁿ, at most max. */
  backoff_base_ms: number;
  backoff_max_ms: number;
  /** A status query's own bound, counted from when it is sent. */
  status_timeout_ms: number;
  /** How often a waiter reads another owner's record. */
  poll_ms: number;
  /** An owner's lease: at least the deadline (refused otherwise), so an owner within its deadline is never taken over. */
  lease_ms: number;
  /** A record lives this long from its last change; then the key is new again. */
  retention_ms: number;
  /** A preview and its approval. */
  approval_ttl_ms: number;
  /**
   * Whether the principal a call was made as may approve it. False by default (four eyes): the agent's own
   * principal cannot approve the call it asked for (docs/control-plane.md#approval).
   */
  self_approval: boolean;
}

/**
 * The retry policy a runtime gets when it states none: its deadline, attempts and backoff.
 *
 * @example
 * ```ts
 * const patient = createControlPlane({
 *   dispatcher,
 *   store: memoryStore(),
 *   runtimes,
 *   authorize,
 *   policy: { deadline_ms: 2 * DEFAULT_POLICY.deadline_ms },
 * });
 * ```
 */
export const DEFAULT_POLICY: Readonly<Policy> = Object.freeze({
  deadline_ms: 30_000,
  max_attempts: 3,
  backoff_base_ms: 200,
  backoff_max_ms: 5_000,
  status_timeout_ms: 5_000,
  poll_ms: 50,
  lease_ms: 60_000,
  retention_ms: 86_400_000,
  approval_ttl_ms: 900_000,
  self_approval: false,
});

export function resolvePolicy(given: Partial<Policy> | undefined): Readonly<Policy> {
  const policy: Policy = { ...DEFAULT_POLICY };
  for (const [name, value] of Object.entries(given ?? {})) {
    if (!Object.hasOwn(DEFAULT_POLICY, name))
      throw new ControlPlaneConfigError(`policy.${name}`, 'is not a policy member');
    if (name === 'self_approval') {
      // A boolean, not a truthy value: a string "false" must not open the door it names.
      if (typeof value !== 'boolean')
        throw new ControlPlaneConfigError('policy.self_approval', `must be true or false, not ${describe(value)}`);
      policy.self_approval = value;
      continue;
    }
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < (name === 'poll_ms' ? 1 : 0))
      throw new ControlPlaneConfigError(
        `policy.${name}`,
        'must be a non-negative integer of milliseconds (a count for max_attempts)',
      );
    policy[name as Exclude<keyof Policy, 'self_approval'>] = value;
  }
  if (policy.max_attempts < 1) throw new ControlPlaneConfigError('policy.max_attempts', 'must be at least 1');
  if (policy.lease_ms < policy.deadline_ms) {
    // The member the caller set is the one to change: a lease given alone is too short, a deadline given alone too long.
    const blameDeadline = Object.hasOwn(given ?? {}, 'deadline_ms') && !Object.hasOwn(given ?? {}, 'lease_ms');
    throw blameDeadline
      ? new ControlPlaneConfigError(
          'policy.deadline_ms',
          `is ${policy.deadline_ms}, longer than policy.lease_ms (${policy.lease_ms}): ${LEASE_WHY}`,
        )
      : new ControlPlaneConfigError(
          'policy.lease_ms',
          `is ${policy.lease_ms}, shorter than policy.deadline_ms (${policy.deadline_ms}): ${LEASE_WHY}`,
        );
  }
  return Object.freeze(policy);
}

const describe = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : String(value));

const LEASE_WHY =
  'the lease must outlast the deadline, so that no second owner can claim the key while the first may still commit';

/**
 * A runtime's own deadline replaces the policy's for its tool, so it is held
 * to the same lease; and a write's lease must also cover the time a request
 * aborted at that deadline may still take to land (docs/control-plane.md#in-flight-writes).
 */
export function checkRuntimeDeadlines(
  policy: Readonly<Policy>,
  runtimes: Readonly<Record<string, { deadline_ms?: number; landing_ms?: number }>>,
): void {
  for (const [name, rt] of Object.entries(runtimes)) {
    if (rt.deadline_ms !== undefined && rt.deadline_ms > policy.lease_ms)
      throw new ControlPlaneConfigError(
        `runtimes.${name}.deadline_ms`,
        `is ${rt.deadline_ms}, longer than policy.lease_ms (${policy.lease_ms}): ${LEASE_WHY}`,
      );
    const deadline = rt.deadline_ms ?? policy.deadline_ms;
    if (rt.landing_ms !== undefined && deadline + rt.landing_ms > policy.lease_ms)
      throw new ControlPlaneConfigError(
        'policy.lease_ms',
        `is ${policy.lease_ms}, shorter than ${name}'s deadline (${deadline}) plus its landing_ms (${rt.landing_ms}): ` +
          'an owner aborted at its deadline may still have a request on its way, and no second owner may claim ' +
          'the key before it can no longer land',
      );
  }
}

/** The wait before run n + 1 (n from 0). */
export function backoffMs(policy: Policy, n: number): number {
  return Math.min(policy.backoff_max_ms, policy.backoff_base_ms * 2 ** Math.min(n, 30));
}

/** Every retry_after_ms the plane sets itself stays inside the catalog's bounds. */
export function clampRetryAfter(ms: number): number {
  return Math.min(RETRY_AFTER_MS.max, Math.max(RETRY_AFTER_MS.min, Math.ceil(ms)));
}
