/**
 * Where every value of a parsed text sits, looked up by JSON Pointer: what `parseStrictJson(text,
 * { locations: true })` returns.
 *
 * Why a tree and not a Map keyed by pointers: V8 hashes a string of more than 16,383 characters by
 * its length alone, so the pointers under a long member name all fell in one bucket, and 32 KiB of
 * stream text took 95 s (SECURITY.md, review findings). Here each container keeps its children
 * (an array by index, an object by member name, json/longKeys.ts past a few), a lookup walks the
 * pointer's segments, and a pointer is spelled only when the locations are listed. The listing's
 * order is the old Map's: each value when it ends, so children before their container.
 */
import { escapePointerSegment } from './jsonPointer.ts';
import { StringMap } from './longKeys.ts';

export interface JsonLocation {
  valueStart: number;
  valueEnd: number;
  keyStart?: number;
  keyEnd?: number;
}

/** One value: its location, its place in its container, and its children when it is one. */
export interface LocationNode {
  loc: JsonLocation | null;
  parent: LocationNode | null;
  /** Its index (in an array) or member name (in an object). */
  segment: string | number;
  /** An array's children, by index; null for anything else. */
  items: LocationNode[] | null;
  /** An object's member names and children, in the order read; null for anything else. */
  names: string[] | null;
  members: LocationNode[] | null;
  /** Built on the first lookup in an object of more than a few members. */
  index: StringMap<LocationNode> | null;
}

/** Below this many members an object's lookup scans its names: most objects hold a handful. */
const SMALL_OBJECT = 16;

export function locationNode(kind: 'object' | 'array' | 'scalar'): LocationNode {
  return {
    loc: null,
    parent: null,
    segment: '',
    items: kind === 'array' ? [] : null,
    names: kind === 'object' ? [] : null,
    members: kind === 'object' ? [] : null,
    index: null,
  };
}

/** An RFC 6901 array index: `0` or digits without a leading zero. */
const INDEX = /^(?:0|[1-9][0-9]*)$/;
/** A `~` not followed by `0` or `1` is not RFC 6901: no value sits there. */
const BAD_ESCAPE = /~(?![01])/;

export class JsonLocations implements ReadonlyMap<string, JsonLocation> {
  private readonly ended: LocationNode[] = [];
  private root: LocationNode | null = null;

  /** The parser's call, when a value ends: `node` goes under `parent` (null for the root) at `segment`. */
  end(node: LocationNode, parent: LocationNode | null, segment: string | number, loc: JsonLocation): void {
    node.loc = loc;
    node.parent = parent;
    node.segment = segment;
    this.ended.push(node);
    if (parent === null) this.root = node;
    else if (parent.items !== null) parent.items[segment as number] = node;
    else {
      (parent.names as string[]).push(segment as string);
      (parent.members as LocationNode[]).push(node);
    }
  }

  get size(): number {
    return this.ended.length;
  }

  get(pointer: string): JsonLocation | undefined {
    return this.find(pointer)?.loc ?? undefined;
  }

  has(pointer: string): boolean {
    return this.find(pointer) !== undefined;
  }

  private find(pointer: string): LocationNode | undefined {
    let node = this.root;
    if (node === null) return undefined;
    if (pointer === '') return node;
    if (pointer.charCodeAt(0) !== 0x2f) return undefined;
    let from = 1;
    for (;;) {
      const slash = pointer.indexOf('/', from);
      const raw = pointer.slice(from, slash === -1 ? pointer.length : slash);
      const next: LocationNode | undefined = node.items !== null ? itemAt(node.items, raw) : memberAt(node, raw);
      if (next === undefined) return undefined;
      node = next;
      if (slash === -1) return node;
      from = slash + 1;
    }
  }

  /** The pointer of a value, spelled from its place in each container up to the root. */
  private pointerOf(node: LocationNode): string {
    const segments: string[] = [];
    for (let n: LocationNode = node; n.parent !== null; n = n.parent) {
      segments.push(typeof n.segment === 'number' ? String(n.segment) : escapePointerSegment(n.segment));
    }
    let pointer = '';
    for (let k = segments.length - 1; k >= 0; k--) pointer += `/${segments[k] as string}`;
    return pointer;
  }

  *entries(): MapIterator<[string, JsonLocation]> {
    for (const node of this.ended) yield [this.pointerOf(node), node.loc as JsonLocation];
  }

  *keys(): MapIterator<string> {
    for (const node of this.ended) yield this.pointerOf(node);
  }

  *values(): MapIterator<JsonLocation> {
    for (const node of this.ended) yield node.loc as JsonLocation;
  }

  [Symbol.iterator](): MapIterator<[string, JsonLocation]> {
    return this.entries();
  }

  forEach(callback: (value: JsonLocation, key: string, map: ReadonlyMap<string, JsonLocation>) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }
}

function itemAt(items: LocationNode[], raw: string): LocationNode | undefined {
  if (!INDEX.test(raw)) return undefined;
  return items[Number(raw)];
}

function memberAt(node: LocationNode, raw: string): LocationNode | undefined {
  if (node.names === null || BAD_ESCAPE.test(raw)) return undefined;
  const name = raw.indexOf('~') === -1 ? raw : raw.replace(/~1/g, '/').replace(/~0/g, '~');
  const names = node.names;
  const members = node.members as LocationNode[];
  if (names.length <= SMALL_OBJECT) {
    const at = names.indexOf(name);
    return at === -1 ? undefined : members[at];
  }
  if (node.index === null) {
    const index = new StringMap<LocationNode>();
    for (let k = 0; k < names.length; k++) index.set(names[k] as string, members[k] as LocationNode);
    node.index = index;
  }
  return node.index.get(name);
}
