/**
 * The package as an engineer gets it: `npm pack`, the tarball
 * installed in a fresh project in a temp dir, and there an example run (an
 * engineer's own tool with a valid output, an extra
 * field, a nested token and a broken echo; the control plane with their own
 * refund tool, a lost response and a replay; the own tool served over MCP
 * through `tool-result-contract/mcp` to the SDK's Client), type-checked first under strict
 * TypeScript with nodenext resolution; the doors (only package.json's exports resolve), the public surface against
 * its checked-in report and every doc comment's example compiled; then the bin, and its start time
 * against `node -e 0` (at most 5x, medians of 5 runs). Prints what it measured.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
// The library is the workspace's package; the repository's root holds the tools this test runs it with.
const lib = join(root, 'packages/tool-result-contract');
const pkg = JSON.parse(readFileSync(join(lib, 'package.json'), 'utf8'));
// The versions the repository tests with: the library's peers are its own devDependencies, the rest the root's.
const dev = { ...JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies, ...pkg.devDependencies };
const scratch = mkdtempSync(join(tmpdir(), 'tool-result-package-'));
const sh = (cmd, args, cwd = scratch) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const fail = (message) => {
  console.error(`test:package: ${message}`);
  process.exitCode = 1;
};

try {
  const [packed] = JSON.parse(sh('npm', ['pack', '--json', '--pack-destination', scratch], lib));
  const files = packed.files.map((f) => f.path);
  console.log(
    `packed ${packed.filename}: ${(packed.size / 1024).toFixed(1)} KB (${(packed.unpackedSize / 1024).toFixed(1)} KB unpacked, ${files.length} files)`,
  );
  const stray = files.filter(
    (f) =>
      !/^(dist-lib\/|docs\/[\w-]+\.md$|docs\/turn-examples\/|package\.json$|README\.md$|SECURITY\.md$|CHANGELOG\.md$|LICENSE$)/.test(
        f,
      ) || /\.test\./.test(f),
  );
  if (stray.length > 0) fail(`the tarball holds files it should not: ${stray.join(', ')}`);
  // What a legal review asks of a package before anything else: its licence, named and shipped.
  if (pkg.license !== 'MIT' || !files.includes('LICENSE') || !files.includes('CHANGELOG.md'))
    fail(
      `the tarball must carry LICENSE (MIT, package.json "license") and CHANGELOG.md: ${pkg.license}, ${files.filter((f) => !f.includes('/')).join(', ')}`,
    );
  // The docs an installed package's reader has: every link in them (files and headings) must resolve inside the
  // tarball. README is the repository's page, with pictures the package leaves out, so it is checked by lint only.
  sh('tar', ['-xzf', packed.filename], scratch);
  const links = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/remark-cli/cli.js'),
      '--quiet',
      '--frail',
      '--no-stdout',
      '--no-config',
      '--use',
      `${join(root, 'node_modules/remark-validate-links/index.js')}=repository:false`,
      'package/docs',
      'package/SECURITY.md',
    ],
    { cwd: scratch, encoding: 'utf8' },
  );
  if (links.status !== 0) fail(`the package's docs link to what it does not hold:\n${links.stdout}${links.stderr}`);
  else
    console.log(
      `docs: every link in the ${files.filter((f) => f.endsWith('.md')).length - 1} shipped docs resolves inside the package`,
    );
  // The control plane's SQL drivers and tracer are the caller's, optional peers: an engineer who uses none installs none.
  const optional = new Set(
    Object.keys(pkg.peerDependenciesMeta ?? {}).filter((n) => pkg.peerDependenciesMeta[n].optional),
  );
  const runtime = Object.keys(pkg.dependencies ?? {}).concat(
    Object.keys(pkg.peerDependencies ?? {}).filter((n) => !optional.has(n)),
  );
  if (runtime.sort().join() !== '@noble/hashes,zod')
    fail(`runtime dependencies are ${runtime.join(', ')}: only zod and @noble/hashes may be`);

  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  sh('npm', [
    'install',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    join(scratch, packed.filename),
    `zod@${dev.zod}`,
    `@modelcontextprotocol/sdk@${dev['@modelcontextprotocol/sdk']}`,
    `@types/node@${dev['@types/node']}`,
    `ai@${dev.ai}`,
    // The other two frameworks' adapters are compiled in their doc examples, against the frameworks' own types.
    `@langchain/core@${dev['@langchain/core']}`,
    `@openai/agents-core@${dev['@openai/agents-core']}`,
    // The types @ai-sdk/provider's declarations import, which an application with `ai` and strict types installs.
    `@types/json-schema@${JSON.parse(readFileSync(join(root, 'node_modules/@types/json-schema/package.json'), 'utf8')).version}`,
  ]);
  for (const f of ['example.mts', 'frameworks.mts', 'tsconfig.json', 'tsconfig.frameworks.json'])
    copyFileSync(join(root, 'scripts/package-example', f), join(scratch, f));

  const typecheck = (config) =>
    spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(scratch, config)], {
      cwd: scratch,
      encoding: 'utf8',
    });
  const tsc = [typecheck('tsconfig.json'), typecheck('tsconfig.frameworks.json')].find((r) => r.status !== 0) ?? {
    status: 0,
  };
  if (tsc.status !== 0) fail(`the example does not type-check against the package:\n${tsc.stdout}${tsc.stderr}`);
  else {
    const example = spawnSync(process.execPath, [join(scratch, 'out/example.mjs')], { cwd: scratch, encoding: 'utf8' });
    if (example.status !== 0 || !example.stdout.includes('example: ok'))
      fail(`the example failed:\n${example.stdout}${example.stderr}`);
    else
      console.log(
        'example: own tool (valid, extra field, nested token, broken echo; the top-level functions and the dispatcher agree), control plane (keyed by intentKey: lost response reconciled, replay, one refund), the tool served over MCP to the SDK client (tool-result-contract/mcp), strict nodenext types — ok',
      );
    // The README's framework example: the plane's tools in the AI SDK's generateText, its own test model answering.
    const frameworks = spawnSync(process.execPath, [join(scratch, 'out/frameworks.mjs')], {
      cwd: scratch,
      encoding: 'utf8',
    });
    if (frameworks.status !== 0 || !frameworks.stdout.includes('frameworks example: ok'))
      fail(`the frameworks example failed:\n${frameworks.stdout}${frameworks.stderr}`);
    else
      console.log(
        'frameworks example: tool-result-contract/ai-sdk in generateText (ai test model), one refund for one intent asked three times, the canonical text read — ok',
      );
  }

  // The surface is package.json's exports and nothing else: the folders the project keeps to itself (the core's
  // doors, the chapter, the removed `dispatch`) do not resolve, and a dispatcher needs its tools.
  const door = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const root = await import('tool-result-contract');
       const closed = [];
       for (const p of ['chapter', 'dispatch', 'last-hop', 'json', 'tables', 'result', 'messages', 'dispatcher', 'dist-lib/core/index.js'])
         try { await import('tool-result-contract/' + p); } catch (e) { if (e.code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') closed.push(p); }
       let refused = false;
       try { root.createDispatcher({}); } catch (e) { refused = e instanceof TypeError && /needs its tools/.test(e.message); }
       console.log(JSON.stringify({ root: Object.keys(root).length, closed: closed.length, refused }));`,
    ],
    { cwd: scratch, encoding: 'utf8' },
  );
  const doors = door.status === 0 ? JSON.parse(door.stdout) : null;
  if (doors === null || doors.closed !== 9 || !doors.refused) fail(`the package's doors: ${door.stdout}${door.stderr}`);
  else
    console.log(
      `doors: ${doors.root} values at the root; 9 internal paths (the chapter, the core's folders, the removed dispatch) not exported; createDispatcher without tools is refused — ok`,
    );

  // The surface as reviewed: the built declarations against api/tool-result-contract.api.md (root at most 40
  // names, every value documented and with an example, no type a declaration names left unexported but those the
  // script lists with a reason), then every doc comment's @example compiled against the installed package.
  const report = spawnSync(
    process.execPath,
    [join(root, 'scripts/api-report.mjs'), '--check', '--examples', join(scratch, 'doc-examples')],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (report.status !== 0) fail(`the public surface:\n${report.stdout}${report.stderr}`);
  else console.log(report.stdout.trim());
  const examples = readdirSync(join(scratch, 'doc-examples')).filter((f) => f.endsWith('.mts'));
  const exampleConfig = (name, base, files) =>
    writeFileSync(
      join(scratch, name),
      JSON.stringify({
        extends: base,
        compilerOptions: { noEmit: true },
        files: files.map((f) => `doc-examples/${f}`),
      }),
    );
  exampleConfig(
    'tsconfig.doc-examples.json',
    './tsconfig.json',
    examples.filter((f) => !f.includes('-framework-')),
  );
  exampleConfig(
    'tsconfig.doc-examples-frameworks.json',
    './tsconfig.frameworks.json',
    examples.filter((f) => f.includes('-framework-')),
  );
  const compiled = [typecheck('tsconfig.doc-examples.json'), typecheck('tsconfig.doc-examples-frameworks.json')].find(
    (r) => r.status !== 0,
  ) ?? { status: 0, stdout: '', stderr: '' };
  if (examples.length === 0 || compiled.status !== 0)
    fail(
      `doc comments' examples do not compile against the package (${examples.length}):\n${compiled.stdout}${compiled.stderr}`,
    );
  else
    console.log(
      `doc examples: ${examples.length} @example blocks compile against the installed package, strict nodenext — ok`,
    );

  // What an engineer's bundle pays for the contract: defineTool and createDispatcher from the installed package,
  // minified and gzipped by Vite's bundler (rolldown) and by esbuild. esbuild keeps all of zod's locales, which zod
  // re-exports as a namespace it cannot shake (https://github.com/colinhacks/zod/issues/5561; docs/performance.md#the-librarys-bundle).
  writeFileSync(
    join(scratch, 'bundle-entry.mjs'),
    `import { z } from 'zod/mini';
     import { createDispatcher, defineTool } from 'tool-result-contract';
     const revisions = { input_revision: 'i', output_revision: 'o', effect_revision: 'e', handler_revision: 'h', producer_revision: 'p', policy_revision: 'r' };
     const spec = defineTool({ name: 'get_invoice', effect: 'read', title: 'Look up an invoice', input: z.strictObject({ id: z.string() }),
       output: z.strictObject({ id: z.string() }), echo: [{ output: 'id', input: 'id' }], revisions, source_label: 'billing' });
     export const dispatcher = createDispatcher({ tools: [spec] });`,
  );
  const bundlers = {
    rolldown: [
      join(root, 'node_modules/.bin/rolldown'),
      ['bundle-entry.mjs', '--minify', '--platform', 'browser', '-o', 'bundle-rolldown.js'],
    ],
    esbuild: [
      join(root, 'node_modules/.bin/esbuild'),
      [
        'bundle-entry.mjs',
        '--bundle',
        '--minify',
        '--format=esm',
        '--platform=browser',
        '--outfile=bundle-esbuild.js',
        '--metafile=bundle-esbuild.json',
        '--log-level=warning',
      ],
    ],
  };
  const BUNDLE_BUDGET_KB = { rolldown: 56, esbuild: 132 };
  const sizes = {};
  for (const [name, [cmd, args]] of Object.entries(bundlers)) {
    const run = spawnSync(cmd, args, { cwd: scratch, encoding: 'utf8' });
    if (run.status !== 0) fail(`${name} could not bundle the package: ${run.stdout}${run.stderr}`);
    else sizes[name] = gzipSync(readFileSync(join(scratch, `bundle-${name}.js`)), { level: 9 }).length / 1024;
  }
  if (sizes.esbuild !== undefined) {
    const inputs = Object.values(JSON.parse(readFileSync(join(scratch, 'bundle-esbuild.json'), 'utf8')).outputs)[0]
      .inputs;
    const locales = Object.entries(inputs).reduce(
      (n, [f, v]) => n + (/zod[\\/]v4[\\/]locales[\\/]/.test(f) ? v.bytesInOutput : 0),
      0,
    );
    console.log(
      `bundle of defineTool + createDispatcher, minified, gzip -9: rolldown (Vite) ${sizes.rolldown?.toFixed(1)} KB (budget ${BUNDLE_BUDGET_KB.rolldown}), esbuild ${sizes.esbuild.toFixed(1)} KB (budget ${BUNDLE_BUDGET_KB.esbuild}; of its minified input, ${(locales / 1024).toFixed(0)} KB is zod's locales)`,
    );
  }
  for (const [name, kb] of Object.entries(sizes))
    if (kb > BUNDLE_BUDGET_KB[name])
      fail(
        `the ${name} bundle of defineTool + createDispatcher is ${kb.toFixed(1)} KB, over its ${BUNDLE_BUDGET_KB[name]} KB budget`,
      );

  // The lowest zod the peer range names, where the example (the core, the control plane, MCP serving) must pass too:
  // a range is a promise, kept only where it is run. zod 4.1.12 and below lack the z.describe the core's schemas use.
  const lowestZod = pkg.peerDependencies.zod.replace(/^\^/, '');
  const lowest = join(scratch, 'lowest');
  mkdirSync(lowest);
  writeFileSync(join(lowest, 'package.json'), JSON.stringify({ name: 'lowest', private: true, type: 'module' }));
  sh(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      join(scratch, packed.filename),
      `zod@${lowestZod}`,
      `@modelcontextprotocol/sdk@${dev['@modelcontextprotocol/sdk']}`,
      `@types/node@${dev['@types/node']}`,
    ],
    lowest,
  );
  for (const f of ['example.mts', 'tsconfig.json'])
    copyFileSync(join(root, 'scripts/package-example', f), join(lowest, f));
  const lowTsc = spawnSync(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(lowest, 'tsconfig.json')],
    {
      cwd: lowest,
      encoding: 'utf8',
    },
  );
  const lowRun =
    lowTsc.status === 0
      ? spawnSync(process.execPath, [join(lowest, 'out/example.mjs')], { cwd: lowest, encoding: 'utf8' })
      : lowTsc;
  if (lowRun.status !== 0 || !lowRun.stdout.includes('example: ok'))
    fail(`the example at zod ${lowestZod}, the peer range's lowest:\n${lowRun.stdout}${lowRun.stderr}`);
  else console.log(`example at zod ${lowestZod}, the lowest the peer range allows — ok`);

  // The installed bin has no course (the chapter stays in the repository): it checks against the engineer's registry.
  const bin = join(scratch, 'node_modules/.bin/tool-result');
  writeFileSync(
    join(scratch, 'tools.mjs'),
    `import { z } from 'zod';
     import { defineTool } from 'tool-result-contract';
     export const getInvoice = defineTool({
       name: 'get_invoice', effect: 'read', title: 'Look up an invoice',
       input: z.strictObject({ invoice_ref: z.string() }),
       output: z.strictObject({ invoice_ref: z.string(), total_cents: z.number().int() }),
       echo: [{ output: 'invoice_ref', input: 'invoice_ref' }],
       revisions: { input_revision: 'i1', output_revision: 'o1', effect_revision: 'e1', handler_revision: 'h1',
                    producer_revision: 'p1', policy_revision: 'r1' },
       source_label: 'billing',
     });`,
  );
  const schema = spawnSync(bin, ['schema', '--tool', 'get_invoice', '--part', 'data', '--tools', 'tools.mjs'], {
    cwd: scratch,
    encoding: 'utf8',
  });
  const schemaOk =
    schema.status === 0 &&
    JSON.parse(schema.stdout).$schema === 'https://json-schema.org/draft/2020-12/schema' &&
    JSON.parse(schema.stdout).properties?.total_cents !== undefined;
  if (!schemaOk) fail(`tool-result schema --tools tools.mjs: ${schema.status} ${schema.stdout}${schema.stderr}`);
  const bare = spawnSync(bin, ['validate', '--scenario', 'create_refund_draft.status_injected'], {
    cwd: scratch,
    encoding: 'utf8',
  });
  if (bare.status !== 2 || !/needs --tools T\.mjs/.test(bare.stderr))
    fail(`tool-result validate without --tools must ask for one (exit 2): ${bare.status} ${bare.stderr}`);
  if (schemaOk && bare.status === 2)
    console.log('bin: tool-result checks against --tools T.mjs, and without it asks for one (no course ships) — ok');

  const median = (argv) => {
    const times = [];
    for (let i = 0; i < 5; i++) {
      const t = process.hrtime.bigint();
      const r = spawnSync(argv[0], argv.slice(1), { cwd: scratch, stdio: 'ignore' });
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
      if (r.status !== 0) fail(`${argv.join(' ')} exited ${r.status}`);
    }
    return times.sort((a, b) => a - b)[2];
  };
  const node = median([process.execPath, '-e', '0']);
  const help = median([bin, '--help']);
  console.log(
    `tool-result --help: ${help.toFixed(0)} ms; node -e 0: ${node.toFixed(0)} ms; ratio ${(help / node).toFixed(2)} (budget 5)`,
  );
  if (help > 5 * node) fail('tool-result --help starts more than 5x slower than node -e 0');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
