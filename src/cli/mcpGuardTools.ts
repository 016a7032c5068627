/**
 * The registry `mcp-guard --tools T.mjs` guards (docs/mcp-guard.md#the-registry): the module's tool specs, read as
 * every command's `--tools` reads them (toolsModule.ts), each with its `mcp` pin. A spec without a pin is bad
 * input, named by the file and the export.
 */
import { createDispatcher, type Dispatcher } from '../core/index.ts';
import { BadInput } from './badInput.ts';
import { loadToolSpecs, registryOf } from './toolsModule.ts';

export async function loadGuardTools(path: string): Promise<Dispatcher> {
  const specs = await loadToolSpecs(path, ', each with its mcp pin');
  for (const [spec, name] of specs)
    if (spec.mcp === undefined)
      throw new BadInput(
        `${path}: export ${name}: tool ${JSON.stringify(spec.name)} has no mcp pin ({ server, tool, definition_sha256 }; \`mcp-guard pin\` prints them)`,
      );
  return createDispatcher({ tools: Object.values(registryOf(path, specs.keys())) });
}
