/**
 * One store call of an execute, bounded as a handler is
 * (docs/control-plane.md#a-store-that-fails-or-hangs).
 */
import { raceDeadline } from './deadlineRace.ts';
import type { PlaneState } from './planeTypes.ts';

/** What bounds a store call: the plane's clock and policy, and the call's deadline. */
export interface Bounded {
  readonly s: PlaneState;
  readonly deadline: number;
}

/** The store rejected, threw or did not answer in time: the execute answers from the catalog, unaudited. */
export class StoreFailure extends Error {}

/**
 * One store call, raced against the call's deadline on the plane's clock
 * (docs/control-plane.md#a-store-that-fails-or-hangs): a store that rejects, throws or never
 * answers is a StoreFailure, and whatever its promise does later reaches no
 * one. The bound is what is left of the deadline, and never less than
 * `status_timeout_ms`: the steps that must still be taken past the deadline
 * (fencing a write as unknown after its deadline, recording the answer) get
 * the bound a status query gets there, not a refusal before they are sent.
 */
export async function store<T>(b: Bounded, op: () => Promise<T>): Promise<T> {
  const bound = Math.max(1, b.deadline - b.s.clock.now(), b.s.policy.status_timeout_ms);
  const r = await raceDeadline(b.s.clock, bound, op);
  if (r.kind === 'value') return r.value;
  throw new StoreFailure(r.kind === 'deadline' ? 'the store did not answer in time' : 'the store failed');
}
