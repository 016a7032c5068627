/**
 * Letters of other scripts that are drawn like a Latin letter and that NFKC
 * leaves alone: a Cyrillic `о` in `tоken`, a Greek `Α` in `Αuthorization`.
 * The deny-list (docs/contract.md#deny-list) and the leak rule
 * (docs/contract.md#encoded-copies) read a key or a string through
 * {@link latinSkeleton}, so such a spelling is the Latin word a reader sees.
 *
 * The table is a hand-picked part of Unicode's confusables (UTS #39,
 * confusables.txt): single code points whose prototype is one Latin letter,
 * in the scripts a handler can type in most fonts (Cyrillic, Greek, Armenian,
 * Cherokee, Lisu, Latin small capitals, IPA). Letters that are only close
 * (a Cyrillic `к` or `т`, drawn as small capitals) are left out: a Russian or
 * Greek member name must not turn into a denied Latin one by accident. Both
 * cases are listed; the callers lower-case after mapping.
 */
const BY_LATIN: Readonly<Record<string, string>> = {
  a: '\u0430\u0410\u03b1\u0391\u0251\u237a\u13aa\ua4ee\u1d00',
  b: '\u0412\u0392\u13f4\u15f7\ua4d0\u0299',
  c: '\u0441\u0421\u13df\ua4da\u1d04',
  d: '\u0501\u13a0\ua4d3',
  e: '\u0435\u0415\u0395\u13ac\ua4f0\u04bd',
  g: '\u0261\u050c\u13c0\u0581',
  h: '\u04bb\u04ba\u0397\u13bb\ua4e7\u0570\u041d',
  i: '\u0456\u0406\u0399\u03b9\u0131\u0269\u026a\u13c6',
  j: '\u0458\u0408\u037f\u13ab\ua4d9\u03f3',
  k: '\u039a\u041a\u13e6\ua4d7',
  l: '\u04c0\u04cf\u13de\ua4e1',
  m: '\u041c\u039c\u13b7\ua4df',
  n: '\u039d\ua4e0\u0578\u057c',
  o: '\u043e\u041e\u03bf\u039f\u0585\u0555\u13be\ua4f3\u1d0f\u0ce6\u0d20',
  p: '\u0440\u0420\u03c1\u03a1\u13e2\ua4d1\u2374',
  q: '\u051b\u051a\u0566',
  r: '\u13a1\ua4e3\u0280',
  s: '\u0455\u0405\u13da\ua4e2\ua731\u01bd',
  t: '\u0422\u03a4\u13a2\ua4d4\u1d1b',
  u: '\u057d\u028b\u03c5\u1d1c\ua4f4',
  v: '\u03bd\u0475\u0474\u13d9\ua4e6\u1d20',
  w: '\u051d\u051c\u13b3\ua4ea\u1d21\u0461',
  x: '\u0445\u0425\u03a7\u03c7\ua4eb',
  y: '\u0443\u0423\u03a5\u04af\u04ae\u03b3\u13a9\ua4ec',
  z: '\u0396\u13c3\ua4dc\u1d22',
};

/** Look-alike → Latin letter: a frozen table (src/core keeps no state between calls). */
const TO_LATIN: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(Object.entries(BY_LATIN).flatMap(([latin, alikes]) => [...alikes].map((c) => [c, latin]))),
);

/** `s` with each listed look-alike replaced by its Latin letter (lower case); every other character kept. */
export function latinSkeleton(s: string): string {
  let out = '';
  for (const c of s) out += TO_LATIN[c] ?? c;
  return out;
}

/** Every look-alike the table lists (a test pins that NFKC changes none of them, so none is dead). */
export const confusableLetters = (): readonly string[] => Object.keys(TO_LATIN);
