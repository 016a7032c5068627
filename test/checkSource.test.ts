import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lineCount, linksOutside, MAX_LINES, namedFiles } from '../scripts/check-source.mjs';

describe('the source checks of npm run lint', () => {
  it('find a Markdown link that leaves the repository, and only those', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const text =
      '[a](docs/turn.md) [b](../shared/SPEC.md) [c](https://example.com/x) [d](contract.md#two) [e](../../elsewhere.md)';
    expect(linksOutside(text, root)).toEqual(['../shared/SPEC.md', '../../elsewhere.md']);
    expect(linksOutside(text, join(root, 'docs'))).toEqual(['../../elsewhere.md']);
  });

  it('name the repository files a text writes in backticks, once each, and nothing else', () => {
    const text =
      'see `src/core/json/strictJson.ts` and `docs/turn.md`, again `src/core/json/strictJson.ts`; not `npm test`, `../shared/SPEC.md`, `src/core` or src/x.ts';
    expect(namedFiles(text)).toEqual(['src/core/json/strictJson.ts', 'docs/turn.md']);
  });

  it('count lines as an editor does', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\n'.repeat(MAX_LINES + 1))).toBe(MAX_LINES + 1);
  });
});
