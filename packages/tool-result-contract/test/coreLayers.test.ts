/**
 * src/core in folders by concept, each with one door (its index.ts), importing as
 * scripts/core-imports.cjs says — a graph dependency-cruiser enforces in `npm run lint`
 * (.dependency-cruiser.cjs: each folder's imports, no circle of files), while ESLint's
 * no-restricted-imports keeps everything outside the core at the doors. This test holds the
 * folders on disk to that map, so a new folder cannot escape the rule by not being named.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const core = join(root, 'src', 'core');
const { CORE_IMPORTS } = createRequire(import.meta.url)('../../../scripts/core-imports.cjs') as {
  CORE_IMPORTS: Record<string, string[]>;
};

describe('src/core: folders by concept, one door each', () => {
  it('has exactly the folders the import map names, each with its door, and no module loose at the top but the package door', () => {
    const top = readdirSync(core, { withFileTypes: true });
    expect(
      top
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort(),
    ).toEqual(Object.keys(CORE_IMPORTS).sort());
    expect(top.filter((e) => e.isFile()).map((e) => e.name)).toEqual(['index.ts']);
    for (const folder of Object.keys(CORE_IMPORTS))
      expect(readdirSync(join(core, folder)), folder).toContain('index.ts');
  });

  it('the map is a DAG over its own folders: each import names a folder of the map, and no folder reaches itself', () => {
    const folders = Object.keys(CORE_IMPORTS);
    const reaches = (from: string, seen: Set<string>): Set<string> => {
      for (const to of CORE_IMPORTS[from] ?? []) if (!seen.has(to)) reaches(to, seen.add(to));
      return seen;
    };
    for (const folder of folders) {
      for (const to of CORE_IMPORTS[folder] ?? []) expect(folders, `${folder} → ${to}`).toContain(to);
      expect(reaches(folder, new Set()).has(folder), folder).toBe(false);
    }
  });
});
