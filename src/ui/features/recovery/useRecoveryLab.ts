/**
 * The lab in React: one view model (src/lessons/recoveryLab/lab.ts) per case,
 * start and broken plane, read through useSyncExternalStore; each proof step
 * the real plane's stage shows is handed to the learner's progress once. With
 * a broken plane chosen, a second stage runs it and every action goes to both.
 *
 * The learner's actions go to the work as a log (onLog), and a log that comes
 * from elsewhere (a reload, a share link, the lab opened again) is replayed
 * onto a fresh stage. What a replay shows is not reported as a step: the
 * learner who opens a link did none of it by hand.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { BrokenPlaneId } from '../../../lessons/recoveryLab/brokenPlaneIds.ts';
import { createRecoveryLab, type LabState, type RecoveryLab } from '../../../lessons/recoveryLab/lab.ts';
import type { LabAction } from '../../../lessons/recoveryLab/labLog.ts';
import { pairLabs } from '../../../lessons/recoveryLab/pairLabs.ts';
import { replayLab } from '../../../lessons/recoveryLab/replayLab.ts';
import type { RecoveryCaseId, RecoveryStep } from '../../../lessons/recoveryProofs.ts';

const NONE = (): null => null;
const never = () => () => undefined;
const replays = new WeakMap<RecoveryLab, Promise<void>>();
const keyOf = (log: readonly LabAction[] | undefined) => JSON.stringify(log ?? []);

export function useRecoveryLab(
  caseId: RecoveryCaseId,
  start: number,
  onStep: (step: RecoveryStep) => void,
  broken: BrokenPlaneId | null = null,
  log: readonly LabAction[] | undefined = undefined,
  onLog: (log: LabAction[] | undefined) => void = () => undefined,
): { lab: RecoveryLab; state: LabState; beside: LabState | null; replaying: boolean } {
  // The log last written to the work, or last replayed: any other log in the work came from elsewhere.
  const known = useRef(keyOf(log));
  // The log a new stage starts from, and the "start over" it came with (after one, a stage starts fresh).
  const seed = useRef({ log, n: 0, start });
  if (keyOf(log) !== known.current) {
    known.current = keyOf(log);
    seed.current = { log, n: seed.current.n + 1, start };
  }
  const seedN = seed.current.n;
  // New stages for every case, every "start over" (`start` counts them), every broken plane chosen, every log from elsewhere.
  const { lab, real, other, replay } = useMemo(() => {
    const r = createRecoveryLab(caseId);
    const b = broken === null ? null : createRecoveryLab(caseId, { broken });
    void seedN;
    const actions = start === seed.current.start ? (seed.current.log ?? []) : [];
    return { lab: b === null ? r : pairLabs(r, b), real: r, other: b, replay: actions };
  }, [caseId, start, broken, seedN]);
  const [replaying, setReplaying] = useState<RecoveryLab | null>(null);
  const state = useSyncExternalStore(real.subscribe, real.state);
  const beside = useSyncExternalStore(other?.subscribe ?? never, other?.state ?? NONE);
  const reported = useRef<{ lab: RecoveryLab; n: number; quiet: boolean }>({ lab: real, n: 0, quiet: false });
  const latest = useRef({ onStep, onLog });
  latest.current = { onStep, onLog };

  useEffect(() => {
    if (replay.length === 0) return;
    let live = true;
    reported.current = { lab: real, n: 0, quiet: true };
    setReplaying(real);
    // Once per stage, though an effect may run twice (StrictMode mounts twice): a second replay would double every action.
    let running = replays.get(real);
    if (running === undefined) replays.set(real, (running = replayLab(lab, replay)));
    void running.finally(() => {
      if (!live) return;
      reported.current = { lab: real, n: real.state().steps.length, quiet: false };
      setReplaying(null);
    });
    return () => {
      live = false;
    };
  }, [lab, real, replay]);

  useEffect(() => {
    if (reported.current.lab !== real) reported.current = { lab: real, n: 0, quiet: false };
    if (reported.current.quiet) return;
    const fresh = state.steps.slice(reported.current.n);
    reported.current.n = state.steps.length;
    for (const step of fresh) latest.current.onStep(step);
  }, [real, state.steps]);

  useEffect(() => {
    if (replaying !== null) return;
    const next = state.log === null || state.log.length === 0 ? undefined : state.log;
    const key = keyOf(next);
    if (key === known.current) return;
    known.current = key;
    seed.current = { ...seed.current, log: next };
    latest.current.onLog(next);
  }, [state.log, replaying]);

  return { lab, state, beside, replaying: replaying === real };
}
