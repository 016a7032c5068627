/**
 * What the plane makes of the answers it gets and gives, as plain data: a
 * catalog error output, the copy of a handler output that a record stores,
 * a status answer read as one of its three shapes, a record that still
 * counts, and an execution. Pure functions; the steps that use them are in
 * execute.ts.
 */
import { canonicalize, type ErrorCode, type Package, type TrustedContext } from '../core/index.ts';
import type { Delivery, Execution } from './planeTypes.ts';
import { clampRetryAfter } from './policy.ts';
import type { StatusAnswer } from './runtime.ts';
import type { IdempotencyRecord } from './store.ts';

export type Output = unknown;

export const errorOutput = (code: ErrorCode, retry_after_ms?: number): Output => ({
  kind: 'error',
  error: retry_after_ms === undefined ? { code } : { code, retry_after_ms: clampRetryAfter(retry_after_ms) },
});

/** A status answer is the runtime's word: anything but the three shapes is "unknown". */
export function readStatusAnswer(v: unknown): StatusAnswer {
  if (typeof v !== 'object' || v === null) return { state: 'unknown' };
  const state = (v as { state?: unknown }).state;
  if (state === 'not_started') return { state };
  if (state === 'committed' && Object.hasOwn(v, 'handler_output'))
    return { state, handler_output: (v as { handler_output: unknown }).handler_output };
  return { state: 'unknown' };
}

/** What is stored is plain JSON: a handler's getters, prototypes and shared references do not survive into the store. */
export function jsonCopy(v: unknown): unknown {
  return JSON.parse(canonicalize(v)) as unknown;
}

export const NOT_PLAIN = Symbol('not plain');

/** The stored copy, or NOT_PLAIN for what canonical JSON refuses (an accessor, undefined, a bigint, a class instance). */
export function plainCopy(v: unknown): unknown {
  try {
    return jsonCopy(v);
  } catch {
    return NOT_PLAIN;
  }
}

/** A record past its retention is no record: the key is new again. */
export function live(rec: IdempotencyRecord | null, now: number): IdempotencyRecord | null {
  return rec !== null && rec.expires_at > now ? rec : null;
}

/** The execution of an answer that was recorded; its delivery is always the package's own. */
export function done(
  pkg: Package,
  trusted: TrustedContext,
  attempts: Execution['attempts'],
  audit_seq: number | null,
  preview?: Execution['preview'],
): Execution {
  return {
    pkg,
    trusted,
    delivery: pkg.model_result.execution.delivery as Delivery,
    attempts,
    audit_seq,
    ...(preview === undefined ? {} : { preview }),
  };
}
