/**
 * docs/contract.md#same-inputs-same-answer: src/core keeps no state between calls. Each core source is read
 * with the TypeScript parser and every top-level declaration is judged:
 * a `let` or `var`, a Map / WeakMap / Set / WeakSet / WeakRef, a regular
 * expression with the g or y flag (its lastIndex carries over), a name that
 * says memo or cache, a class with a static member, and a top-level array or
 * object that any code in the file mutates, each fail. Constant tables pass.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
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

const STATEFUL_CONSTRUCTORS = /^(Map|WeakMap|Set|WeakSet|WeakRef|FinalizationRegistry)$/;
const MUTATING_METHODS = /^(push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin|set|add|delete|clear)$/;

/** Every place in `text` that keeps state at module level, as "line: reason". */
export function moduleState(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node, why: string) =>
    found.push(`${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${why}`);
  const tables = new Set<string>();

  const unwrap = (e: ts.Expression): ts.Expression => {
    let x = e;
    while (
      ts.isAsExpression(x) ||
      ts.isSatisfiesExpression(x) ||
      ts.isParenthesizedExpression(x) ||
      ts.isTypeAssertionExpression(x)
    )
      x = x.expression;
    return x;
  };
  /** Anything stateful built anywhere in a top-level initializer (not inside a function it defines). */
  const inspect = (name: string, init: ts.Expression, decl: ts.Node) => {
    const visit = (n: ts.Node): void => {
      if (ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isMethodDeclaration(n)) return;
      if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && STATEFUL_CONSTRUCTORS.test(n.expression.text))
        at(decl, `${name} holds a new ${n.expression.text}`);
      if (ts.isRegularExpressionLiteral(n) && /\/[a-z]*[gy][a-z]*$/.test(n.text))
        at(decl, `${name} holds a /g or /y regular expression (its lastIndex is state)`);
      ts.forEachChild(n, visit);
    };
    visit(init);
    const u = unwrap(init);
    if (ts.isArrayLiteralExpression(u) || ts.isObjectLiteralExpression(u)) tables.add(name);
    if (ts.isCallExpression(u) && u.getText(sf).startsWith('Object.freeze(')) tables.add(name);
  };

  for (const stmt of sf.statements) {
    if (ts.isVariableStatement(stmt)) {
      const flags = stmt.declarationList.flags;
      for (const d of stmt.declarationList.declarations) {
        const name = d.name.getText(sf);
        if (!(flags & ts.NodeFlags.Const)) at(d, `module-level ${flags & ts.NodeFlags.Let ? 'let' : 'var'} ${name}`);
        if (/memo|cache/i.test(name)) at(d, `${name} is named as a memo or cache`);
        if (d.initializer !== undefined) inspect(name, d.initializer, d);
      }
    } else if (ts.isClassDeclaration(stmt)) {
      for (const m of stmt.members) {
        const mods = ts.canHaveModifiers(m) ? (ts.getModifiers(m) ?? []) : [];
        if (
          mods.some((x) => x.kind === ts.SyntaxKind.StaticKeyword) &&
          !mods.some((x) => x.kind === ts.SyntaxKind.ReadonlyKeyword)
        )
          at(m, `class ${stmt.name?.text ?? ''} has a static member`);
      }
    }
  }

  // A top-level table is constant only if no code anywhere in the file writes to it.
  const visit = (n: ts.Node): void => {
    const target = (e: ts.Expression): string | null => {
      const x = unwrap(e);
      if (ts.isPropertyAccessExpression(x) || ts.isElementAccessExpression(x)) {
        let root: ts.Expression = x.expression;
        while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root)) root = root.expression;
        return ts.isIdentifier(root) && tables.has(root.text) ? root.text : null;
      }
      return null;
    };
    if (
      ts.isBinaryExpression(n) &&
      n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      n.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    ) {
      const t = target(n.left);
      if (t !== null) at(n, `${t} is written to`);
    }
    if (
      (ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) &&
      (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken)
    ) {
      const t = target(n.operand);
      if (t !== null) at(n, `${t} is written to`);
    }
    if (ts.isDeleteExpression(n)) {
      const t = target(n.expression);
      if (t !== null) at(n, `${t} has a member deleted`);
    }
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      MUTATING_METHODS.test(n.expression.name.text)
    ) {
      const obj = unwrap(n.expression.expression);
      const root = ts.isIdentifier(obj) ? obj.text : target(obj);
      if (root !== null && tables.has(root)) at(n, `${root} is mutated by .${n.expression.name.text}()`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe('the scan finds module-level state', () => {
  const cases: [string, string][] = [
    ['let counter = 0;', 'module-level let'],
    ['var x;', 'module-level var'],
    ['const seen = new WeakMap<object, string>();', 'new WeakMap'],
    ['const t = { a: new Map() };', 'new Map'],
    ['const ids = new Set(["a"]);', 'new Set'],
    ['const RE = /a/g;\nexport const f = (s: string) => RE.test(s);', '/g or /y'],
    ['const verdictMemo = Object.freeze({});', 'memo or cache'],
    [
      'const table: Record<string, string> = {};\nexport function f(k: string) { table[k] = k; }',
      'table is written to',
    ],
    ['const list: string[] = [];\nexport function f(k: string) { list.push(k); }', 'mutated by .push()'],
    ['const t = { hits: [] as string[] };\nexport function f(k: string) { t.hits.push(k); }', 'mutated by .push()'],
    ['export class C { static count = 0; }', 'static member'],
  ];
  it.each(cases)('%s', (src, why) => {
    expect(moduleState('case.ts', src).join('\n')).toContain(why);
  });
  it('passes constant tables, local state and frozen objects', () => {
    const src = [
      "const NAMES = ['a', 'b'] as const;",
      'const TABLE = Object.freeze({ a: 1 });',
      'const RE = /^[a-z]+$/u;',
      'export function f(s: string) { const seen = new Set<string>(); let n = 0; seen.add(s); n++; return NAMES.includes(s as never) && RE.test(s) && TABLE.a === n; }',
      'export class K { static readonly NAME = "k"; private readonly m = new Map(); }',
    ].join('\n');
    expect(moduleState('ok.ts', src)).toEqual([]);
  });
});

describe('src/core keeps no state between calls (docs/contract.md#same-inputs-same-answer)', () => {
  const files = sources(coreDir);
  it('finds the core sources', () => expect(files.length).toBeGreaterThan(15));
  it.each(files.map((f) => [relative(projectRoot, f), f]))('%s', (_name, file) => {
    expect(moduleState(file, readFileSync(file, 'utf8'))).toEqual([]);
  });
});
