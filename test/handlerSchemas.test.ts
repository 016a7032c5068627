import { describe, expect, it } from 'vitest';
import { handlerSchemas } from '../src/ui/features/editor/handlerSchemas.ts';
import { chapterTools } from '../src/chapter/index.ts';

type Branch = { properties: { kind: { const?: string }; data?: { properties?: Record<string, unknown> } } };

describe('the editor’s handler-output schemas, made by zod’s converter when the editor loads', () => {
  it('name every tool, each with its own data members inside the success envelope', () => {
    const s = handlerSchemas();
    expect(Object.keys(s).sort()).toEqual(Object.keys(chapterTools).sort());
    for (const spec of Object.values(chapterTools)) {
      const branches = (s[spec.name]?.oneOf ?? s[spec.name]?.anyOf) as Branch[];
      const success = branches.find((b) => b.properties.kind.const === 'success');
      const shape = (spec.output as unknown as { _zod: { def: { shape: object } } })._zod.def.shape;
      expect(Object.keys(success?.properties.data?.properties ?? {}).sort()).toEqual(Object.keys(shape).sort());
    }
  });
  it('carry the contracts’ bilingual descriptions, which become the hovers', () => {
    const text = JSON.stringify(handlerSchemas().get_order);
    expect(text).toContain('must equal the input order_ref');
    expect(text).toContain('必须等于注册表中的来源标签');
  });
});
