/**
 * The step tab: the event on screen, what the stream has said up to it, and what the dispatcher would decide if
 * the stream ended there. Stream text that cannot be read shows where instead.
 */
import { useMemo, type JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { decideTurn } from '../../../playground/turn/decision.ts';
import type { TurnStep } from '../../../playground/turn/stepThrough.ts';
import type { TurnView } from '../../../playground/turn/turnView.ts';
import { StepDetail } from './StepDetail.tsx';
import { streamTextErrorText, type TurnTexts } from './text.ts';
import { STRICT_JSON_LIMITS } from '#lib/core/json/index.ts';

export interface StepTabProps {
  x: TurnTexts;
  lang: Lang;
  textError: TurnView['textError'];
  step: TurnStep | undefined;
  turnContext: Parameters<typeof decideTurn>[1];
  last: boolean;
}

export function StepTab({ x, lang, textError, step, turnContext, last }: StepTabProps): JSX.Element {
  const decision = useMemo(() => (step === undefined ? null : decideTurn(step.turn, turnContext)), [step, turnContext]);
  return (
    <div className="tab-scroll" tabIndex={0} role="group" aria-label={x.tabStep}>
      {textError !== null ? (
        <p className="inline-warning" data-testid="stream-error">
          {x.textError(
            textError.line,
            textError.column,
            streamTextErrorText(x, textError, STRICT_JSON_LIMITS.maxBytes),
          )}
        </p>
      ) : step !== undefined && decision !== null ? (
        <StepDetail x={x} lang={lang} step={step} decision={decision} last={last} />
      ) : null}
    </div>
  );
}
