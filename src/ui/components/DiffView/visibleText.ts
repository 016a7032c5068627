/**
 * Untrusted strings are shown as text, and what a reader cannot see is made
 * visible: zero-width characters and bidi controls (the "Trojan Source"
 * family, CVE-2021-42574) would otherwise hide or reorder what a learner is
 * reading. Each such character becomes a visible token like ⟦U+202E⟧.
 *
 * Pure: no DOM, no React. The UI renders the `hidden` segments differently
 * (a styled element with an accessible name), so a literal "⟦U+202E⟧" typed
 * by an attacker still reads as ordinary text.
 */

/**
 * Zero-width: U+200B–U+200D, U+2060 (word joiner), U+FEFF (BOM / ZWNBSP).
 * Bidi controls: U+202A–U+202E (embeddings, overrides, PDF), U+2066–U+2069
 * (isolates), and the marks U+200E, U+200F, U+061C, which steer the same
 * algorithm. C0/C1 controls other than tab and line feed too: a bare CR or
 * a backspace rewrites what a terminal-minded reader sees.
 */
// eslint-disable-next-line no-control-regex -- C0 and C1 controls are exactly what this pattern is for
const INVISIBLE = /[\u200B-\u200F\u2060\uFEFF\u202A-\u202E\u2066-\u2069\u061C\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;

export const INVISIBLE_NAMES: Readonly<Record<number, string>> = Object.freeze({
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x061c: 'ARABIC LETTER MARK',
  0x2060: 'WORD JOINER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
});

export interface TextSegment {
  /** What to display: the text itself, or the token (⟦U+202E⟧) for a hidden character. */
  text: string;
  /** For a hidden character: its code point and name (for an accessible label). */
  hidden: { codePoint: number; name: string } | null;
}

/** True when `ch` (one code point) is a character this module makes visible. */
export function isInvisible(ch: string): boolean {
  return INVISIBLE.test(ch);
}

/** "U+202E": upper-case hex, at least four digits. */
export function codePointLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The visible token for one hidden code point, e.g. ⟦U+202E⟧. */
export function invisibleToken(cp: number): string {
  return `⟦${codePointLabel(cp)}⟧`;
}

function nameOf(cp: number): string {
  return INVISIBLE_NAMES[cp] ?? 'CONTROL CHARACTER';
}

/**
 * Splits a string into visible runs and hidden characters, in order.
 *
 * @example splitVisible('a\u202Eb') → [{text:'a'}, {text:'⟦U+202E⟧', hidden:{…}}, {text:'b'}]
 */
export function splitVisible(s: string): TextSegment[] {
  const out: TextSegment[] = [];
  let run = '';
  for (const ch of s) {
    if (INVISIBLE.test(ch)) {
      if (run !== '') out.push({ text: run, hidden: null });
      run = '';
      const cp = ch.codePointAt(0) as number;
      out.push({ text: invisibleToken(cp), hidden: { codePoint: cp, name: nameOf(cp) } });
    } else {
      run += ch;
    }
  }
  if (run !== '' || out.length === 0) out.push({ text: run, hidden: null });
  return out;
}

/**
 * The string with every hidden character replaced by its token.
 *
 * @example visibleText('pay\u200Bpal') === 'pay⟦U+200B⟧pal'
 */
export function visibleText(s: string): string {
  return splitVisible(s)
    .map((seg) => seg.text)
    .join('');
}

/** How many hidden characters `s` holds. */
export function countInvisible(s: string): number {
  let n = 0;
  for (const ch of s) if (INVISIBLE.test(ch)) n++;
  return n;
}
