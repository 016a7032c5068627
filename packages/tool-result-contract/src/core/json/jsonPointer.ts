/** RFC 6901 JSON Pointers: every `path` in this project is one. */

/** RFC 6901 section 3: `~` is written `~0` and `/` is written `~1`, in that order. */
export function escapePointerSegment(segment: string): string {
  if (segment.indexOf('~') < 0 && segment.indexOf('/') < 0) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** @example pointerFrom(['data', 'hits', 0, 'title']) // '/data/hits/0/title' */
export function pointerFrom(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${escapePointerSegment(String(s))}`).join('');
}

/** RFC 6901 section 4: `~1` decodes before `~0`, so `~01` is `~1` and not `/`. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`a JSON Pointer starts with "/": ${JSON.stringify(pointer)}`);
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The pointer of a member under `base`, from a path as zod reports it. */
export function issuePointer(base: string, path: readonly PropertyKey[]): string {
  return base + path.map((p) => `/${escapePointerSegment(String(p))}`).join('');
}
