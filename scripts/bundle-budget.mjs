// The JavaScript a learner downloads before the editor (React, the core,
// the panels) stays within budget, gzipped; Monaco loads later, JSON language only.
// Reads dist/ after `vite build`: the entry script and every chunk it imports
// statically, transitively. Dynamic imports (Monaco, its workers) are not counted.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname, basename } from 'node:path';
import { gzipSync } from 'node:zlib';

// 150 until 2026-12-06, then 154: the first page projects and validates, and it now runs the one walk of hostile
// values, the encoded audit-leak search and its look-alike table, and the long-pointer sets (3.6 KB gzipped in the
// core's chunk; docs/performance.md). 156 since the evening of 2026-12-06: every parse refusal carries its reason
// and specifics so the Chinese page can say it (+0.8 KB), the remove-comments action for pasted JSONC (+0.5 KB), the
// payload proof reading the contract's words out (+0.2 KB). A debt to pay back, not a new target: see that page.
const BUDGET_KB = 156;
const dist = process.argv[2] ?? 'dist';
if (!existsSync(join(dist, 'index.html'))) {
  console.error('bundle-budget: dist/index.html is missing; run vite build first');
  process.exit(1);
}
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((m) => m[1].replace(/^\.?\//, ''));
if (entries.length === 0) {
  console.error('bundle-budget: no module script found in dist/index.html');
  process.exit(1);
}

const seen = new Set();
const queue = [...entries];
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  // Static imports only: `import … from "./x.js"` and bare `import "./x.js"`, never `import("./x.js")`.
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
    queue.push(join(dirname(file), m[1]).replace(/\\/g, '/'));
  }
}

let total = 0;
const rows = [];
for (const file of seen) {
  const bytes = readFileSync(join(dist, file));
  const gz = gzipSync(bytes, { level: 9 }).length;
  total += gz;
  rows.push(
    `  ${basename(file).padEnd(40)} ${(bytes.length / 1024).toFixed(1).padStart(8)} KB  ${(gz / 1024).toFixed(1).padStart(7)} KB gz`,
  );
}
console.log(`bundle-budget: JavaScript before the editor (${seen.size} files)`);
console.log(rows.join('\n'));

const assets = readdirSync(join(dist, 'assets'));
const workers = assets.filter((f) => /worker/i.test(f));
const foreignLanguages = assets.filter((f) =>
  /(typescript|ts\.worker|css\.worker|html\.worker|javascript|python|java|csharp|markdown|yaml|sql)[-.]/i.test(f),
);
let failed = false;
if (total / 1024 > BUDGET_KB) {
  console.error(`bundle-budget: ${(total / 1024).toFixed(1)} KB gzipped is over the ${BUDGET_KB} KB budget`);
  failed = true;
}
if (seen.size > 0 && [...seen].some((f) => /monaco|editor\.api|editor\.main/i.test(f))) {
  console.error('bundle-budget: Monaco is reachable by a static import: it must load after the page paints');
  failed = true;
}
if (foreignLanguages.length > 0) {
  console.error(`bundle-budget: Monaco languages other than JSON are bundled: ${foreignLanguages.join(', ')}`);
  failed = true;
}
// zod/mini leaves its JSON-Schema converter out unless it is called: only the editor's lazy chunk calls it (hover schemas).
const withConverter = [...seen].filter((f) =>
  readFileSync(join(dist, f), 'utf8').includes('cannot be represented in JSON Schema'),
);
if (withConverter.length > 0) {
  console.error(
    `bundle-budget: zod's JSON-Schema converter is in the first load (${withConverter.join(', ')}): something before the editor calls z.toJSONSchema or imports classic zod`,
  );
  failed = true;
}
console.log(`bundle-budget: workers ${workers.join(', ') || '(none)'}`);
console.log(
  `bundle-budget: ${(total / 1024).toFixed(1)} KB gzipped before the editor (budget ${BUDGET_KB} KB)${failed ? '' : ': ok'}`,
);
process.exit(failed ? 1 : 0);
