/**
 * A store whose chosen call never answers (docs/control-plane.md#a-store-that-fails-or-hangs),
 * in the style of countingStore.ts: every other call goes through. How the
 * stalled call meets the store is the fault:
 *
 * - `lost`: it never reaches the store (a request that went nowhere);
 * - `landed`: the store applies it, and its answer never comes back (a
 *   connection cut after the statement was sent);
 * - `late`: it reaches the store only on `recover()`, long after the plane
 *   gave up on it (a statement stuck in a queue).
 *
 * A stalled promise stays pending until `recover()`, which then rejects it:
 * a driver that finally times out. If the plane had left it unhandled, that
 * rejection would be an unhandled one.
 */
import type { Store } from '../../src/control/index.ts';

export type StalledCall =
  'read' | 'claim' | 'commit' | 'savePreview' | 'readPreview' | 'pendingPreview' | 'saveApproval' | 'readApproval';
export type StallMode = 'lost' | 'landed' | 'late';

export interface StallingStore {
  store: Store;
  /** The `nth` call of `method` from now on (1: the next) that `when` picks (every call, without it) never answers. */
  stall(
    method: StalledCall,
    options?: { nth?: number; mode?: StallMode; when?: (...args: unknown[]) => boolean },
  ): void;
  /** How many calls are stalled now. */
  stalled(): number;
  /** Stop stalling: the late calls reach the store (their answers dropped), then every stalled promise rejects. */
  recover(): Promise<void>;
}

export function stallingStore(inner: Store): StallingStore {
  let plan: {
    method: StalledCall;
    left: number;
    mode: StallMode;
    when: (...args: unknown[]) => boolean;
  } | null = null;
  const held: { reject: (e: unknown) => void; late: (() => Promise<unknown>) | null }[] = [];
  const wrapped: Record<string, unknown> = { ...inner };
  for (const name of [
    'read',
    'claim',
    'commit',
    'savePreview',
    'readPreview',
    'pendingPreview',
    'saveApproval',
    'readApproval',
  ] as const) {
    const method = inner[name] as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = (...args: unknown[]) => {
      if (plan === null || plan.method !== name || !plan.when(...args) || --plan.left > 0)
        return method.apply(inner, args);
      const { mode } = plan;
      plan = null;
      if (mode === 'landed') void method.apply(inner, args).catch(() => {});
      return new Promise((_resolve, reject) =>
        held.push({ reject, late: mode === 'late' ? () => method.apply(inner, args) : null }),
      );
    };
  }
  return {
    store: wrapped as unknown as Store,
    stall(method, options = {}) {
      plan = { method, left: options.nth ?? 1, mode: options.mode ?? 'lost', when: options.when ?? (() => true) };
    },
    stalled: () => held.length,
    async recover() {
      plan = null;
      for (const h of held.splice(0)) {
        if (h.late !== null) await h.late().catch(() => {});
        h.reject(new Error('the driver gave up on a call the plane had already given up on'));
      }
    },
  };
}
