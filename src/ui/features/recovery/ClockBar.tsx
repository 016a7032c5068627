/** The virtual clock: the plane's time, what it waits for, and the learner's hand on it. */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import type { LabState, RecoveryLab } from '../../../lessons/recoveryLab/lab.ts';
import { clockTime, duration } from './format.ts';
import { RECOVERY_TEXT } from './text.ts';
import styles from './RecoveryMode.module.css';

const STEPS_MS = [1_000, 10_000, 60_000, 15 * 60_000];

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
      <p className={styles.clockNote}>
        {next === undefined
          ? t.nothingWaits
          : t.waitingUntil(`${clockTime(next)} UTC`, duration(Math.max(0, next - state.now)))}{' '}
        <span className="muted">{t.clockWhy}</span>
      </p>
    </section>
  );
}
