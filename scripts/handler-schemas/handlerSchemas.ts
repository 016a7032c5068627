/**
 * The JSON Schema of each tool's handler output, for the editor's hovers and
 * completions. Computed here, in Node, with zod's `toJSONSchema`, and shipped
 * as data (src/ui/features/editor/handlerSchemas.generated.json): the page's build
 * leaves zod's JSON-Schema code out (see vite.config.ts), which keeps about
 * 6 KB gzipped off the first load. test/handlerSchemas.test.ts holds the
 * shipped file to this function, so the two cannot drift apart.
 */
import { z } from 'zod';
import { handlerOutputSchema } from '../../src/core/result/index.ts';
import { registry } from '../../src/core/tables/index.ts';

export function handlerSchemas(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.values(registry).map((spec) => [spec.name, z.toJSONSchema(handlerOutputSchema(spec.output), { unrepresentable: 'any' }) as Record<string, unknown>]));
}

export const HANDLER_SCHEMAS_FILE = 'src/ui/features/editor/handlerSchemas.generated.json';

export const handlerSchemasText = (): string => `${JSON.stringify(handlerSchemas(), null, 2)}\n`;
