/**
 * Reference vectors live in ../shared/vectors beside the project (never copied
 * in). Where that folder is absent, conformance tests skip and say why.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export function sharedVectors(sub: string): string | null {
  const dir = resolve(root, '..', 'shared', 'vectors', sub);
  if (existsSync(dir)) return dir;
  console.warn(`[skip] reference vectors not found at ${dir}: the conformance tests that need them are skipped`);
  return null;
}

export const projectRoot = root;
