/** The virtual clock: the plane's time, what it waits for, and the learner's hand on it. */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import type { LabState, RecoveryLab } from '../../../lessons/recoveryLab/lab.ts';
import { clockTime, duration } from './format.ts';
import { RECOVERY_TEXT } from './text.ts';
import styles from './RecoveryMode.module.css';

const STEPS_MS = [1_000, 10_000, 60_000, 15 * 60_000];

/**
 * What the plane waits for. A call waiting on another process's lease polls it every few milliseconds: its next wake
 * is no deadline, so the note names the call's own deadline, by which it is answered at the latest, and the poll.
 */
function clockNote(t: (typeof RECOVERY_TEXT)[Lang], state: LabState, next: number | undefined): string {
  if (next === undefined) return t.nothingWaits;
  const left = Math.max(0, next - state.now);
  const deadline = state.pending?.deadline;
  if (deadline === undefined) return t.waitingUntil(`${clockTime(next)} UTC`, duration(left));
  const toDeadline = duration(Math.max(0, deadline - state.now));
  return left < 1_000
    ? t.pollingUntilDeadline(duration(left), `${clockTime(deadline)} UTC`, toDeadline)
    : `${t.waitingUntil(`${clockTime(next)} UTC`, duration(left))} ${t.deadlineAtLatest(`${clockTime(deadline)} UTC`)}`;
}

export function ClockBar({ lang, lab, state }: { lang: Lang; lab: RecoveryLab; state: LabState }): JSX.Element {
  const t = RECOVERY_TEXT[lang];
  const next = state.wakes[0];
  return (
    <section className={styles.clock} aria-labelledby="recovery-clock-title" data-testid="recovery-clock">
      <h2 id="recovery-clock-title" className={styles.clockTitle}>
        {t.clockTitle}
      </h2>
      <output className={styles.time} data-testid="recovery-now" aria-live="polite">
        {clockTime(state.now)} UTC
      </output>
      <div className={styles.actionsRow}>
        {STEPS_MS.map((ms) => (
          <button
            key={ms}
            type="button"
            className="btn"
            aria-label={t.advanceLabel(duration(ms))}
            onClick={() => void lab.advance(ms)}
            data-testid={`recovery-advance-${ms}`}
          >
            {t.advance(duration(ms))}
          </button>
        ))}
      </div>
      <p className={styles.clockNote} data-testid="recovery-clock-note">
        {clockNote(t, state, next)} <span className="muted">{t.clockWhy}</span>
      </p>
    </section>
  );
}
