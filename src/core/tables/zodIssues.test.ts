import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { checkSchema } from './zodIssues.ts';

describe('checkSchema', () => {
  it('reports zod’s English messages although zod/mini loads no locale', () => {
    const schema = z.strictObject({ ref: z.string().check(z.maxLength(3)), n: z.number() });
    const r = checkSchema(schema, { ref: 'ABCD', n: 'x' });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toHaveLength(2);
    for (const m of messages) expect(m).not.toBe('Invalid input');
    expect(messages.join('\n')).toMatch(/expected number/);
  });
  it('keeps a schema’s own message, and leaves zod’s global configuration alone', () => {
    const r = checkSchema(z.string().check(z.refine((s) => s === 'ok', 'must be ok')), 'no');
    expect(r.error?.issues[0]?.message).toBe('must be ok');
    expect(z.safeParse(z.number(), 'x').error?.issues[0]?.message).toBe('Invalid input');
  });
});
