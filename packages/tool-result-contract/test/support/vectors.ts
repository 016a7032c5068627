/**
 * The reference vectors carried into the repository (test/vectors/README.md: sources, commits, licences), so the
 * conformance tests that read them run on every clone. A folder that is missing is an error, not a skip.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

// The package's folder (its src/, test/ and docs/); the repository's root holds node_modules and the app.
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export function referenceVectors(sub: string): string {
  const dir = resolve(root, 'test', 'vectors', sub);
  if (!existsSync(dir)) throw new Error(`reference vectors missing at ${dir}: see test/vectors/README.md`);
  return dir;
}

export const projectRoot = root;
export const repositoryRoot = resolve(root, '..', '..');
