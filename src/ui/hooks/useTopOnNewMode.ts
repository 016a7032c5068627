/**
 * A new mode starts at its top: on a phone (one column the page scrolls through) a mode switch had left the page
 * where the last mode was scrolled to, the new mode's work out of sight. Not on the first render: a link to a place
 * opens where the browser puts it.
 */
import { useEffect, useRef } from 'react';
import { scrollPageToTop } from '../../playground/browser.ts';
import type { Mode } from '../../playground/work.ts';

export function useTopOnNewMode(mode: Mode): void {
  const shown = useRef(mode);
  useEffect(() => {
    if (shown.current === mode) return;
    shown.current = mode;
    scrollPageToTop();
  }, [mode]);
}
