/**
 * A store that counts the calls made into it, one per method: what the plane
 * asks of its store, whatever the store is. Each of these calls is one round
 * trip to a SQL store (docs/control-stores.md#round-trips), so the counts are
 * the plane's round trips; the bench (bench/controlPlane.ts) and
 * test/control/roundTrips.test.ts read them.
 */
import type { Store } from '../../src/control/index.ts';

const COUNTED = [
  'read',
  'claim',
  'commit',
  'savePreview',
  'readPreview',
  'pendingPreview',
  'saveApproval',
  'readApproval',
  'entries',
  'head',
  'prune',
] as const;

export type StoreCall = (typeof COUNTED)[number];

export interface CountingStore {
  store: Store;
  /** The calls made since the last `take()`, by method; methods not called are left out. */
  take(): Partial<Record<StoreCall, number>>;
}

export function countingStore(inner: Store): CountingStore {
  let calls: Partial<Record<StoreCall, number>> = {};
  const wrapped: Record<string, unknown> = { ...inner };
  for (const name of COUNTED) {
    const method = inner[name] as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = (...args: unknown[]) => {
      calls[name] = (calls[name] ?? 0) + 1;
      return method.apply(inner, args);
    };
  }
  return {
    store: wrapped as unknown as Store,
    take() {
      const seen = calls;
      calls = {};
      return seen;
    },
  };
}

/** All the calls of one `take()`. */
export const total = (calls: Partial<Record<StoreCall, number>>): number =>
  Object.values(calls).reduce((a, b) => a + b, 0);
