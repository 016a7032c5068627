/**
 * The JSON Schema of each tool's handler output, for the editor's hovers and
 * completions: made from the core's own zod contracts by zod's own converter,
 * when the editor loads. Only the editor's lazy chunk imports this (setup.ts),
 * so the first load carries no JSON-Schema code (scripts/bundle-budget.mjs).
 */
import { z } from 'zod/mini';
import { handlerOutputSchema } from '../../../core/result/index.ts';
import { chapterTools } from '../../../chapter/index.ts';

export function handlerSchemas(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.values(chapterTools).map((spec) => [
      spec.name,
      z.toJSONSchema(handlerOutputSchema(spec.output), { unrepresentable: 'any' }) as Record<string, unknown>,
    ]),
  );
}
