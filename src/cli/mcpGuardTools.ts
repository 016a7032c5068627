/**
 * The registry `mcp-guard --tools T.mjs` guards (docs/mcp-guard.md#the-registry): the module's
 * exports that are tool specs (`defineTool`'s, or arrays of them), each with its `mcp` pin.
 * Every other export is passed over; a module with no spec, a spec defineTool refuses or one
 * without a pin is bad input, named by the file and the export.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDispatcher, type Dispatcher, type ToolSpec } from '../core/index.ts';
import { BadInput } from './badInput.ts';

const looksLikeSpec = (v: unknown): v is ToolSpec =>
  typeof v === 'object' && v !== null && typeof (v as { name?: unknown }).name === 'string' && 'effect' in v;

export async function loadGuardTools(path: string): Promise<Dispatcher> {
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
    throw new BadInput(`${path}: exports no tool spec (export the specs defineTool returns, each with its mcp pin)`);
  for (const [spec, name] of specs)
    if (spec.mcp === undefined)
      throw new BadInput(
        `${path}: export ${name}: tool ${JSON.stringify(spec.name)} has no mcp pin ({ server, tool, definition_sha256 }; \`mcp-guard pin\` prints them)`,
      );
  try {
    return createDispatcher({ tools: [...specs.keys()] });
  } catch (e) {
    throw new BadInput(`${path}: ${(e as Error).message}`);
  }
}
