import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse as jsoncParse, type ParseError } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { referenceVectors } from '../../../test/support/vectors.ts';
import { parseStrictJson, type JsonParseErrorCode } from './strictJson.ts';
import { decodeUtf8Strict } from './utf8Strict.ts';
import { lineStarts, offsetToLineColumn, positionAt } from './textPosition.ts';

const suite = referenceVectors('JSONTestSuite/test_parsing');

function verdict(bytes: Uint8Array): { ok: true } | { ok: false; code: JsonParseErrorCode | 'DECODE' } {
  const text = decodeUtf8Strict(bytes);
  if (!text.ok) return { ok: false, code: 'DECODE' };
  const r = parseStrictJson(text.text);
  return r.ok ? { ok: true } : { ok: false, code: r.error.code };
}

/**
 * The i_ (implementation-defined) files, each decided by a documented rule
 * (docs/strict-json.md). DECODE: refused while decoding the bytes as UTF-8.
 */
const I_FILES: Record<string, JsonParseErrorCode | 'DECODE'> = {
  'i_number_double_huge_neg_exp.json': 'NUMBER_RANGE', // 123.456e-789 rounds a non-zero value to zero
  'i_number_huge_exp.json': 'NUMBER_RANGE', // overflows to infinity
  'i_number_neg_int_huge_exp.json': 'NUMBER_RANGE',
  'i_number_pos_double_huge_exp.json': 'NUMBER_RANGE',
  'i_number_real_neg_overflow.json': 'NUMBER_RANGE',
  'i_number_real_pos_overflow.json': 'NUMBER_RANGE',
  'i_number_real_underflow.json': 'NUMBER_RANGE',
  'i_number_too_big_neg_int.json': 'INTEGER_RANGE', // integers beyond ±(2^53−1) would change value
  'i_number_too_big_pos_int.json': 'INTEGER_RANGE',
  'i_number_very_big_negative_int.json': 'INTEGER_RANGE',
  'i_object_key_lone_2nd_surrogate.json': 'LONE_SURROGATE', // no UTF-8 encoding, two hashers would disagree
  'i_string_1st_surrogate_but_2nd_missing.json': 'LONE_SURROGATE',
  'i_string_1st_valid_surrogate_2nd_invalid.json': 'LONE_SURROGATE',
  'i_string_incomplete_surrogate_and_escape_valid.json': 'LONE_SURROGATE',
  'i_string_incomplete_surrogate_pair.json': 'LONE_SURROGATE',
  'i_string_incomplete_surrogates_escape_valid.json': 'LONE_SURROGATE',
  'i_string_invalid_lonely_surrogate.json': 'LONE_SURROGATE',
  'i_string_invalid_surrogate.json': 'LONE_SURROGATE',
  'i_string_inverted_surrogates_U+1D11E.json': 'LONE_SURROGATE',
  'i_string_lone_second_surrogate.json': 'LONE_SURROGATE',
  'i_string_UTF-16LE_with_BOM.json': 'DECODE', // text is UTF-8 only (RFC 8259 8.1)
  'i_string_utf16BE_no_BOM.json': 'DECODE',
  'i_string_utf16LE_no_BOM.json': 'DECODE',
  'i_string_UTF-8_invalid_sequence.json': 'DECODE',
  'i_string_UTF8_surrogate_U+D800.json': 'DECODE',
  'i_string_invalid_utf-8.json': 'DECODE',
  'i_string_iso_latin_1.json': 'DECODE',
  'i_string_lone_utf8_continuation_byte.json': 'DECODE',
  'i_string_not_in_unicode_range.json': 'DECODE',
  'i_string_overlong_sequence_2_bytes.json': 'DECODE',
  'i_string_overlong_sequence_6_bytes.json': 'DECODE',
  'i_string_overlong_sequence_6_bytes_null.json': 'DECODE',
  'i_string_truncated-utf-8.json': 'DECODE',
  'i_structure_UTF-8_BOM_empty_object.json': 'DECODE', // a byte order mark is refused
  'i_structure_500_nested_arrays.json': 'TOO_DEEP', // more than 64 levels
};

describe('JSONTestSuite (test/vectors/JSONTestSuite/test_parsing)', () => {
  const files = readdirSync(suite).sort();
  const read = (f: string) => new Uint8Array(readFileSync(join(suite, f)));
  it('has y_, n_ and i_ files', () => {
    expect(files.filter((f) => f.startsWith('y_')).length).toBeGreaterThan(90);
    expect(files.filter((f) => f.startsWith('n_')).length).toBeGreaterThan(180);
  });
  it.each(files.filter((f) => f.startsWith('y_')))('accepts %s', (f) => {
    if (f.startsWith('y_object_duplicated_key')) expect(verdict(read(f))).toEqual({ ok: false, code: 'DUPLICATE_KEY' });
    else expect(verdict(read(f))).toEqual({ ok: true });
  });
  it.each(files.filter((f) => f.startsWith('n_')))('rejects %s', (f) => {
    expect(verdict(read(f)).ok).toBe(false);
  });
  it('classifies every i_ file present', () => {
    expect(files.filter((f) => f.startsWith('i_')).sort()).toEqual(Object.keys(I_FILES).sort());
  });
  it.each(Object.entries(I_FILES))('decides %s → %s', (f, code) => {
    expect(verdict(read(f))).toEqual({ ok: false, code });
  });
});

const err = (text: string) => {
  const r = parseStrictJson(text);
  if (r.ok) throw new Error(`accepted ${text}`);
  return r.error;
};

describe('duplicates (docs/strict-json.md#rules)', () => {
  it('at depth 1', () => {
    expect(err('{"a":1,"b":2,"a":3}')).toMatchObject({ code: 'DUPLICATE_KEY', line: 1, column: 14, pointer: '' });
  });
  it('at depth 5, with the line and column of the second', () => {
    const text = '{"a":{"b":{"c":{"d":{\n  "x": 1,\n  "x": 2}}}}}';
    const e = err(text);
    expect(e).toMatchObject({ code: 'DUPLICATE_KEY', line: 3, column: 3, pointer: '/a/b/c/d' });
    expect(e.message).toContain('first at line 2, column 3');
  });
  it('after escape decoding', () => expect(err('{"a":1,"\\u0061":2}').code).toBe('DUPLICATE_KEY'));
  it('in a large object, whichever member repeats (the check moves from a list to a Map past 16 members)', () => {
    for (const n of [3, 16, 17, 40]) {
      const members = Array.from({ length: n }, (_, i) => `"k${i}":${i}`);
      expect(parseStrictJson(`{${members.join(',')}}`).ok).toBe(true);
      for (const dup of [0, n - 1]) {
        const e = err(`{${members.join(',')},"k${dup}":0}`);
        expect(e).toMatchObject({ code: 'DUPLICATE_KEY', pointer: '' });
        expect(e.message).toContain(
          `first at line 1, column ${members.slice(0, dup).join(',').length + (dup === 0 ? 2 : 3)}`,
        );
      }
    }
  });
  it('the pointer of a failure inside arrays and objects names where it was', () => {
    expect(err('{"a":[{"x":1},{"b":[1,2,{"c":{"d":1,"d":2}}]}]}')).toMatchObject({
      code: 'DUPLICATE_KEY',
      pointer: '/a/1/b/2/c',
    });
    expect(err('{"a":[1,{"b":[true, nul]}]}')).toMatchObject({ code: 'SYNTAX', pointer: '/a/1/b/1' });
    expect(err('{"a~/b":{"c":tru}}')).toMatchObject({ code: 'SYNTAX', pointer: '/a~0~1b/c' });
  });
  it('the same name in sibling objects is fine', () => expect(parseStrictJson('[{"a":1},{"a":2}]').ok).toBe(true));
});

describe('positions', () => {
  it('line and column on line 3', () => {
    expect(err('{\n  "a": 1,\n  "b": tru\n}')).toMatchObject({ code: 'SYNTAX', line: 3, column: 8 });
  });
  it('columns count UTF-16 units after a surrogate pair', () => {
    expect(err('["😀", x]')).toMatchObject({ line: 1, column: 8, offset: 7 });
  });
  it('names the common mistakes', () => {
    expect(err('{"a":1,}').message).toContain('trailing commas');
    expect(err('{"a":1} // c').message).toContain('after the JSON value');
    expect(err('[1, // c\n 2]').message).toContain('comments are not JSON');
    expect(err("{'a':1}").message).toContain('double quotes');
    expect(err('[NaN]').message).toContain('not a JSON value');
    expect(err('[07]').message).toContain('Leading zeros');
  });
  it('offsetToLineColumn', () => expect(offsetToLineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 }));
  it('lines break at \\r\\n, a lone \\r and \\n, as Monaco breaks them, in the parser and the editor table alike', () => {
    const text = '{\r\n"a": 1,\r"b":\n x}';
    const bad = parseStrictJson(text);
    expect(bad.ok ? null : { line: bad.error.line, column: bad.error.column }).toEqual({ line: 4, column: 2 });
    for (let offset = 0; offset <= text.length; offset++) {
      // An offset on the \n of a \r\n pair has no Monaco position: both put it at the end of the line before the break.
      expect(offsetToLineColumn(text, offset), `offset ${offset}`).toEqual(positionAt(lineStarts(text), offset));
    }
    expect(lineStarts('a\r\nb\rc\nd')).toEqual([0, 3, 5, 7]);
  });
});

describe('limits', () => {
  it('refuses over 1 MiB of UTF-8 before parsing, counting multi-byte characters', () => {
    expect(err(`"${'é'.repeat(524_288)}"`).code).toBe('TOO_LARGE'); // 1 MiB + 2 bytes, in half as many UTF-16 units
    expect(err(' '.repeat(1_048_577)).code).toBe('TOO_LARGE');
    expect(parseStrictJson(`"${'a'.repeat(1_048_574)}"`).ok).toBe(true); // exactly 1 MiB
  });
  it('64 levels accepted, 65 refused, 100 000 refused without recursion', () => {
    expect(parseStrictJson('['.repeat(64) + ']'.repeat(64)).ok).toBe(true);
    expect(err('['.repeat(65) + ']'.repeat(65))).toMatchObject({ code: 'TOO_DEEP', column: 65 });
    expect(err('['.repeat(100_000)).code).toBe('TOO_DEEP');
    expect(err('{"a":'.repeat(100_000)).code).toBe('TOO_DEEP');
  });
  it('__proto__ is an own member; the prototype is untouched', () => {
    const r = parseStrictJson('{"__proto__":{"polluted":true},"a":1}');
    expect(r.ok).toBe(true);
    const v = (r.ok ? r.value : null) as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'a']);
    expect((v as { polluted?: boolean }).polluted).toBeUndefined();
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe('numbers', () => {
  it.each([
    ['9007199254740991', true],
    ['-9007199254740991', true],
    ['9007199254740992', 'INTEGER_RANGE'],
    ['-9007199254740992', 'INTEGER_RANGE'],
    ['1e400', 'NUMBER_RANGE'],
    ['-1e400', 'NUMBER_RANGE'],
    ['1e-400', 'NUMBER_RANGE'],
    ['0e-400', true],
    ['0.0e-999', true],
    ['-0', true],
    ['1.0', true],
    ['1e2', true],
    // Not a double's value in any spelling: refused as 9007199254740993 is (numberLiteral.test.ts has the rule).
    ['9007199254740993.0', 'INTEGER_RANGE'],
  ])('%s → %s', (text, expected) => {
    const r = parseStrictJson(text);
    if (expected === true) expect(r.ok).toBe(true);
    else expect(r.ok ? null : r.error.code).toBe(expected);
  });
  it('-0 keeps its sign', () => expect(Object.is((parseStrictJson('-0') as { value: number }).value, -0)).toBe(true));
});

describe('strings', () => {
  it.each([
    ['"\\ud800"', 'LONE_SURROGATE'],
    ['"\\udc00"', 'LONE_SURROGATE'],
    ['"\\ud800\\u0041"', 'LONE_SURROGATE'],
    ['"\ud800"', 'LONE_SURROGATE'],
    ['"\\x41"', 'INVALID_ESCAPE'],
    ['"\\u12"', 'INVALID_ESCAPE'],
    ['"a\u0001"', 'CONTROL_CHARACTER'],
    ['"abc', 'SYNTAX'],
  ])('%s → %s', (text, code) => expect(err(text).code).toBe(code));
  it('decodes escapes and pairs', () => {
    expect(parseStrictJson('"\\ud83d\\ude00 \\n \\/ \\u00e9"')).toEqual({ ok: true, value: '😀 \n / é' });
  });
});

describe('what jsonc-parser gets wrong for us (the reason this parser exists)', () => {
  const jsonc = (text: string) => {
    const errors: ParseError[] = [];
    const value: unknown = jsoncParse(text, errors, { disallowComments: true, allowTrailingComma: false });
    return { value, errors };
  };
  it('jsonc-parser accepts a duplicate key (last wins); we refuse', () => {
    expect(jsonc('{"a":1,"a":2}')).toEqual({ value: { a: 2 }, errors: [] });
    expect(err('{"a":1,"a":2}').code).toBe('DUPLICATE_KEY');
  });
  it('jsonc-parser accepts a lone surrogate escape; we refuse', () => {
    expect(jsonc('"\\ud800"').errors).toEqual([]);
    expect(err('"\\ud800"').code).toBe('LONE_SURROGATE');
  });
  it('jsonc-parser accepts 2^53+1, silently changed to 2^53; we refuse', () => {
    expect(jsonc('9007199254740993')).toEqual({ value: 9007199254740992, errors: [] });
    expect(err('9007199254740993').code).toBe('INTEGER_RANGE');
  });
});

describe('locations', () => {
  const text = '{\n  "data": {\n    "hits": [\n      {"title": "Refunds"}\n    ]\n  }\n}';
  const r = parseStrictJson(text, { locations: true });
  const locations = r.ok ? (r.locations as NonNullable<typeof r.locations>) : new Map();
  it('points at a nested value and its key', () => {
    const loc = locations.get('/data/hits/0/title');
    expect(text.slice(loc?.valueStart, loc?.valueEnd)).toBe('"Refunds"');
    expect(text.slice(loc?.keyStart, loc?.keyEnd)).toBe('"title"');
    expect(text.slice(locations.get('/data/hits')?.valueStart, locations.get('/data/hits')?.valueEnd)).toMatch(
      /^\[[\s\S]*\]$/,
    );
    expect(locations.get('')).toEqual({ valueStart: 0, valueEnd: text.length });
  });
  it('escapes pointer segments', () => {
    const q = parseStrictJson('{"a/b":{"~c":1}}', { locations: true });
    expect(q.ok && q.locations?.has('/a~1b/~0c')).toBe(true);
  });
});

describe('decodeUtf8Strict', () => {
  it('refuses a BOM and invalid UTF-8, with a place', () => {
    expect(decodeUtf8Strict(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]))).toMatchObject({
      ok: false,
      error: { line: 1, column: 1 },
    });
    expect(decodeUtf8Strict(new Uint8Array([0x0a, 0x5b, 0x22, 0xff, 0x22, 0x5d]))).toMatchObject({
      ok: false,
      error: { line: 2, column: 3 },
    });
    expect(decodeUtf8Strict(new TextEncoder().encode('{"é":1}'))).toEqual({ ok: true, text: '{"é":1}' });
  });
});

describe('properties', () => {
  const safe = (s: string) => !/[\uD800-\uDFFF]/.test(s);
  it('agrees with JSON.parse on JSON.stringify output', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), (v) => {
        const text = JSON.stringify(v);
        fc.pre(safe(text) && !/\d{16,}|e[+-]?\d{3}/i.test(text));
        const r = parseStrictJson(text);
        expect(r.ok).toBe(true);
        expect(r.ok ? r.value : null).toEqual(JSON.parse(text));
      }),
      { seed: 20260719, numRuns: 400 },
    );
  });
  it('never throws on arbitrary or mutated text', () => {
    const punct = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      '\\',
      'u',
      'e',
      '-',
      '0',
      '1',
      ' ',
      '\n',
      'true',
      'null',
      '\ud800',
      '😀',
    );
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.array(punct, { maxLength: 80 }).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(text, (t) => {
        const r = parseStrictJson(t, { locations: true });
        if (!r.ok) {
          expect(r.error.line).toBeGreaterThanOrEqual(1);
          expect(r.error.column).toBeGreaterThanOrEqual(1);
        }
      }),
      { seed: 20260719, numRuns: 3000 },
    );
  });
});
