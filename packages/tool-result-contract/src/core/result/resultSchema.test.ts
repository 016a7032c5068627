/**
 * The exported JSON Schema held to the zod schemas it is made from: values
 * zod accepts, the JSON Schema accepts (it is never stricter), and a value the
 * JSON Schema accepts but zod refuses is refused only where a refinement says
 * what JSON Schema cannot: those places are listed here, and any other
 * difference fails.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { issuePointer } from '../json/jsonPointer.ts';
import { project } from './project.ts';
import { checkSchema } from '../tables/zodIssues.ts';
import { RESULT_SCHEMA_PARTS, resultJsonSchema, resultZodSchema, type ResultSchemaPart } from './resultSchema.ts';
import { chapterTools, scenarios } from '../../../../../src/chapter/index.ts';

/** Where a zod refinement says what JSON Schema cannot, by part, as pointers with array indexes written `*`. */
const DIFFERENCES: Readonly<Record<ResultSchemaPart, readonly string[]>> = {
  // The URL check parses the URL (host, no credentials, no port): a pattern would differ from it on edge cases.
  data: ['/hits/*/url'],
  model_result: ['/data/hits/*/url', '/provenance/observed_at'],
};

const ajv = new Ajv2020({ strict: false, allErrors: true });

const base = (tool: string) => {
  const s = scenarios.find(
    (x) =>
      x.context.tool === tool &&
      (x.handler_output as { kind?: string }).kind === 'success' &&
      project(x.handler_output, x.context, chapterTools).model_result.status === 'succeeded',
  );
  if (s === undefined) throw new Error(`no success scenario for ${tool}`);
  return project(s.handler_output, s.context, chapterTools).model_result;
};

const odd = fc.oneof(
  fc.constantFrom(
    null,
    0,
    1.5,
    -1,
    true,
    '',
    'x',
    '😀'.repeat(120),
    'a'.repeat(201),
    'a'.repeat(121),
    'https://kb.example.com/a',
    'https://evil.example/a',
    '2026-07-19T00:00:00Z',
    'yesterday',
    'ORDER-1',
    'KB-1',
    'DRAFT-1',
    'paid',
    'failed',
  ),
  fc.string({ maxLength: 6 }),
  fc.constant({}),
  fc.constant([]),
);

/** Every place in a value: [parent path, key]. */
function places(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => {
    const path = [...at, Array.isArray(value) ? Number(k) : k];
    return [path, ...places(v, path)];
  });
}

/** The seed with up to three changes: a member replaced by another kind or an edge string, removed, or an extra member added. */
const variant = (seed: unknown): fc.Arbitrary<unknown> => {
  const all = places(seed);
  const change = fc.tuple(
    fc.nat({ max: Math.max(0, all.length - 1) }),
    fc.constantFrom('replace', 'replace', 'remove', 'extra'),
    odd,
  );
  return fc.array(change, { maxLength: 3 }).map((changes) => {
    const copy = structuredClone(seed) as Record<string | number, unknown>;
    for (const [i, how, v] of changes) {
      const path = all[i];
      if (path === undefined) continue;
      let parent: unknown = copy;
      for (const k of path.slice(0, -1))
        parent =
          parent !== null && typeof parent === 'object' ? (parent as Record<string | number, unknown>)[k] : undefined;
      if (parent === null || typeof parent !== 'object') continue;
      const p = parent as Record<string | number, unknown>;
      const last = path[path.length - 1] as string | number;
      if (how === 'replace') p[last] = v;
      else if (how === 'remove' && !Array.isArray(p)) delete p[last];
      else if (how === 'extra' && !Array.isArray(p)) p.extra_member = v;
    }
    return copy;
  });
};

const wildcard = (pointer: string) => pointer.replace(/\/[0-9]+(?=\/|$)/g, '/*');

describe('tool-result schema: JSON Schema 2020-12 from the zod schemas', () => {
  for (const tool of Object.keys(chapterTools)) {
    for (const part of RESULT_SCHEMA_PARTS) {
      it(`${tool} ${part}: every value zod accepts is accepted; every refusal only one of them makes is a listed difference`, () => {
        const spec = chapterTools[tool] as (typeof chapterTools)[string];
        const json = resultJsonSchema(spec, part);
        expect(json.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
        const check = ajv.compile(json);
        const zod = resultZodSchema(spec, part);
        const mr = base(tool);
        const seed = part === 'data' ? mr.data : mr;
        expect(checkSchema(zod, seed).success).toBe(true);
        let agreedAccept = 0;
        const unlisted: string[] = [];
        fc.assert(
          fc.property(variant(seed), (value) => {
            const z = checkSchema(zod, value);
            const j = check(value);
            if (z.success) {
              // Never stricter than zod: an output the contract accepts must pass an MCP client's check.
              expect(j, JSON.stringify(check.errors)).toBe(true);
              agreedAccept++;
            } else if (j) {
              for (const issue of z.error.issues) {
                const at = wildcard(issuePointer('', issue.path));
                if (!DIFFERENCES[part].includes(at)) unlisted.push(`${at}: ${issue.message}`);
              }
            }
          }),
          { seed: 20260719, numRuns: 400 },
        );
        expect(unlisted).toEqual([]);
        expect(agreedAccept).toBeGreaterThan(0);
      });
    }
  }

  it('the listed differences are real: JSON Schema accepts what zod refuses there', () => {
    const spec = chapterTools.search_kb as (typeof chapterTools)[string];
    const data = base('search_kb').data as { query: string; hits: { url: string }[] };
    const bad = {
      ...data,
      hits: [{ doc_ref: 'KB-1', title: '', snippet: '', url: 'https://user:pw@kb.example.com/a' }],
    };
    expect(ajv.compile(resultJsonSchema(spec, 'data'))(bad)).toBe(true);
    expect(checkSchema(resultZodSchema(spec, 'data'), bad).success).toBe(false);
  });
});
