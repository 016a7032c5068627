/** String measures shared by the contract checks: the contract counts lengths in code points and sizes in UTF-8 bytes (docs/strict-json.md#lengths-count-code-points). */

/**
 * Length of the UTF-8 encoding of a string, as TextEncoder makes it (a lone
 * surrogate becomes U+FFFD, 3 bytes), without allocating it. With `limit`,
 * the count stops as soon as it passes the limit (a 5 MB paste is refused
 * without being measured to the end).
 */
export function utf8Length(s: string, limit = Infinity): number {
  // Mostly ASCII, checked on every keystroke: one native scan answers most of them.
  if (/^\p{ASCII}*$/u.test(s)) return s.length;
  let bytes = 0;
  for (let i = 0; i < s.length && bytes <= limit; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** A length as a reader counts it, in Unicode code points, not UTF-16 units (docs/strict-json.md#lengths-count-code-points). */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}
