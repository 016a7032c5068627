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
  /** An owner's lease: longer than the deadline, so an owner within its deadline is never taken over. */
  lease_ms: number;
  /** A record lives this long from its last change; then the key is new again. */
  retention_ms: number;
  /** A preview and its approval. */
  approval_ttl_ms: number;
}

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
});

export function resolvePolicy(given: Partial<Policy> | undefined): Readonly<Policy> {
  const policy: Policy = { ...DEFAULT_POLICY };
  for (const [name, value] of Object.entries(given ?? {})) {
    if (!Object.hasOwn(DEFAULT_POLICY, name))
      throw new ControlPlaneConfigError(`policy.${name}`, 'is not a policy member');
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < (name === 'poll_ms' ? 1 : 0))
      throw new ControlPlaneConfigError(
        `policy.${name}`,
        'must be a non-negative integer of milliseconds (a count for max_attempts)',
      );
    policy[name as keyof Policy] = value;
  }
  if (policy.max_attempts < 1) throw new ControlPlaneConfigError('policy.max_attempts', 'must be at least 1');
  return Object.freeze(policy);
}

/** The wait before run n + 1 (n from 0). */
export function backoffMs(policy: Policy, n: number): number {
  return Math.min(policy.backoff_max_ms, policy.backoff_base_ms * 2 ** Math.min(n, 30));
}

/** Every retry_after_ms the plane sets itself stays inside the catalog's bounds. */
export function clampRetryAfter(ms: number): number {
  return Math.min(RETRY_AFTER_MS.max, Math.max(RETRY_AFTER_MS.min, Math.ceil(ms)));
}
