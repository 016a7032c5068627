/** A strict parser's refusal (docs/strict-json.md), located so the editor can point at it: the same shape for the parser and the UTF-8 decoder. */
export type JsonParseErrorCode =
  | 'TOO_LARGE'
  | 'TOO_DEEP'
  | 'SYNTAX'
  | 'DUPLICATE_KEY'
  | 'LONE_SURROGATE'
  | 'INTEGER_RANGE'
  | 'NUMBER_RANGE'
  | 'INVALID_ESCAPE'
  | 'CONTROL_CHARACTER';

/** What the parser was looking for where it met something else. */
export type JsonExpected = 'value' | 'member_name' | 'comma_or_brace' | 'comma_or_bracket';

/**
 * Every reason a text is refused, with its specifics as data, so that a page can say it in its own language
 * (`message` is the English). A new reason is a type error in every table keyed by it.
 *
 * `found` is a character the parser met: the character itself (one code point), or '' for the end of the text,
 * described in words by each language (a control character by its code point, anything else quoted). A common
 * mistake also says what was `expected` there. Both are written out at each reason, not named by a helper, so the
 * public declaration names only what the package exports.
 */
export type JsonParseParams = {
  /** Over the byte limit: nothing was parsed. */
  too_large: { max_bytes: number };
  /** Nested deeper than the limit. */
  too_deep: { max_depth: number };
  /** A bug inside the parser, still reported as a located refusal. */
  internal: { detail: string };
  expected_value: { found: string };
  expected_member_name: { found: string };
  /** Between members or elements: a comma or the container's closing bracket. */
  expected_comma_or_close: { found: string; close: '}' | ']' };
  expected_colon: { found: string };
  unexpected_after_value: { found: string };
  /** `//` or `/*` where a value, a member name or a comma was expected. */
  comment: { expected: JsonExpected; found: string };
  /** A single-quoted string or member name. */
  single_quote: { expected: JsonExpected; found: string };
  /** NaN, Infinity, -Infinity or undefined. */
  not_a_value: { expected: JsonExpected; found: string; word: string };
  /** U+FEFF in the text. */
  byte_order_mark: { expected: JsonExpected; found: string };
  /** A bare word: an unquoted member name or string, or a misspelt true, false or null. */
  unquoted_word: { expected: JsonExpected; found: string };
  trailing_comma: { close: '}' | ']' };
  duplicate_member: { key: string; first_line: number; first_column: number };
  unterminated_string: Record<string, never>;
  /** The character after the backslash ('' when the text ends there). */
  invalid_escape: { escape: string };
  /** The (up to) four characters after `\u`. */
  invalid_unicode_escape: { digits: string };
  /** Four hex digits. */
  control_character: { code_point: string };
  /** Four hex digits; an escaped high or low surrogate, or a raw one. */
  lone_surrogate: { code_point: string; form: 'escaped_high' | 'escaped_low' | 'raw' };
  leading_zero: Record<string, never>;
  expected_digit: { found: string; part: 'integer' | 'fraction' | 'exponent' };
  /** An integer spelling outside ±(2^53−1). */
  integer_range: { literal: string };
  number_overflow: { literal: string };
  number_underflow: { literal: string };
  /** A literal a double cannot hold exactly: it would be read as `read_as`. */
  number_precision: { literal: string; read_as: string };
  /** The decoder's: a file that starts with a UTF-8 byte order mark. */
  file_byte_order_mark: Record<string, never>;
  /** The decoder's: the first byte that is not UTF-8. */
  not_utf8: { byte: number };
};

export type JsonParseReason = keyof JsonParseParams;

/** A reason with its specifics, one member per reason (narrow on `reason`). */
export type JsonParseDetail = { [R in JsonParseReason]: { reason: R; params: JsonParseParams[R] } }[JsonParseReason];

export type JsonParseError = JsonParseDetail & {
  code: JsonParseErrorCode;
  /** English, made from `reason` and `params` (parseErrorMessage). */
  message: string;
  /** UTF-16 index into the text. */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (what Monaco counts). */
  column: number;
  /** RFC 6901 pointer of the container or member where it went wrong, when known. */
  pointer?: string;
};

/** Each reason's words: a table a language fills in full (the app's Chinese is one, the English below another). */
export type JsonParseWords = { readonly [R in JsonParseReason]: (params: JsonParseParams[R]) => string };

/** A detail said by a table of words (the one place a reason is matched with its own params' type). */
export function sayParseError(words: JsonParseWords, d: JsonParseDetail): string {
  return (words[d.reason] as (p: JsonParseDetail['params']) => string)(d.params);
}

const hex4 = (s: string): string => (s.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0');

/** A character met, in English: the end of the text, a control character by its code point, else quoted. */
function found(c: string): string {
  if (c === '') return 'the end of the text';
  const n = c.codePointAt(0) as number;
  return n < 0x20 || n === 0x7f ? `control character U+${hex4(c)}` : `'${c}'`;
}

const EXPECTED: Readonly<Record<JsonExpected, string>> = {
  value: 'a JSON value',
  member_name: 'a member name in double quotes',
  comma_or_brace: "',' or '}'",
  comma_or_bracket: "',' or ']'",
};

const mistake = (p: { expected: JsonExpected; found: string }, why: string): string =>
  `Expected ${EXPECTED[p.expected]}, found ${found(p.found)}: ${why}`;

const EN: JsonParseWords = {
  too_large: (p) => `The text is over ${p.max_bytes} bytes of UTF-8; nothing was parsed`,
  too_deep: (p) => `Nesting deeper than ${p.max_depth} levels`,
  internal: (p) => `Parser error: ${p.detail}`,
  expected_value: (p) => `Expected a JSON value, found ${found(p.found)}`,
  expected_member_name: (p) => `Expected a member name in double quotes, found ${found(p.found)}`,
  expected_comma_or_close: (p) => `Expected ',' or '${p.close}', found ${found(p.found)}`,
  expected_colon: (p) => `Expected ':' after the member name, found ${found(p.found)}`,
  unexpected_after_value: (p) => `Unexpected ${found(p.found)} after the JSON value`,
  comment: (p) => mistake(p, 'comments are not JSON'),
  single_quote: (p) => mistake(p, 'strings take double quotes in JSON'),
  not_a_value: (p) => mistake(p, 'not a JSON value'),
  byte_order_mark: (p) => mistake(p, 'a byte order mark is not JSON'),
  unquoted_word: (p) => mistake(p, 'member names and strings take double quotes'),
  trailing_comma: (p) => `Unexpected '${p.close}' after ',': trailing commas are not JSON`,
  duplicate_member: (p) =>
    `Duplicate member name ${JSON.stringify(p.key)} (first at line ${p.first_line}, column ${p.first_column}): two readers could see two different values`,
  unterminated_string: () => "Unterminated string: expected '\"' before the end of the text",
  invalid_escape: (p) =>
    `Invalid escape ${p.escape === '' ? "'\\' at the end" : `'\\${p.escape}'`}: JSON allows \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX`,
  invalid_unicode_escape: (p) => `Invalid \\u escape: expected four hex digits, found ${JSON.stringify(p.digits)}`,
  control_character: (p) =>
    `Raw control character U+${p.code_point} in a string: write it as an escape (\\n, \\t, \\u${p.code_point})`,
  lone_surrogate: (p) =>
    p.form === 'raw'
      ? `Lone surrogate U+${p.code_point} in a string: it has no UTF-8 encoding`
      : `\\u${p.code_point} is a lone ${p.form === 'escaped_high' ? 'high' : 'low'} surrogate: it has no UTF-8 encoding`,
  leading_zero: () => 'Leading zeros are not JSON (write 7, not 07)',
  expected_digit: (p) =>
    `Expected a digit${p.part === 'fraction' ? " after '.'" : p.part === 'exponent' ? ' in the exponent' : ''}, found ${found(p.found)}`,
  integer_range: (p) => `Integer ${p.literal} is outside ±(2^53−1): it would silently change value`,
  number_overflow: (p) => `Number ${p.literal} overflows to infinity`,
  number_underflow: (p) => `Number ${p.literal} is not zero but rounds to zero`,
  number_precision: (p) => `Number ${p.literal} would be read as ${p.read_as}: it would silently change value`,
  file_byte_order_mark: () => 'The file starts with a UTF-8 byte order mark, which JSON text must not have',
  not_utf8: (p) => `Invalid UTF-8 at byte ${p.byte}: the file must be UTF-8 text`,
};

/** The English `message` of a reason and its specifics: the one place the parser's and the decoder's words are made. */
export const parseErrorMessage = (d: JsonParseDetail): string => sayParseError(EN, d);
