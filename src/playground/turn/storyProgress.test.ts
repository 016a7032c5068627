import { describe, expect, it } from 'vitest';
import { assembleTurn } from '#lib/core/turn/index.ts';
import { overviewStream } from './stepThrough.ts';
import { storyStepsReached } from './storyProgress.ts';
import { findTurnFixture } from '../../chapter/index.ts';

describe('storyStepsReached', () => {
  for (const provider of ['openai', 'anthropic', 'gemini'] as const) {
    it(`${provider}: the hit first, the model's ask once its call opens, the whole story at the terminal event`, () => {
      const fixture = findTurnFixture(`${provider}.injection_follow_up`);
      expect(fixture).not.toBeNull();
      const overview = overviewStream(provider, fixture!.stream);
      if (!overview.ok) throw new Error(`the fixture does not read: ${overview.error.message}`);
      const marks = overview.marks;
      const opens = marks.findIndex((m) => m.call_ids_new.length > 0);
      const ends = marks.findIndex((m) => m.terminal_here !== null);
      expect(opens).toBeGreaterThanOrEqual(0);
      expect(ends).toBeGreaterThan(opens);
      const reached = marks.map((_, i) => storyStepsReached(marks, i));
      expect(reached.slice(0, opens).every((n) => n === 1)).toBe(true);
      expect(reached.slice(opens, ends).every((n) => n === 2)).toBe(true);
      expect(reached.slice(ends).every((n) => n === 4)).toBe(true);
      // The assembled turn agrees that the call the story names is the one that opened.
      expect(assembleTurn(provider, fixture!.stream).calls[0]?.call_id).toBe(marks[opens]?.call_ids_new[0]);
    });
  }
  it('never reads past the list', () => {
    expect(storyStepsReached([], 5)).toBe(1);
    expect(storyStepsReached([{ call_ids_new: ['c'], terminal_here: null }], 99)).toBe(2);
  });
});
