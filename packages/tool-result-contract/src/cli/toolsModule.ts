/**
 * `--tools T.mjs` (docs/contract.md#the-cli): the engineer's registry, read from a module's exports that are
 * tool specs (`defineTool`'s, or arrays of them). Every other export is passed over; a module that cannot be
 * imported, exports no spec, or exports one defineTool refuses is bad input, named by the file and the export.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDispatcher, type ToolRegistry, type ToolSpec } from '../core/index.ts';
import { BadInput } from './badInput.ts';

const looksLikeSpec = (v: unknown): v is ToolSpec =>
  typeof v === 'object' && v !== null && typeof (v as { name?: unknown }).name === 'string' && 'effect' in v;

/** Each spec the module exports, with the name of the export it came from (the first, when two exports share one). */
export async function loadToolSpecs(path: string, what: string): Promise<Map<ToolSpec, string>> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(resolve(path)).href)) as Record<string, unknown>;
  } catch (e) {
    throw new BadInput(`${path}: cannot import it (${(e as Error).message.split('\n')[0]})`);
  }
  const specs = new Map<ToolSpec, string>();
  for (const [name, value] of Object.entries(mod))
    for (const v of Array.isArray(value) ? (value as unknown[]) : [value])
      if (looksLikeSpec(v) && !specs.has(v)) specs.set(v, name);
  if (specs.size === 0)
    throw new BadInput(`${path}: exports no tool spec (export the specs defineTool returns${what})`);
  return specs;
}

/** The registry a dispatcher is made for: each spec checked by defineTool, one per name. */
export function registryOf(path: string, specs: Iterable<ToolSpec>): ToolRegistry {
  try {
    return createDispatcher({ tools: [...specs] }).tools;
  } catch (e) {
    throw new BadInput(`${path}: ${(e as Error).message}`);
  }
}

export async function loadToolRegistry(path: string): Promise<ToolRegistry> {
  return registryOf(path, (await loadToolSpecs(path, '')).keys());
}
