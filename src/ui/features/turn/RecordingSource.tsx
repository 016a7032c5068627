/**
 * Where a recorded stream came from (docs/turn-contract.md#what-providers-really-send):
 * repository and path (with
 * the lines or interaction cut from a longer file) or the documentation
 * page, and the licence. Text only: the page is offline and fetches nothing.
 */
import type { JSX } from 'react';
import { recordingSourceText, type Recording } from '../../../chapter/recordings/index.ts';
import type { TurnTexts } from './text.ts';
import styles from './RecordingSource.module.css';

export function RecordingSource({ x, recording }: { x: TurnTexts; recording: Recording }): JSX.Element {
  return (
    <p className={`${styles.recordingSource} muted small`} data-testid="turn-recording-source">
      {x.recordedSource} <cite>{recordingSourceText(recording.source, x.sourceCut)}</cite> ({recording.source.licence})
      {recording.elided !== undefined ? ` ${x.recordedElided}` : ''}
    </p>
  );
}
