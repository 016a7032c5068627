import { describe, expect, it } from 'vitest';
import { SELF_TEST_POINTS } from './progress.ts';
import { QUESTIONS } from './selfTest.ts';

describe('the self-test’s key points', () => {
  it('every question has key points in both languages, and the progress knows how many there are', () => {
    for (const q of QUESTIONS) {
      expect(q.points.length).toBeGreaterThan(0);
      for (const p of q.points) expect(p.en.length * p.zh.length).toBeGreaterThan(0);
    }
    expect(QUESTIONS.reduce((n, q) => n + q.points.length, 0)).toBe(SELF_TEST_POINTS);
  });
});
