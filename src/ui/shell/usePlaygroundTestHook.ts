/**
 * What the browser tests read and drive through the app (the e2e build only, ../testHooks.ts): a snapshot of the
 * state as a share link carries it, the handler text, a share link to open, and where the evaluations ran.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { sharePayloadOf } from '../../playground/codecs/shareLink.ts';
import type { Work } from '../../playground/work.ts';
import type { EvaluationCounts } from '../evaluation/useDocumentEvaluation.ts';
import type { PlaygroundApi } from '../state/usePlayground.ts';
import { exposeForTests } from '../testHooks.ts';

export function usePlaygroundTestHook(work: Work, api: PlaygroundApi, counts: RefObject<EvaluationCounts>): void {
  const latestWork = useRef(work);
  latestWork.current = work;
  useEffect(() => {
    exposeForTests('__playground', {
      snapshot: () => structuredClone(sharePayloadOf(latestWork.current)) as unknown,
      setHandlerText: (text: string) => api.setHandlerText(text),
      openShare: (fragment: string) => api.openShare(fragment),
      evaluations: () => ({ ...counts.current }),
    });
  }, [api, counts]);
}
