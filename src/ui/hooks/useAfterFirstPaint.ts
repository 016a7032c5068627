/**
 * True from the first task after the page's first frame has been painted.
 * For first-load work that can wait (docs/performance.md#2026-12-01-keystroke-to-paint-on-a-phone-class-cpu-178c196):
 * Monaco's chunk is large, and
 * when its import starts with the first render, the chunk can arrive and be
 * evaluated on the main thread before the first frame, delaying the verdict
 * the learner came for (at 4× CPU throttling: ~1.3 s to the verdict).
 */
import { useEffect, useState } from 'react';

let painted = false;

/** Runs `then` in the task after the next frame (rAF runs just before a paint; a message posted from it runs after). */
export function afterNextPaint(then: () => void): () => void {
  let cancelled = false;
  const id = requestAnimationFrame(() => {
    const c = new MessageChannel();
    c.port1.onmessage = () => {
      if (!cancelled) then();
    };
    c.port2.postMessage(null);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(id);
  };
}

export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    return afterNextPaint(() => {
      painted = true;
      setReady(true);
    });
  }, [ready]);
  return ready;
}
