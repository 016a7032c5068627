import { describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod/mini';
import { checkSchema } from './zodIssues.ts';

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
});
