/** A recorded stream is its own chunk: until it has arrived the mode says so, and says why if it cannot be loaded. */
import type { JSX } from 'react';
import type { TurnTexts } from './text.ts';
import { Workspace } from '../../components/Workspace.tsx';
import styles from './TurnLoading.module.css';

export function TurnLoading({ x, error }: { x: TurnTexts; error: string | null }): JSX.Element {
  return (
    <Workspace className={styles.turnLoading} data-testid="turn-loading">
      <p role="status" className={error !== null ? 'inline-warning' : 'muted'} data-testid="turn-recording-loading">
        {error !== null ? x.recordedFailed(error) : x.recordedLoading}
      </p>
    </Workspace>
  );
}
