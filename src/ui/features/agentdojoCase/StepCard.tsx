/**
 * One step of the case: a numbered region whose heading says what happens and whose first line says why it
 * matters, above what the plane answered. The heading takes the focus when the narrow bar jumps to it.
 */
import type { JSX, ReactNode } from 'react';
import styles from './AgentDojoCase.module.css';

export function StepCard({
  id,
  n,
  title,
  why,
  done,
  children,
}: {
  id: string;
  n: number;
  title: string;
  why: string;
  /** Whether the step has happened: its number is marked so. */
  done: boolean;
  children: ReactNode;
}): JSX.Element {
  return (
    <section className={styles.step} id={id} aria-labelledby={`${id}-title`} data-testid={id} data-done={done}>
      <h3 className={styles.stepTitle} id={`${id}-title`} tabIndex={-1}>
        <span className={styles.stepNumber} data-done={done} aria-hidden="true">
          {done ? '✓' : n}
        </span>
        <span className="sr-only">{n}. </span>
        {title}
      </h3>
      <p className={styles.why}>{why}</p>
      {children}
    </section>
  );
}
