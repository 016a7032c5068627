/**
 * The registry `mcp-guard --tools T.mjs` guards (docs/mcp-guard.md#the-registry): the module's tool specs, read as
 * every command's `--tools` reads them (toolsModule.ts), each with its `mcp` pin, and its optional export
 * `idempotency_fields`, what names a write's intent (docs/mcp-guard.md#a-write-asked-again). A spec without a pin,
 * or fields that name no write or no argument of it, is bad input, named by the file and the export.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDispatcher, type Dispatcher } from '../core/index.ts';
import { mcpToolDefinition } from '../core/mcp/index.ts';
import { BadInput } from './badInput.ts';
import { loadToolSpecs, registryOf } from './toolsModule.ts';

export interface GuardTools {
  dispatcher: Dispatcher;
  /** By write tool: the arguments its intent is made of. A write not named here is named by all its arguments. */
  idempotencyFields: Readonly<Record<string, readonly string[]>>;
}

export async function loadGuardTools(path: string): Promise<GuardTools> {
  const specs = await loadToolSpecs(path, ', each with its mcp pin');
  for (const [spec, name] of specs)
    if (spec.mcp === undefined)
      throw new BadInput(
        `${path}: export ${name}: tool ${JSON.stringify(spec.name)} has no mcp pin ({ server, tool, definition_sha256 }; \`mcp-guard pin\` prints them)`,
      );
  const dispatcher = createDispatcher({ tools: Object.values(registryOf(path, specs.keys())) });
  // loadToolSpecs has imported the module already: this is the same instance, from the module cache.
  const mod = (await import(pathToFileURL(resolve(path)).href)) as Record<string, unknown>;
  return { dispatcher, idempotencyFields: fieldsOf(path, mod.idempotency_fields, dispatcher) };
}

/**
 * A name that is not an argument would be left out of every key, so two different refunds would name one intent
 * (IDEMPOTENCY_CONFLICT where none is): each name must be a top-level property of the tool's input schema.
 */
function fieldsOf(path: string, given: unknown, dispatcher: Dispatcher): Record<string, readonly string[]> {
  if (given === undefined) return {};
  const where = `${path}: export idempotency_fields`;
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw new BadInput(`${where}: must be an object of argument names by write tool ({ refund_order: ['order_ref'] })`);
  const out: Record<string, readonly string[]> = {};
  for (const [tool, names] of Object.entries(given)) {
    const spec = Object.hasOwn(dispatcher.tools, tool) ? dispatcher.tools[tool] : undefined;
    if (spec === undefined) throw new BadInput(`${where}: ${JSON.stringify(tool)} is not a tool of the registry`);
    // A read's key is fresh for every call: fields for it would suggest a deduplication that never happens.
    if (spec.effect !== 'write')
      throw new BadInput(`${where}: ${JSON.stringify(tool)} is a read; only a write's intent is named`);
    const properties = Object.keys((mcpToolDefinition(spec).inputSchema.properties ?? {}) as object);
    if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === 'string'))
      throw new BadInput(`${where}: ${JSON.stringify(tool)} must be a non-empty list of argument names`);
    for (const n of names as string[])
      if (!properties.includes(n))
        throw new BadInput(
          `${where}: ${JSON.stringify(tool)} names ${JSON.stringify(n)}, which is not an argument of it (${properties.join(', ')})`,
        );
    out[tool] = Object.freeze([...(names as string[])]);
  }
  return out;
}
