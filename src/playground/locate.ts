/**
 * From a JSON Pointer to a place in the editor text. The strict parser records
 * where every value (and member name) starts and ends; a pointer to a member
 * that does not exist (a required field the handler left out) falls back to
 * its nearest existing ancestor, so every violation lands somewhere visible.
 * Pure: offsets are UTF-16 code units, lines and columns 1-based, counted by
 * the core's one rule (textPosition.ts), Monaco's.
 */
import { lineStarts, positionAt } from '#lib/core/json/index.ts';
import type { JsonLocation } from '#lib/core/json/index.ts';

/** Where the strict parser found every value, by JSON Pointer. */
export type Locations = ReadonlyMap<string, JsonLocation>;

export interface TextRange {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

/** The parent of a pointer ('' for a top-level member; null for the root itself). */
export function parentPointer(pointer: string): string | null {
  if (pointer === '') return null;
  const cut = pointer.lastIndexOf('/');
  return cut <= 0 ? '' : pointer.slice(0, cut);
}

/** End of the line that contains `offset` (exclusive), as an offset. */
function endOfLine(text: string, starts: readonly number[], offset: number): number {
  const { line } = positionAt(starts, offset);
  const next = starts[line];
  if (next === undefined) return text.length;
  let end = next - 1;
  if (end > 0 && text.charCodeAt(end) === 10 && text.charCodeAt(end - 1) === 13) end--;
  return Math.max(end, offset + 1);
}

/**
 * Where a pointer is in the text: the member `"name": value` when it exists
 * (only its first line when the value spans several, so a whole object is not
 * underlined), else the member name (or opening bracket) of the nearest
 * existing ancestor. Null when not even the root was recorded.
 */
export function locatePointer(
  text: string,
  locations: Locations,
  pointer: string,
  starts: readonly number[] = lineStarts(text),
): { range: TextRange; pointer: string; exact: boolean } | null {
  let p: string | null = pointer;
  let exact = true;
  while (p !== null) {
    const loc = locations.get(p);
    if (loc !== undefined) {
      let start: number;
      let end: number;
      if (exact) {
        start = loc.keyStart ?? loc.valueStart;
        end = Math.min(loc.valueEnd, endOfLine(text, starts, start));
      } else if (loc.keyStart !== undefined && loc.keyEnd !== undefined) {
        start = loc.keyStart;
        end = loc.keyEnd;
      } else {
        start = loc.valueStart;
        end = Math.min(loc.valueEnd, start + 1);
      }
      if (end <= start) end = start + 1;
      const a = positionAt(starts, start);
      const b = positionAt(starts, end);
      return {
        range: { startLine: a.line, startColumn: a.column, endLine: b.line, endColumn: b.column },
        pointer: p,
        exact,
      };
    }
    p = parentPointer(p);
    exact = false;
  }
  return null;
}

/** A range at a single offset (a parse error), one character wide where there is one. */
export function rangeAtOffset(text: string, offset: number, starts: readonly number[] = lineStarts(text)): TextRange {
  const o = Math.max(0, Math.min(offset, text.length));
  const a = positionAt(starts, o);
  const wide = o < text.length && text.charCodeAt(o) !== 10 && text.charCodeAt(o) !== 13;
  return { startLine: a.line, startColumn: a.column, endLine: a.line, endColumn: a.column + (wide ? 1 : 0) };
}
