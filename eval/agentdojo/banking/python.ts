/**
 * The few pieces of Python's own semantics that AgentDojo's banking code leans on and that JavaScript does
 * differently: how a float prints (`f"{amount}"`), `str.split()` with no separator, and a tail slice `xs[-n:]`.
 * Upstream's tool messages, its InjectionTask8 overview and its `get_most_recent_transactions` are only reproduced
 * byte for byte if these are.
 */

/**
 * `repr(x)` / `f"{x}"` of a Python float. Upstream's amounts are floats once pydantic has validated them (an argument
 * of 1200 arrives as 1200.0), so `send_money` answers "for 1200.0 sent." where `String(1200)` would say "1200".
 * Both languages print the shortest digits that read back as the same double; they differ only in layout: Python
 * keeps ".0" on whole numbers and switches to an exponent below 1e-4 and from 1e16 on, with at least two exponent
 * digits ("1e-05", "1e+16").
 */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  // toExponential() without an argument gives the shortest round-trip digits, the same digits Python's repr picks.
  const [mantissa = '', exponent = '0'] = x.toExponential().split('e');
  const sign = mantissa.startsWith('-') ? '-' : '';
  const digits = mantissa.replace('-', '').replace('.', '');
  const e = Number(exponent);
  if (e < -4 || e >= 16) {
    const m = digits.length === 1 ? digits : `${digits[0] ?? ''}.${digits.slice(1)}`;
    return `${sign}${m}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  if (e < 0) return `${sign}0.${'0'.repeat(-e - 1)}${digits}`;
  if (digits.length <= e + 1) return `${sign}${digits}${'0'.repeat(e + 1 - digits.length)}.0`;
  return `${sign}${digits.slice(0, e + 1)}.${digits.slice(e + 1)}`;
}

/**
 * The characters `str.isspace()` is true for, which `str.split()` splits on. JavaScript's `\s` differs: it leaves
 * out U+001C–U+001F and U+0085 and adds U+FEFF, so an attacker's subject could split differently under `/\s+/`.
 */
// eslint-disable-next-line no-control-regex -- U+001C–U+001F are whitespace to Python, the point of this class
const PY_WHITESPACE = /[\t-\r\u001c-\u0020\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;

/** `s.split()`: runs of whitespace separate, and no empty word comes from either end. */
export function pySplit(s: string): string[] {
  return s.split(PY_WHITESPACE).filter((w) => w !== '');
}

/**
 * `xs[-n:]` for an int `n`. Python's quirk is kept: `-0` is `0`, so `n = 0` returns the whole list rather than
 * none, and a negative `n` drops the first `-n` items instead of returning fewer.
 */
export function pyTail<T>(xs: readonly T[], n: number): T[] {
  let start = -n;
  if (start < 0) start = Math.max(xs.length + start, 0);
  else start = Math.min(start, xs.length);
  return xs.slice(start);
}
