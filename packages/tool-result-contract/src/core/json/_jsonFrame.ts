/**
 * The parser's open containers (./strictJson.ts): what each holds, the
 * duplicate-member check, and the JSON Pointer segment of its current child.
 * Internal to the json folder.
 */
import { escapePointerSegment } from './jsonPointer.ts';
import type { JsonValue } from './jsonValue.ts';
import type { LocationNode } from './jsonLocations.ts';
import { StringMap } from './longKeys.ts';

export interface Frame {
  kind: 'object' | 'array';
  value: Record<string, JsonValue> | JsonValue[];
  start: number;
  /**
   * Object members seen so far and the offset of each key, for the duplicate check: a list scanned in
   * place while the object is small (most are: a stream event holds a handful), a Map once it is not.
   * One Map per object was most of a streamed turn's garbage. Not a native Map: member names of over
   * 16,383 characters would all hash alike by length (./longKeys.ts).
   */
  keyNames: string[] | null;
  keyOffsets: number[] | null;
  keys: StringMap<number> | null;
  /** The member being parsed (objects) and its key span. */
  key: string;
  keyStart: number;
  keyEnd: number;
  /** This container's place in the locations, kept only where they are recorded; a failure's pointer is rebuilt from the stack. */
  node: LocationNode | null;
}

/** Above this many members an object's duplicate check moves from a list to a Map. */
const SMALL_OBJECT = 16;

/** Where a member name first appeared in this object, or undefined. */
export function firstOffset(frame: Frame, key: string): number | undefined {
  if (frame.keys !== null) return frame.keys.get(key);
  const names = frame.keyNames as string[];
  const at = names.indexOf(key);
  return at === -1 ? undefined : (frame.keyOffsets as number[])[at];
}

export function remember(frame: Frame, key: string, offset: number): void {
  if (frame.keys !== null) {
    frame.keys.set(key, offset);
    return;
  }
  const names = frame.keyNames as string[];
  const offsets = frame.keyOffsets as number[];
  names.push(key);
  offsets.push(offset);
  if (names.length > SMALL_OBJECT) {
    const keys = new StringMap<number>();
    for (let k = 0; k < names.length; k++) keys.set(names[k] as string, offsets[k] as number);
    frame.keys = keys;
    frame.keyNames = null;
    frame.keyOffsets = null;
  }
}

/** The segment under which a container's current child sits. */
export function segmentOf(frame: Frame): string {
  return frame.kind === 'array' ? `/${(frame.value as JsonValue[]).length}` : `/${escapePointerSegment(frame.key)}`;
}
