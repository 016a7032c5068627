/** String measures shared by the contract checks: the SPEC counts lengths in code points and sizes in UTF-8 bytes. */

/** Length of the UTF-8 encoding of a well-formed string, without allocating it. */
const NON_ASCII = /[^\u0000-\u007f]/;

export function utf8Length(s: string): number {
  // Mostly ASCII, checked on every keystroke: one native scan answers most of them.
  if (!NON_ASCII.test(s)) return s.length;
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** SPEC 2.1: "String lengths in this SPEC count Unicode code points", not UTF-16 units. */
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
