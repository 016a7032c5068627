import { describe, expect, it } from 'vitest';
import { fixtureText, FIXTURES_WITH_CHINESE } from './fixtureTexts.ts';
import { turnFixtures } from '../../../chapter/index.ts';

describe('the turn fixtures in Chinese', () => {
  it('every fixture has a Chinese title and summary, and no entry names a fixture that does not exist', () => {
    expect([...FIXTURES_WITH_CHINESE].sort()).toEqual(turnFixtures.map((f) => f.id).sort());
    for (const f of turnFixtures) {
      const zh = fixtureText(f, 'zh');
      expect(zh.title).toMatch(/[\u4e00-\u9fff]/);
      expect(zh.summary).toMatch(/[\u4e00-\u9fff]/);
      expect(fixtureText(f, 'en')).toEqual({ title: f.title, summary: f.summary });
    }
  });
});
