/**
 * The rules eslint.config.js adds to the recommended sets, run through ESLint itself on samples:
 * a file's size (500 lines, 300 for a component), a reason on every disable comment, and the core's doors.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });
async function ruleIds(text: string, filePath: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId);
}
const lines = (n: number): string =>
  Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';

describe('the lint rules of this tree', () => {
  it('a script of 500 lines passes, of 501 is refused; a component is refused past 300', async () => {
    expect(await ruleIds(lines(500), 'src/core/sample.ts')).toEqual([]);
    expect(await ruleIds(lines(501), 'src/core/sample.ts')).toEqual(['max-lines']);
    expect(await ruleIds(lines(300), 'src/ui/Sample.tsx')).toEqual([]);
    expect(await ruleIds(lines(301), 'src/ui/Sample.tsx')).toEqual(['max-lines']);
  });

  it('a disable comment names its rule and says why, or is refused', async () => {
    const body = 'export const r = /\\x00/;\n';
    expect(
      await ruleIds(
        `// eslint-disable-next-line no-control-regex -- the pattern names NUL\n${body}`,
        'src/core/sample.ts',
      ),
    ).toEqual([]);
    expect(await ruleIds(`// eslint-disable-next-line no-control-regex\n${body}`, 'src/core/sample.ts')).toEqual([
      '@eslint-community/eslint-comments/require-description',
    ]);
    expect(await ruleIds(`/* eslint-disable -- everything */\n${body}`, 'src/core/sample.ts')).toEqual([
      '@eslint-community/eslint-comments/no-unlimited-disable',
    ]);
  });

  it('outside the core, a core folder is reached through its door, a camelCase folder as well', async () => {
    const from = 'src/playground/sample.ts';
    expect(await ruleIds("export { toProviderItem } from '../core/lastHop/index.ts';\n", from)).toEqual([]);
    expect(await ruleIds("export { toProviderItem } from '../core/lastHop/toProviderItem.ts';\n", from)).toEqual([
      'no-restricted-imports',
    ]);
    expect(await ruleIds("export { RESULT_LIMITS } from '../core/tables/registry.ts';\n", from)).toEqual([
      'no-restricted-imports',
    ]);
  });
});
