/**
 * The rules of the source tree that no linter in the toolchain states (ESLint holds the size of a
 * script and the reasons on its disable comments, eslint.config.js):
 * - no stylesheet is over 500 lines (ESLint does not read CSS);
 * - README.md stays under README_MAX characters;
 * - each tree's README.md and docs/ (the repository's, and the library package's, which ships its own) link only
 *   inside that tree (the package's readers have nothing else), and every file they name in backticks (`src/…`,
 *   `test/…`, …) exists there: files move.
 * Run by `npm run lint`; exits 1 and lists every offence.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIRS = ['src', 'packages/tool-result-contract/src'];
/** Each tree a reader gets whole: the repository, and the library's package (its tarball). */
const TREES = [ROOT, join(ROOT, 'packages/tool-result-contract')];
const SOURCE = /\.css$/;
export const MAX_LINES = 500;
export const README_MAX = 14_000;

/** Relative Markdown links in `text` (a file at `fromDir`) whose target leaves `root` (the repository by default). */
export function linksOutside(text, fromDir, root = ROOT) {
  const out = [];
  for (const m of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
    const target = m[1];
    if (/^[a-z]+:/i.test(target)) continue; // absolute URLs are the reader's own choice to follow
    if (relative(root, join(fromDir, target)).startsWith('..')) out.push(target);
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
  for (const tree of TREES) {
    const docs = readdirSync(join(tree, 'docs')).filter((f) => f.endsWith('.md'));
    const where = relative(ROOT, tree) || 'the repository';
    for (const [file, dir] of [['README.md', tree], ...docs.map((f) => [`docs/${f}`, join(tree, 'docs')])]) {
      const text = readFileSync(join(tree, file), 'utf8');
      const name = relative(ROOT, join(tree, file));
      for (const target of linksOutside(text, dir, tree))
        problems.push(`${name}: links to ${target}, outside ${where}`);
      for (const path of namedFiles(text)) {
        // The package's docs may point a reader of the repository at its other files, saying so.
        const elsewhere =
          tree !== ROOT && text.includes(`the repository's \`${path}\``) && existsSync(join(ROOT, path));
        if (!existsSync(join(tree, path)) && !elsewhere)
          problems.push(`${name}: names ${path}, which does not exist in ${where}`);
      }
    }
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}

/** The repository's files a text names in backticks, by their path from the root (`src/core/json/strictJson.ts`). */
export function namedFiles(text) {
  const paths = [
    ...text.matchAll(/`((?:src|test|e2e|bench|scripts|docs|packages)\/[\w./-]+\.(?:ts|tsx|css|json|mjs|md))`/g),
  ];
  return [...new Set(paths.map((m) => m[1]))];
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
