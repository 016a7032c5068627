import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { handlerOutputSchema } from '#lib/core/result/index.ts';
import { TurnContextSchema } from '#lib/core/turn/index.ts';
import { CORE_DESCRIPTIONS_ZH } from './coreDescriptionsZh.ts';
import { handlerSchemas } from './handlerSchemas.ts';

const descriptions = (schema: unknown): string[] =>
  Array.isArray(schema)
    ? schema.flatMap(descriptions)
    : typeof schema === 'object' && schema !== null
      ? Object.entries(schema).flatMap(([k, v]) =>
          k === 'description' && typeof v === 'string' ? [v] : descriptions(v),
        )
      : [];

describe("the editor's hovers", () => {
  it('the core describes its handler output and trusted context (the principal, as the turn context holds it) in English only', () => {
    const core = [
      ...descriptions(z.toJSONSchema(handlerOutputSchema(z.strictObject({})), { unrepresentable: 'any' })),
      ...descriptions(z.toJSONSchema(TurnContextSchema, { unrepresentable: 'any' })),
    ];
    expect(core.length).toBeGreaterThanOrEqual(13);
    expect(core.filter((d) => /[\u4e00-\u9fff]/.test(d))).toEqual([]);
  });
  it('every description the core gives the handler output reaches the Chinese page translated', () => {
    const core = descriptions(z.toJSONSchema(handlerOutputSchema(z.strictObject({})), { unrepresentable: 'any' }));
    expect(core.filter((d) => !Object.hasOwn(CORE_DESCRIPTIONS_ZH, d))).toEqual([]);
    const shown = Object.values(handlerSchemas()).flatMap(descriptions);
    for (const d of core) expect(shown).toContain(`${d} / ${CORE_DESCRIPTIONS_ZH[d]}`);
  });
});
