/**
 * Another dispatcher process of the same deployment: a second control plane
 * (src/control, unchanged) over the lab's store, runtimes, dispatcher and
 * policy, on a clock that reads the lab's. While it lives, its sleeps are the
 * lab's; once it dies, none of them ever ends (the ones it was sleeping are
 * taken off the lab's clock, so they are not shown as waits either). So
 * nothing it started acts again — no release, no `unknown`, no answer —
 * however far the learner moves the clock: what is left of it is what a
 * killed process leaves, its record in the store, `started`, under its lease.
 */
import { createControlPlane, type Clock, type ControlPlane, type ControlPlaneOptions } from '#lib/control/index.ts';
import type { AnswerKind } from './lab.ts';
import type { LabTool } from './stage.ts';

/**
 * A call whose owner process died under it (the `owner_dies` fault): the model got no answer, and the key's record
 * stays as the dead process left it until its lease ends.
 */
export interface LabDeath {
  n: number;
  call_id: string;
  kind: AnswerKind;
  principal: string;
  tool: LabTool;
  key: string;
  /** What the downstream committed before the process died (a draft or a message); null for a read, which commits nothing. */
  committed: string | null;
  started_at: number;
  died_at: number;
  /** Where the call's own deadline was: the model, which got nothing, can only have given up by then. */
  deadline: number;
  /** The end of the dead owner's lease on the key: before it a retry waits for the owner, after it a retry takes over. */
  lease_until: number | null;
}

interface OwnerProcess {
  plane: ControlPlane;
  /** The process is gone from here on. */
  die(): void;
}

const never = new Promise<void>(() => undefined);

function ownerProcess(options: ControlPlaneOptions & { clock: Clock }): OwnerProcess {
  const time = options.clock;
  let dead = false;
  const sleeping = new Set<AbortController>();
  const clock: Clock = {
    now: () => time.now(),
    sleep(ms, signal) {
      if (dead) return never;
      const own = new AbortController();
      const forward = () => own.abort();
      if (signal?.aborted === true) own.abort();
      else signal?.addEventListener('abort', forward, { once: true });
      sleeping.add(own);
      return time.sleep(ms, own.signal).then(() => {
        sleeping.delete(own);
        signal?.removeEventListener('abort', forward);
        return dead ? never : undefined;
      });
    },
  };
  return {
    plane: createControlPlane({ ...options, clock }),
    die() {
      dead = true;
      for (const s of sleeping) s.abort();
      sleeping.clear();
    },
  };
}

/**
 * Which process a lab call runs in, and whether it died there. The stage's handlers tell `dies` as their process
 * dies (one lab call runs at a time, so it is the call last started). A call that meets `owner_dies` runs in a
 * process of its own, which the fault kills; the lab's plane lives on. A broken plane (`own: false`) awaits its
 * handler with no deadline: a handler that never returns holds its call for ever, which is its death too.
 */
export function ownerDeaths(options: ControlPlaneOptions & { clock: Clock }) {
  let current: ((committed: string | null) => void) | null = null;
  return {
    dies: (committed: string | null) => current?.(committed),
    start<P extends { execute: ControlPlane['execute'] }>(
      plane: P,
      dying: boolean,
      own: boolean,
    ): { runner: P | ControlPlane; died: Promise<string | null> } {
      const owner = dying && own ? ownerProcess(options) : null;
      const died = new Promise<string | null>((resolve) => {
        current =
          dying || !own
            ? (committed) => {
                owner?.die();
                resolve(committed);
              }
            : null;
      });
      return { runner: owner?.plane ?? plane, died };
    },
    /** The call answered or died: no handler of it can die any more. */
    settled() {
      current = null;
    },
  };
}
