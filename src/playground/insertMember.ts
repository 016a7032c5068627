/**
 * One member added to an object of a JSON text, the rest of the text left as
 * the learner wrote it: an exercise button writes its injection into the
 * editor this way, so the learner sees exactly what went in and Undo takes it
 * back. The new member goes first in its object, written the way the object's
 * first member is (on its own line when that one is). Pure.
 */
import { parseStrictJson } from '#lib/core/json/index.ts';
import { escapePointerSegment } from '#lib/core/json/index.ts';

/** The text with `"member": value` as the first member of the object at `into`; null when there is no such object, or the member is there already. */
export function insertMember(text: string, into: string, member: string, value: string): string | null {
  const parsed = parseStrictJson(text, { locations: true });
  if (!parsed.ok || parsed.locations === undefined) return null;
  const locations = parsed.locations;
  const at = locations.get(into);
  if (at === undefined || text[at.valueStart] !== '{') return null;
  if (locations.has(`${into}/${escapePointerSegment(member)}`)) return null;
  const written = `${JSON.stringify(member)}: ${JSON.stringify(value)}`;
  // The object's first member: the one whose name starts first among its children.
  let first: number | null = null;
  for (const [pointer, loc] of locations) {
    const cut = pointer.lastIndexOf('/');
    if (cut < 0 || pointer.slice(0, cut) !== into || loc.keyStart === undefined) continue;
    if (first === null || loc.keyStart < first) first = loc.keyStart;
  }
  const open = at.valueStart + 1;
  if (first === null) return `${text.slice(0, open)}${written}${text.slice(open)}`;
  // Between the brace and the first name: the layout the new member copies (a newline and an indent, or nothing).
  const gap = text.slice(open, first);
  return `${text.slice(0, first)}${written},${gap === '' ? ' ' : gap}${text.slice(first)}`;
}
