/**
 * Lines and columns, counted the way Monaco counts them: `\r\n`, a lone `\r`
 * and `\n` each end a line; columns are 1-based UTF-16 code units. One rule
 * for the parser's errors, the CLI's messages and the editor's markers, so an
 * error and its marker always name the same place.
 */

/** Offsets of the first character of every line. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) starts.push(i + 1);
    else if (c === 0x0d) {
      if (text.charCodeAt(i + 1) === 0x0a) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** 1-based line and column of an offset, by binary search over {@link lineStarts}. */
export function positionAt(starts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - (starts[lo] as number) + 1 };
}

/**
 * 1-based line and column of one offset (clamped to the text), without
 * building the whole table: a parse error needs one position.
 * @example offsetToLineColumn('a\r\nb\rc', 5) // { line: 3, column: 1 }
 */
export function offsetToLineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.max(0, Math.min(offset, text.length));
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}
