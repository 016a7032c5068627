/**
 * The learn mode's buttons: primary (reveal an answer, run a mistake on its
 * scenario) and secondary (open a demonstration, reset the progress). Softer
 * than the toolbar's buttons, as the lessons' own actions.
 */
import type { ComponentProps, JSX } from 'react';
import { cx } from '../../components/cx.ts';
import styles from './LearnButton.module.css';

export function LearnButton({
  kind,
  className,
  ...rest
}: { kind: 'primary' | 'secondary' } & Omit<ComponentProps<'button'>, 'type'>): JSX.Element {
  return <button type="button" {...rest} className={cx(styles[kind], className)} />;
}
