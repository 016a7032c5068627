/**
 * Whether a JSON number literal keeps its value when read as a double (docs/strict-json.md#numbers).
 *
 * The rule: the double a literal reads as, written back the shortest way that reads as that
 * double (what `JSON.stringify` and RFC 8785 write, ECMAScript's Number::toString), must have the
 * literal's decimal value. `0.1` passes (it is written back `0.1`); `9007199254740993.0`,
 * `9007199254740993e0` and `4503599627370496.5` do not (written back `9007199254740992`,
 * `9007199254740992` and `4503599627370496`): their last digits would be dropped without a word,
 * as `9007199254740993`'s are, so they are refused as it is, whatever the spelling.
 */

/** Any decimal of at most this many significant digits reads back as itself from a normal double (DBL_DIG). */
const EXACT_DIGITS = 15;
const MIN_NORMAL = 2.2250738585072014e-308;

/** A decimal as significant digits (no leading or trailing zeros; '' for zero) and a power of ten. */
function decimal(text: string): { digits: string; exponent: number } {
  let s = text.charCodeAt(0) === 0x2d ? text.slice(1) : text;
  let exponent = 0;
  const e = s.search(/[eE]/);
  if (e !== -1) {
    exponent = Number(s.slice(e + 1));
    s = s.slice(0, e);
  }
  const dot = s.indexOf('.');
  if (dot !== -1) {
    exponent -= s.length - dot - 1;
    s = s.slice(0, dot) + s.slice(dot + 1);
  }
  let start = 0;
  while (start < s.length && s.charCodeAt(start) === 0x30) start++;
  let end = s.length;
  while (end > start && s.charCodeAt(end - 1) === 0x30) {
    end--;
    exponent++;
  }
  return start === end ? { digits: '', exponent: 0 } : { digits: s.slice(start, end), exponent };
}

/** Whether `literal` (JSON number grammar, already checked) reads as `n` without changing value. */
export function keepsValue(literal: string, n: number): boolean {
  const magnitude = Math.abs(n);
  if (magnitude >= MIN_NORMAL || magnitude === 0) {
    // Fast path: count the literal's significant digits; few enough always read back exactly.
    let digits = 0;
    let leading = true;
    for (let i = 0; i < literal.length; i++) {
      const c = literal.charCodeAt(i);
      if (c === 0x65 || c === 0x45) break;
      if (c < 0x30 || c > 0x39) continue;
      if (leading && c === 0x30) continue;
      leading = false;
      digits++;
    }
    if (digits <= EXACT_DIGITS && magnitude !== 0) return true;
    if (digits === 0) return true; // a zero, in any spelling
  }
  const a = decimal(literal);
  const b = decimal(String(magnitude));
  return a.digits === b.digits && a.exponent === b.exponent;
}

/** Whether a literal's value is a whole number (`9007199254740993.0`, `90071992547409930e-1`). */
export function isWholeLiteral(literal: string): boolean {
  const { digits, exponent } = decimal(literal);
  return digits === '' || exponent >= 0;
}
