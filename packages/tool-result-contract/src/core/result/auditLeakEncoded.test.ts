/**
 * Review finding 13: audit values reaching the model encoded passed the
 * literal rule (77 of 77 encoded copies). The rule now reads each string
 * as written, unwrapped (NFKC, no invisible characters, percent-escapes
 * decoded) and folded (also accents off, look-alike letters as Latin,
 * lower case), and searches base64 and hex of each value
 * (docs/contract.md#encoded-copies). What it cannot catch is pinned at the
 * end and listed in SECURITY.md.
 */
import { describe, expect, it } from 'vitest';
import { chapterTools, findScenario } from '../../../../../src/chapter/index.ts';
import { contextFacts } from './contextFacts.ts';
import { base64Forms } from './leakForms.ts';
import { needleFinder } from './outputContract.ts';
import { projectDetailed } from './project.ts';
import { validateResult } from './validateResult.ts';

const hits = findScenario('search_kb.hits');
if (hits === null) throw new Error('the chapter ships search_kb.hits');
const t = hits.context;
const values = contextFacts(t, chapterTools).auditValues.filter((v) => v.length >= 8);

const bytes = (s: string) => new TextEncoder().encode(s);
const b64 = (s: string) => btoa(String.fromCharCode(...bytes(s)));
const hex = (s: string) => [...bytes(s)].map((b) => b.toString(16).padStart(2, '0')).join('');
const CYRILLIC: Record<string, string> = {
  a: '\u0430',
  e: '\u0435',
  o: '\u043e',
  p: '\u0440',
  c: '\u0441',
  i: '\u0456',
};

/** The encodings a review tried, each as a handler's library would write it into a string. */
const ENCODINGS: Record<string, (v: string) => string> = {
  upper: (v) => v.toUpperCase(),
  title: (v) => v.charAt(0).toUpperCase() + v.slice(1),
  fullWidth: (v) => [...v].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join(''),
  zeroWidth: (v) => [...v].join('\u200b'),
  softHyphen: (v) => [...v].join('\u00ad'),
  joiner: (v) => [...v].join('\u2060'),
  percent: (v) => [...bytes(v)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  percentTwice: (v) => [...bytes(v)].map((b) => `%25${b.toString(16).padStart(2, '0')}`).join(''),
  base64: (v) => b64(v),
  base64Url: (v) => b64(v).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
  base64InJson: (v) => b64(JSON.stringify({ cursor: 7, key: v })),
  base64Shifted: (v) => b64(`x${v}`),
  hex: (v) => hex(v),
  hexUpper: (v) => hex(v).toUpperCase(),
  homoglyph: (v) => [...v].map((c) => CYRILLIC[c] ?? c).join(''),
  accents: (v) => v.replace(/[aeiou]/g, (c) => `${c}\u0301`),
};

describe('encoded copies of an audit value', () => {
  const literal = (s: string) => values.some((v) => s.includes(v));
  const find = needleFinder(values);
  const cases = Object.entries(ENCODINGS).flatMap(([name, enc]) =>
    values.map((v) => ({ name, value: v, text: `see ${enc(v)} here` })),
  );

  it('every encoding of every audit value is found, with the value it encodes', () => {
    const before = cases.filter((c) => literal(c.text)).length;
    const missed = cases.filter((c) => find(c.text) !== c.value).map((c) => `${c.name}: ${c.value}`);
    console.log(
      `encoded copies found: literal rule ${before}/${cases.length}, now ${cases.length - missed.length}/${cases.length}`,
    );
    expect(missed).toEqual([]);
  });

  it('a base64 form holds only characters that the value alone decides', () => {
    // Each form must occur in the base64 of the value after any prefix of 0, 1 or 2 bytes, whatever those bytes are.
    for (const v of values)
      for (const prefix of ['', 'a', 'zz', '\u00ff', '{"k":"'])
        expect(base64Forms(v).some((f) => b64(prefix + v + '!').includes(f))).toBe(true);
  });

  it.each(Object.keys(ENCODINGS))(
    '%s of the idempotency key in a snippet: refused, and the refusal validates',
    (name) => {
      const out = structuredClone(hits.handler_output) as { data: { hits: { snippet: string }[] } };
      const enc = ENCODINGS[name] as (v: string) => string;
      (out.data.hits[1] as { snippet: string }).snippet = `ref ${enc(t.call.idempotency_key)}`;
      const { pkg, violations } = projectDetailed(out, t, chapterTools);
      expect(violations.map((v) => [v.code, v.path])).toEqual([['AUDIT_LEAK', '/data/hits/1/snippet']]);
      expect(pkg.model_result.status).not.toBe('succeeded');
      expect(validateResult(pkg, t, chapterTools).violations).toEqual([]);
    },
  );

  it('a stored model_result edited to carry an encoded key is refused AUDIT_LEAK by the validator', () => {
    const { pkg } = projectDetailed(hits.handler_output, t, chapterTools);
    const edited = structuredClone(pkg) as unknown as { model_result: { data: { hits: { title: string }[] } } };
    (edited.model_result.data.hits[0] as { title: string }).title = b64(t.call.idempotency_key);
    const codes = validateResult(edited, t, chapterTools).violations.map((v) => v.code);
    expect(codes).toContain('AUDIT_LEAK');
  });
});

describe('what the rule cannot catch (SECURITY.md#what-the-leak-rule-cannot-catch)', () => {
  const find = needleFinder(values);
  const key = t.call.idempotency_key;
  it.each([
    ['split across two strings', [key.slice(0, 10), key.slice(10)]],
    ['reversed', [[...key].reverse().join('')]],
    ['spaced out with visible characters', [[...key].join(' ')]],
    ['base64 of the upper-cased value', [b64(key.toUpperCase())]],
    ['seven characters of it', [key.slice(0, 7)]],
  ])('%s is not found', (_name, strings) => {
    for (const s of strings) expect(find(s)).toBeUndefined();
  });
});
