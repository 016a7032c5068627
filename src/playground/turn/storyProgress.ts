/**
 * How far the injection story (./injectionStory.ts) has got at a step of the
 * follow-up stream, so that the story moves with the stepper: before the
 * model's call opens, only the injected hit has happened (it was the turn
 * before); once the call opens, the model is asking; at the terminal event
 * the gate answers and the next request carries its error back.
 *
 * @example
 * storyStepsReached(marks, 0)              // 1: the injected hit
 * storyStepsReached(marks, marks.length-1) // 4: the whole story
 */
import type { EventMark } from './stepThrough.ts';

/** The number of the story's four steps that have happened at `index` (1 to 4). */
export function storyStepsReached(
  marks: readonly Pick<EventMark, 'call_ids_new' | 'terminal_here'>[],
  index: number,
): 1 | 2 | 4 {
  let opened = false;
  for (let i = 0; i <= Math.min(index, marks.length - 1); i++) {
    const m = marks[i];
    if (m === undefined) break;
    if (m.terminal_here !== null) return 4;
    if (m.call_ids_new.length > 0) opened = true;
  }
  return opened ? 2 : 1;
}
