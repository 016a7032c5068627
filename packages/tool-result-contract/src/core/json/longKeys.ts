/**
 * Sets and maps of strings that stay hash tables whatever the strings' length.
 *
 * Why: V8 hashes a string of more than 16,383 characters (`String::kMaxHashCalcLength`) by its
 * length alone, so a native `Map` or `Set` keyed by such strings puts every key of one length in
 * one bucket and compares them one by one: JSON Pointers under a long member name made `project`,
 * `assembleTurn`, the playground and the MCP guard quadratic (SECURITY.md, review findings).
 * Here a key of at most that length goes to a native table as it is; a longer key is cut into
 * pieces of that length, each piece is given a small number by a native table (a piece is short
 * enough for V8 to hash by content), and the key is stored as its pieces' numbers. Each key is
 * read once, as the native table reads a short key; two keys share a stored form only when they
 * are equal.
 */

/** The longest string V8 hashes by its content (src/objects/string.h, `kMaxHashCalcLength`). */
export const V8_MAX_HASHED_LENGTH = 16_383;

/** The numbers of the pieces of long keys: one per table, so a table's memory goes with it. */
class Pieces {
  private readonly ids = new Map<string, number>();

  /** A short string standing for `key`; only for keys over the limit, and only within one table. */
  shorten(key: string): string {
    let s = key;
    // Each pass divides the length by about 2,000: a second pass needs a key of tens of megabytes.
    for (let level = 0; s.length > V8_MAX_HASHED_LENGTH; level++) {
      let out = `${level}:`;
      for (let at = 0; at < s.length; at += V8_MAX_HASHED_LENGTH) {
        const piece = s.slice(at, at + V8_MAX_HASHED_LENGTH);
        let id = this.ids.get(piece);
        if (id === undefined) {
          id = this.ids.size;
          this.ids.set(piece, id);
        }
        out += `${id},`;
      }
      s = out;
    }
    return s;
  }
}

/** A set of strings: `has` and `add` cost the key's length, never the number of keys of that length. */
export class StringSet {
  private readonly short = new Set<string>();
  private readonly long = new Set<string>();
  private readonly pieces = new Pieces();

  has(key: string): boolean {
    return key.length <= V8_MAX_HASHED_LENGTH ? this.short.has(key) : this.long.has(this.pieces.shorten(key));
  }

  add(key: string): this {
    if (key.length <= V8_MAX_HASHED_LENGTH) this.short.add(key);
    else this.long.add(this.pieces.shorten(key));
    return this;
  }

  get size(): number {
    return this.short.size + this.long.size;
  }
}

/** A map from strings, with {@link StringSet}'s costs. */
export class StringMap<V> {
  private readonly short = new Map<string, V>();
  private readonly long = new Map<string, V>();
  private readonly pieces = new Pieces();

  get(key: string): V | undefined {
    return key.length <= V8_MAX_HASHED_LENGTH ? this.short.get(key) : this.long.get(this.pieces.shorten(key));
  }

  set(key: string, value: V): this {
    if (key.length <= V8_MAX_HASHED_LENGTH) this.short.set(key, value);
    else this.long.set(this.pieces.shorten(key), value);
    return this;
  }
}

/**
 * JSON Pointers, and which of them a pointer is at or under (`/a` covers `/a` and `/a/b`, not
 * `/ab`): `covers` looks up each of the pointer's ancestors, so it costs the pointer's length
 * times its depth, whatever the number of pointers held.
 */
export class PointerSet {
  private readonly set = new StringSet();

  add(pointer: string): this {
    this.set.add(pointer);
    return this;
  }

  has(pointer: string): boolean {
    return this.set.has(pointer);
  }

  get size(): number {
    return this.set.size;
  }

  covers(pointer: string): boolean {
    if (this.set.size === 0) return false;
    if (this.set.has(pointer)) return true;
    for (let cut = pointer.lastIndexOf('/'); cut > 0; cut = pointer.lastIndexOf('/', cut - 1)) {
      if (this.set.has(pointer.slice(0, cut))) return true;
    }
    // The root ('') covers every pointer.
    return pointer !== '' && this.set.has('');
  }
}
