/**
 * Where the learner is in the turn mode: which event, which tab, which call. A stream opens on its outcome, at its
 * end (the index is clamped to the last event by the caller); the injection follow-up opens on its story, at the
 * story's first step (its first event), so that it can be told from the start without a rewind. Opening another
 * stream starts there again.
 */
import { useEffect, useRef, useState } from 'react';
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

export function useTurnPlace(stream: string) {
  const [index, setIndex] = useState(() => openingIndex(stream));
  const [tab, setTab] = useState<TurnTab>(isInjection(stream) ? 'injection' : 'step');
  const [callId, setCallId] = useState<string | null>(null);
  const lastStream = useRef(stream);
  useEffect(() => {
    if (lastStream.current === stream) return;
    lastStream.current = stream;
    setIndex(openingIndex(stream));
    setCallId(null);
    setTab(isInjection(stream) ? 'injection' : 'step');
  }, [stream]);
  return { index, setIndex, tab, setTab, callId, setCallId };
}
