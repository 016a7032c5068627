/**
 * A value held back until it stops changing for SETTLE_MS, for work too slow
 * to redo on every keystroke. Two users:
 * - the editor's document, held only past LARGE_TEXT_CHARS. Measured in
 *   Chromium with a 64 KiB handler output (e2e/longTask.spec.ts): evaluating
 *   and re-rendering on every keystroke, on top of Monaco's own per-key work
 *   and the garbage of a 64 KiB text per key, left tasks of 50–60 ms now and
 *   then. A switch of document is never held back. (Where the held text is
 *   then evaluated, on the page or in a worker:
 *   src/ui/evaluation/useDocumentEvaluation.ts.)
 * - the exercise's five results, whose proofs take ~20–150 ms of hashing.
 */
import { useEffect, useState } from 'react';

export const LARGE_TEXT_CHARS = 32 * 1024;
export const SETTLE_MS = 150;

/**
 * `value` once it has stopped changing for SETTLE_MS. `holdBack(settled, next)`
 * says whether a change waits at all; one that does not is returned at once.
 */
export function useSettled<T>(value: T, holdBack: (settled: T, next: T) => boolean): T {
  const [settled, setSettled] = useState(value);
  const hold = settled !== value && holdBack(settled, value);
  useEffect(() => {
    if (settled === value) return;
    if (!hold) {
      setSettled(value);
      return;
    }
    const t = window.setTimeout(() => setSettled(value), SETTLE_MS);
    return () => window.clearTimeout(t);
  }, [value, hold, settled]);
  return hold ? settled : value;
}

/** The editor's document: held while it is large and still the same document. */
export const holdLargeEdit = (
  settled: { key: string; handlerText: string },
  next: { key: string; handlerText: string },
): boolean => next.handlerText.length > LARGE_TEXT_CHARS && next.key === settled.key;
