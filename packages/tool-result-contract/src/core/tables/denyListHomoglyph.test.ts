/**
 * Review finding 14: a member name spelled with letters of another script
 * (`tоken` with a Cyrillic о, `Αuthorization` with a Greek Α) or with
 * accents read as the Latin word, and passed the deny-list inside an
 * engineer's `z.record`, where the exact key set does not refuse it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { confusableLetters, latinSkeleton } from './confusables.ts';
import { defineTool } from './defineTool.ts';
import { deniedKeyKind, normalizeKey } from './denyList.ts';
import { projectDetailed } from '../result/project.ts';
import type { TrustedContext } from '../result/trustedContext.ts';
import { validateResult } from '../result/validateResult.ts';
import { findScenario } from '../../../../../src/chapter/index.ts';

const SEED = 20260719;

/** Each Latin letter and the look-alikes the table lists for it. */
const alikes = new Map<string, string[]>();
for (const c of confusableLetters()) {
  const latin = latinSkeleton(c);
  alikes.set(latin, [...(alikes.get(latin) ?? []), c]);
}

describe('look-alike letters in a denied key', () => {
  it.each([
    ['t\u043eken', 'credential'], // Cyrillic о
    ['\u0391uthorization', 'credential'], // Greek capital Alpha
    ['\u0440assword', 'credential'], // Cyrillic р
    ['\u0455ecret', 'credential'], // Cyrillic ѕ
    ['t\u00f3k\u00e9n', 'credential'], // accents: t + ó + k + é + n
    ['to\u0301ken', 'credential'], // a combining accent
    ['\u0456dempotency_key', 'control'], // Cyrillic і
    ['\u0422ENANT', 'control'], // Cyrillic capital Т
  ])('%s is denied as %s', (key, kind) => expect(deniedKeyKind(key)).toBe(kind));

  it('no listed look-alike is changed by NFKC (the table would hold a dead entry)', () => {
    for (const c of confusableLetters()) expect(c.normalize('NFKC')).toBe(c);
  });

  it('member names in other scripts that are not look-alike spellings stay allowed', () => {
    // Russian "token", "secret" and "password", Greek "key": words, not disguises of the Latin ones.
    for (const key of [
      '\u0442\u043e\u043a\u0435\u043d',
      '\u0441\u0435\u043a\u0440\u0435\u0442',
      '\u043f\u0430\u0440\u043e\u043b\u044c',
      '\u03ba\u03bb\u03b5\u03b9\u03b4\u03af',
      '标题',
      'タイトル',
    ])
      expect(deniedKeyKind(key)).toBeNull();
  });

  it('property: a denied key with any of its letters swapped for a look-alike is still denied', () => {
    const words = ['token', 'authorization', 'password', 'secret', 'cookie', 'apikey', 'callid', 'tenant', 'subject'];
    fc.assert(
      fc.property(fc.constantFrom(...words), fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), (word, picks) => {
        const key = [...word]
          .map((ch, i) => {
            const pick = picks[i % picks.length] as number;
            const options = alikes.get(ch) ?? [];
            // Some letters stay Latin, so mixed spellings are tried too.
            return options.length === 0 || pick % 3 === 0 ? ch : (options[pick % options.length] as string);
          })
          .join('');
        expect(normalizeKey(key)).toContain(word);
        expect(deniedKeyKind(key)).not.toBeNull();
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe("inside an engineer's z.record", () => {
  const hits = findScenario('search_kb.hits');
  if (hits === null) throw new Error('the chapter ships search_kb.hits');
  const tools = {
    get_headers: defineTool({
      name: 'get_headers',
      effect: 'read',
      title: 'Read headers',
      input: z.strictObject({ url: z.string() }),
      output: z.strictObject({ url: z.string(), headers: z.record(z.string(), z.string()) }),
      echo: [{ output: 'url', input: 'url' }],
      revisions: {
        input_revision: 'i1',
        output_revision: 'o1',
        effect_revision: 'e1',
        handler_revision: 'h1',
        producer_revision: 'p1',
        policy_revision: 'pol1',
      },
      source_label: 'web',
    }),
  };
  const t: TrustedContext = { ...hits.context, tool: 'get_headers', arguments: { url: 'https://a.example' } };
  const output = (headers: Record<string, string>) => ({
    kind: 'success',
    data: { url: 'https://a.example', headers },
    provenance: { source_label: 'web', producer_revision: 'p1', resource_revision: 'r1', observed_at: t.now },
  });

  it.each(['t\u043eken', '\u0391uthorization'])('%s is SENSITIVE_FIELD, and the model never reads it', (key) => {
    const { pkg, violations } = projectDetailed(output({ accept: 'text/html', [key]: 'v' }), t, tools);
    expect(violations.map((v) => [v.code, v.path])).toEqual([['SENSITIVE_FIELD', `/data/headers/${key}`]]);
    expect(pkg.model_result.status).not.toBe('succeeded');
    expect(validateResult(pkg, t, tools).violations).toEqual([]);
  });

  it('ordinary header names still make a success', () => {
    const { pkg } = projectDetailed(output({ accept: 'text/html', 'content-type': 'text/plain' }), t, tools);
    expect(pkg.model_result.status).toBe('succeeded');
  });
});
