/**
 * src/core in folders by concept whose dependencies point one way
 * (json ← tables ← result ← mcp ← dispatch ← turn ← recordings ← dispatcher), each with one door
 * (its index.ts). No circle of files; no import back up a layer; and nothing
 * outside src/core imports a core module past a door (ESLint's
 * no-restricted-imports says the same in the editor).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const core = join(root, 'src', 'core');
const LAYERS = ['json', 'tables', 'result', 'mcp', 'dispatch', 'turn', 'recordings', 'dispatcher'];

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.name === 'node_modules' || e.name.startsWith('.')
      ? []
      : e.isDirectory()
        ? sources(join(dir, e.name))
        : /\.(ts|tsx|mts|mjs)$/.test(e.name)
          ? [join(dir, e.name)]
          : [],
  );

/** The relative module specifiers of a file (static, dynamic and re-exports), resolved to absolute paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
    resolve(dirname(file), m[1] as string),
  );
}

const layerOf = (file: string): string => relative(core, file).split('/')[0] as string;
const coreFiles = sources(core).filter((f) => !f.endsWith('.test.ts'));

describe('src/core: folders by concept, one door each', () => {
  it('has exactly the layers, each with its door, and no module loose at the top but the package door', () => {
    const top = readdirSync(core, { withFileTypes: true });
    expect(
      top
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort(),
    ).toEqual([...LAYERS].sort());
    expect(top.filter((e) => e.isFile()).map((e) => e.name)).toEqual(['index.ts']);
    for (const layer of LAYERS) expect(coreFiles).toContain(join(core, layer, 'index.ts'));
  });

  it('no import points up a layer', () => {
    const up: string[] = [];
    for (const file of coreFiles) {
      if (file === join(core, 'index.ts')) continue;
      for (const target of importsOf(file)) {
        if (!target.startsWith(`${core}/`) || !target.endsWith('.ts')) continue;
        if (LAYERS.indexOf(layerOf(target)) > LAYERS.indexOf(layerOf(file)))
          up.push(`${relative(root, file)} → ${relative(root, target)}`);
      }
    }
    expect(up).toEqual([]);
  });

  it('no circle of files, type imports included', () => {
    const graph = new Map(
      coreFiles.map((f) => [f, importsOf(f).filter((t) => t.startsWith(`${core}/`) && t.endsWith('.ts'))]),
    );
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (f: string, path: string[]): void => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        circles.push([...path.slice(path.indexOf(f)), f].map((p) => relative(core, p)).join(' → '));
        return;
      }
      state.set(f, 'open');
      for (const t of graph.get(f) ?? []) visit(t, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of graph.keys()) visit(f, []);
    expect(circles).toEqual([]);
  });

  it('nothing outside src/core imports a core module past a door', () => {
    const past: string[] = [];
    for (const dir of ['src', 'test', 'bench', 'e2e', 'scripts']) {
      for (const file of sources(join(root, dir))) {
        if (file.startsWith(`${core}/`)) continue;
        for (const target of importsOf(file)) {
          if (!target.startsWith(`${core}/`) || !target.endsWith('.ts')) continue;
          const rel = relative(core, target);
          if (rel !== 'index.ts' && !/^[a-z]+\/index\.ts$/.test(rel))
            past.push(`${relative(root, file)} → src/core/${rel}`);
        }
      }
    }
    expect(past).toEqual([]);
  });
});
