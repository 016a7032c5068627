import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStrictJson } from './strictJson.ts';
import { isWholeLiteral, keepsValue } from './numberLiteral.ts';

const read = (text: string) => parseStrictJson(text);

describe('a number literal a double cannot hold is refused in every spelling (docs/strict-json.md#numbers)', () => {
  // Each was silently rounded while `9007199254740993` was refused (review finding 15).
  it.each([
    ['9007199254740993', 'INTEGER_RANGE', 1],
    ['9007199254740993e0', 'INTEGER_RANGE', 1],
    ['9007199254740993.0', 'INTEGER_RANGE', 1],
    ['90071992547409930e-1', 'INTEGER_RANGE', 1],
    ['-9007199254740993.000', 'INTEGER_RANGE', 1],
    ['4503599627370496.5', 'NUMBER_RANGE', 1],
    ['1.00000000000000001', 'NUMBER_RANGE', 1],
    ['[1, 4503599627370496.5]', 'NUMBER_RANGE', 5],
  ])('%s → %s, located', (text, code, column) => {
    const r = read(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ code, line: 1, column });
    expect(r.error.message).toMatch(/would be read as .*silently change value|outside/);
  });

  it('names where, inside a container', () => {
    const r = read('{"a":[0,9007199254740993e0]}');
    expect(r.ok ? null : r.error).toMatchObject({ code: 'INTEGER_RANGE', pointer: '/a/1', column: 9 });
  });

  // What a double writes back the shortest way keeps its value: these stay accepted.
  it.each([
    '0.1',
    '0.30000000000000004',
    '1.10',
    '100e-2',
    '1E22',
    '123e45',
    '123.456e78',
    '1.7976931348623157e308',
    '5e-324',
    '2.2250738585072014e-308',
    '9007199254740992.0',
    '9007199254740994.0',
    '-0.0',
    '0e5',
    '3.141592653589793',
  ])('%s is accepted', (text) => expect(read(text).ok).toBe(true));

  it('accepts every double as JSON.stringify writes it, and with a zero appended to its digits', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (d) => {
        const text = JSON.stringify(d);
        const padded = /[.e]/.test(text)
          ? text.replace(/^(-?[0-9.]+)/, (m) => (m.includes('.') ? `${m}0` : `${m}.0`))
          : `${text}.0`;
        const a = read(text);
        const b = read(padded);
        // Integer spellings outside ±(2^53−1) have their own rule (INTEGER_RANGE), whatever their exactness.
        if (/^-?[0-9]+$/.test(text) && !Number.isSafeInteger(d)) return a.ok === false;
        return a.ok && Object.is(a.value, d === 0 ? Number(text) : d) && b.ok && b.value === d;
      }),
      { seed: 20260719, numRuns: 2000 },
    );
  });

  it("refuses a double's digits with one more non-zero digit beyond its precision", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: 1e-300, max: 1e300 }), (d) => {
        const [mantissa, exp] = d.toExponential().split('e') as [string, string];
        // 17 significant digits then a 1 in the 25th place: always between two doubles' shortest forms.
        const digits = mantissa.replace('.', '').replace('-', '').padEnd(24, '0');
        const literal = `${digits[0]}.${digits.slice(1)}1e${exp}`;
        return keepsValue(literal, Number(literal)) === false;
      }),
      { seed: 20260719, numRuns: 500 },
    );
  });

  it('tells a whole value from a fraction, whatever the spelling', () => {
    expect(isWholeLiteral('9007199254740993.0')).toBe(true);
    expect(isWholeLiteral('90071992547409930e-1')).toBe(true);
    expect(isWholeLiteral('4503599627370496.5')).toBe(false);
    expect(isWholeLiteral('0.0')).toBe(true);
  });
});
