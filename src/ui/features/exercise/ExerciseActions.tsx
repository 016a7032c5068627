/** The actions on the learner's results, drawn alike in the slot cards and the proof cards: a row, and its buttons. */
import type { ButtonHTMLAttributes, JSX, ReactNode } from 'react';
import styles from './ExerciseActions.module.css';

export function ActionRow({ children }: { children: ReactNode }): JSX.Element {
  return <div className={styles.row}>{children}</div>;
}

export function ActionButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>): JSX.Element {
  return <button {...props} type="button" className={styles.action} />;
}
