/**
 * Two rules of the source tree that no linter in the toolchain states:
 * - no source file is over 500 lines, and no component (a .tsx file) over 300;
 * - every `eslint-disable` comment names the rule(s) it turns off and says why,
 *   after ` -- ` (ESLint's own description syntax);
 * - README.md stays under README_MAX characters, and README.md and docs/ link only
 *   inside the repository (the package's readers have nothing else), and
 *   every file they name in backticks (`src/…`, `test/…`, …) exists: files move.
 * Run by `npm run lint`; exits 1 and lists every offence.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIRS = ['src', 'e2e', 'test', 'bench', 'scripts'];
const TOP_FILES = ['vite.config.ts', 'playwright.config.ts', 'eslint.config.js'];
const SOURCE = /\.(?:ts|tsx|js|mjs|cjs|css)$/;
export const MAX_LINES = 500;
export const MAX_COMPONENT_LINES = 300;
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

/**
 * Files over the limit that a piece of work under way is to split. Each entry is removed when its file is split;
 * a listed file that is no longer over the limit is itself an offence.
 */
const OVER_LIMIT_PENDING = new Set([]);
/** The same for `eslint-disable` comments without a reason, as `path:line`. */
const DIRECTIVE_PENDING = new Set([]);

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (SOURCE.test(name)) yield p;
  }
}

/** Every `eslint-disable…` directive in a text that lacks a rule name or a ` -- reason`. */
export function badDisableDirectives(text) {
  const bad = [];
  const re = /(?:\/\/|\/\*)\s*(eslint-disable(?:-next-line|-line)?)\b([^\n]*?)(?:\*\/|$)/gm;
  for (const m of text.matchAll(re)) {
    const [rules, ...why] = m[2].split(' -- ');
    const hasRule = rules.trim().length > 0;
    const hasWhy = why.join(' -- ').trim().length > 0;
    if (!hasRule || !hasWhy) {
      const line = text.slice(0, m.index).split('\n').length;
      bad.push({ line, text: m[0].trim(), missing: !hasRule ? 'rule' : 'reason' });
    }
  }
  return bad;
}

export function lineCount(text) {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function main() {
  const problems = [];
  const files = [...DIRS.flatMap((d) => [...walk(join(ROOT, d))]), ...TOP_FILES.map((f) => join(ROOT, f))];
  for (const file of files) {
    const rel = relative(ROOT, file).split('\\').join('/');
    const text = readFileSync(file, 'utf8');
    const n = lineCount(text);
    if (n > MAX_LINES && !OVER_LIMIT_PENDING.has(rel)) problems.push(`${rel}: ${n} lines, over ${MAX_LINES}: split it`);
    if (rel.endsWith('.tsx') && n > MAX_COMPONENT_LINES)
      problems.push(`${rel}: ${n} lines, over ${MAX_COMPONENT_LINES} for a component: split it`);
    if (n <= MAX_LINES && OVER_LIMIT_PENDING.has(rel))
      problems.push(`${rel}: now ${n} lines: remove it from OVER_LIMIT_PENDING in scripts/check-source.mjs`);
    // This script and its test name the directive in patterns and samples.
    if (rel === 'scripts/check-source.mjs' || rel === 'test/checkSource.test.ts') continue;
    for (const b of badDisableDirectives(text)) {
      if (DIRECTIVE_PENDING.has(`${rel}:${b.line}`)) continue;
      problems.push(`${rel}:${b.line}: "${b.text}" has no ${b.missing === 'rule' ? 'rule name' : 'reason (… -- why)'}`);
    }
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
