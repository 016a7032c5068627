/**
 * The rules of the source tree that no linter in the toolchain states (ESLint holds the size of a
 * script and the reasons on its disable comments, eslint.config.js):
 * - no stylesheet is over 500 lines (ESLint does not read CSS);
 * - README.md stays under README_MAX characters, and README.md and docs/ link only
 *   inside the repository (the package's readers have nothing else), and
 *   every file they name in backticks (`src/…`, `test/…`, …) exists: files move.
 * Run by `npm run lint`; exits 1 and lists every offence.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIRS = ['src'];
const SOURCE = /\.css$/;
export const MAX_LINES = 500;
export const README_MAX = 14_000;

/** Relative Markdown links in `text` (a file at `fromDir`) whose target leaves the repository. */
export function linksOutside(text, fromDir) {
  const out = [];
  for (const m of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
    const target = m[1];
    if (/^[a-z]+:/i.test(target)) continue; // absolute URLs are the reader's own choice to follow
    if (relative(ROOT, join(fromDir, target)).startsWith('..')) out.push(target);
  }
  return out;
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (SOURCE.test(name)) yield p;
  }
}

export function lineCount(text) {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function main() {
  const problems = [];
  const files = DIRS.flatMap((d) => [...walk(join(ROOT, d))]);
  for (const file of files) {
    const rel = relative(ROOT, file).split('\\').join('/');
    const text = readFileSync(file, 'utf8');
    const n = lineCount(text);
    if (n > MAX_LINES) problems.push(`${rel}: ${n} lines, over ${MAX_LINES}: split it`);
  }
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  if ([...readme].length >= README_MAX)
    problems.push(`README.md: ${[...readme].length} characters, at most ${README_MAX - 1}: move detail to docs/`);
  const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
  for (const [file, dir] of [['README.md', ROOT], ...docs.map((f) => [`docs/${f}`, join(ROOT, 'docs')])]) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const target of linksOutside(text, dir)) problems.push(`${file}: links to ${target}, outside the repository`);
    for (const path of namedFiles(text))
      if (!existsSync(join(ROOT, path))) problems.push(`${file}: names ${path}, which does not exist`);
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}

/** The repository's files a text names in backticks, by their path from the root (`src/core/json/strictJson.ts`). */
export function namedFiles(text) {
  const paths = [...text.matchAll(/`((?:src|test|e2e|bench|scripts|docs)\/[\w./-]+\.(?:ts|tsx|css|json|mjs|md))`/g)];
  return [...new Set(paths.map((m) => m[1]))];
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
