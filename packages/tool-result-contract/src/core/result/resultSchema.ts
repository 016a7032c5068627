/**
 * The registry's output contract (docs/contract.md#the-registry) as JSON Schema 2020-12: what an MCP server puts in a tool's
 * `outputSchema`, made from the zod schemas the projector and the validator
 * use. JSON Schema cannot say what a zod refinement says (a length in code
 * points, the allowed URL host, a UTC timestamp) nor the rules across fields
 * (echo, list limits, status consistency): the schema is a shape a value must
 * have, not the whole contract. resultSchema.test.ts lists each difference.
 *
 * @example resultJsonSchema(registry.get_order, 'data').required // ['order_ref', 'status']
 */
import { z } from 'zod/mini';
import { ModelResultSchema } from './modelResult.ts';
import type { ToolSpec } from '../tables/registry.ts';

export type ResultSchemaPart = 'model_result' | 'data';
export const RESULT_SCHEMA_PARTS: readonly ResultSchemaPart[] = ['model_result', 'data'];

/** The tool's model_result (data null or the tool's exact data), or its data alone. */
export function resultZodSchema(spec: ToolSpec, part: ResultSchemaPart): z.core.$ZodType {
  return part === 'data' ? spec.output : z.extend(ModelResultSchema, { data: z.nullable(spec.output) });
}

/**
 * The JSON Schema (draft 2020-12) of a tool's `model_result`, or of its `data` alone: the exact contract a model or
 * a client may be shown, made from the tool's own zod output schema.
 *
 * @example
 * ```ts
 * const schema = resultJsonSchema(spec, 'data');
 * schema.$schema; // 'https://json-schema.org/draft/2020-12/schema'
 * ```
 */
// The part is written out rather than named: two words, and the root has no room for their type's name.
export function resultJsonSchema(
  spec: ToolSpec,
  part: 'model_result' | 'data' = 'model_result',
): Record<string, unknown> {
  const schema = z.toJSONSchema(resultZodSchema(spec, part), {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  });
  return { ...schema, title: `${spec.name} ${part}`, description: spec.title };
}
