/**
 * The reference vectors in test/vectors/ are the upstream files, unchanged: every file is listed in SHA256SUMS with
 * the digest it was carried in with, and nothing unlisted sits beside them (test/vectors/README.md).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './support/vectors.ts';

const dir = join(projectRoot, 'test', 'vectors');
const listed = new Map(
  readFileSync(join(dir, 'SHA256SUMS'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [digest, path] = line.split(/\s+/);
      return [path!, digest!] as const;
    }),
);
const files = (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
  .filter((e) => e.isFile())
  .map((e) => relative(dir, join(e.parentPath, e.name)))
  .filter((f) => !['README.md', 'SHA256SUMS'].includes(f) && !f.endsWith('LICENSE'));

describe('test/vectors', () => {
  it('holds the listed files and no other, each with the digest it came with', () => {
    expect(files.sort()).toEqual([...listed.keys()].sort());
    for (const f of files)
      expect(
        createHash('sha256')
          .update(readFileSync(join(dir, f)))
          .digest('hex'),
        f,
      ).toBe(listed.get(f));
  });
  it('carries each suite with its licence', () => {
    expect(readFileSync(join(dir, 'jcs', 'LICENSE'), 'utf8')).toMatch(/^Apache License\r?\n/);
    expect(readFileSync(join(dir, 'JSONTestSuite', 'LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) 2016 Nicolas Seriot/,
    );
  });
});
