/**
 * Review finding 5: the leak scan of a success's data runs on what zod
 * returned, the very value the model_result is built from, not on the
 * handler's raw object. zod reads a member through the prototype chain and
 * applies a schema's transforms; a scan of the raw object's own keys saw
 * neither, and `project` made a success that `validateResult` refused.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { defineTool } from '../tables/defineTool.ts';
import type { ToolRegistry } from '../tables/registry.ts';
import { chapterTools, findScenario } from '../../../../../src/chapter/index.ts';
import { projectDetailed } from './project.ts';
import type { TrustedContext } from './trustedContext.ts';
import { validateResult } from './validateResult.ts';

const hits = findScenario('search_kb.hits');
if (hits === null) throw new Error('the chapter ships search_kb.hits');
const t = hits.context;
const KEY = t.call.idempotency_key;

const raw = (): Record<string, unknown> => structuredClone(hits.handler_output) as Record<string, unknown>;

function outcome(output: unknown, trusted: TrustedContext, tools: ToolRegistry) {
  const { pkg, violations } = projectDetailed(output, trusted, tools);
  return { pkg, violations, report: validateResult(pkg, trusted, tools) };
}

describe('the data is searched as zod returned it', () => {
  it('a hit title inherited from a prototype getter: a contract violation that validates, not a refused success', () => {
    const out = raw();
    const data = out.data as { hits: Record<string, unknown>[] };
    const own = { ...data.hits[0] };
    delete own.title;
    // The getter is the hit's prototype's: Object.keys(hit) does not list it, zod's parse reads and copies it.
    data.hits[0] = Object.assign(
      Object.create({
        get title() {
          return `see ${KEY}`;
        },
      }) as Record<string, unknown>,
      own,
    );
    const { pkg, violations, report } = outcome(out, t, chapterTools);
    expect(report.violations).toEqual([]);
    expect(pkg.model_result.status).not.toBe('succeeded');
    expect(JSON.stringify(pkg.model_result)).not.toContain(KEY);
    // Which reason the audit gives depends on how the output is read: zod's copy holds the title (AUDIT_LEAK
    // there), a read of own members only has none (DATA_SCHEMA at the hit). Either way it is a refusal.
    expect(violations.map((v) => v.code)).not.toEqual([]);
  });

  const toolWith = (text: z.ZodMiniString) =>
    defineTool({
      name: 'lookup_note',
      effect: 'read',
      title: 'Look up a note',
      input: z.strictObject({ note: z.string() }),
      output: z.strictObject({ note: z.string(), text }),
      echo: [{ output: 'note', input: 'note' }],
      revisions: {
        input_revision: 'i1',
        output_revision: 'o1',
        effect_revision: 'e1',
        handler_revision: 'h1',
        producer_revision: 'p1',
        policy_revision: 'pol1',
      },
      source_label: 'notes',
    });
  const transformed = [
    { name: 'toLowerCase() on an upper-cased key', text: z.string().check(z.toLowerCase()), wrote: KEY.toUpperCase() },
    {
      // A transform no normalization of the leak rule undoes: only a scan of zod's output sees the key.
      name: 'an overwrite() that drops the # spliced into the key',
      text: z.string().check(z.overwrite((s) => s.replaceAll('#', ''))),
      wrote: KEY.split('').join('#'),
    },
  ];
  for (const { name, text, wrote } of transformed) {
    it(`a schema's transform that makes the literal key after the scan: ${name}`, () => {
      const tools: ToolRegistry = { lookup_note: toolWith(text) };
      const trusted: TrustedContext = { ...t, tool: 'lookup_note', arguments: { note: 'n-1' } };
      const output = {
        kind: 'success',
        data: { note: 'n-1', text: `key ${wrote}` },
        provenance: { source_label: 'notes', producer_revision: 'p1', resource_revision: 'r1', observed_at: t.now },
      };
      const { pkg, violations, report } = outcome(output, trusted, tools);
      expect(report.violations).toEqual([]);
      expect(pkg.model_result.status).not.toBe('succeeded');
      expect(JSON.stringify(pkg.model_result)).not.toContain(KEY);
      expect(violations.map((v) => [v.code, v.path])).toContainEqual(['AUDIT_LEAK', '/data/text']);
    });
  }
});
