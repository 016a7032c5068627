/**
 * A strict-JSON refusal on the Chinese page is said in Chinese from its reason and specifics, never the parser's
 * English: every reason the parser and the decoder give has its words, and a sample of real refusals keeps what
 * the learner needs (the member name, the line and column of its first appearance, what was found where).
 */
import { describe, expect, it } from 'vitest';
import { decodeUtf8Strict, parseStrictJson, type JsonParseError, type JsonParseReason } from '#lib/core/json/index.ts';
import { evaluate } from '../../playground/evaluate.ts';
import { builtinDoc } from '../../playground/work.ts';
import { problemMessage } from '../features/problems/ProblemsList.tsx';
import type { ViolationWords } from './useViolationWords.ts';
import { parseErrorText } from './parseErrors.ts';

const refusal = (text: string, maxBytes?: number): JsonParseError => {
  const r = parseStrictJson(text, maxBytes === undefined ? {} : { maxBytes });
  if (r.ok) throw new Error(`parsed: ${text}`);
  return r.error;
};
const decodeRefusal = (bytes: number[]): JsonParseError => {
  const r = decodeUtf8Strict(new Uint8Array(bytes));
  if (r.ok) throw new Error('decoded');
  return r.error;
};

/** Texts a learner pastes, and files they import: between them, every reason but a parser bug ('internal'). */
const REFUSALS: readonly JsonParseError[] = [
  refusal('[1,2,3]', 4),
  refusal('['.repeat(65)),
  refusal(''),
  refusal('[1, :]'),
  refusal('{1:2}'),
  refusal('[1 2]'),
  refusal('{"a":1 "b":2}'),
  refusal('{"a" 1}'),
  refusal('{} // the end'),
  refusal('{\n  // the order\n  "a": 1\n}'),
  refusal('[1, /* two */ 2]'),
  refusal('{"a": 1 /* one */}'),
  refusal("{'a': 1}"),
  refusal('[NaN]'),
  refusal('[undefined]'),
  refusal('\ufeff{}'),
  refusal('{a: 1}'),
  refusal('[tru]'),
  refusal('[1, 2,]'),
  refusal('{"a": 1,}'),
  refusal('{\n  "x": 1,\n  "x": 2\n}'),
  refusal('"abc'),
  refusal('"\\x"'),
  refusal('"\\'),
  refusal('"\\u12"'),
  refusal('"a\u0001"'),
  refusal('"\\uD800"'),
  refusal('"\\uDC00"'),
  refusal('"\ud800"'),
  refusal('07'),
  refusal('-x'),
  refusal('1.'),
  refusal('1e+'),
  refusal('9007199254740993'),
  refusal('1e999'),
  refusal('1e-999'),
  refusal('4503599627370496.5'),
  refusal('[\u0001]'),
  decodeRefusal([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
  decodeRefusal([0x7b, 0xff, 0x7d]),
];

const zh = (e: JsonParseError): string => parseErrorText(e, 'zh');

/** Every reason, listed so that a new one fails the type check here too. */
const EVERY_REASON: Readonly<Record<JsonParseReason, true>> = {
  too_large: true,
  too_deep: true,
  internal: true,
  expected_value: true,
  expected_member_name: true,
  expected_comma_or_close: true,
  expected_colon: true,
  unexpected_after_value: true,
  comment: true,
  single_quote: true,
  not_a_value: true,
  byte_order_mark: true,
  unquoted_word: true,
  trailing_comma: true,
  duplicate_member: true,
  unterminated_string: true,
  invalid_escape: true,
  invalid_unicode_escape: true,
  control_character: true,
  lone_surrogate: true,
  leading_zero: true,
  expected_digit: true,
  integer_range: true,
  number_overflow: true,
  number_underflow: true,
  number_precision: true,
  file_byte_order_mark: true,
  not_utf8: true,
};

describe('parseErrorText', () => {
  it('has Chinese for every reason, and the samples reach every reason but a parser bug', () => {
    const reached = new Set<JsonParseReason>(REFUSALS.map((e) => e.reason));
    expect([...reached, 'internal'].sort()).toEqual(Object.keys(EVERY_REASON).sort());
  });

  it.each(REFUSALS.map((e) => [e.reason, e] as const))('%s: Chinese, with no English sentence', (_, e) => {
    const text = zh(e);
    expect(text).toMatch(/[\u4e00-\u9fff]/);
    expect(text).not.toBe(e.message);
    // Code, JSON and names stay as they are (NaN, JSON, RFC 8259, UTF-8); two English words in a row would be a sentence.
    expect(text).not.toMatch(/\b[A-Za-z]{2,} [a-z]{2,}\b/);
  });

  it('says the specifics: the duplicate name and where it first was; what the text has where', () => {
    expect(zh(refusal('{\n  "x": 1,\n  "x": 2\n}'))).toBe(
      '成员名 "x" 重复（第一次出现在第 2 行第 3 列）：两个读者可能读到两个不同的值',
    );
    expect(zh(refusal('{\n  // the order\n  "a": 1\n}'))).toMatch(
      /^注释不是 JSON：严格 JSON（RFC 8259）不允许 \/\/ 或 \/\* \*\/ 注释/,
    );
    expect(zh(refusal('[1 2]'))).toBe('此处应为「,」或「]」，却遇到「2」');
    expect(zh(refusal(''))).toBe('此处应为一个 JSON 值，却遇到文本结尾');
    expect(zh(refusal('[\u0001]'))).toContain('控制字符 U+0001');
    expect(zh(refusal('[1, 2,]'))).toBe('「,」之后紧跟「]」：JSON 不允许尾随逗号');
    expect(zh(refusal('9007199254740993'))).toContain('9007199254740993');
    expect(zh(refusal('[1,2,3]', 4))).toContain('4 字节');
  });

  it('leaves the English to the core', () => {
    for (const e of REFUSALS) expect(parseErrorText(e, 'en')).toBe(e.message);
  });
});

describe('the problems list and the editor markers say a parse refusal in the learner’s language', () => {
  const words = (lang: 'en' | 'zh'): ViolationWords => ({
    detail: () => '',
    text: () => null,
    parseError: (e) => parseErrorText(e, lang),
  });
  const doc = builtinDoc('search_kb.hits');
  if (doc === null) throw new Error('no scenario search_kb.hits');
  const jsonc = `// a chapter example\n${doc.handlerText}`;

  it('a JSONC paste: the Chinese reason, with no English sentence from the parser', () => {
    const p = evaluate({ handlerText: jsonc, context: doc.context }).problems[0];
    expect(p?.parse?.reason).toBe('comment');
    const zhMessage = problemMessage(p!, 'zh', words('zh'));
    expect(zhMessage).toContain('注释不是 JSON');
    expect(zhMessage).not.toContain('comments are not JSON');
    expect(problemMessage(p!, 'en', words('en'))).toContain('comments are not JSON');
  });
});
