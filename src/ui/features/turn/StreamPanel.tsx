/**
 * The turn mode's left panel: where the stream comes from (for a recording), the verdict at its end, and the
 * stepper through its events with the fault switches; a stream whose text cannot be read shows where instead.
 */
import type { JSX } from 'react';
import type { Recording } from '../../../chapter/recordings/index.ts';
import type { Lang } from '../../../lang.ts';
import type { FaultId } from '../../../playground/turn/faults.ts';
import type { TurnView } from '../../../playground/turn/turnView.ts';
import { Panel } from '../../components/Panel.tsx';
import type { PanelTarget } from '../../components/focus.ts';
import { RecordingSource } from './RecordingSource.tsx';
import { StreamStepper } from './StreamStepper.tsx';
import { streamTextErrorText, type TurnTexts } from './text.ts';
import { STRICT_JSON_LIMITS } from '#lib/core/json/index.ts';
import styles from './StreamPanel.module.css';

export interface StreamPanelProps {
  x: TurnTexts;
  lang: Lang;
  target: PanelTarget;
  recording: Recording | null;
  verdict: { ok: boolean; text: string };
  view: Pick<TurnView, 'textError' | 'provider' | 'overview' | 'fault' | 'faultsApply'>;
  at: number;
  onIndex(i: number): void;
  onFault(id: FaultId | null): void;
}

export function StreamPanel({
  x,
  lang,
  target,
  recording,
  verdict,
  view,
  at,
  onIndex,
  onFault,
}: StreamPanelProps): JSX.Element {
  return (
    <Panel
      id="panel-turn-stream"
      title={x.streamTitle}
      subtitle={x.streamDesc}
      lang={lang}
      focusableBody={false}
      target={target}
    >
      {recording !== null ? <RecordingSource x={x} recording={recording} /> : null}
      <p className={styles.turnVerdict}>
        {x.atTheEnd}{' '}
        <span className={`chip ${verdict.ok ? 'chip-succeeded' : 'chip-error'}`} data-testid="turn-verdict">
          {verdict.text}
        </span>
      </p>
      {view.textError !== null ? (
        <p className="inline-warning">
          {x.textError(
            view.textError.line,
            view.textError.column,
            streamTextErrorText(x, view.textError, STRICT_JSON_LIMITS.maxBytes),
          )}
        </p>
      ) : (
        <StreamStepper
          x={x}
          lang={lang}
          provider={view.provider}
          marks={view.overview?.marks ?? []}
          index={at}
          onIndex={onIndex}
          fault={view.fault}
          faultsApply={view.faultsApply}
          onFault={onFault}
        />
      )}
    </Panel>
  );
}
