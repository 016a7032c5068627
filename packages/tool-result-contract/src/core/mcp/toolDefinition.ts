/**
 * `tools/list`'s entry for one registry tool (docs/mcp-server.md#mcpserver): what a dispatcher
 * serving its tools over MCP lists, so a client and the model read the registry's own contract.
 * `outputSchema` is the JSON Schema of the whole model_result, not of data alone: the answer's
 * structuredContent is the model_result. Pure data, so the server, the guard and the playground
 * list one and the same definition.
 */
import { z } from 'zod/mini';
import { resultJsonSchema } from '../result/resultSchema.ts';
import type { ToolSpec } from '../tables/registry.ts';
import type { McpToolDefinition } from './definitionPin.ts';

/** The registry's name, title and input schema; `outputSchema` the model_result's JSON Schema. */
export function mcpToolDefinition(spec: ToolSpec): McpToolDefinition & {
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
} {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.title,
    inputSchema: z.toJSONSchema(spec.input, {
      target: 'draft-2020-12',
      io: 'input',
      unrepresentable: 'any',
    }) as Record<string, unknown>,
    outputSchema: resultJsonSchema(spec),
    annotations: { readOnlyHint: spec.effect === 'read' },
  };
}
