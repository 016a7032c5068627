import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStrictJson } from '#lib/core/json/index.ts';
import { stripJsonc } from './stripJsonc.ts';

describe('stripJsonc: the one-click fix for a JSONC paste', () => {
  it('removes comments and trailing commas, and lines that held only a comment', () => {
    const jsonc = [
      '{',
      '  // what the handler returns',
      '  "kind": "success", // the outcome',
      '  "data": {',
      '    "url": "https://kb.example/a//b", /* a string keeps its slashes */',
      '    "hits": [1, 2,],',
      '  },',
      '}',
      '',
    ].join('\n');
    expect(stripJsonc(jsonc)).toBe(
      [
        '{',
        '  "kind": "success",',
        '  "data": {',
        '    "url": "https://kb.example/a//b",',
        '    "hits": [1, 2]',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expect(parseStrictJson(stripJsonc(jsonc)).ok).toBe(true);
  });

  it('never touches text inside strings', () => {
    const text = '{"a": "// not a comment, /* nor this */", "b": "a, ]", "c": "\\" // still a string"}';
    expect(stripJsonc(text)).toBe(text);
  });

  it('keeps a comma before a comment that a value follows, and tokens on one line apart', () => {
    expect(stripJsonc('[1, // one\n 2]')).toBe('[1,\n 2]');
    expect(stripJsonc('[1/* c */2]')).toBe('[1 2]'); // still refused, never silently 12
    expect(stripJsonc('{/* c */"a": 1 /* d */}')).toBe('{"a": 1}');
    expect(stripJsonc('[1,\r\n// c\r\n]')).toBe('[1\r\n]');
  });

  it('leaves what is not JSONC for the parser to point at', () => {
    expect(stripJsonc('{"a": 1} /* open')).toBe('{"a": 1} /* open');
  });

  it('changes no strict JSON text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (v, pretty) => {
        const text = pretty ? JSON.stringify(v, null, 2) : JSON.stringify(v);
        expect(stripJsonc(text)).toBe(text);
      }),
    );
  });
});
