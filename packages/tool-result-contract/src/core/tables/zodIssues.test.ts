import { describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod/mini';
import { zh } from '../messages/locales/zh.ts';
import { contextIssues } from './contextIssues.ts';
import { checkSchema, schemaIssue } from './zodIssues.ts';

describe('checkSchema', () => {
  it('reports zod’s English messages although zod/mini loads no locale', () => {
    // As zod/mini leaves it, whatever another test file loaded into the shared global configuration.
    const global = z.config();
    const saved = global.localeError;
    delete global.localeError;
    onTestFinished(() => void (global.localeError = saved));
    expect(z.safeParse(z.number(), 'x').error?.issues[0]?.message).toBe('Invalid input');
    const schema = z.strictObject({ ref: z.string().check(z.maxLength(3)), n: z.number() });
    const r = checkSchema(schema, { ref: 'ABCD', n: 'x' });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toHaveLength(2);
    for (const m of messages) expect(m).not.toBe('Invalid input');
    expect(messages.join('\n')).toMatch(/expected number/);
  });
  it('keeps a schema’s own message, and leaves zod’s global configuration alone', () => {
    // Compared with itself, not with zod/mini's bare default: the test files share one module graph, and a file that
    // imports the full zod has loaded its English locale into the same global configuration already.
    const global = () => z.safeParse(z.number(), 'x').error?.issues[0]?.message;
    const before = global();
    const r = checkSchema(z.string().check(z.refine((s) => s === 'ok', 'must be ok')), 'no');
    expect(r.error?.issues[0]?.message).toBe('must be ok');
    expect(global()).toBe(before);
  });

  it('carries a refinement’s constraint and a regex’s pattern, so a locale can say them; one the locales do not know is said as a failed check', () => {
    const schema = z.strictObject({
      url: z.string().check(
        z.refine((u) => u.startsWith('https://kb.example.com/'), {
          message: 'must be an https URL on kb.example.com',
          params: { constraint: 'https_on_host', host: 'kb.example.com' },
        }),
      ),
      ref: z.string().check(z.regex(/^KB-[0-9]+$/, 'must match')),
      n: z.number().check(z.refine((x) => x > 1, { message: 'must be > 1', params: { constraint: 'prime' } })),
      m: z.number().check(z.refine((x) => x > 1, { message: 'must be > 1', params: { constraint: 'code_points' } })),
      k: z.number().check(z.refine((x) => x > 1, { message: 'must be > 1', params: { shape: 'round' } })),
    });
    const r = checkSchema(schema, { url: 'http://x', ref: 'no', n: 1, m: 1, k: 1 });
    const issues = r.error?.issues.map(schemaIssue) ?? [];
    expect(issues[0]?.constraint).toEqual({ constraint: 'https_on_host', host: 'kb.example.com' });
    expect(issues[1]?.pattern).toBe('/^KB-[0-9]+$/');
    // A constraint the locales do not name is an engineer's own: the Chinese says it as a failed check.
    const own = issues[2];
    expect(own?.constraint).toEqual({ constraint: 'prime' });
    if (own !== undefined) expect(zh.violation({ kind: 'schema', issue: own })).toBe('不符合约束');
    // One without its fields is carried, and the Chinese says it as a failed check, never "undefined".
    const bare = issues[3];
    expect(bare?.constraint).toEqual({ constraint: 'code_points' });
    if (bare !== undefined) expect(zh.violation({ kind: 'schema', issue: bare })).toBe('不符合约束');
    // Params that name no constraint are not one.
    expect(issues[4]?.constraint).toBeUndefined();
  });
  it('gives each context issue its params beside the English message', () => {
    const r = checkSchema(z.strictObject({ now: z.string() }), { now: 1, x: 1 });
    const issues = r.error === undefined ? [] : contextIssues(r.error);
    expect(issues.map((i) => [i.path, i.params.kind])).toEqual([
      ['/now', 'schema'],
      ['/x', 'unexpected_member'],
    ]);
  });
});
