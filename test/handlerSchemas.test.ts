import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registry } from '../src/core/tables/index.ts';
import { HANDLER_SCHEMAS_FILE, handlerSchemas, handlerSchemasText } from '../scripts/handler-schemas/handlerSchemas.ts';

describe('the editor’s handler-output schemas, shipped as data', () => {
  it('are exactly what zod computes from the registry today (regenerate: npx tsx scripts/make-handler-schemas.ts)', () => {
    expect(readFileSync(HANDLER_SCHEMAS_FILE, 'utf8')).toBe(handlerSchemasText());
  });
  it('name every tool, each with its own data schema', () => {
    const s = handlerSchemas();
    expect(Object.keys(s).sort()).toEqual(Object.keys(registry).sort());
    for (const name of Object.keys(registry)) expect(JSON.stringify(s[name])).toContain('"kind"');
  });
});
