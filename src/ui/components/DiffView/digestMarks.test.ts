import { describe, expect, it } from 'vitest';
import { digestRuns } from './digestMarks.ts';

describe('digestRuns', () => {
  it('marks each differing character and keeps the rest as equal runs', () => {
    expect(digestRuns('ab12cd', 'ab99cd')).toEqual([
      { text: 'ab', differs: false },
      { text: '12', differs: true },
      { text: 'cd', differs: false },
    ]);
    expect(digestRuns('abc', 'abc')).toEqual([{ text: 'abc', differs: false }]);
    expect(digestRuns('abc', 'a')).toEqual([
      { text: 'a', differs: false },
      { text: 'bc', differs: true },
    ]);
  });
});
