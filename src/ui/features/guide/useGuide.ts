/**
 * Whether the "Start here" guide is open. It opens by itself on a first visit;
 * Help reopens it (closing Help first); closing it is remembered, so it never
 * opens by itself again in this browser.
 */
import { useCallback, useState } from 'react';
import { markGuideSeen } from '../../../playground/browser.ts';

export function useGuide(
  firstVisit: boolean,
  closeHelp: () => void,
): { guideOpen: boolean; openGuide: () => void; closeGuide: () => void } {
  const [guideOpen, setGuideOpen] = useState(firstVisit);
  const openGuide = useCallback(() => {
    closeHelp();
    setGuideOpen(true);
  }, [closeHelp]);
  const closeGuide = useCallback(() => {
    setGuideOpen(false);
    markGuideSeen();
  }, []);
  return { guideOpen, openGuide, closeGuide };
}
