/**
 * Where the learner is in the turn mode: which event, which tab, which call. A stream opens on its outcome, at its
 * end (the index is clamped to the last event by the caller); the injection follow-up opens on its story, at the
 * story's first step (its first event), so that it can be told from the start without a rewind. Opening another
 * stream starts there again. The event is the work's (`TurnWork.step`, in the address as `&step=N`): a link opens
 * at it, and Back and Forward bring it back; the tab and the call are this page's only.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { withTurnStep, withTurnStream, type TurnWork } from '../../../playground/turn/turnWork.ts';
import type { TurnTexts } from './text.ts';

export type TurnTab = 'step' | 'handler' | 'continuation' | 'text' | 'injection';
const TAB_ORDER: readonly TurnTab[] = ['step', 'handler', 'continuation', 'text', 'injection'];
export const TAB_LABEL = {
  step: 'tabStep',
  handler: 'tabHandler',
  continuation: 'tabContinuation',
  text: 'tabText',
  injection: 'tabInjection',
} as const satisfies Record<TurnTab, keyof TurnTexts>;

const isInjection = (id: string) => id.endsWith('.injection_follow_up');
/** The event a stream opens at: the end (its outcome), or the injection story's first step. */
const openingIndex = (stream: string) => (isInjection(stream) ? 0 : Number.MAX_SAFE_INTEGER);

/** The injection story is the follow-up stream's: elsewhere it has nothing to say, and its tab is not shown. */
export const tabsOf = (stream: string): readonly TurnTab[] =>
  isInjection(stream) ? TAB_ORDER : TAB_ORDER.filter((k) => k !== 'injection');

/** `last`: the stream's last event once what the learner sees is read; null while an edit or a recording is on its way. */
export function useTurnPlace(turn: TurnWork, onTurn: (turn: TurnWork) => void, last: number | null) {
  const { stream, step } = turn;
  const index = step ?? openingIndex(stream);
  const setIndex = useCallback((i: number) => onTurn(withTurnStep(turn, i)), [onTurn, turn]);
  const openStream = useCallback((id: string) => onTurn(withTurnStream(turn, id)), [onTurn, turn]);
  // A step past the end (an address's, or "to the end" after a fault switch) is the last event, and the address says so.
  useEffect(() => {
    if (last !== null && step !== undefined && step > last) onTurn(withTurnStep(turn, last));
  }, [last, step, turn, onTurn]);
  const [tab, setTab] = useState<TurnTab>(isInjection(stream) ? 'injection' : 'step');
  const [callId, setCallId] = useState<string | null>(null);
  const lastStream = useRef(stream);
  useEffect(() => {
    if (lastStream.current === stream) return;
    lastStream.current = stream;
    setCallId(null);
    setTab(isInjection(stream) ? 'injection' : 'step');
  }, [stream]);
  return { index, setIndex, openStream, tab, setTab, callId, setCallId };
}
