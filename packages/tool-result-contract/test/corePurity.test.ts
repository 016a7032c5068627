/**
 * The core runs unchanged in the browser and in Node: no DOM, no React, no
 * Node built-ins, and nothing outside src/core but its two libraries. The
 * mistaken dispatchers of the learning path must never be importable by it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './support/vectors.ts';

const coreDir = join(projectRoot, 'src', 'core');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
// zod/mini, not classic zod: classic schemas carry zod's JSON-Schema converter into the page's first load (docs/decisions.md).
const ALLOWED_PACKAGES = [/^zod\/mini$/, /^@noble\/hashes\/[a-z0-9]+\.js$/];

describe('core purity', () => {
  const files = sources(coreDir);
  it('finds the core sources', () => expect(files.length).toBeGreaterThan(15));
  it.each(files.map((f) => [relative(projectRoot, f), f]))(
    '%s imports only the core, zod and @noble/hashes',
    (_name, file) => {
      const text = readFileSync(file, 'utf8');
      const specifiers = [
        ...text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm),
        ...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
      ].map((m) => m[1] as string);
      for (const spec of specifiers) {
        if (spec.startsWith('.')) {
          const target = resolve(file, '..', spec);
          expect(relative(coreDir, target).startsWith('..'), `${spec} leaves src/core`).toBe(false);
        } else {
          expect(
            ALLOWED_PACKAGES.some((p) => p.test(spec)),
            `${spec} is not an allowed package`,
          ).toBe(true);
        }
      }
      // Browser-only and Node-only globals (WebCrypto's globalThis.crypto exists in both).
      expect(text).not.toMatch(/\b(window|document|localStorage|navigator)\s*\./);
      expect(text).not.toMatch(/\bprocess\.|\bBuffer\.|\brequire\(/);
    },
  );
});
