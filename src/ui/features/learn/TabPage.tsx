/** A tab of the learning path: its lead (what the tab shows and why) above what it shows. */
import type { JSX, ReactNode } from 'react';
import styles from './TabPage.module.css';

export function TabPage({ lead, children }: { lead: string; children: ReactNode }): JSX.Element {
  return (
    <div className={styles.page}>
      <p className="lead">{lead}</p>
      {children}
    </div>
  );
}
