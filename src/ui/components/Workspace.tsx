/**
 * The workspace: the page's main region, where the editor's column and the
 * results' column sit side by side (every mode draws its columns inside it).
 * `workspace` stays a plain class name as well: the classroom test measures
 * the text inside it.
 */
import type { ComponentProps, JSX } from 'react';
import { cx } from './cx.ts';
import styles from './Workspace.module.css';

export function Workspace({ className, ...rest }: ComponentProps<'main'>): JSX.Element {
  return <main {...rest} className={cx('workspace', styles.workspace, className)} />;
}
