/**
 * A strict-JSON refusal in Chinese (zh.ts's `parse`), said from its reason and specifics
 * (../../json/jsonParseError.ts), never translated from the English sentence. A new reason in the parser is a type
 * error here until it has its words.
 */
import { sayParseError, type JsonExpected, type JsonParseDetail, type JsonParseWords } from '../../json/index.ts';

/** A character the parser met: the end of the text, a control character by its code point, else quoted. */
function found(c: string): string {
  if (c === '') return '文本结尾';
  const n = c.codePointAt(0) as number;
  return n < 0x20 || n === 0x7f ? `控制字符 U+${n.toString(16).toUpperCase().padStart(4, '0')}` : `「${c}」`;
}

const EXPECTED: Readonly<Record<JsonExpected, string>> = {
  value: '一个 JSON 值',
  member_name: '用双引号括起的成员名',
  comma_or_brace: '「,」或「}」',
  comma_or_bracket: '「,」或「]」',
};

/** Where the mistake is: what was expected there and what was found. */
const there = (p: { expected: JsonExpected; found: string }): string =>
  `（此处应为${EXPECTED[p.expected]}，却遇到${found(p.found)}）`;

const PART: Readonly<Record<'integer' | 'fraction' | 'exponent', string>> = {
  integer: '「-」之后',
  fraction: '「.」之后',
  exponent: '指数部分',
};

/** Every reason in Chinese, from its params. */
const ZH: JsonParseWords = {
  too_large: (p) => `文本超过 ${p.max_bytes} 字节 UTF-8：一个字都没有解析`,
  too_deep: (p) => `嵌套超过 ${p.max_depth} 层`,
  internal: (p) => `解析器内部错误：${p.detail}`,
  expected_value: (p) => `此处应为一个 JSON 值，却遇到${found(p.found)}`,
  expected_member_name: (p) => `此处应为用双引号括起的成员名，却遇到${found(p.found)}`,
  expected_comma_or_close: (p) => `此处应为「,」或「${p.close}」，却遇到${found(p.found)}`,
  expected_colon: (p) => `成员名之后应为「:」，却遇到${found(p.found)}`,
  unexpected_after_value: (p) => `JSON 值已经结束，之后却还有${found(p.found)}`,
  comment: (p) => `注释不是 JSON：严格 JSON（RFC 8259）不允许 // 或 /* */ 注释${there(p)}`,
  single_quote: (p) => `JSON 的字符串和成员名只能用双引号，不能用单引号${there(p)}`,
  not_a_value: (p) => `${p.word} 不是 JSON 值：JSON 没有 NaN、Infinity 和 undefined${there(p)}`,
  byte_order_mark: (p) => `字节顺序标记（BOM，U+FEFF）不是 JSON${there(p)}`,
  unquoted_word: (p) => `成员名和字符串要用双引号括起；值只能是 true、false、null、数字、字符串、对象或数组${there(p)}`,
  trailing_comma: (p) => `「,」之后紧跟「${p.close}」：JSON 不允许尾随逗号`,
  duplicate_member: (p) =>
    `成员名 ${JSON.stringify(p.key)} 重复（第一次出现在第 ${p.first_line} 行第 ${p.first_column} 列）：两个读者可能读到两个不同的值`,
  unterminated_string: () => '字符串没有结束：到文本结尾也没有遇到闭合的「"」',
  invalid_escape: (p) =>
    `无效的转义${p.escape === '' ? '：「\\」位于文本结尾' : `「\\${p.escape}」`}：JSON 只允许 \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX`,
  invalid_unicode_escape: (p) => `无效的 \\u 转义：应为四个十六进制数字，却遇到 ${JSON.stringify(p.digits)}`,
  control_character: (p) => `字符串里有未转义的控制字符 U+${p.code_point}：请写成转义（\\n、\\t、\\u${p.code_point}）`,
  lone_surrogate: (p) =>
    p.form === 'raw'
      ? `字符串里有孤立的代理项 U+${p.code_point}：它没有 UTF-8 编码`
      : `\\u${p.code_point} 是孤立的${p.form === 'escaped_high' ? '高位' : '低位'}代理项：它没有 UTF-8 编码`,
  leading_zero: () => 'JSON 的数字不能有前导零（写 7，不要写 07）',
  expected_digit: (p) => `${PART[p.part]}此处应为数字，却遇到${found(p.found)}`,
  integer_range: (p) => `整数 ${p.literal} 超出 ±(2^53−1)：读进来会悄悄变成另一个值`,
  number_overflow: (p) => `数字 ${p.literal} 溢出为无穷大`,
  number_underflow: (p) => `数字 ${p.literal} 不是零，却会被舍入为零`,
  number_precision: (p) => `数字 ${p.literal} 会被读成 ${p.read_as}：读进来会悄悄变成另一个值`,
  file_byte_order_mark: () => '文件以 UTF-8 字节顺序标记（BOM）开头，JSON 文本不得带有它',
  not_utf8: (p) => `第 ${p.byte} 字节起不是有效的 UTF-8：文件必须是 UTF-8 文本`,
};

/** A refusal's reason and specifics, in Chinese. */
export const describeParseZh = (d: JsonParseDetail): string => sayParseError(ZH, d);
