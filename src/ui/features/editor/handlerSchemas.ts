/**
 * The JSON Schema of each tool's handler output, for the editor's hovers and
 * completions: made from the core's own zod contracts by zod's own converter,
 * when the editor loads. Only the editor's lazy chunk imports this (setup.ts),
 * so the first load carries no JSON-Schema code (scripts/bundle-budget.mjs).
 */
import { z } from 'zod/mini';
import { handlerOutputSchema } from '#lib/core/result/index.ts';
import { chapterTools } from '../../../chapter/index.ts';
import { CORE_DESCRIPTIONS_ZH } from './coreDescriptionsZh.ts';

/** Each `description` the core wrote in English given its Chinese beside it, as the chapter's tools have both. */
export function withChinese(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withChinese);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) =>
      k === 'description' && typeof v === 'string' && Object.hasOwn(CORE_DESCRIPTIONS_ZH, v)
        ? [k, `${v} / ${CORE_DESCRIPTIONS_ZH[v]}`]
        : [k, withChinese(v)],
    ),
  );
}

export function handlerSchemas(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.values(chapterTools).map((spec) => [
      spec.name,
      withChinese(z.toJSONSchema(handlerOutputSchema(spec.output), { unrepresentable: 'any' })) as Record<
        string,
        unknown
      >,
    ]),
  );
}
