/**
 * What the playground evaluates: the editor's text at once while it is small,
 * and, past LARGE_TEXT_CHARS, once typing pauses for SETTLE_MS. Measured in
 * Chromium with a 64 KiB handler output (e2e/longTask.spec.ts): evaluating
 * and re-rendering on every keystroke, on top of Monaco's own per-key work and
 * the garbage of a 64 KiB text per key, left tasks of 50–60 ms now and then.
 * A switch of document is never held back. (Where the held text is then
 * evaluated, on the page or in a worker: src/ui/evaluation/useEvaluation.ts.)
 */
import { useEffect, useState } from 'react';

export const LARGE_TEXT_CHARS = 32 * 1024;
export const SETTLE_MS = 150;

export function useSettledInput<T extends { key: string; handlerText: string }>(input: T): T {
  const [settled, setSettled] = useState(input);
  const hold = input.handlerText.length > LARGE_TEXT_CHARS && input.key === settled.key;
  useEffect(() => {
    if (!hold) {
      if (settled !== input) setSettled(input);
      return;
    }
    const t = window.setTimeout(() => setSettled(input), SETTLE_MS);
    return () => window.clearTimeout(t);
  }, [input, hold, settled]);
  return hold ? settled : input;
}
