/**
 * One provider, one folder (docs/contract.md#one-folder-per-provider): every folder under
 * src/core/providers is a provider the registry lists, entered by its index.ts, and nothing in the
 * core outside a provider's folder asks which provider it holds. A new provider spread over the
 * core again (a `case 'x'` in composeTurn, an `=== 'x'` in continueTurn) fails here by name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAST_HOPS, MODEL_TURNS } from '../src/core/providers/index.ts';
import { PROVIDER_ADAPTERS, TURN_PROVIDERS } from '../src/core/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const core = join(root, 'src', 'core');
const providers = join(core, 'providers');
const folders = readdirSync(providers, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* sources(p);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) yield p;
  }
}

const names = LAST_HOPS.map((h) => h.name);
const alternatives = names.map((n) => n.replace(/[^a-z]/g, '')).join('|');
/** A branch on a provider's name: `case 'x'`, `=== 'x'`, `!== 'x'`, `'x' ===`. */
const branch = new RegExp(
  `(?:case\\s*|[!=]==\\s*)['"\`](?:${alternatives})['"\`]|['"\`](?:${alternatives})['"\`]\\s*[!=]==`,
);

/** The lines of the core's source outside the providers' own folders that `pattern` finds. */
function outsideFolders(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of sources(core)) {
    const rel = relative(core, file).split('\\').join('/');
    const folder = /^providers\/([^/]+)\//.exec(rel)?.[1];
    if (folder !== undefined && folders.includes(folder)) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (pattern.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('one provider, one folder', () => {
  it('the registry lists one last hop per folder, named after it, each folder with its door', () => {
    expect([...names].sort()).toEqual(folders);
    for (const folder of folders) expect(readdirSync(join(providers, folder)), folder).toContain('index.ts');
  });

  it('the adapter table and the turn providers are the registry, in its order', () => {
    expect(PROVIDER_ADAPTERS).toEqual(LAST_HOPS.map((h) => h.adapter));
    expect(PROVIDER_ADAPTERS.map((a) => a.provider)).toEqual(names);
    expect(TURN_PROVIDERS).toEqual(MODEL_TURNS.map((t) => t.name));
    for (const turn of MODEL_TURNS) expect(names, turn.name).toContain(turn.name);
  });

  it('no source file of the core outside a provider folder branches on a provider name', () => {
    // The check itself can fail: it finds the branches the last hop had before its folders.
    expect(branch.test("    case 'anthropic': {")).toBe(true);
    expect(branch.test("const paused = t?.kind === 'pause_turn' && provider === 'anthropic';")).toBe(true);
    expect(branch.test("if ('gemini' !== provider) return;")).toBe(true);
    expect(outsideFolders(branch)).toEqual([]);
  });

  it("nothing outside a provider's folder imports past its door", () => {
    // From another folder (`../providers/openai/…`) or the registry beside them (`./openai/…`).
    const past = new RegExp(`(?:providers|['"]\\.)/(?:${folders.join('|')})/(?!index\\.ts['"])[^'"]+['"]`);
    expect(outsideFolders(past)).toEqual([]);
  });
});
