import { describe, expect, it } from 'vitest';
import { parseStrictJson } from './strictJson.ts';
import { decodeUtf8Strict } from './utf8Strict.ts';
import { parseErrorMessage, type JsonParseError, type JsonParseReason } from './jsonParseError.ts';

const err = (text: string, maxBytes?: number): JsonParseError => {
  const r = parseStrictJson(text, maxBytes === undefined ? {} : { maxBytes });
  if (r.ok) throw new Error(`parsed: ${text}`);
  return r.error;
};
const decodeErr = (bytes: number[]): JsonParseError => {
  const r = decodeUtf8Strict(new Uint8Array(bytes));
  if (r.ok) throw new Error('decoded');
  return r.error;
};

/** One real refusal per reason ('internal' is a parser bug, which no text reaches). */
const SAMPLES: Readonly<Record<Exclude<JsonParseReason, 'internal'>, () => JsonParseError>> = {
  too_large: () => err('[1,2,3]', 4),
  too_deep: () => err('['.repeat(65)),
  expected_value: () => err('[1, :]'),
  expected_member_name: () => err('{1:2}'),
  expected_comma_or_close: () => err('[1 2]'),
  expected_colon: () => err('{"a" 1}'),
  unexpected_after_value: () => err('{} // the end'),
  comment: () => err('{\n  // the order\n  "a": 1\n}'),
  single_quote: () => err("{'a': 1}"),
  not_a_value: () => err('[NaN]'),
  byte_order_mark: () => err('\ufeff{}'),
  unquoted_word: () => err('{a: 1}'),
  trailing_comma: () => err('[1, 2,]'),
  duplicate_member: () => err('{\n  "x": 1,\n  "x": 2\n}'),
  unterminated_string: () => err('"abc'),
  invalid_escape: () => err('"\\x"'),
  invalid_unicode_escape: () => err('"\\u12"'),
  control_character: () => err('"a\u0001"'),
  lone_surrogate: () => err('"\\uD800"'),
  leading_zero: () => err('07'),
  expected_digit: () => err('1.'),
  integer_range: () => err('9007199254740993'),
  number_overflow: () => err('1e999'),
  number_underflow: () => err('1e-999'),
  number_precision: () => err('4503599627370496.5'),
  file_byte_order_mark: () => decodeErr([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
  not_utf8: () => decodeErr([0x7b, 0xff, 0x7d]),
};

describe('a refusal says its reason and specifics as data', () => {
  it.each(Object.entries(SAMPLES))('%s: the reason, and the English message made from it', (reason, make) => {
    const e = make();
    expect(e.reason).toBe(reason);
    expect(e.message).toBe(parseErrorMessage(e));
  });

  it('keeps the specifics a page needs to say it in another language', () => {
    expect(SAMPLES.duplicate_member()).toMatchObject({
      code: 'DUPLICATE_KEY',
      params: { key: 'x', first_line: 2, first_column: 3 },
      line: 3,
      column: 3,
    });
    expect(SAMPLES.comment()).toMatchObject({ code: 'SYNTAX', params: { expected: 'member_name', found: '/' } });
    expect(SAMPLES.trailing_comma().params).toEqual({ close: ']' });
    expect(SAMPLES.expected_value().params).toEqual({ found: ':' });
    expect(err('').params).toEqual({ found: '' });
    expect(SAMPLES.not_utf8().params).toEqual({ byte: 1 });
  });

  it('words the English exactly as before (the messages other tests and users read)', () => {
    expect(SAMPLES.comment().message).toBe("Expected a member name in double quotes, found '/': comments are not JSON");
    expect(SAMPLES.duplicate_member().message).toBe(
      'Duplicate member name "x" (first at line 2, column 3): two readers could see two different values',
    );
    expect(err('[\u0001]').message).toBe('Expected a JSON value, found control character U+0001');
    expect(err('"\\').message).toBe(
      "Invalid escape '\\' at the end: JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
    );
    expect(SAMPLES.not_utf8().message).toBe('Invalid UTF-8 at byte 1: the file must be UTF-8 text');
  });
});
