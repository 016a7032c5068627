/** Two stages driven as one: the real plane's and a broken plane's beside it. */
import type { RecoveryLab } from './lab.ts';

/**
 * The learner's actions on two stages at once: the real plane's (`real`,
 * whose state the view shows and whose answers prove) and a broken plane's
 * beside it, each with its own store, downstream and clock.
 */
export function pairLabs(real: RecoveryLab, beside: RecoveryLab): RecoveryLab {
  const both =
    <A extends unknown[]>(f: (lab: RecoveryLab) => (...args: A) => unknown) =>
    async (...args: A) => {
      await Promise.all([f(real)(...args), f(beside)(...args)]);
    };
  const each =
    <A extends unknown[]>(f: (lab: RecoveryLab) => (...args: A) => void) =>
    (...args: A) => {
      f(real)(...args);
      f(beside)(...args);
    };
  return {
    state: real.state,
    subscribe(listener) {
      const a = real.subscribe(listener);
      const b = beside.subscribe(listener);
      return () => {
        a();
        b();
      };
    },
    setTool: each((l) => l.setTool),
    setArgs: each((l) => l.setArgs),
    setFault: each((l) => l.setFault),
    setRetryAfter: each((l) => l.setRetryAfter),
    setStatusAnswer: each((l) => l.setStatusAnswer),
    setAccess: each((l) => l.setAccess),
    setPrincipal: each((l) => l.setPrincipal),
    setReworded: each((l) => l.setReworded),
    setRecipients: each((l) => l.setRecipients),
    decline: each((l) => l.decline),
    dispatch: both((l) => l.dispatch),
    retry: both((l) => l.retry),
    approve: both((l) => l.approve),
    advance: both((l) => l.advance),
    changeEntry: both((l) => l.changeEntry),
    rebuild: both((l) => l.rebuild),
    checkpoint: both((l) => l.checkpoint),
    verify: both((l) => l.verify),
    alterTranscript: both((l) => l.alterTranscript),
    reconcile: both((l) => l.reconcile),
  };
}
