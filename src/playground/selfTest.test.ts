import { describe, expect, it } from 'vitest';
import { SELF_TEST_POINTS } from './progress.ts';
import { QUESTIONS } from './selfTest.ts';
import { SELF_TEST_TEXT } from './selfTestText.ts';

describe('the self-test’s key points', () => {
  it('every question has key points in both languages, and the progress knows how many there are', () => {
    for (const q of QUESTIONS) {
      const en = SELF_TEST_TEXT.en[q.id];
      const zh = SELF_TEST_TEXT.zh[q.id];
      expect(en.points.length).toBeGreaterThan(0);
      // The learner ticks points by position: both languages must list the same ones.
      expect(zh.points.length, `Q${q.id} points`).toBe(en.points.length);
      expect(zh.explanation.length, `Q${q.id} explanation`).toBe(en.explanation.length);
      for (const p of [...en.points, ...zh.points]) expect(p.length).toBeGreaterThan(0);
      // A question with a recovery lab case has its link's words in both languages, and only such a question.
      expect(en.lab !== undefined, `Q${q.id} lab words (en)`).toBe(q.lab !== undefined);
      expect(zh.lab !== undefined, `Q${q.id} lab words (zh)`).toBe(q.lab !== undefined);
    }
    // local_replay against receipt_reconciled is caused by hand where both happen.
    expect(QUESTIONS.find((q) => q.id === 3)?.lab).toBe('lost_response');
    expect(QUESTIONS.reduce((n, q) => n + SELF_TEST_TEXT.en[q.id].points.length, 0)).toBe(SELF_TEST_POINTS);
  });
});
