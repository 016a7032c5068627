/**
 * The package's public surface as a reviewed file: every name each subpath of package.json `exports` gives an
 * engineer, with its declaration as the built `.d.ts` states it, written to api/tool-result-contract.api.md. A new
 * export, a removed one or a changed signature is a diff of that file in review, the way API Extractor's reports
 * work; API Extractor itself reads one entry point per report, and this package has ten.
 *
 *   node scripts/api-report.mjs --write        rewrite the report from dist-lib (npm run api:report builds first)
 *   node scripts/api-report.mjs --check        fail when dist-lib's surface differs from the checked-in report
 *   node scripts/api-report.mjs --examples D   also write every doc comment's @example to D/example-N.mts
 *
 * Besides the diff, --check holds the rules the surface is chosen by (docs/contract.md#public-surface): the root
 * exports at most 40 names, every exported value (a function, a class, a constant) of every subpath has a doc comment
 * and an @example (which the package test compiles against the installed tarball), and no public
 * declaration names a type that no subpath exports, but those FORGOTTEN_ALLOWED lists with their reasons.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

// The library's package in the workspace: its package.json, its built dist-lib and its report.
const root = resolve(import.meta.dirname, '../packages/tool-result-contract');
const REPORT = join(root, 'api/tool-result-contract.api.md');
const ROOT_LIMIT = 40;

/**
 * The types a public declaration may name though no subpath exports them, each with the reason it stays so. Any
 * other such type fails --check (export it from the subpath where it is used, or write the declaration without it),
 * and so does an entry here that no declaration names any more: the list says what is true, never more.
 */
const FORGOTTEN_ALLOWED = {
  StrictJsonResult:
    "parseStrictJson's result, which belongs at the root beside it, and the root is at its 40 names: named meanwhile as ReturnType<typeof parseStrictJson>",
  StrictJsonOptions:
    "parseStrictJson's options, which belong at the root beside it, and the root is at its 40 names: named meanwhile as NonNullable<Parameters<typeof parseStrictJson>[1]>",
  OpenAIReplayOf:
    "a type-level function of the caller's event type, which the compiler evaluates where the assembler is made: the engineer names its result, ReplayItemOf<AssembledTurn>, and exporting it would export its own helpers in turn",
  AnthropicReplayOf: 'as OpenAIReplayOf, for Anthropic events',
  GeminiReplayOf: 'as OpenAIReplayOf, for Gemini events',
  TurnReplayOf: 'as OpenAIReplayOf, for events of any provider (assembleTurn, createTurnAssembler)',
  DropAll:
    'the type-level fold of REPLAY_DROPS inside Replayed, evaluated by the compiler: Replayed is the name an engineer uses, and the fold is recursive over its own helpers',
};

/** Each public subpath and the declaration file it resolves to, in package.json's order. */
function entries() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return Object.entries(pkg.exports)
    .filter(([, target]) => typeof target === 'object')
    .map(([subpath, target]) => ({
      specifier: subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`,
      file: join(root, target.types),
    }));
}

/** A declaration's text as the .d.ts has it, its doc comment left out and its lines trimmed. */
function declarationText(node) {
  const full = node.getText();
  return full
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\/\*\*[\s\S]*?\*\/\s*/g, '')
    .replace(/^export declare /, '')
    .replace(/^export /, '')
    .replace(/^declare /, '');
}

/** The statement that holds a declaration (a `const` is a VariableDeclaration inside a VariableStatement). */
const statementOf = (d) => (ts.isVariableDeclaration(d) ? d.parent.parent : d);

/** Reads the surface: per subpath, each exported name, whether it is a value, its declarations and its examples. */
/** One TypeScript program over every subpath's declarations, which the surface and its forgotten types both read. */
function surfaceProgram() {
  const list = entries();
  const program = ts.createProgram(
    list.map((e) => e.file),
    { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true, strict: true },
  );
  return { list, program, checker: program.getTypeChecker() };
}

export function readSurface({ list, program, checker } = surfaceProgram()) {
  return list.map(({ specifier, file }) => {
    const source = program.getSourceFile(file);
    if (source === undefined)
      throw new Error(`api-report: ${file} is missing; build the library first (npm run build:lib)`);
    const symbol = checker.getSymbolAtLocation(source);
    const names = (symbol === undefined ? [] : checker.getExportsOfModule(symbol))
      .map((exported) => {
        const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
        const declarations = target.declarations ?? [];
        const value = (target.flags & ts.SymbolFlags.Value) !== 0;
        const docs = ts.displayPartsToString(target.getDocumentationComment(checker)).trim();
        const examples = target
          .getJsDocTags(checker)
          .filter((t) => t.name === 'example')
          .map((t) => ts.displayPartsToString(t.text ?? []));
        const texts = [...new Set(declarations.map((d) => declarationText(statementOf(d))))];
        return { name: exported.name, value, documented: docs !== '', examples, texts };
      })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return { specifier, names };
  });
}

/**
 * The types a public declaration names that no subpath exports (API Extractor's "forgotten exports"): an engineer
 * sees them in a signature and cannot import them. Listed in the report, so a new one is a reviewed diff too, and
 * held by surfaceProblems to FORGOTTEN_ALLOWED.
 */
export function forgottenTypes({ list, program, checker } = surfaceProgram()) {
  const files = list.map((e) => e.file);
  const exported = new Set();
  const declarations = [];
  for (const file of files) {
    const symbol = checker.getSymbolAtLocation(program.getSourceFile(file));
    for (const e of symbol === undefined ? [] : checker.getExportsOfModule(symbol)) {
      const target = e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e;
      exported.add(target);
      declarations.push(...(target.declarations ?? []));
    }
  }
  const forgotten = new Map();
  const visit = (node) => {
    const name = ts.isTypeReferenceNode(node)
      ? node.typeName
      : ts.isTypeQueryNode(node)
        ? node.exprName
        : ts.isExpressionWithTypeArguments(node)
          ? node.expression
          : null;
    if (name !== null) {
      let s = checker.getSymbolAtLocation(name);
      if (s !== undefined && s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s);
      const file = s?.declarations?.[0]?.getSourceFile().fileName ?? '';
      if (
        s !== undefined &&
        !exported.has(s) &&
        !(s.flags & ts.SymbolFlags.TypeParameter) &&
        file.startsWith(join(root, 'dist-lib/'))
      )
        forgotten.set(
          s.name,
          file
            .slice(root.length + 1)
            .replace(/^dist-lib\//, 'src/')
            .replace(/\.d\.ts$/, '.ts'),
        );
    }
    ts.forEachChild(node, visit);
  };
  for (const d of declarations) visit(d);
  return [...forgotten].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The report's text: one section per subpath, each name's declarations in one TypeScript block. */
export function renderReport(surface, forgotten = []) {
  const lines = [
    '# The public surface of tool-result-contract',
    '',
    'Written by `npm run api:report` from the built declarations; `npm run test:package` fails when the package',
    'differs from it. A change here is a change of what engineers import: review it as one.',
  ];
  for (const { specifier, names } of surface) {
    lines.push('', `## \`${specifier}\``, '', `${names.length} names.`, '', '```ts');
    for (const n of names) {
      lines.push(`// ${n.name}${n.value ? '' : ' (type)'}`);
      for (const text of n.texts) lines.push(text);
    }
    lines.push('```');
  }
  lines.push(
    '',
    '## Named in a signature, exported by no subpath',
    '',
    `${forgotten.length} types an engineer meets in the declarations above and cannot import, each for the reason given (FORGOTTEN_ALLOWED in scripts/api-report.mjs; any other fails the package test).`,
    '',
    ...forgotten.map(([name, file]) => `- \`${name}\` (${file}): ${FORGOTTEN_ALLOWED[name] ?? 'no reason given'}`),
  );
  return `${lines.join('\n')}\n`;
}

/** What the surface breaks of the rules it is chosen by, each as a sentence. */
export function surfaceProblems(surface, forgotten = []) {
  const problems = [];
  const named = new Set(forgotten.map(([name]) => name));
  for (const [name, file] of forgotten)
    if (!Object.hasOwn(FORGOTTEN_ALLOWED, name))
      problems.push(
        `${name} (${file}) is named by a public declaration but exported by no subpath: export it (type-only) from the subpath where it is used, or declare the public signature without it`,
      );
  for (const name of Object.keys(FORGOTTEN_ALLOWED))
    if (!named.has(name))
      problems.push(
        `${name} is allowed to be named unexported, but no public declaration names it: take it off FORGOTTEN_ALLOWED`,
      );
  const [rootEntry] = surface;
  if (rootEntry.names.length > ROOT_LIMIT)
    problems.push(`the root exports ${rootEntry.names.length} names, more than ${ROOT_LIMIT}`);
  for (const { specifier, names } of surface)
    for (const n of names)
      if (n.value && !n.documented) problems.push(`${specifier}: ${n.name} is exported without a doc comment`);
  // Every value of every subpath, not the root's alone: what an engineer calls is shown called, and compiled.
  for (const { specifier, names } of surface)
    for (const n of names)
      if (n.value && n.examples.length === 0) problems.push(`${specifier}: ${n.name} has no @example`);
  return problems;
}

/**
 * The names an example reads without declaring them, as a reader of the doc comment takes them: a registry, a trusted
 * context, a package, a plane's parts. Declared, not built, so an example shows one call and still compiles.
 */
const FIXTURES = `import { z } from 'zod';
import type * as Root from 'tool-result-contract';
import type * as Control from 'tool-result-contract/control';
declare const tools: Root.ToolRegistry;
declare const trusted: Root.TrustedContext;
declare const pkg: Root.Package;
declare const handlerOutput: unknown;
declare const spec: Root.ToolSpec;
declare const dispatcher: Root.Dispatcher;
declare const runtimes: Readonly<Record<string, Control.ToolRuntime>>;
declare const authorize: Control.Authorize;
declare const call: Control.PlaneCall;
declare const events: readonly unknown[];
import type * as Turn from 'tool-result-contract/turn';
declare const plane: Control.ControlPlane;
declare const principal: Control.Principal;
declare const db: Control.SqlDatabase;
declare const requestBodies: readonly unknown[];
declare const streamText: string;
declare const assembled: Turn.AssembledTurn;
declare const ctx: Turn.TurnContext;
declare const calls: Turn.ProviderCall[];
declare const results: Turn.PackagedResult[];
declare const handlerOutputs: Readonly<Record<string, unknown>>;
declare const listed: unknown;
declare const callToolResult: unknown;
declare const received: unknown;
`;

/**
 * Each @example as a module that compiles against the installed package: the names of its own subpath imported (and
 * the root's, where they do not collide), the fixtures above declared, then the example's code without its fence.
 */
export function exampleSources(surface) {
  const importsOf = (entry) =>
    `import { ${entry.names.map((n) => (n.value ? n.name : `type ${n.name}`)).join(', ')} } from '${entry.specifier}';`;
  const [rootEntry] = surface;
  const out = [];
  for (const entry of surface) {
    const own = new Set(entry.names.map((n) => n.name));
    const fromRoot = { ...rootEntry, names: rootEntry.names.filter((n) => !own.has(n.name)) };
    const head = [importsOf(entry), entry === rootEntry || fromRoot.names.length === 0 ? '' : importsOf(fromRoot)];
    for (const n of entry.names)
      for (const text of n.examples)
        out.push({
          from: `${entry.specifier} ${n.name}`,
          // The frameworks' own declarations do not compile under exactOptionalPropertyTypes (ai 6.0.333,
          // @langchain/core 1.4): their examples are checked with it off, as the package's frameworks example is.
          framework: /\/(ai-sdk|langchain|openai-agents)$/.test(entry.specifier),
          code: `// @example of ${n.name} (${entry.specifier})\n${head.join('\n')}\n${FIXTURES}\n${text
            .replace(/^\s*```(?:ts|typescript)?\s*\n/, '')
            .replace(/\n\s*```\s*$/, '')}\nexport {};\n`,
        });
  }
  return out;
}

function main(argv) {
  const program = surfaceProgram();
  const surface = readSurface(program);
  const forgotten = forgottenTypes(program);
  const report = renderReport(surface, forgotten);
  const problems = surfaceProblems(surface, forgotten);
  const at = argv.indexOf('--examples');
  if (at >= 0) {
    const dir = resolve(argv[at + 1]);
    mkdirSync(dir, { recursive: true });
    exampleSources(surface).forEach((e, i) =>
      writeFileSync(join(dir, `doc-example-${e.framework ? 'framework-' : ''}${i + 1}.mts`), e.code),
    );
  }
  if (argv.includes('--write')) {
    mkdirSync(dirname(REPORT), { recursive: true });
    writeFileSync(REPORT, report);
    console.log(`api-report: wrote ${REPORT} (${surface.map((s) => `${s.specifier} ${s.names.length}`).join(', ')})`);
  }
  if (argv.includes('--check')) {
    let checkedIn = '';
    try {
      checkedIn = readFileSync(REPORT, 'utf8');
    } catch {
      problems.push(`${REPORT} is missing: run npm run api:report and commit it`);
    }
    if (checkedIn !== '' && checkedIn !== report) {
      const a = checkedIn.split('\n');
      const b = report.split('\n');
      const line = a.findIndex((l, i) => l !== b[i]);
      problems.push(
        `the package's surface differs from api/tool-result-contract.api.md from line ${line + 1}:\n  report:  ${a[line] ?? '(end)'}\n  package: ${b[line] ?? '(end)'}\nrun npm run api:report, review the diff and commit it`,
      );
    }
  }
  for (const p of problems) console.error(`api-report: ${p}`);
  if (problems.length > 0) process.exitCode = 1;
  else
    console.log(
      `api-report: ${surface.reduce((n, s) => n + s.names.length, 0)} names in ${surface.length} subpaths; root ${surface[0].names.length} of at most ${ROOT_LIMIT}; every value documented and with an example; ${forgotten.length} types named in a signature but exported by no subpath, each allowed with its reason`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
