/**
 * JSONC (JSON with comments and trailing commas, as the chapter's examples are written) made into strict JSON for the
 * editor's one-click fix: every `//` and `/* … *\/` comment and every comma right before a `}` or `]` is removed,
 * nothing else. Text inside strings is never touched (a `//` in a URL stays), a line that held only a comment goes
 * with its line break, and what is not JSONC (an unterminated comment or string) is left as it is from there, for the
 * parser to point at. Pure; the page loads it when the button is pressed.
 */

/** Where the string that opens at `open` (a `"`) ends: just past its closing quote, or the text's length. */
function stringEnd(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c /* \ */) i++;
    else if (c === 0x22 /* " */) return i + 1;
    else if (c === 0x0a || c === 0x0d) return i; // a string does not span lines: stop, and let the parser say so
  }
  return text.length;
}

/** Where the comment that starts at `i` ends (the `//` comment before its line break), or -1 when none starts there. */
function commentEnd(text: string, i: number): number {
  if (text.charCodeAt(i) !== 0x2f) return -1;
  const next = text.charCodeAt(i + 1);
  if (next === 0x2f) {
    const eol = text.slice(i).search(/[\r\n]/);
    return eol < 0 ? text.length : i + eol;
  }
  if (next === 0x2a) {
    const close = text.indexOf('*/', i + 2);
    return close < 0 ? -1 : close + 2;
  }
  return -1;
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** The first character after `i` that is neither white space nor inside a comment. */
function nextSignificant(text: string, i: number): number {
  for (;;) {
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    const end = commentEnd(text, i);
    if (end < 0) return i;
    i = end;
  }
}

/** The line break at `i` (CRLF, LF or CR), as a length: 0 when there is none. */
function lineBreak(text: string, i: number): number {
  if (text.charCodeAt(i) === 0x0d) return text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
  return text.charCodeAt(i) === 0x0a ? 1 : 0;
}

/** The text without its comments and trailing commas; the same text when it has none. */
export function stripJsonc(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === 0x2c /* , */) {
      const after = text.charCodeAt(nextSignificant(text, i + 1));
      if (after !== 0x7d && after !== 0x5d) out += ',';
      i++;
      continue;
    }
    const end = commentEnd(text, i);
    if (end < 0) {
      if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a) return out + text.slice(i); // unterminated: leave it
      out += text[i];
      i++;
      continue;
    }
    // A comment: drop it with the spaces around it; a line it held alone goes with its line break.
    const kept = out.replace(/[ \t]+$/, '');
    const alone = kept.length === Math.max(kept.lastIndexOf('\n'), kept.lastIndexOf('\r')) + 1;
    let rest = end;
    while (text.charCodeAt(rest) === 0x20 || text.charCodeAt(rest) === 0x09) rest++;
    const eol = lineBreak(text, rest);
    out = kept;
    if (eol > 0 || rest === text.length) {
      i = alone ? rest + eol : rest;
    } else {
      // Between two tokens on one line: keep them apart (`1/* c */2` must not become 12), except beside punctuation.
      if (!alone && !'{[,:'.includes(kept.slice(-1)) && !'}],:'.includes(text[rest] as string)) out += ' ';
      i = rest;
    }
  }
  return out;
}
