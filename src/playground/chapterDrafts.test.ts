import { describe, expect, it } from 'vitest';
import { parseChapterDrafts, serializeChapterDrafts, type ChapterDrafts } from './chapterDrafts.ts';

const drafts: ChapterDrafts = {
  texts: [1, 2, 3, 4, 5].map((n) => ({ model: `{"n":${n}}`, audit: '{}' })),
  sealed: [{ model: '{"n":1}', audit: '{}' }, null, null, null, null],
};

describe('the chapter track kept in this browser', () => {
  it('reads back what it wrote', () => {
    expect(parseChapterDrafts(serializeChapterDrafts(drafts), 5)).toEqual(drafts);
  });
  it('reads nothing from anything else, so a bad store starts the track fresh instead of breaking it', () => {
    const text = serializeChapterDrafts(drafts);
    const bad = [
      null,
      '',
      'not json',
      text.replace('"v":1', '"v":2'),
      text.replace('"audit":"{}"', '"audit":7'),
      JSON.stringify({ v: 1, texts: drafts.texts.slice(1), sealed: drafts.sealed.slice(1) }),
      JSON.stringify({
        v: 1,
        texts: [{ model: '', audit: '', extra: 1 }, ...drafts.texts.slice(1)],
        sealed: drafts.sealed,
      }),
      JSON.stringify({
        v: 1,
        texts: [{ model: 'x'.repeat(200_001), audit: '' }, ...drafts.texts.slice(1)],
        sealed: drafts.sealed,
      }),
      `{"v":1,"v":1,"texts":[],"sealed":[]}`,
    ];
    for (const b of bad) expect(parseChapterDrafts(b, 5), String(b).slice(0, 60)).toBeNull();
    expect(parseChapterDrafts(text, 4)).toBeNull();
  });
});
